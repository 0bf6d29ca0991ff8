// Package shapes declares a tool for every function shape and result kind.
package shapes

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Point is a point on a plane.
type Point struct {
	X, Y int
}

// Ping checks that the server is alive.
//
//mcp:tool
func Ping() {}

// Fail always fails.
//
//mcp:tool destructive=false
func Fail(ctx context.Context) error { return errors.New("failed") }

// Origin returns the origin, or nil.
//
//mcp:tool title="The origin" readonly idempotent openworld=false
func Origin(ctx context.Context, req *mcp.CallToolRequest) (*Point, error) { return nil, nil }

// Count returns a pointer to a number.
//
//mcp:tool
func Count(limit *int) *int { return limit }

// Corners returns an array.
//
//mcp:tool
func Corners() *[4]Point { return nil }

// Bytes returns raw bytes.
//
//mcp:tool
func Bytes(n int) []byte { return make([]byte, n) }

// Labels returns a map of labels.
//
//mcp:tool
func Labels() (*map[string]string, error) { return nil, nil }

// Address parses an address.
//
//mcp:tool
func Address(addr netip.Addr, timeout time.Duration) (netip.Addr, error) { return addr, nil }

// Handler is a go-sdk style handler.
//
//mcp:tool
func Handler(ctx context.Context, req *mcp.CallToolRequest, in Point) (*mcp.CallToolResult, []Point, error) {
	return nil, []Point{in}, nil
}

// Describe returns a value with no JSON shape.
//
//mcp:tool
func Describe(p Point) fmt.Stringer { return nil }

// Text returns a point as text only.
//
//mcp:tool structured=false
func Text(p Point) Point { return p }

// Line is two points.
type Line struct {
	From Point `json:"from"`
	To   Point `json:"to"`
}

// Indented mirrors its result as indented JSON.
//
//mcp:tool text=json
func Indented() Line { return Line{To: Point{X: 1}} }

// Summarized sends its result in structuredContent only, with a note.
//
//mcp:tool text=none
func Summarized() []Point { return []Point{{}, {X: 1}} }

// Shallow cuts the objects out of its schemas, down to their type, and drops their
// descriptions.
//
//mcp:tool depth=0 descriptions=none
func Shallow(l Line) Line { return l }
