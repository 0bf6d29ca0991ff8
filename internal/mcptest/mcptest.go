// Package mcptest serves tools registered on a go-sdk server to a go-sdk
// client in memory, and checks calls against what they must return: both
// result channels, and structuredContent against the tool's output
// schema; and what a server lists against its snapshot, and the errors
// of the protocol.
package mcptest

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcptag/mcptag/toolrt/toolrttest"
)

// Session serves the tools that register adds to a new server, in
// memory, and returns a client session connected to it. The server's own
// log, of every request a test makes on purpose to fail, is dropped.
func Session(t *testing.T, register func(*mcp.Server)) *mcp.ClientSession {
	t.Helper()
	return SessionWith(t, nil, register)
}

// SessionWith is Session with a server made with opts; the server's log
// is dropped unless opts sets a Logger.
func SessionWith(t *testing.T, opts *mcp.ServerOptions, register func(*mcp.Server)) *mcp.ClientSession {
	t.Helper()
	return session(t, opts, nil, register)
}

// session is SessionWith, its client made with copts.
func session(t *testing.T, opts *mcp.ServerOptions, copts *mcp.ClientOptions, register func(*mcp.Server)) *mcp.ClientSession {
	t.Helper()
	o := mcp.ServerOptions{}
	if opts != nil {
		o = *opts
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, &o)
	register(server)
	return Connect(t, server, copts)
}

// Connect connects a client made with copts to server, in memory, and
// returns its session; both ends close when the test ends. It is
// toolrttest.Connect with the client's options exactly copts (nil for
// none), so that a test declares only the capabilities it means to.
func Connect(t testing.TB, server *mcp.Server, copts *mcp.ClientOptions) *mcp.ClientSession {
	t.Helper()
	return toolrttest.Connect(t, server, func(o *mcp.ClientOptions) {
		*o = mcp.ClientOptions{}
		if copts != nil {
			*o = *copts
		}
	})
}

// A Call is one tools/call and what it must return.
type Call struct {
	Tool       string
	Args       any
	IsError    bool
	Structured string   // JSON; "" for none
	Texts      []string // the text of each content block
}

// Run makes each call and checks its result.
func Run(t *testing.T, cs *mcp.ClientSession, calls []Call) {
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
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: c.Tool, Arguments: c.Args})
		if err != nil {
			t.Errorf("%s: %v", c.Tool, err)
			continue
		}
		if res.IsError != c.IsError {
			t.Errorf("%s: isError = %v, want %v (%v)", c.Tool, res.IsError, c.IsError, Texts(res))
		}
		if diff := cmp.Diff(c.Texts, Texts(res)); diff != "" {
			t.Errorf("%s: content (-want +got):\n%s", c.Tool, diff)
		}
		checkStructured(t, tools[c.Tool], res, c.Structured)
	}
}

