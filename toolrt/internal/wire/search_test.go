package wire

import (
	"context"
	"encoding/json"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// searchServer is a server of the package's tools served by AddSearch.
func searchServer(tools []toolrt.Tool, opts *toolrt.SearchOptions) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "wire", Version: "v0"}, nil)
	toolrt.AddSearch(s, tools, opts)
	return s
}

// searchNames returns the names of the tools search_tools answers for q.
func searchNames(t *testing.T, cs *mcp.ClientSession, q string) []string {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "search_tools", Arguments: map[string]any{"query": q}})
	if err != nil || res.IsError {
		t.Fatalf("search_tools %q: %v %+v", q, err, res)
	}
	var out struct {
		Tools []struct {
			Name        string          `json:"name"`
			InputSchema json.RawMessage `json:"inputSchema"`
		} `json:"tools"`
	}
	if err := json.Unmarshal([]byte(strings.Join(mcptest.Texts(res), "")), &out); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range out.Tools {
		if len(f.InputSchema) == 0 {
			t.Errorf("search_tools %q: %s has no input schema", q, f.Name)
		}
		names = append(names, f.Name)
	}
	return names
}

// viaCallTool calls tool with args through call_tool.
func viaCallTool(t *testing.T, cs *mcp.ClientSession, tool string, args any) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "call_tool", Arguments: map[string]any{"name": tool, "arguments": args}})
	if err != nil {
		t.Fatalf("call_tool %s: %v", tool, err)
	}
	return res
}

// TestSearchFindsAndCalls: a server served by AddSearch lists
// search_tools, call_tool and the tools Listed names; a go-sdk client
// finds save_note by words that are not its name and calls it through
// call_tool; an argument save_note refuses is answered through call_tool
// exactly as a direct call is.
func TestSearchFindsAndCalls(t *testing.T) {
	tools := toolrt.Unscoped(Tools())
	cs := mcptest.Connect(t, searchServer(tools, &toolrt.SearchOptions{Listed: []string{"count_notes"}}), nil)
	if got, want := mcptest.ToolNames(t, cs), []string{"call_tool", "count_notes", "search_tools"}; !slices.Equal(got, want) {
		t.Errorf("listed %q, want %q", got, want)
	}
	if got := searchNames(t, cs, "write down a note"); len(got) == 0 || got[0] != "save_note" {
		t.Errorf("search for a note found %q, want save_note first", got)
	}
	takeNotes()
	if res := viaCallTool(t, cs, "save_note", map[string]any{"text": "hello"}); res.IsError {
		t.Errorf("call_tool save_note: %v", mcptest.Texts(res))
	}
	if got := takeNotes(); !slices.Equal(got, []string{"hello"}) {
		t.Errorf("saved %q, want hello", got)
	}
	direct := mcptest.Connect(t, func() *mcp.Server {
		s := mcp.NewServer(&mcp.Implementation{Name: "wire", Version: "v0"}, nil)
		toolrt.AddTools(s, tools)
		return s
	}(), nil)
	for _, args := range []any{map[string]any{"text": 5}, map[string]any{}, map[string]any{"text": "x", "extra": true}} {
		want, err := direct.CallTool(context.Background(), &mcp.CallToolParams{Name: "save_note", Arguments: args})
		if err != nil {
			t.Fatal(err)
		}
		got := viaCallTool(t, cs, "save_note", args)
		if !want.IsError || !reflect.DeepEqual(got, want) {
			t.Errorf("save_note %v: through call_tool %+v %q, directly %+v %q", args, got, mcptest.Texts(got), want, mcptest.Texts(want))
		}
	}
	if res := viaCallTool(t, cs, "no_such_tool", nil); !res.IsError {
		t.Errorf("call_tool of an unknown tool: %+v", res)
	}
}

// TestSearchScopes: over streamable HTTP behind auth.RequireBearerToken,
// a tool whose scopes the token lacks is neither found by search_tools
// nor run by call_tool, which refuses it as a direct call would; with the
// scope, it is found and runs.
func TestSearchScopes(t *testing.T) {
	is := &issuer{tokens: map[string][]string{}}
	h := auth.RequireBearerToken(is.verify, nil)(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return searchServer(Tools(), nil) }, nil))
	overHTTP := func(url string, hc *http.Client) mcp.Transport {
		return &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: hc, DisableStandaloneSSE: true}
	}
	takeNotes()
	reader := connect(t, h, overHTTP, is.grant([]string{"notes:read"}))
	if got := searchNames(t, reader, "save a note"); slices.Contains(got, "save_note") || !slices.Contains(got, "count_notes") {
		t.Errorf("notes:read: search for a note found %q, want count_notes and not save_note", got)
	}
	res := viaCallTool(t, reader, "save_note", map[string]any{"text": "sneaked"})
	if text := strings.Join(mcptest.Texts(res), ""); !res.IsError || !strings.Contains(text, `insufficient_scope: tool save_note requires the OAuth scopes "notes:write", which the token lacks`) {
		t.Errorf("notes:read: call_tool save_note: %+v %q", res, text)
	}
	if got := takeNotes(); len(got) > 0 {
		t.Errorf("save_note ran through call_tool without notes:write: %q", got)
	}
	writer := connect(t, h, overHTTP, is.grant([]string{"notes:write"}))
	if got := searchNames(t, writer, "save a note"); !slices.Contains(got, "save_note") || slices.Contains(got, "count_notes") {
		t.Errorf("notes:write: search for a note found %q, want save_note and not count_notes", got)
	}
	if res := viaCallTool(t, writer, "save_note", map[string]any{"text": "allowed"}); res.IsError {
		t.Errorf("notes:write: call_tool save_note: %q", mcptest.Texts(res))
	}
	if got := takeNotes(); !slices.Equal(got, []string{"allowed"}) {
		t.Errorf("saved %q, want allowed", got)
	}
}
