package toolrt_test

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestNotDestructive: a tool counts as not destructive only when its
// annotations say so, readOnlyHint or destructiveHint false; MCP's
// destructiveHint defaults to true.
func TestNotDestructive(t *testing.T) {
	no, yes := false, true
	tools := []toolrt.Tool{
		{Tool: &mcp.Tool{Name: "bare"}},
		{Tool: &mcp.Tool{Name: "empty", Annotations: &mcp.ToolAnnotations{}}},
		{Tool: &mcp.Tool{Name: "reads", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}}},
		{Tool: &mcp.Tool{Name: "adds", Annotations: &mcp.ToolAnnotations{DestructiveHint: &no}}},
		{Tool: &mcp.Tool{Name: "deletes", Annotations: &mcp.ToolAnnotations{DestructiveHint: &yes}}},
		{Tool: &mcp.Tool{Name: "idempotent", Annotations: &mcp.ToolAnnotations{IdempotentHint: true}}},
	}
	if got, want := names(toolrt.NotDestructive(tools)), []string{"reads", "adds"}; !slices.Equal(got, want) {
		t.Errorf("NotDestructive: %q, want %q", got, want)
	}
}

// TestNamedAndWithout: the lists of enabled and disabled tools select by
// name, in the tools' order, and refuse a name no tool has.
func TestNamedAndWithout(t *testing.T) {
	tools := []toolrt.Tool{{Tool: &mcp.Tool{Name: "a"}}, {Tool: &mcp.Tool{Name: "b"}}, {Tool: &mcp.Tool{Name: "c"}}}
	for _, c := range []struct {
		name   string
		sel    func([]toolrt.Tool, ...string) ([]toolrt.Tool, error)
		names  []string
		want   []string
		errMsg string
	}{
		{"named", toolrt.Named, []string{"c", "a"}, []string{"a", "c"}, ""},
		{"named none", toolrt.Named, nil, nil, ""},
		{"without", toolrt.Without, []string{"b"}, []string{"a", "c"}, ""},
		{"without none", toolrt.Without, nil, []string{"a", "b", "c"}, ""},
		{"named typo", toolrt.Named, []string{"a", "bb"}, nil, `no tool is named "bb"`},
		{"without typos", toolrt.Without, []string{"x", "a", "y", "x"}, nil, `no tools are named "x", "y"`},
	} {
		got, err := c.sel(tools, c.names...)
		if msg := errString(err); msg != c.errMsg {
			t.Errorf("%s: error %q, want %q", c.name, msg, c.errMsg)
		}
		if !slices.Equal(names(got), c.want) {
			t.Errorf("%s: %q, want %q", c.name, names(got), c.want)
		}
	}
}

// TestReplaceToolsNeverListsAPart: while ReplaceTools swaps one selection
// for another, and back, again and again, a client that lists the tools over and over sees every
// tool of the old selection or every tool of the new one, never fewer;
// afterwards it sees the new ones, with their new descriptions, and has
// been told the list changed.
func TestReplaceToolsNeverListsAPart(t *testing.T) {
	ctx := context.Background()
	old := described("old", "a", "b", "c")
	replacement := described("new", "b", "c", "d")
	s := mcp.NewServer(&mcp.Implementation{Name: "reload", Version: "v1"}, nil)
	toolrt.AddTools(s, old)
	// The handler never blocks: the client reads its connection in the
	// handler's goroutine, and on a slow machine each replacement may
	// notify on its own, more than any buffer holds.
	changed := make(chan struct{}, 1)
	notified := func(context.Context, *mcp.ToolListChangedRequest) {
		select {
		case changed <- struct{}{}:
		default:
		}
	}
	cs := connect(t, s, &mcp.ClientOptions{ToolListChangedHandler: notified})

	stop := make(chan struct{})
	var wg sync.WaitGroup
	var bad []string
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-stop:
				return
			default:
			}
			got := listNames(ctx, t, cs)
			if !containsAll(got, "a", "b", "c") && !containsAll(got, "b", "c", "d") {
				bad = append(bad, strings.Join(got, ","))
			}
		}
	}()
	// Back and forth, so that the lister meets many replacements; an odd
	// count ends with the new tools.
	from, to := old, replacement
	for range 41 {
		toolrt.ReplaceTools(s, from, to)
		time.Sleep(time.Millisecond)
		from, to = to, from
	}
	close(stop)
	wg.Wait()
	if len(bad) > 0 {
		t.Errorf("listings during the replacement lacked tools: %q", bad)
	}
	select {
	case <-changed:
	case <-time.After(5 * time.Second):
		t.Fatal("no notifications/tools/list_changed")
	}
	res, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, tool := range res.Tools {
		got = append(got, tool.Name+": "+tool.Description)
	}
	if want := []string{"b: new", "c: new", "d: new"}; !slices.Equal(got, want) {
		t.Errorf("after ReplaceTools: %q, want %q", got, want)
	}
}

// described returns tools of the names, each with the description desc
// and a handler that answers with it.
func described(desc string, toolNames ...string) []toolrt.Tool {
	var tools []toolrt.Tool
	for _, n := range toolNames {
		tools = append(tools, toolrt.Tool{
			Tool: &mcp.Tool{Name: n, Description: desc, InputSchema: map[string]any{"type": "object"}},
			Handler: func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: desc}}}, nil
			},
		})
	}
	return tools
}

// connect connects a client with opts to s in memory, for the test's
// length.
func connect(t *testing.T, s *mcp.Server, opts *mcp.ClientOptions) *mcp.ClientSession {
	t.Helper()
	ct, st := mcp.NewInMemoryTransports()
	ss, err := s.Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v1"}, opts).Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// listNames returns the names cs lists, in order.
func listNames(ctx context.Context, t *testing.T, cs *mcp.ClientSession) []string {
	res, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Error(err)
		return nil
	}
	var got []string
	for _, tool := range res.Tools {
		got = append(got, tool.Name)
	}
	return got
}

// containsAll reports whether got holds every one of want.
func containsAll(got []string, want ...string) bool {
	for _, w := range want {
		if !slices.Contains(got, w) {
			return false
		}
	}
	return true
}

// names returns the names of tools, in order.
func names(tools []toolrt.Tool) []string {
	var out []string
	for _, t := range tools {
		out = append(out, t.Tool.Name)
	}
	return out
}

// errString returns err's message, "" for nil.
func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
