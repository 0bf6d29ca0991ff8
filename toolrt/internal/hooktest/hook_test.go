package hooktest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// serve connects a go-sdk client to a server of tools.
func serve(t *testing.T, tools []toolrt.Tool) *mcp.ClientSession {
	t.Helper()
	return mcptest.Session(t, func(s *mcp.Server) { toolrt.AddTools(s, tools) })
}

// all are the package's tools, with the counter's.
func all(c *Counter) []toolrt.Tool { return append(Tools(), CounterTools(c)...) }

func call(t *testing.T, cs *mcp.ClientSession, name string, args any) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return res
}

// text is the result's one text, after "error: " when it is an error.
func text(res *mcp.CallToolResult) string {
	s := strings.Join(mcptest.Texts(res), "\n")
	if res.IsError {
		return "error: " + s
	}
	return s
}

// TestHookMeetsTypedArguments: a hook meets each tool's arguments as the
// tool receives them: the generated struct of plain parameters, the
// struct parameter, nil for none, a method's too.
func TestHookMeetsTypedArguments(t *testing.T) {
	var mu sync.Mutex
	seen := map[string]any{}
	record := func(ctx context.Context, c *toolrt.Call, next toolrt.Next) (*mcp.CallToolResult, error) {
		mu.Lock()
		seen[c.Tool.Name] = c.Args
		mu.Unlock()
		return next(ctx)
	}
	cs := serve(t, toolrt.Use(record, all(&Counter{})))
	for _, c := range []struct {
		tool string
		args map[string]any
		want any
		text string
	}{
		{"lookup", map[string]any{"name": "a", "limit": 3}, &LookupParams{Name: "a", Limit: 3}, "a:3"},
		{"delete", map[string]any{"name": "cm"}, &DeleteRequest{Name: "cm"}, "deleted cm after 0s"},
		{"ping", nil, nil, "pong"},
		{"add", map[string]any{"n": 2}, &CounterAddParams{N: 2}, "2"},
	} {
		if got := text(call(t, cs, c.tool, c.args)); got != c.text {
			t.Errorf("%s: %q, want %q", c.tool, got, c.text)
		}
		if got := seen[c.tool]; !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: the hook met Args %#v, want %#v", c.tool, got, c.want)
		}
	}
}

// TestHookChangesArguments: what a hook writes through Args is what the
// tool receives.
func TestHookChangesArguments(t *testing.T) {
	cap3 := func(ctx context.Context, c *toolrt.Call, next toolrt.Next) (*mcp.CallToolResult, error) {
		if p, ok := c.Args.(*LookupParams); ok && p.Limit > 3 {
			p.Limit = 3
		}
		return next(ctx)
	}
	cs := serve(t, toolrt.Use(cap3, Tools()))
	if got := text(call(t, cs, "lookup", map[string]any{"name": "a", "limit": 9})); got != "a:3" {
		t.Errorf("lookup: %q, want a:3", got)
	}
}

// TestHookMeetsTheToolsOwnError: next returns the tool's error as the
// tool returned it, so errors.As finds the server's type; returned as it
// is, the client reads it as without a hook.
func TestHookMeetsTheToolsOwnError(t *testing.T) {
	var found *NotFoundError
	hook := func(ctx context.Context, c *toolrt.Call, next toolrt.Next) (*mcp.CallToolResult, error) {
		res, err := next(ctx)
		errors.As(err, &found)
		return res, err
	}
	args := map[string]any{"name": "missing", "limit": 1}
	plain := text(call(t, serve(t, Tools()), "lookup", args))
	hooked := text(call(t, serve(t, toolrt.Use(hook, Tools())), "lookup", args))
	if found == nil || found.Name != "missing" {
		t.Fatalf("errors.As found %v, want the tool's *NotFoundError", found)
	}
	if hooked != plain || plain != "error: no record missing" {
		t.Errorf("with the hook %q, without %q; want both %q", hooked, plain, "error: no record missing")
	}
}

