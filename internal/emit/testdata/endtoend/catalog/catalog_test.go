package catalog_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mcptag/mcptag/internal/emit/testdata/endtoend/catalog"
	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// session serves everything the package declares, its completions
// included, to a go-sdk client.
func session(t *testing.T) *mcp.ClientSession {
	return mcptest.SessionWith(t, &mcp.ServerOptions{CompletionHandler: catalog.Complete}, func(s *mcp.Server) {
		catalog.Register(s, catalog.NewShelf())
	})
}

// TestListsAreTheSnapshot checks that prompts/list, resources/list and
// resources/templates/list serve what mcp_tools.json holds, and
// tools/list its tools.
func TestListsAreTheSnapshot(t *testing.T) {
	mcptest.ServesSnapshot(t, session(t), "mcp_tools.json")
}

// A message is one message of a prompt, as the test compares it.
type message struct{ Role, Text string }

// TestGetPrompt gets every prompt, with good and bad arguments: bad ones
// are the protocol's invalid params (-32602), with a message that names
// the argument; a prompt that fails or panics is an internal error
// (-32603).
func TestGetPrompt(t *testing.T) {
	cs := session(t)
	for _, tc := range []struct {
		name, prompt string
		args         map[string]string
		want         []message
		code         int64
		err          string
	}{
		{name: "text", prompt: "greet", args: map[string]string{"name": "Ann"},
			want: []message{{"user", "Greet Ann."}}},
		{name: "optional argument", prompt: "greet", args: map[string]string{"name": "Ann", "mood": "warmly"},
			want: []message{{"user", "Greet Ann, warmly."}}},
		{name: "missing", prompt: "greet", args: map[string]string{"mood": "warmly"},
			code: jsonrpc.CodeInvalidParams, err: `greet: missing required argument "name"`},
		{name: "unknown", prompt: "greet", args: map[string]string{"nmae": "Ann"},
			code: jsonrpc.CodeInvalidParams, err: `greet: unknown argument "nmae" (did you mean "name"?)`},
		{name: "constraint", prompt: "greet", args: map[string]string{"name": "A"},
			code: jsonrpc.CodeInvalidParams, err: `greet: argument "name": want at least 2 characters, got "A"`},
		{name: "messages", prompt: "paint", args: map[string]string{"color": "blue"},
			want: []message{{"user", "Paint a house."}, {"assistant", "In blue?"}}},
		{name: "enum", prompt: "paint", args: map[string]string{"color": "teal"},
			code: jsonrpc.CodeInvalidParams, err: `paint: argument "color": want one of "red", "green", "blue", got "teal"`},
		{name: "go-sdk shape", prompt: "review_code", args: map[string]string{"code": "x := 1"},
			want: []message{{"user", "Review x := 1"}}},
		{name: "method", prompt: "recommend", args: map[string]string{"genre": "science fiction"},
			want: []message{{"user", "Recommend one of 2 books of science fiction."}}},
		{name: "no arguments", prompt: "broken", args: map[string]string{"x": "1"},
			code: jsonrpc.CodeInvalidParams, err: `broken: unknown argument "x": it takes no arguments`},
		{name: "error", prompt: "broken",
			code: jsonrpc.CodeInternalError, err: "broken: out of ink"},
		{name: "panic", prompt: "panicky",
			code: jsonrpc.CodeInternalError, err: "panicky: internal error: the handler panicked"},
		{name: "no such prompt", prompt: "greeet",
			code: jsonrpc.CodeInvalidParams, err: `unknown prompt "greeet"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := cs.GetPrompt(context.Background(), &mcp.GetPromptParams{Name: tc.prompt, Arguments: tc.args})
			if tc.err != "" {
				mcptest.RPCError(t, err, tc.code, tc.err)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []message
			for _, m := range res.Messages {
				got = append(got, message{string(m.Role), m.Content.(*mcp.TextContent).Text})
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("messages (-want +got):\n%s", diff)
			}
		})
	}
}

// TestReadResource reads every resource, and URIs that name none or that
// a template's function cannot take: both are -32602, the go-sdk's code
// for a resource not found.
func TestReadResource(t *testing.T) {
	cs := session(t)
	for _, tc := range []struct {
		name, uri string
		mime      string
		text      string
		blob      []byte
		code      int64
		err       string
	}{
		{name: "text", uri: "catalog://readme", mime: "text/markdown", text: "# Catalog"},
		{name: "blob", uri: "catalog://logo.png", mime: "image/png", blob: []byte{0x89, 'P', 'N', 'G'}},
		{name: "json", uri: "catalog://colors", mime: "application/json", text: `["red","green","blue"]`},
		{name: "nil slice", uri: "catalog://colors/discontinued", mime: "application/json", text: `[]`},
		{name: "nil map", uri: "catalog://stock", mime: "application/json", text: `{}`},
		{name: "enum variable", uri: "catalog://colors/green", mime: "application/json", text: `{"name":"green","code":"#00ff00"}`},
		{name: "enum variable not in the enum", uri: "catalog://colors/teal",
			code: jsonrpc.CodeInvalidParams, err: `color_of: argument "color": want one of "red", "green", "blue", got "teal"`},
		{name: "integer variable", uri: "catalog://items/2", mime: "text/plain", text: "item 2"},
		{name: "optional variable", uri: "catalog://items/2?verbose=yes", mime: "text/plain", text: "item 2, in full (yes)"},
		{name: "integer variable not a number", uri: "catalog://items/two",
			code: jsonrpc.CodeInvalidParams, err: `item: argument "id": want integer, got "two"`},
		{name: "empty variable", uri: "catalog://items/",
			code: jsonrpc.CodeInvalidParams, err: `item: missing required argument "id"`},
		{name: "fs.ErrNotExist", uri: "catalog://items/9", code: jsonrpc.CodeInvalidParams, err: "Resource not found"},
		{name: "go-sdk shape", uri: "catalog://packages/3", text: "size 3"},
		{name: "method", uri: "shelf://books/Dune", mime: "text/plain", text: "a desert planet"},
		{name: "escaped variable", uri: "shelf://books/The%20Hobbit", mime: "text/plain", text: "a journey there and back"},
		{name: "not found", uri: "shelf://books/Emma", code: jsonrpc.CodeInvalidParams, err: "Resource not found"},
		{name: "no such resource", uri: "catalog://nothing", code: jsonrpc.CodeInvalidParams, err: "Resource not found"},
		{name: "comma in a variable", uri: "shelf://books/a,b", code: jsonrpc.CodeInvalidParams, err: "Resource not found"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: tc.uri})
			if tc.err != "" {
				mcptest.RPCError(t, err, tc.code, tc.err)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			want := []*mcp.ResourceContents{{URI: tc.uri, MIMEType: tc.mime, Text: tc.text, Blob: tc.blob}}
			if diff := cmp.Diff(want, res.Contents); diff != "" {
				t.Errorf("contents (-want +got):\n%s", diff)
			}
		})
	}
}

// TestComplete completes the arguments and variables whose values are
// the constants of their type, by the prefix typed so far.
func TestComplete(t *testing.T) {
	cs := session(t)
	for _, tc := range []struct {
		name  string
		ref   *mcp.CompleteReference
		arg   string
		typed string
		want  []string
	}{
		{"prompt argument", &mcp.CompleteReference{Type: "ref/prompt", Name: "paint"}, "color", "", []string{"red", "green", "blue"}},
		{"prefix", &mcp.CompleteReference{Type: "ref/prompt", Name: "paint"}, "color", "G", []string{"green"}},
		{"template variable", &mcp.CompleteReference{Type: "ref/resource", URI: "catalog://colors/{color}"}, "color", "b", []string{"blue"}},
		{"integer constants", &mcp.CompleteReference{Type: "ref/resource", URI: "catalog://packages/{size}"}, "size", "", []string{"1", "3"}},
		{"no constants", &mcp.CompleteReference{Type: "ref/prompt", Name: "greet"}, "name", "A", []string{}},
		{"no such prompt", &mcp.CompleteReference{Type: "ref/prompt", Name: "nothing"}, "color", "", []string{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := cs.Complete(context.Background(), &mcp.CompleteParams{
				Ref: tc.ref, Argument: mcp.CompleteParamsArgument{Name: tc.arg, Value: tc.typed},
			})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, res.Completion.Values); diff != "" {
				t.Errorf("values (-want +got):\n%s", diff)
			}
		})
	}
}
