package inventory_test

import (
	"context"
	"encoding/json"
	"maps"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/mcptag/mcptag/internal/emit/testdata/endtoend/inventory"
	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// all is every tool of the package, as data.
func all(store *inventory.Store) []toolrt.Tool {
	return append(inventory.Tools(), inventory.StoreTools(store)...)
}

// listed returns the names tools/list serves, in order, from a server
// that registers tools.
func listed(t *testing.T, tools []toolrt.Tool) []string {
	t.Helper()
	return mcptest.ToolNames(t, mcptest.Session(t, func(s *mcp.Server) { toolrt.AddTools(s, tools) }))
}

// TestSelectionsServeTheirTools serves each selection through a go-sdk
// client and checks exactly the expected tools are listed. emit's
// TestEndToEnd runs it.
func TestSelectionsServeTheirTools(t *testing.T) {
	tools := all(&inventory.Store{})
	for name, c := range map[string]struct {
		tools []toolrt.Tool
		want  []string
	}{
		"everything":       {tools, []string{"alerts", "archive", "delete_city", "forecast", "rebuild", "save_city"}},
		"toolset forecast": {toolrt.InToolsets(tools, "forecast"), []string{"alerts", "forecast"}},
		"toolsets both":    {toolrt.InToolsets(tools, "forecast", "cities"), []string{"alerts", "delete_city", "forecast", "save_city"}},
		"read-only":        {toolrt.ReadOnly(tools), []string{"alerts", "forecast"}},
		"flags off":        {toolrt.FlagsOn(tools), []string{"archive", "delete_city", "forecast", "rebuild", "save_city"}},
		"flag alerts on":   {toolrt.FlagsOn(toolrt.ReadOnly(tools), "alerts"), []string{"alerts", "forecast"}},
		"scopes profile":   {toolrt.ScopesHeld(tools, []string{"profile"}), []string{"alerts", "archive", "forecast", "rebuild"}},
		"scopes write":     {toolrt.ScopesHeld(tools, []string{"profile", "cities:write"}), []string{"alerts", "archive", "forecast", "rebuild", "save_city"}},
	} {
		if got := listed(t, c.tools); !slices.Equal(got, c.want) {
			t.Errorf("%s: serves %v, want %v", name, got, c.want)
		}
	}
}

// TestRegisterToolsServesEverything: RegisterTools is Tools, all of them.
func TestRegisterToolsServesEverything(t *testing.T) {
	cs := mcptest.Session(t, func(s *mcp.Server) { inventory.RegisterTools(s, &inventory.Store{}) })
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	fromData := listed(t, all(&inventory.Store{}))
	if len(res.Tools) != len(fromData) {
		t.Errorf("RegisterTools serves %d tools, Tools and StoreTools %d", len(res.Tools), len(fromData))
	}
}

// TestChangedDescriptionIsListed: a server changes a description before
// it registers, and tools/list shows the change; the next call of Tools
// has the generated one, since each returns fresh values.
func TestChangedDescriptionIsListed(t *testing.T) {
	tools := inventory.Tools()
	tools[0].Tool.Description = "Donne la météo de demain."
	cs := mcptest.Session(t, func(s *mcp.Server) { toolrt.AddTools(s, tools) })
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(res.Tools, func(tool *mcp.Tool) bool { return tool.Name == "forecast" })
	if i < 0 || res.Tools[i].Description != "Donne la météo de demain." {
		t.Errorf("tools/list does not show the changed description: %+v", res.Tools)
	}
	if d := inventory.Tools()[0].Tool.Description; d != "Gives tomorrow's forecast for a city." {
		t.Errorf("the next call of Tools has description %q", d)
	}
}

// tokens are the bearer tokens the test's verifier knows, with their
// scopes.
var tokens = map[string][]string{
	"reader": {"profile"},
	"writer": {"profile", "cities:write"},
}

func verify(_ context.Context, token string, _ *http.Request) (*auth.TokenInfo, error) {
	scopes, ok := tokens[token]
	if !ok {
		return nil, auth.ErrInvalidToken
	}
	return &auth.TokenInfo{Scopes: scopes, Expiration: time.Now().Add(time.Hour)}, nil
}

// bearer is an HTTP client that sends token.
func bearer(token string) *http.Client {
	return &http.Client{Transport: roundTripper(func(r *http.Request) (*http.Response, error) {
		r = r.Clone(r.Context())
		r.Header.Set("Authorization", "Bearer "+token)
		return http.DefaultTransport.RoundTrip(r)
	})}
}

type roundTripper func(*http.Request) (*http.Response, error)

func (f roundTripper) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// recorder remembers the status and challenge of the last answer to a
// POST.
type recorder struct {
	mu        sync.Mutex
	status    int
	challenge string
}

func (rec *recorder) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			w = &statusWriter{ResponseWriter: w, rec: rec}
		}
		h.ServeHTTP(w, r)
	})
}