// TestHookMeetsArgErrors: a refusal reaches the hook as a *toolrt.ArgError
// from next, with Args nil and without the tool running; returned as it
// is, the client reads it as without a hook.
func TestHookMeetsArgErrors(t *testing.T) {
	var mu sync.Mutex
	var got []toolrt.ArgError
	var args []any
	hook := func(ctx context.Context, c *toolrt.Call, next toolrt.Next) (*mcp.CallToolResult, error) {
		res, err := next(ctx)
		var ae *toolrt.ArgError
		if errors.As(err, &ae) {
			mu.Lock()
			got, args = append(got, *ae), append(args, c.Args)
			mu.Unlock()
		}
		return res, err
	}
	c := &Counter{}
	plain, hooked := serve(t, Tools()), serve(t, toolrt.Use(hook, all(c)))
	for _, tc := range []struct {
		tool string
		args map[string]any
		want toolrt.ArgError
	}{
		{"lookup", map[string]any{"name": "a", "limit": "two"}, toolrt.ArgError{Tool: "lookup", Kind: toolrt.ArgInvalid, Path: "limit", Want: "integer", Got: `"two"`,
			Message: `argument "limit": want integer, got "two"`}},
		{"lookup", map[string]any{"name": "a", "limit": 11}, toolrt.ArgError{Tool: "lookup", Kind: toolrt.ArgInvalid, Path: "limit", Want: "at most 10", Got: "11",
			Message: `argument "limit": want at most 10, got 11`}},
		{"lookup", map[string]any{"limit": 1}, toolrt.ArgError{Tool: "lookup", Kind: toolrt.ArgMissing, Path: "name",
			Message: `missing required argument "name"`}},
		{"lookup", map[string]any{"nmae": "a", "name": "a", "limit": 1}, toolrt.ArgError{Tool: "lookup", Kind: toolrt.ArgUnknown, Path: "nmae", Want: "name",
			Message: `unknown argument "nmae" (did you mean "name"?)`}},
		{"ping", map[string]any{"x": 1}, toolrt.ArgError{Tool: "ping", Kind: toolrt.ArgUnknown, Path: "x",
			Message: `unknown argument "x": it takes no arguments`}},
		{"add", map[string]any{"n": "x"}, toolrt.ArgError{Tool: "add", Kind: toolrt.ArgInvalid, Path: "n", Want: "integer", Got: `"x"`,
			Message: `argument "n": want integer, got "x"`}},
	} {
		got = nil
		res := text(call(t, hooked, tc.tool, tc.args))
		if want := "error: " + tc.want.Error(); res != want {
			t.Errorf("%s %v: the client read %q, want %q", tc.tool, tc.args, res, want)
		}
		if tc.tool != "add" {
			if p := text(call(t, plain, tc.tool, tc.args)); p != res {
				t.Errorf("%s %v: with the hook %q, without %q", tc.tool, tc.args, res, p)
			}
		}
		if len(got) != 1 || got[0] != tc.want || args[0] != nil {
			t.Errorf("%s %v: the hook met %+v with Args %v, want %+v with nil", tc.tool, tc.args, got, args, tc.want)
		}
	}
	if c.total != 0 {
		t.Errorf("the counter is %d: a refused call ran the tool", c.total)
	}
}

// TestHookRewordsRefusals: one hook gives every refusal of arguments the
// server's own wording, from the ArgError's fields.
func TestHookRewordsRefusals(t *testing.T) {
	reword := func(ctx context.Context, c *toolrt.Call, next toolrt.Next) (*mcp.CallToolResult, error) {
		res, err := next(ctx)
		var ae *toolrt.ArgError
		if !errors.As(err, &ae) {
			return res, err
		}
		switch ae.Kind {
		case toolrt.ArgMissing:
			return nil, fmt.Errorf("Error: %s is required", ae.Path)
		case toolrt.ArgInvalid:
			return nil, fmt.Errorf("Error: invalid %s: expected %s but received %s", ae.Path, ae.Want, ae.Got)
		}
		return nil, fmt.Errorf("Error: %s", ae.Message)
	}
	cs := serve(t, toolrt.Use(reword, Tools()))
	for args, want := range map[string]string{
		`{"limit":1}`:                  "error: Error: name is required",
		`{"name":"a","limit":"two"}`:   `error: Error: invalid limit: expected integer but received "two"`,
		`{"name":"a","limit":0}`:       "error: Error: invalid limit: expected at least 1 but received 0",
		`{"name":"a","limit":1,"x":1}`: `error: Error: unknown argument "x"; the arguments are "name", "limit"`,
		`{"name":"a","limit":2}`:       "a:2",
	} {
		if got := text(call(t, cs, "lookup", rawArgs(args))); got != want {
			t.Errorf("lookup %s: %q, want %q", args, got, want)
		}
	}
}