// Texts returns the text of each content block of res.
func Texts(res *mcp.CallToolResult) []string {
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

// ServesSnapshot checks that what the server of cs lists (tools/list,
// prompts/list, resources/list and resources/templates/list) is exactly
// the snapshot in file, less its "$comment", "forms" and "inventory"; and that the caching hints
// of its "cacheable" member are what resources/read serves, for each
// static resource (a template's are checked to belong to a listed
// template: no URI reads it that a test need not choose).
func ServesSnapshot(t *testing.T, cs *mcp.ClientSession, file string) {
	t.Helper()
	ctx := context.Background()
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	prompts, err := cs.ListPrompts(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	resources, err := cs.ListResources(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	templates, err := cs.ListResourceTemplates(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	served, err := json.Marshal(map[string]any{
		"tools": tools.Tools, "prompts": prompts.Prompts,
		"resources": resources.Resources, "resourceTemplates": templates.ResourceTemplates,
	})
	if err != nil {
		t.Fatal(err)
	}
	snapshot, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var want, got map[string]any
	if err := json.Unmarshal(snapshot, &want); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	delete(want, "$comment")
	// A form is not listed: a client sees its schema when a tool asks for
	// it. The decls tests hold the snapshot's forms to the generated code's.
	delete(want, "forms")
	// Nor is a tool's place in the inventory: the server selects by it.
	// endtoend/inventory holds it to the generated Tools functions.
	delete(want, "inventory")
	// Nor are the options the package was generated with (-args=snake).
	delete(want, "options")
	// An app's record is what its page's read serves (apps.go).
	if apps, ok := want["apps"].(map[string]any); ok {
		servedApps(t, cs, apps)
		delete(want, "apps")
	}
	if err := json.Unmarshal(served, &got); err != nil {
		t.Fatal(err)
	}
	for key, list := range got {
		if _, ok := want[key]; !ok && len(list.([]any)) == 0 {
			delete(got, key) // the snapshot leaves an empty list out
		}
	}
	if cacheable, ok := want["cacheable"].(map[string]any); ok {
		got["cacheable"] = servedCaching(t, cs, cacheable, templates.ResourceTemplates)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("the lists differ from %s (-snapshot +served):\n%s", file, diff)
	}
}

// servedCaching returns the caching hints that resources/read serves for
// each URI of cacheable, decoded as the snapshot's; a template's entry is
// the snapshot's own when the template is listed.
func servedCaching(t *testing.T, cs *mcp.ClientSession, cacheable map[string]any, templates []*mcp.ResourceTemplate) map[string]any {
	t.Helper()
	served := map[string]any{}
	for uri, entry := range cacheable {
		if slices.ContainsFunc(templates, func(rt *mcp.ResourceTemplate) bool { return rt.URITemplate == uri }) {
			served[uri] = entry
			continue
		}
		res, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: uri})
		if err != nil {
			t.Fatalf("reading %s: %v", uri, err)
		}
		served[uri] = map[string]any{"ttlMs": float64(res.TTLMs), "cacheScope": res.CacheScope}
	}
	return served
}

// RPCError checks that err is the JSON-RPC error with code and message,
// and returns it.
func RPCError(t *testing.T, err error, code int64, msg string) *jsonrpc.Error {
	t.Helper()
	var rpc *jsonrpc.Error
	if !errors.As(err, &rpc) {
		t.Fatalf("err = %v, want the JSON-RPC error %d %q", err, code, msg)
	}
	if rpc.Code != code || rpc.Message != msg {
		t.Errorf("error %d %q, want %d %q", rpc.Code, rpc.Message, code, msg)
	}
	return rpc
}

// A Schema is a tool's input schema as a client gets it from tools/list,
// and resolved, to validate arguments with.
type Schema struct {
	Raw      *jsonschema.Schema
	Resolved *jsonschema.Resolved
}

// InputSchemas lists the tools of cs and returns their input schemas,
// by tool name.
func InputSchemas(t *testing.T, cs *mcp.ClientSession) map[string]Schema {
	t.Helper()
	schemas := map[string]Schema{}
	for tool, err := range cs.Tools(context.Background(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		wire, err := json.Marshal(tool.InputSchema)
		if err != nil {
			t.Fatal(err)
		}
		var s jsonschema.Schema
		if err := json.Unmarshal(wire, &s); err != nil {
			t.Fatalf("%s: %v", tool.Name, err)
		}
		r, err := s.Resolve(nil)
		if err != nil {
			t.Fatalf("%s: resolving %s: %v", tool.Name, wire, err)
		}
		schemas[tool.Name] = Schema{&s, r}
	}
	return schemas
}

// A User is the user of a go-sdk client who fills in the forms a server
// asks for: its Elicit is a ClientOptions.ElicitationHandler, which
// answers with the answers given to Answer, in order (cancel when none
// is left), and keeps the forms it was asked for. It is safe for
// concurrent use.
type User struct {
	mu      sync.Mutex
	answers []*mcp.ElicitResult
	asked   []*mcp.ElicitParams
}

// Answer sets the user's next answers, and forgets the forms asked so far.
func (u *User) Answer(answers ...*mcp.ElicitResult) {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.answers, u.asked = answers, nil
}

// Asked returns the forms the user was asked for since Answer.
func (u *User) Asked() []*mcp.ElicitParams {
	u.mu.Lock()
	defer u.mu.Unlock()
	return slices.Clone(u.asked)
}

// Elicit answers one form with the next answer.
func (u *User) Elicit(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.asked = append(u.asked, req.Params)
	if len(u.answers) == 0 {
		return &mcp.ElicitResult{Action: "cancel"}, nil
	}
	a := u.answers[0]
	u.answers = u.answers[1:]
	return a, nil
}

// HTTPSession serves handler over streamable HTTP and returns a client
// session connected to it whose forms u answers, through hc when it is
// not nil, and the request headers of each tool's last tools/call (by
// the Mcp-Name header). It lists the tools once, since a client learns
// the parameter headers it sends from tools/list.
func HTTPSession(t testing.TB, handler http.Handler, u *User, hc *http.Client) (*mcp.ClientSession, func(tool string) http.Header) {
	t.Helper()
	var mu sync.Mutex
	headers := map[string]http.Header{}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Mcp-Method") == "tools/call" {
			mu.Lock()
			headers[r.Header.Get("Mcp-Name")] = r.Header.Clone()
			mu.Unlock()
		}
		handler.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	client := mcp.NewClient(&mcp.Implementation{Name: "mcptest", Version: "v0"}, &mcp.ClientOptions{ElicitationHandler: u.Elicit})
	cs, err := client.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: ts.URL, HTTPClient: hc}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	if _, err := cs.ListTools(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	return cs, func(tool string) http.Header {
		mu.Lock()
		defer mu.Unlock()
		return headers[tool]
	}
}

// ToolNames returns the names of the tools cs lists, sorted.
func ToolNames(t testing.TB, cs *mcp.ClientSession) []string {
	t.Helper()
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
	}
	slices.Sort(names)
	return names
}

// ResourceURIs returns the URIs of the resources cs lists, sorted.
func ResourceURIs(t testing.TB, cs *mcp.ClientSession) []string {
	t.Helper()
	res, err := cs.ListResources(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var uris []string
	for _, r := range res.Resources {
		uris = append(uris, r.URI)
	}
	slices.Sort(uris)
	return uris
}
