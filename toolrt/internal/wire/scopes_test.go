package wire

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// bearer is a client's http.RoundTripper that sends a bearer token.
type bearer string

func (b bearer) RoundTrip(req *http.Request) (*http.Response, error) {
	out := req.Clone(req.Context())
	out.Header.Set("Authorization", "Bearer "+string(b))
	return http.DefaultTransport.RoundTrip(out)
}

// connect connects a go-sdk client that sends token to the server
// behind h, over the transport that transport makes.
func connect(t *testing.T, h http.Handler, transport func(url string, hc *http.Client) mcp.Transport, token string) *mcp.ClientSession {
	t.Helper()
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "v0"}, nil).Connect(context.Background(), transport(ts.URL, &http.Client{Transport: bearer(token)}), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// TestScopedToolNeedsAToken: behind auth.RequireBearerToken, the go-sdk's
// SSE transport hands a call no token information, whatever token the
// client sent, nor does an in-memory connection: save_note, which needs
// notes:write, is refused before it runs, with a tool error that says
// the call carries no token, even for a token that holds the scope.
func TestScopedToolNeedsAToken(t *testing.T) {
	is := &issuer{tokens: map[string][]string{}}
	sse := auth.RequireBearerToken(is.verify, nil)(mcp.NewSSEHandler(func(*http.Request) *mcp.Server { return newServer() }, nil))
	overSSE := func(url string, hc *http.Client) mcp.Transport {
		return &mcp.SSEClientTransport{Endpoint: url, HTTPClient: hc}
	}
	for name, cs := range map[string]*mcp.ClientSession{
		"SSE, no scopes": connect(t, sse, overSSE, is.grant(nil)),
		"SSE, the scope": connect(t, sse, overSSE, is.grant([]string{"notes:write"})),
		"in memory":      memSession(t, nil),
	} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "save_note", Arguments: map[string]any{"text": name}})
		if err != nil || !res.IsError {
			t.Errorf("%s: save_note: %v %+v, want a tool error", name, err, res)
			continue
		}
		if text := strings.Join(mcptest.Texts(res), ""); !strings.Contains(text, `insufficient_scope: tool save_note requires the OAuth scopes "notes:write", and the call carries no bearer token`) {
			t.Errorf("%s: save_note refused with %q", name, text)
		}
	}
	if got := takeNotes(); len(got) > 0 {
		t.Errorf("save_note ran without a token: %q", got)
	}
}

// TestScopesAsRegistered: a server that changes the Scopes of its tools
// before registering them with toolrt.AddTools is obeyed. save_note
// cleared of its scopes runs for a token without notes:write, and in
// memory without a token; count_notes given a scope more is refused to a
// token without it; the tools each token may call are those ScopesHeld
// gives it.
func TestScopesAsRegistered(t *testing.T) {
	tools := Tools()
	for i := range tools {
		switch tools[i].Tool.Name {
		case "save_note":
			tools[i].Scopes = nil
		case "count_notes":
			tools[i].Scopes = append(tools[i].Scopes, "notes:count")
		}
	}
	newServer := func() *mcp.Server {
		s := mcp.NewServer(&mcp.Implementation{Name: "notes", Version: "v0"}, nil)
		toolrt.AddTools(s, tools)
		return s
	}
	is := &issuer{tokens: map[string][]string{}}
	h := auth.RequireBearerToken(is.verify, nil)(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return newServer() }, nil))
	overHTTP := func(url string, hc *http.Client) mcp.Transport {
		return &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: hc, DisableStandaloneSSE: true}
	}
	for _, held := range [][]string{{"notes:read"}, {"notes:read", "notes:count"}} {
		cs := connect(t, h, overHTTP, is.grant(held))
		var ran []string
		for tool, args := range map[string]map[string]any{"save_note": {"text": "t"}, "count_notes": nil} {
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
			if err != nil {
				t.Fatalf("%q: %s: %v", held, tool, err)
			}
			if !res.IsError {
				ran = append(ran, tool)
			}
		}
		var may []string
		for _, tool := range toolrt.ScopesHeld(tools, held) {
			if tool.Tool.Name == "count_notes" || tool.Tool.Name == "save_note" {
				may = append(may, tool.Tool.Name)
			}
		}
		slices.Sort(ran)
		slices.Sort(may)
		if !slices.Equal(ran, may) {
			t.Errorf("a token holding %q ran %q; ScopesHeld gives %q", held, ran, may)
		}
	}
	takeNotes()
	cs := mcptest.Connect(t, newServer(), nil)
	if res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "save_note", Arguments: map[string]any{"text": "local"}}); err != nil || res.IsError {
		t.Errorf("save_note cleared of its scopes, in memory: %v %+v", err, res)
	}
	if got := takeNotes(); !slices.Equal(got, []string{"local"}) {
		t.Errorf("saved %q, want local", got)
	}
}
