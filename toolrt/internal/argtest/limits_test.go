package argtest

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A limitCall is a call whose answer the limits decide.
type limitCall struct {
	name, tool string
	args       json.RawMessage
	want       string
	isError    bool
}

// raised are limits other than the defaults, each raised or lowered so
// that a call shows which limits checked it.
var raised = toolrt.Limits{Depth: 100, ArgumentBytes: 64 << 10, NumberBytes: 1 << 10}

// raisedCalls are answered as the raised limits decide: a tree nested
// deeper than the default depth but within the one set is counted, a
// deeper one, an argument over the bytes set and a number longer than
// the length set are refused.
var raisedCalls = []limitCall{
	{"deeper than the default", "count_nodes", chain(45), "45", false}, // nests 89 levels
	{"deeper than the limit set", "count_nodes", chain(60), `count_nodes: argument "children" nests deeper than 100 levels`, true},
	{"larger than the limit set", "echo", json.RawMessage(`{"value":"` + strings.Repeat("x", 70<<10) + `"}`),
		fmt.Sprintf("echo: arguments too large: %d bytes, the limit is 65536", 70<<10+12), true},
	{"a number longer than the default", "sum", numbers(700), `{"total":1}`, false},
	{"a number longer than the limit set", "sum", numbers(1100),
		`sum: argument "numbers[0]": want a number of at most 1024 characters, got 1100: 1.` + strings.Repeat("0", 35) + `...`, true},
}

// defaultCalls are the same calls, answered as the default limits decide.
var defaultCalls = []limitCall{
	{"deeper than the default", "count_nodes", chain(45), `count_nodes: argument "children" nests deeper than 64 levels`, true},
	{"larger than the limit set", "echo", json.RawMessage(`{"value":"` + strings.Repeat("x", 70<<10) + `"}`), strings.Repeat("x", 70<<10), false},
	{"a number longer than the default", "sum", numbers(700),
		`sum: argument "numbers[0]": want a number of at most 512 characters, got 700: 1.` + strings.Repeat("0", 35) + `...`, true},
}

// connectTools serves tools on a new server over the go-sdk's in-memory
// transport and connects a go-sdk client to it.
func connectTools(t *testing.T, tools []toolrt.Tool) *mcp.ClientSession {
	t.Helper()
	s := mcp.NewServer(&mcp.Implementation{Name: "argtest", Version: "v0"}, nil)
	toolrt.AddTools(s, tools)
	ct, st := mcp.NewInMemoryTransports()
	ss, err := s.Connect(t.Context(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "limits", Version: "v0"}, nil).Connect(t.Context(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// passThrough is a hook that runs the call as it is.
func passThrough(ctx context.Context, _ *toolrt.Call, next toolrt.Next) (*mcp.CallToolResult, error) {
	return next(ctx)
}

// TestServersKeepTheirOwnLimits serves the same tools on servers of one
// process with different limits (the defaults; raised by WithLimits;
// raised with a hook added after, and before; raised, then set again to
// the defaults) and calls them all at once from many goroutines: each
// server answers as its own limits decide. Under go test -race, a write
// to shared state on the path of a call (a limit, a cache, a Spec's
// index) while another call reads it fails the test.
func TestServersKeepTheirOwnLimits(t *testing.T) {
	skipShort(t)
	servers := []struct {
		name  string
		tools []toolrt.Tool
		calls []limitCall
	}{
		{"defaults", Tools(), defaultCalls},
		{"raised", toolrt.WithLimits(Tools(), raised), raisedCalls},
		{"raised, then hooked", toolrt.Use(passThrough, toolrt.WithLimits(Tools(), raised)), raisedCalls},
		{"hooked, then raised", toolrt.WithLimits(toolrt.Use(passThrough, Tools()), raised), raisedCalls},
		{"raised, then the defaults", toolrt.WithLimits(toolrt.WithLimits(Tools(), raised), toolrt.Limits{}), defaultCalls},
	}
	var wg sync.WaitGroup
	for _, s := range servers {
		cs := connectTools(t, s.tools)
		for range 3 {
			wg.Go(func() {
				for range 3 {
					for _, c := range s.calls {
						checkCall(t, cs, s.name, c)
					}
				}
			})
		}
	}
	wg.Wait()
}

// checkCall makes the call c on cs and checks its answer.
func checkCall(t *testing.T, cs *mcp.ClientSession, server string, c limitCall) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: c.tool, Arguments: c.args})
	switch {
	case err != nil:
		t.Errorf("%s: %s: %v", server, c.name, err)
	case res.IsError != c.isError || resultText(res) != c.want:
		t.Errorf("%s: %s: isError %v, %.200q; want %v, %.200q", server, c.name, res.IsError, resultText(res), c.isError, c.want)
	}
}

// TestDefaultLimits: the defaults are those the documentation states.
func TestDefaultLimits(t *testing.T) {
	want := toolrt.Limits{ArgumentBytes: 4 << 20, Depth: 64, NumberBytes: 512, URIBytes: 8 << 10}
	if got := toolrt.DefaultLimits(); got != want {
		t.Errorf("DefaultLimits() = %+v, want %+v", got, want)
	}
}

// numbers is the arguments of sum for the one number 1, written with n
// characters.
func numbers(n int) json.RawMessage {
	return json.RawMessage(`{"numbers":[1.` + strings.Repeat("0", n-2) + `]}`)
}

// chain is the arguments of count_nodes for a tree of n nodes, each the
// only child of the one before: nodes nest 2n-1 levels deep (an object in
// an array in an object).
func chain(n int) json.RawMessage {
	return json.RawMessage(strings.Repeat(`{"name":"n","children":[`, n-1) + `{"name":"n"}` + strings.Repeat(`]}`, n-1))
}