// A statusWriter tells its recorder the status and challenge it answers.
type statusWriter struct {
	http.ResponseWriter
	rec *recorder
}

func (w *statusWriter) WriteHeader(code int) {
	w.rec.mu.Lock()
	w.rec.status, w.rec.challenge = code, w.Header().Get("WWW-Authenticate")
	w.rec.mu.Unlock()
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	w.rec.mu.Lock()
	if w.rec.status == 0 {
		w.rec.status = http.StatusOK
	}
	w.rec.mu.Unlock()
	return w.ResponseWriter.Write(b)
}

func (w *statusWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// serveHTTP returns the streamable HTTP handler of a server of every
// tool, behind auth.RequireBearerToken, with RequireScopes in between
// when stepUp is set.
func serveHTTP(store *inventory.Store, stepUp bool) http.Handler {
	s := mcp.NewServer(&mcp.Implementation{Name: "inventory", Version: "v0"}, nil)
	tools := all(store)
	toolrt.AddTools(s, tools)
	var h http.Handler = mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil)
	if stepUp {
		h = toolrt.RequireScopes(h, tools, &toolrt.StepUpOptions{ResourceMetadataURL: "https://example.com/.well-known/oauth-protected-resource"})
	}
	return auth.RequireBearerToken(verify, nil)(h)
}

func call(t *testing.T, cs *mcp.ClientSession, tool string) (*mcp.CallToolResult, error) {
	t.Helper()
	return cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: map[string]any{"city": "Oslo"}})
}

// TestTokenLackingAScopeIsRefused: over streamable HTTP behind the
// go-sdk's bearer token check, a call whose token lacks a scope of the
// tool is a tool error naming the scope, and the tool does not run; with
// the scopes it runs.
func TestTokenLackingAScopeIsRefused(t *testing.T) {
	store := &inventory.Store{}
	h := serveHTTP(store, false)
	saved := inventory.Saved.Load()
	reader, _ := mcptest.HTTPSession(t, h, &mcptest.User{}, bearer("reader"))
	res, err := call(t, reader, "save_city")
	if err != nil {
		t.Fatal(err)
	}
	if text := strings.Join(mcptest.Texts(res), ""); !res.IsError || !strings.Contains(text, `"cities:write"`) || strings.Contains(text, "profile") {
		t.Errorf("save_city with scope profile alone: isError %t, %q; want a tool error naming cities:write alone", res.IsError, text)
	}
	if res, err := call(t, reader, "delete_city"); err != nil || !res.IsError || !strings.Contains(strings.Join(mcptest.Texts(res), ""), "cities:admin") {
		t.Errorf("delete_city without cities:admin: %v, %v; want a tool error naming it", res, err)
	}
	if n := inventory.Saved.Load() - saved; n != 0 || store.Deleted.Load() != 0 {
		t.Errorf("refused calls ran the tools: save_city %d times, delete_city %d", n, store.Deleted.Load())
	}
	if res, err := call(t, reader, "forecast"); err != nil || res.IsError {
		t.Errorf("forecast, which needs no scope: %v, %v", res, err)
	}
	writer, _ := mcptest.HTTPSession(t, h, &mcptest.User{}, bearer("writer"))
	res, err = call(t, writer, "save_city")
	if err != nil || res.IsError || mcptest.Texts(res)[0] != "saved Oslo" {
		t.Fatalf("save_city with its scopes: %v, %v", res, err)
	}
	if n := inventory.Saved.Load() - saved; n != 1 {
		t.Errorf("save_city with its scopes ran %d times, want 1", n)
	}
}

