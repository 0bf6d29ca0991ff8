package toolrt_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestRequireScopesPassesTheRest: RequireScopes answers 403 only to a
// tools/call of a tool with scopes the token lacks; every other request
// reaches the next handler with its body as it was sent.
func TestRequireScopesPassesTheRest(t *testing.T) {
	tools := []toolrt.Tool{{Tool: &mcp.Tool{Name: "save"}, Scopes: []string{"w"}}, {Tool: &mcp.Tool{Name: "read"}}}
	var got string
	h := toolrt.RequireScopes(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		got = string(body)
	}), tools, nil)
	call := func(name string) string {
		return `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"` + name + `"}}`
	}
	for _, c := range []struct {
		name   string
		scopes []string // nil: no token
		body   string
		status int
	}{
		{"lacking", []string{"r"}, call("save"), http.StatusForbidden},
		{"held", []string{"r", "w"}, call("save"), http.StatusOK},
		{"no scopes needed", []string{}, call("read"), http.StatusOK},
		{"no token", nil, call("save"), http.StatusOK},
		{"another method", []string{}, `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, http.StatusOK},
		{"not JSON", []string{}, `not json`, http.StatusBadRequest},
		{"a batch", []string{}, "[" + call("save") + "]", http.StatusForbidden},
		{"a batch without calls", []string{}, `[{"jsonrpc":"2.0","id":1,"method":"tools/list"}]`, http.StatusOK},
	} {
		got = ""
		req := httptest.NewRequest("POST", "/", strings.NewReader(c.body))
		if c.scopes != nil {
			req = req.WithContext(withToken(req.Context(), c.scopes))
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != c.status {
			t.Errorf("%s: HTTP %d, want %d", c.name, rec.Code, c.status)
		}
		if c.status == http.StatusOK && got != c.body {
			t.Errorf("%s: the next handler read %q, want %q", c.name, got, c.body)
		}
		if c.status == http.StatusForbidden && rec.Header().Get("WWW-Authenticate") != `Bearer error="insufficient_scope", scope="w"` {
			t.Errorf("%s: challenge %q", c.name, rec.Header().Get("WWW-Authenticate"))
		}
	}
}

// withToken returns ctx holding a token with scopes, as
// auth.RequireBearerToken leaves it.
func withToken(ctx context.Context, scopes []string) context.Context {
	var out context.Context
	verify := func(context.Context, string, *http.Request) (*auth.TokenInfo, error) {
		return &auth.TokenInfo{Scopes: scopes, Expiration: farFuture}, nil
	}
	req := httptest.NewRequest("GET", "/", nil).WithContext(ctx)
	req.Header.Set("Authorization", "Bearer t")
	auth.RequireBearerToken(verify, nil)(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) { out = r.Context() })).ServeHTTP(httptest.NewRecorder(), req)
	return out
}

var farFuture = time.Now().Add(time.Hour)