// TestHookAnswersInsteadOfTheTool: what a hook returns is what the client
// gets; a hook that does not call next keeps the tool from running, and
// its Go error is the tool's error result.
func TestHookAnswersInsteadOfTheTool(t *testing.T) {
	confirm := func(ctx context.Context, c *toolrt.Call, next toolrt.Next) (*mcp.CallToolResult, error) {
		if c.Tool.Annotations != nil && c.Tool.Annotations.DestructiveHint != nil && *c.Tool.Annotations.DestructiveHint {
			return nil, errors.New("not confirmed: ask the user first")
		}
		if c.Tool.Name == "add" {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "counting is closed"}}}, nil
		}
		return next(ctx)
	}
	c := &Counter{}
	cs := serve(t, toolrt.Use(confirm, all(c)))
	for tool, want := range map[string]string{
		"delete": "error: not confirmed: ask the user first",
		"add":    "counting is closed",
	} {
		if got := text(call(t, cs, tool, map[string]any{"name": "x", "n": 1})); got != want {
			t.Errorf("%s: %q, want %q", tool, got, want)
		}
	}
	if got := text(call(t, cs, "ping", nil)); got != "pong" {
		t.Errorf("ping: %q", got)
	}
	if c.total != 0 {
		t.Errorf("the counter is %d: the hook's answer ran the tool", c.total)
	}
}

// TestHooksComposeInOrder: in Use(a, Use(b, tools)), a runs outside b.
func TestHooksComposeInOrder(t *testing.T) {
	var mu sync.Mutex
	var trace []string
	note := func(s string) {
		mu.Lock()
		trace = append(trace, s)
		mu.Unlock()
	}
	named := func(name string) toolrt.Middleware {
		return func(ctx context.Context, c *toolrt.Call, next toolrt.Next) (*mcp.CallToolResult, error) {
			note(name + ">")
			res, err := next(ctx)
			note("<" + name)
			return res, err
		}
	}
	cs := serve(t, toolrt.Use(named("a"), toolrt.Use(named("b"), Tools())))
	call(t, cs, "ping", nil)
	if got, want := strings.Join(trace, " "), "a> b> <b <a"; got != want {
		t.Errorf("trace %q, want %q", got, want)
	}
}

// TestHookPanicIsATools: a panic in a hook is answered as a panic in the
// tool is: an error result, and the stack in the log.
func TestHookPanicIsATools(t *testing.T) {
	var log bytes.Buffer
	defer slog.SetDefault(slog.Default())
	slog.SetDefault(slog.New(slog.NewTextHandler(&log, nil)))
	panicky := func(ctx context.Context, c *toolrt.Call, next toolrt.Next) (*mcp.CallToolResult, error) {
		if c.Tool.Name == "ping" {
			panic("hook trouble")
		}
		return next(ctx)
	}
	cs := serve(t, toolrt.Use(panicky, Tools()))
	for tool, want := range map[string]string{
		"ping": "error: ping: internal error: the tool panicked",
		"boom": "error: boom: internal error: the tool panicked",
	} {
		if got := text(call(t, cs, tool, nil)); got != want {
			t.Errorf("%s: %q, want %q", tool, got, want)
		}
	}
	for _, want := range []string{"panic=\"hook trouble\"", "TestHookPanicIsATools", "panic=boom", "hooktest.Boom"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("the log lacks %q:\n%s", want, log.String())
		}
	}
	if got := text(call(t, cs, "lookup", map[string]any{"name": "a", "limit": 1})); got != "a:1" {
		t.Errorf("after the panics, lookup: %q", got)
	}
}

