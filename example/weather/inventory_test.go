package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestReadOnlyServesTheReadingTools: with -read-only, tools/list holds
// exactly the tools annotated readOnlyHint, and the prompt, the resources
// (get_forecast's page among them) and the template stay.
func TestReadOnlyServesTheReadingTools(t *testing.T) {
	ctx := context.Background()
	cs := mcptest.Connect(t, newServerOf(true, false), nil)
	got := mcptest.ToolNames(t, cs)
	want := []string{"get_forecast", "get_temperature", "get_temperatures", "get_weather", "last_updated", "summarize_climate"}
	if !slices.Equal(got, want) {
		t.Errorf("-read-only serves %v, want %v", got, want)
	}
	if prompts, err := cs.ListPrompts(ctx, nil); err != nil || len(prompts.Prompts) != 1 {
		t.Errorf("-read-only lost the prompt: %v, %v", prompts, err)
	}
	uris := mcptest.ResourceURIs(t, cs)
	if want := []string{"ui://weather/get_forecast", "weather://cities"}; !slices.Equal(uris, want) {
		t.Errorf("-read-only serves the resources %v, want %v", uris, want)
	}
	templates, err := cs.ListResourceTemplates(ctx, nil)
	if err != nil || len(templates.ResourceTemplates) != 1 || templates.ResourceTemplates[0].URITemplate != "weather://{city}/current" {
		t.Errorf("-read-only serves the templates %v (%v), want weather://{city}/current", templates, err)
	}
}

// TestTokensStepUp: over HTTP with -tokens, forget_city with a token
// without cities:write is answered 403 with the challenge naming it, and
// forgets nothing; a token without the scope still calls the other tools.
func TestTokensStepUp(t *testing.T) {
	h := requireTokens(newHTTPHandler(newServerOf(false, true), 0), map[string][]string{"r": nil, "w": {"cities:write"}})
	ts := httptest.NewServer(h)
	defer ts.Close()
	post := func(token, body string) *http.Response {
		req, _ := http.NewRequest("POST", ts.URL, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res
	}
	forget := `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"forget_city","arguments":{"user":"ann","city":"London"}}}`
	res := post("r", forget)
	want := `Bearer error="insufficient_scope", scope="cities:write"`
	if res.StatusCode != http.StatusForbidden || res.Header.Get("WWW-Authenticate") != want {
		t.Errorf("forget_city without cities:write: HTTP %d, %q; want 403 and %q", res.StatusCode, res.Header.Get("WWW-Authenticate"), want)
	}
	if res := post("nobody", forget); res.StatusCode != http.StatusUnauthorized {
		t.Errorf("an unknown token: HTTP %d, want 401", res.StatusCode)
	}
	cs, _ := mcptest.HTTPSession(t, h, &mcptest.User{}, &http.Client{Transport: bearerTransport("r")})
	if out, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "get_temperature", Arguments: map[string]any{"city": "London"}}); err != nil || out.IsError {
		t.Errorf("get_temperature, which needs no scope: %v, %v", out, err)
	}
}

// bearerTransport sends token with every request.
type bearerTransport string

func (b bearerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+string(b))
	return http.DefaultTransport.RoundTrip(r)
}