// TestStepUpAnswers403: with RequireScopes in front, the same refused
// call is an HTTP 403 whose challenge names the tool's scopes, and the
// tool does not run; a call with the scopes goes through.
func TestStepUpAnswers403(t *testing.T) {
	store := &inventory.Store{}
	rec := &recorder{}
	h := rec.wrap(serveHTTP(store, true))
	reader, _ := mcptest.HTTPSession(t, h, &mcptest.User{}, bearer("reader"))
	if res, err := call(t, reader, "delete_city"); err == nil {
		t.Errorf("delete_city without cities:admin answered %v, want the call to fail", res)
	}
	want := `Bearer error="insufficient_scope", scope="cities:admin", resource_metadata="https://example.com/.well-known/oauth-protected-resource"`
	if rec.status != http.StatusForbidden || rec.challenge != want {
		t.Errorf("the refusal: HTTP %d, WWW-Authenticate %q; want 403 and %q", rec.status, rec.challenge, want)
	}
	if n := store.Deleted.Load(); n != 0 {
		t.Errorf("the refused call ran delete_city %d times", n)
	}
	// The go-sdk's client ends its session at the 403; the TypeScript
	// client asks for the scopes and calls again.
	reader, _ = mcptest.HTTPSession(t, h, &mcptest.User{}, bearer("reader"))
	if res, err := call(t, reader, "forecast"); err != nil || res.IsError || rec.status == http.StatusForbidden {
		t.Errorf("forecast, which needs no scope: %v, %v, HTTP %d", res, err, rec.status)
	}
	writer, _ := mcptest.HTTPSession(t, h, &mcptest.User{}, bearer("writer"))
	if res, err := call(t, writer, "save_city"); err != nil || res.IsError {
		t.Errorf("save_city with its scopes: %v, %v", res, err)
	}
}

// TestNoAuthRefusesScopedTools: a call without a token (in memory, as
// over stdio) of a tool with scopes is refused before the tool runs; a
// server that serves such tools without authorization clears their
// Scopes before it registers them, and they run.
func TestNoAuthRefusesScopedTools(t *testing.T) {
	store := &inventory.Store{}
	cs := mcptest.Session(t, func(s *mcp.Server) { inventory.RegisterTools(s, store) })
	for _, tool := range []string{"save_city", "delete_city"} {
		res, err := call(t, cs, tool)
		if err != nil || !res.IsError || !strings.Contains(strings.Join(mcptest.Texts(res), ""), "carries no bearer token") {
			t.Errorf("%s without auth: %v, %v; want a tool error saying the call carries no token", tool, res, err)
		}
	}
	if store.Deleted.Load() != 0 {
		t.Errorf("delete_city ran %d times without a token", store.Deleted.Load())
	}
	tools := toolrt.Unscoped(all(store))
	cs = mcptest.Session(t, func(s *mcp.Server) { toolrt.AddTools(s, tools) })
	for _, tool := range []string{"save_city", "delete_city"} {
		if res, err := call(t, cs, tool); err != nil || res.IsError {
			t.Errorf("%s cleared of its scopes, without auth: %v, %v", tool, res, err)
		}
	}
	if store.Deleted.Load() != 1 {
		t.Errorf("delete_city ran %d times, want 1", store.Deleted.Load())
	}
}

// TestSnapshotInventoryIsTheData: the snapshot's "inventory" records the
// toolset, scopes, flag and task support that the Tools functions return,
// for every tool that has any.
func TestSnapshotInventoryIsTheData(t *testing.T) {
	data, err := os.ReadFile("mcp_tools.json")
	if err != nil {
		t.Fatal(err)
	}
	var snapshot struct {
		Inventory map[string]placement `json:"inventory"`
	}
	if err := json.Unmarshal(data, &snapshot); err != nil {
		t.Fatal(err)
	}
	fromData := map[string]placement{}
	for _, tool := range all(&inventory.Store{}) {
		if tool.Toolset != "" || len(tool.Scopes) > 0 || tool.Flag != "" || tool.Task != "" {
			fromData[tool.Tool.Name] = placement{tool.Toolset, tool.Scopes, tool.Flag, tool.Task}
		}
	}
	if diff := cmp.Diff(fromData, snapshot.Inventory); diff != "" {
		t.Errorf("the snapshot's inventory differs from the Tools functions' (-data +snapshot):\n%s", diff)
	}
}

type placement struct {
	Toolset string             `json:"toolset"`
	Scopes  []string           `json:"scopes"`
	Flag    string             `json:"flag"`
	Task    toolrt.TaskSupport `json:"task"`
}

// TestStartsTask: the tool whose function calls toolrt.StartTask says so,
// and becomes a task there; the others become one at their start.
func TestStartsTask(t *testing.T) {
	starts := map[string]bool{}
	for _, tool := range all(&inventory.Store{}) {
		if tool.Task != "" {
			starts[tool.Tool.Name] = tool.StartsTask
		}
	}
	if want := map[string]bool{"archive": false, "rebuild": true}; !maps.Equal(starts, want) {
		t.Errorf("StartsTask of the task tools = %v, want %v", starts, want)
	}
}
