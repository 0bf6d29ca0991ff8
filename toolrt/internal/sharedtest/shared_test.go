package sharedtest

import (
	"context"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func call(t *testing.T, cs *mcp.ClientSession, name string, args any) string {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	text := strings.Join(mcptest.Texts(res), "\n")
	if res.IsError {
		return "error: " + text
	}
	return text
}

// TestEveryToolListsTheSharedArguments: the shared arguments are
// properties of every tool's input schema as served, after its own, and
// none is required.
func TestEveryToolListsTheSharedArguments(t *testing.T) {
	cs := mcptest.Session(t, func(s *mcp.Server) { RegisterTools(s) })
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range res.Tools {
		schema := tool.InputSchema.(map[string]any)
		props := schema["properties"].(map[string]any)
		for _, name := range []string{"context", "timeout"} {
			if props[name] == nil {
				t.Errorf("%s: no shared argument %s in %v", tool.Name, name, props)
			}
		}
		if req, _ := schema["required"].([]any); slices.Contains(req, any("context")) {
			t.Errorf("%s: context required", tool.Name)
		}
	}
	if len(res.Tools) != 4 {
		t.Errorf("%d tools, want 4", len(res.Tools))
	}
}

// TestSharedArgumentsReachTheToolsThatTakeThem: a tool that takes the
// shared type receives the shared arguments, as a value or a pointer;
// one that does not takes them and ignores them; they are checked as a
// tool's own are.
func TestSharedArgumentsReachTheToolsThatTakeThem(t *testing.T) {
	cs := mcptest.Session(t, func(s *mcp.Server) { RegisterTools(s) })
	for _, c := range []struct {
		tool string
		args map[string]any
		want string
	}{
		{"list_pods", map[string]any{"namespace": "web", "context": "prod", "timeout": 5}, `pods of web in "prod" (timeout 5)`},
		{"list_pods", map[string]any{"namespace": "web"}, `pods of web in "" (timeout 0)`},
		{"list_pods", map[string]any{"namespace": "web", "timeout": "7"}, `pods of web in "" (timeout 7)`},
		{"delete_pod", map[string]any{"name": "p1", "context": "staging"}, `deleted p1 in "staging"`},
		{"version", map[string]any{"context": "prod"}, "v1"},
		{"echo", map[string]any{"word": "hi", "context": "prod"}, "hi"},
		{"version", map[string]any{"context": 3}, `error: version: argument "context": want string, got 3`},
		{"echo", map[string]any{"word": "hi", "timeout": 99}, `error: echo: argument "timeout": want at most 60, got 99`},
		{"version", map[string]any{"contxt": "prod"}, `error: version: unknown argument "contxt" (did you mean "context"?)`},
	} {
		if got := call(t, cs, c.tool, c.args); got != c.want {
			t.Errorf("%s %v: %q, want %q", c.tool, c.args, got, c.want)
		}
	}
}

// TestHookMeetsTheSharedArguments: a hook meets the shared arguments of
// every tool, decoded, beside the tool's own.
func TestHookMeetsTheSharedArguments(t *testing.T) {
	var mu sync.Mutex
	seen := map[string][2]any{}
	hook := func(ctx context.Context, c *toolrt.Call, next toolrt.Next) (*mcp.CallToolResult, error) {
		mu.Lock()
		seen[c.Tool.Name] = [2]any{c.Args, c.Shared}
		mu.Unlock()
		return next(ctx)
	}
	cs := mcptest.Session(t, func(s *mcp.Server) { toolrt.AddTools(s, toolrt.Use(hook, Tools())) })
	call(t, cs, "version", map[string]any{"context": "prod"})
	call(t, cs, "echo", map[string]any{"word": "hi", "context": "dev", "timeout": "3"})
	call(t, cs, "echo", map[string]any{"word": 1, "context": "dev"})
	for tool, want := range map[string][2]any{
		"version": {nil, &Cluster{Context: "prod"}},
		"echo":    {nil, nil}, // the last call, refused
	} {
		if got := seen[tool]; !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the hook met Args, Shared %#v, want %#v", tool, got, want)
		}
	}
	call(t, cs, "echo", map[string]any{"word": "hi", "context": "dev", "timeout": "3"})
	if got, want := seen["echo"], [2]any{&EchoParams{Word: "hi"}, &Cluster{Context: "dev", Timeout: 3}}; !reflect.DeepEqual(got, want) {
		t.Errorf("echo: the hook met Args, Shared %#v, want %#v", got, want)
	}
}