// TestHookAroundAToolBuiltByHand: a tool mcptag did not generate is run by
// its Handler, and its hook meets Args nil.
func TestHookAroundAToolBuiltByHand(t *testing.T) {
	hand := toolrt.Tool{
		Tool: &mcp.Tool{Name: "hand", InputSchema: map[string]any{"type": "object"}},
		Handler: func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "by hand"}}}, nil
		},
	}
	var met any = "unset"
	hook := func(ctx context.Context, c *toolrt.Call, next toolrt.Next) (*mcp.CallToolResult, error) {
		met = c.Args
		res, err := next(ctx)
		if err != nil {
			return nil, err
		}
		res.Content = append(res.Content, &mcp.TextContent{Text: "hooked"})
		return res, nil
	}
	cs := serve(t, toolrt.Use(hook, []toolrt.Tool{hand}))
	if got := text(call(t, cs, "hand", nil)); got != "by hand\nhooked" || met != nil {
		t.Errorf("hand: %q, Args %v; want %q, nil", got, met, "by hand\nhooked")
	}
	panicky := func(context.Context, *toolrt.Call, toolrt.Next) (*mcp.CallToolResult, error) { panic("hook trouble") }
	cs = serve(t, toolrt.Use(panicky, []toolrt.Tool{hand}))
	if got := text(call(t, cs, "hand", nil)); got != "error: hand: internal error: the tool panicked" {
		t.Errorf("hand, its hook panicking: %q", got)
	}
}

// TestUseKeepsTheToolsApart: Use returns new tools and leaves those it
// is given as they were.
func TestUseKeepsTheToolsApart(t *testing.T) {
	tools := Tools()
	refuse := func(context.Context, *toolrt.Call, toolrt.Next) (*mcp.CallToolResult, error) {
		return nil, errors.New("refused")
	}
	hooked := toolrt.Use(refuse, tools)
	if got := text(call(t, serve(t, tools), "ping", nil)); got != "pong" {
		t.Errorf("the tools given to Use: ping %q, want pong", got)
	}
	if got := text(call(t, serve(t, hooked), "ping", nil)); got != "error: refused" {
		t.Errorf("the tools Use returned: ping %q, want the hook's error", got)
	}
}

// rawArgs is a JSON object as a call's arguments, sent as written.
func rawArgs(s string) any { return jsonRaw(s) }

type jsonRaw string

func (r jsonRaw) MarshalJSON() ([]byte, error) { return []byte(r), nil }

// TestHookPicksTheBackend: the context a hook passes to next is the one
// the tool runs with.
func TestHookPicksTheBackend(t *testing.T) {
	pick := func(ctx context.Context, c *toolrt.Call, next toolrt.Next) (*mcp.CallToolResult, error) {
		return next(WithBackend(ctx, "eu-west"))
	}
	cs := serve(t, toolrt.Use(pick, Tools()))
	if got := text(call(t, cs, "which", nil)); got != "backend eu-west" {
		t.Errorf("which: %q, want backend eu-west", got)
	}
}

// TestHookRetries: a hook may call next again, after the tool's own
// error says the call may pass.
func TestHookRetries(t *testing.T) {
	retry := func(ctx context.Context, c *toolrt.Call, next toolrt.Next) (*mcp.CallToolResult, error) {
		res, err := next(ctx)
		if errors.As(err, new(TemporaryError)) {
			return next(ctx)
		}
		return res, err
	}
	if got := text(call(t, serve(t, FlakyTools(&Flaky{})), "fetch", nil)); got != "error: try again" {
		t.Fatalf("fetch without the hook: %q, want the tool's error", got)
	}
	if got := text(call(t, serve(t, toolrt.Use(retry, FlakyTools(&Flaky{}))), "fetch", nil)); got != "2" {
		t.Errorf("fetch with the hook: %q, want 2 (the second call's answer after the first failed)", got)
	}
}
