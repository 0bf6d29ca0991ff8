package emit_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mcptag/mcptag/emit/testdata/endtoend/methods"
	"github.com/mcptag/mcptag/emit/testdata/endtoend/shapes"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// session serves the registered tools in memory to a go-sdk client.
func session(t *testing.T, register func(*mcp.Server)) *mcp.ClientSession {
	t.Helper()
	server := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	register(server)
	st, ct := mcp.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

type call struct {
	tool       string
	args       any
	isError    bool
	structured string // JSON; "" for none
	texts      []string
}

// TestResultShapes calls a tool of every result kind and checks both
// channels against docs/results.md, and structuredContent against the schema.
func TestResultShapes(t *testing.T) {
	cs := session(t, shapes.RegisterTools)
	runCalls(t, cs, []call{
		{tool: "ping", texts: []string{"ok"}},
		{tool: "fail", isError: true, texts: []string{"failed"}},
		// A nil *Point is sent as the zero Point, which validates.
		{tool: "origin", structured: `{"X":0,"Y":0}`, texts: []string{"{\n  \"X\": 0,\n  \"Y\": 0\n}"}},
		{tool: "count", args: map[string]any{"limit": 7}, structured: `{"result":7}`, texts: []string{"7"}},
		{tool: "count", structured: `{"result":0}`, texts: []string{"0"}},
		{tool: "corners", structured: `{"result":[{"X":0,"Y":0},{"X":0,"Y":0},{"X":0,"Y":0},{"X":0,"Y":0}]}`,
			texts: []string{"{\n  \"X\": 0,\n  \"Y\": 0\n}", "{\n  \"X\": 0,\n  \"Y\": 0\n}", "{\n  \"X\": 0,\n  \"Y\": 0\n}", "{\n  \"X\": 0,\n  \"Y\": 0\n}"}},
		{tool: "bytes", args: map[string]any{"n": 3}, structured: `{"result":"AAAA"}`, texts: []string{"AAAA"}},
		// A nil map is sent as {}.
		{tool: "labels", structured: `{}`, texts: []string{"{}"}},
		{tool: "address", args: map[string]any{"addr": "127.0.0.1", "timeout": 5}, structured: `{"result":"127.0.0.1"}`, texts: []string{"127.0.0.1"}},
		{tool: "handler", args: map[string]any{"X": 1, "Y": 2}, structured: `{"result":[{"X":1,"Y":2}]}`, texts: []string{"{\n  \"X\": 1,\n  \"Y\": 2\n}"}},
		{tool: "describe", args: map[string]any{"X": 1, "Y": 2}, texts: []string{"<nil>"}},
		{tool: "text", args: map[string]any{"X": 1, "Y": 2}, texts: []string{"{\n  \"X\": 1,\n  \"Y\": 2\n}"}},
	})
}

// TestMethodTools checks that methods are bound to the receiver given at
// registration, with pointer and value receivers.
func TestMethodTools(t *testing.T) {
	cs := session(t, func(s *mcp.Server) {
		methods.RegisterTools(s)
		methods.RegisterStoreTools(s, methods.NewStore(map[string]string{"a": "1"}))
		methods.RegisterClockTools(s, methods.Clock{})
	})
	runCalls(t, cs, []call{
		{tool: "store_get", args: map[string]any{"key": "a"}, structured: `{"result":"1"}`, texts: []string{"1"}},
		{tool: "store_keys", structured: `{"result":["a"]}`, texts: []string{"a"}},
		{tool: "now", structured: `{"result":"now"}`, texts: []string{"now"}},
		{tool: "version", structured: `{"result":"v1"}`, texts: []string{"v1"}},
	})
}

func runCalls(t *testing.T, cs *mcp.ClientSession, calls []call) {
	t.Helper()
	ctx := context.Background()
	list, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	tools := map[string]*mcp.Tool{}
	for _, tool := range list.Tools {
		tools[tool.Name] = tool
	}
	for _, c := range calls {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: c.tool, Arguments: c.args})
		if err != nil {
			t.Errorf("%s: %v", c.tool, err)
			continue
		}
		if res.IsError != c.isError {
			t.Errorf("%s: isError = %v, want %v (%v)", c.tool, res.IsError, c.isError, texts(res))
		}
		if diff := cmp.Diff(c.texts, texts(res)); diff != "" {
			t.Errorf("%s: content (-want +got):\n%s", c.tool, diff)
		}
		checkStructured(t, tools[c.tool], res, c.structured)
	}
}

func texts(res *mcp.CallToolResult) []string {
	out := []string{}
	for _, c := range res.Content {
		out = append(out, c.(*mcp.TextContent).Text)
	}
	return out
}

func checkStructured(t *testing.T, tool *mcp.Tool, res *mcp.CallToolResult, want string) {
	t.Helper()
	if want == "" {
		if res.StructuredContent != nil {
			t.Errorf("%s: structuredContent = %v, want none", tool.Name, res.StructuredContent)
		}
		return
	}
	got, _ := json.Marshal(res.StructuredContent)
	var gotV, wantV any
	json.Unmarshal(got, &gotV)
	if err := json.Unmarshal([]byte(want), &wantV); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(wantV, gotV); diff != "" {
		t.Errorf("%s: structuredContent (-want +got):\n%s", tool.Name, diff)
	}
	schemaJSON, _ := json.Marshal(tool.OutputSchema)
	var schema jsonschema.Schema
	if err := json.Unmarshal(schemaJSON, &schema); err != nil {
		t.Fatal(err)
	}
	resolved, err := schema.Resolve(nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := resolved.Validate(gotV); err != nil {
		t.Errorf("%s: structuredContent %s does not validate: %v", tool.Name, got, err)
	}
}
