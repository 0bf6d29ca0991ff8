package toolrt_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// readBodyCases are tools/calls of the tool save, in the forms the go-sdk
// reads as the call of save with the arguments {"user":"bob"}, whatever
// else a reader that folds case or cuts long bodies would see in them.
var readBodyCases = []struct{ name, body string }{
	{"plain", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"save","arguments":{"user":"bob"}}}`},
	{"Name after name", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"save","Name":"read","arguments":{"user":"bob"}}}`},
	{"NAME after name", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"save","NAME":"read","arguments":{"user":"bob"}}}`},
	{"argumentſ after arguments", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"save","arguments":{"user":"bob"},"argumentſ":{"user":"alice"}}}`},
	{"a batch", `[{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"save","arguments":{"user":"bob"}}}]`},
	{"a batch, second", `[{"jsonrpc":"2.0","method":"notifications/initialized"},{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"save","arguments":{"user":"bob"}}}]`},
	{"padded past 4 MiB", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"save","arguments":{"user":"bob"}}}` + strings.Repeat(" ", mcp.DefaultMaxRequestBodyBytes)},
}

// TestRequireScopesReadsAsTheSDK: every form of a call of save that the
// go-sdk reads as one is answered 403 for a token without save's scope,
// as the plain call is, before the next handler sees it.
func TestRequireScopesReadsAsTheSDK(t *testing.T) {
	tools := []toolrt.Tool{{Tool: &mcp.Tool{Name: "save"}, Scopes: []string{"w"}}, {Tool: &mcp.Tool{Name: "read"}}}
	ran := false
	h := toolrt.RequireScopes(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { ran = true }), tools, nil)
	for _, c := range readBodyCases {
		ran = false
		req := httptest.NewRequest("POST", "/", strings.NewReader(c.body))
		req = req.WithContext(withToken(req.Context(), []string{"r"}))
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusForbidden || ran {
			t.Errorf("%s: HTTP %d, the next handler ran: %t; want 403", c.name, rec.Code, ran)
		}
	}
}

// TestCheckHeadersReadsAsTheSDK: every form of a call of save that the
// go-sdk reads as one with the argument user "bob" is answered 400 for
// the header Mcp-Param-User: alice, as the plain call is.
func TestCheckHeadersReadsAsTheSDK(t *testing.T) {
	schema := map[string]any{"type": "object", "properties": map[string]any{"user": map[string]any{"type": "string", "x-mcp-header": "User"}}}
	tools := []toolrt.Tool{{Tool: &mcp.Tool{Name: "save", InputSchema: schema}}, {Tool: &mcp.Tool{Name: "read", InputSchema: schema}}}
	ran := false
	h := toolrt.CheckHeaders(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { ran = true }), tools)
	for _, c := range readBodyCases {
		ran = false
		req := httptest.NewRequest("POST", "/", strings.NewReader(strings.ReplaceAll(c.body, `"read"`, `"other"`)))
		req.Header.Set("Mcp-Param-User", "alice")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusBadRequest || ran {
			t.Errorf("%s: HTTP %d, the next handler ran: %t; want 400", c.name, rec.Code, ran)
		}
	}
}

// TestWrappersRefuseWhatTheyCannotRead: a body longer than the wrappers
// read, or that is no JSON-RPC, is refused, never handed on unread.
func TestWrappersRefuseWhatTheyCannotRead(t *testing.T) {
	tools := []toolrt.Tool{{Tool: &mcp.Tool{Name: "save", InputSchema: map[string]any{"type": "object", "properties": map[string]any{"user": map[string]any{"type": "string", "x-mcp-header": "User"}}}}, Scopes: []string{"w"}}}
	next := http.HandlerFunc(func(http.ResponseWriter, *http.Request) { t.Error("the next handler ran") })
	call := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"save","arguments":{"user":"alice"}}}`
	for _, c := range []struct {
		name, body string
		status     int
	}{
		{"too long", call + strings.Repeat(" ", toolrt.DefaultLimits().ArgumentBytes+64<<10), http.StatusRequestEntityTooLarge},
		{"not JSON", "not json", http.StatusBadRequest},
		{"an empty batch", "[]", http.StatusBadRequest},
		{"a name that is no string", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":5}}`, http.StatusBadRequest},
	} {
		checkWrappers(t, tools, next, c.name, c.body, c.status)
	}
}

// TestWrappersReadTheToolsLimits: the wrappers read a body up to the
// largest ArgumentBytes that WithLimits gave the tools, and no further.
func TestWrappersReadTheToolsLimits(t *testing.T) {
	tools := toolrt.WithLimits([]toolrt.Tool{{Tool: &mcp.Tool{Name: "save", InputSchema: map[string]any{"type": "object", "properties": map[string]any{"user": map[string]any{"type": "string", "x-mcp-header": "User"}}}}, Scopes: []string{"w"}}},
		toolrt.Limits{ArgumentBytes: 8 << 20})
	call := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"save","arguments":{"user":"alice"}}}`
	for _, c := range []struct {
		name   string
		pad    int
		status int
	}{
		{"6 MiB", 6 << 20, http.StatusOK},
		{"past 8 MiB and the envelope", 8<<20 + 64<<10, http.StatusRequestEntityTooLarge},
	} {
		next := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })
		checkWrappers(t, tools, next, c.name, call+strings.Repeat(" ", c.pad), c.status)
	}
}

// checkWrappers posts body, with a token of scope w and the header
// Mcp-Param-User: alice, through RequireScopes and CheckHeaders of tools
// around next, and checks each answers status.
func checkWrappers(t *testing.T, tools []toolrt.Tool, next http.Handler, name, body string, status int) {
	t.Helper()
	for wrapper, h := range map[string]http.Handler{"RequireScopes": toolrt.RequireScopes(next, tools, nil), "CheckHeaders": toolrt.CheckHeaders(next, tools)} {
		req := httptest.NewRequest("POST", "/", strings.NewReader(body))
		req = req.WithContext(withToken(req.Context(), []string{"w"}))
		req.Header.Set("Mcp-Param-User", "alice")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != status {
			t.Errorf("%s, %s: HTTP %d, want %d", wrapper, name, rec.Code, status)
		}
	}
}
