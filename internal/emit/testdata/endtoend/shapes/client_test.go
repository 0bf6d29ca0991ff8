package shapes_test

import (
	"context"
	"errors"
	"net/netip"
	"reflect"
	"testing"

	"github.com/mcptag/mcptag/internal/emit/testdata/endtoend/shapes"
	"github.com/mcptag/mcptag/toolrt"
	"github.com/mcptag/mcptag/toolrt/toolrttest"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestClient calls a tool of every result kind through the generated
// typed client, which must give back the Go value the tool returned (or
// what the wire keeps of it), and the tool's error as a
// *toolrt.ToolError. emit's TestEndToEnd runs it.
func TestClient(t *testing.T) {
	ctx := context.Background()
	c := shapes.NewClient(toolrttest.Serve(t, shapes.RegisterTools))
	check := func(name string, got, want any, err error) {
		t.Helper()
		if err != nil {
			t.Errorf("%s: %v", name, err)
		} else if !reflect.DeepEqual(got, want) {
			t.Errorf("%s = %#v, want %#v", name, got, want)
		}
	}
	check("Ping", nil, nil, c.Ping(ctx))
	var te *toolrt.ToolError
	if err := c.Fail(ctx); !errors.As(err, &te) || te.Tool != "fail" || err.Error() != "failed" {
		t.Errorf("Fail = %#v, want the *toolrt.ToolError of fail, %q", err, "failed")
	}
	origin, err := c.Origin(ctx)
	check("Origin", origin, &shapes.Point{}, err) // a nil pointer is sent as the zero value
	seven := 7
	count, err := c.Count(ctx, &seven)
	check("Count(7)", count, &seven, err)
	count, err = c.Count(ctx, nil) // left out, not sent as null
	check("Count(nil)", *count, 0, err)
	corners, err := c.Corners(ctx)
	check("Corners", corners, &[4]shapes.Point{}, err)
	b, err := c.Bytes(ctx, 3)
	check("Bytes", b, []byte{0, 0, 0}, err)
	labels, err := c.Labels(ctx)
	check("Labels", labels, &map[string]string{}, err)
	addr, err := c.Address(ctx, netip.MustParseAddr("127.0.0.1"), 5)
	check("Address", addr, netip.MustParseAddr("127.0.0.1"), err)
	res, points, err := c.Handler(ctx, shapes.Point{X: 1, Y: 2})
	check("Handler", points, []shapes.Point{{X: 1, Y: 2}}, err)
	if res == nil || len(res.Content) != 1 {
		t.Errorf("Handler's result = %+v, want the result as received", res)
	}
	text, err := c.Describe(ctx, shapes.Point{})
	check("Describe", text, "<nil>", err) // fmt's text: no JSON to read it back from
	p, err := c.Text(ctx, shapes.Point{X: 1, Y: 2})
	check("Text", p, shapes.Point{X: 1, Y: 2}, err)
	line, err := c.Indented(ctx)
	check("Indented", line, shapes.Line{To: shapes.Point{X: 1}}, err)
	points, err = c.Summarized(ctx)
	check("Summarized", points, []shapes.Point{{}, {X: 1}}, err)
	line, err = c.Shallow(ctx, shapes.Line{From: shapes.Point{X: 1}})
	check("Shallow", line, shapes.Line{From: shapes.Point{X: 1}}, err)
}

// TestClientProtocolError: a call the server refuses before the tool runs
// is the go-sdk's error, not a tool's.
func TestClientProtocolError(t *testing.T) {
	cs := toolrttest.Serve(t, func(s *mcp.Server) {}) // serves no tools
	err := shapes.NewClient(cs).Ping(context.Background())
	var te *toolrt.ToolError
	var rpc *jsonrpc.Error
	if err == nil || errors.As(err, &te) || !errors.As(err, &rpc) {
		t.Errorf("Ping on a server without it = %#v, want a *jsonrpc.Error", err)
	}
}
