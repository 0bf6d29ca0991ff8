package main

import (
	"context"
	"encoding/base64"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The protocol's declarative features, end to end over streamable HTTP
// with the go-sdk's client: parameter headers, icons, cached resource
// reads and a form.

// httpClient serves the example over streamable HTTP, in process, and
// connects a go-sdk client to it. A stateless server speaks 2026-07-28,
// the newest protocol; the go-sdk serves it only without sessions. A
// server with sessions speaks 2025-11-25. The request headers of the
// last tools/call of each tool are kept.
type httpClient struct {
	cs       *mcp.ClientSession
	user     mcptest.User                  // who answers the forms
	headers  func(tool string) http.Header // of each tool's last tools/call
	statuses *paramStatuses                // through a rewrite, if any
}

func connectHTTP(t *testing.T, stateless bool, rewrite func(http.Header)) *httpClient {
	t.Helper()
	c := &httpClient{}
	handler := newHTTPHandler(newServer(), time.Minute)
	if stateless {
		handler = newStatelessHTTPHandler(newServer())
	}
	var hc *http.Client
	if rewrite != nil {
		c.statuses = &paramStatuses{}
		hc = &http.Client{Transport: &rewriter{rewrite: rewrite, statuses: c.statuses}}
	}
	c.cs, c.headers = mcptest.HTTPSession(t, handler, &c.user, hc)
	return c
}

// rewriter changes the headers of every request before it is sent, and
// keeps the status of each response to a request with an Mcp-Param-User
// header in statuses.
type rewriter struct {
	rewrite  func(http.Header)
	statuses *paramStatuses
}

// paramStatuses are the HTTP statuses of the responses to the requests
// that carried an Mcp-Param-User header, through one client's rewriter.
type paramStatuses struct {
	sync.Mutex
	codes []int
}

// get returns the statuses so far.
func (s *paramStatuses) get() []int {
	s.Lock()
	defer s.Unlock()
	return slices.Clone(s.codes)
}

func (rw *rewriter) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	rw.rewrite(r.Header)
	res, err := http.DefaultTransport.RoundTrip(r)
	if err == nil && r.Header.Get("Mcp-Param-User") != "" {
		rw.statuses.Lock()
		rw.statuses.codes = append(rw.statuses.codes, res.StatusCode)
		rw.statuses.Unlock()
	}
	return res, err
}

func (c *httpClient) call(t *testing.T, tool string, args map[string]any) *mcp.CallToolResult {
	t.Helper()
	res, err := c.cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	return res
}

func (c *httpClient) header(tool, name string) string {
	return c.headers(tool).Get(name)
}

func text(res *mcp.CallToolResult) string {
	var parts []string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			parts = append(parts, tc.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// TestHTTPProtocolVersion: the go-sdk's client and the stateless
// server speak 2026-07-28, the version of the features below; the
// server with sessions speaks 2025-11-25.
func TestHTTPProtocolVersion(t *testing.T) {
	for stateless, want := range map[bool]string{true: "2026-07-28", false: "2025-11-25"} {
		c := connectHTTP(t, stateless, nil)
		if v := c.cs.InitializeResult().ProtocolVersion; v != want {
			t.Errorf("stateless=%v: protocol version %s, want %s", stateless, v, want)
		}
	}
}

// TestParameterHeaders: the client sends each argument that has a
// header= in its Mcp-Param- header, for both forms of header= (a doc
// list item's, save_city's, and a struct tag's, forget_city's), and the
// server, which checks the header against the body, runs the call.
func TestParameterHeaders(t *testing.T) {
	c := connectHTTP(t, true, nil)
	res := c.call(t, "save_city", map[string]any{"user": "hana", "city": "Cairo"})
	if res.IsError || text(res) != "Cairo" {
		t.Fatalf("save_city: %s", text(res))
	}
	if got := c.header("save_city", "Mcp-Param-User"); got != "hana" {
		t.Errorf("save_city: Mcp-Param-User = %q, want hana", got)
	}
	c.user.Answer(&mcp.ElicitResult{Action: "decline"})
	if res := c.call(t, "forget_city", map[string]any{"user": "hana", "city": "Cairo"}); res.IsError {
		t.Fatalf("forget_city: %s", text(res))
	}
	if got := c.header("forget_city", "Mcp-Param-User"); got != "hana" {
		t.Errorf("forget_city: Mcp-Param-User = %q, want hana", got)
	}
	if got := c.header("get_weather", "Mcp-Param-User"); got != "" {
		t.Errorf("get_weather sent Mcp-Param-User %q, but has no header", got)
	}
}

// TestParameterHeaderMismatch: a request whose header says otherwise
// than its body is refused by the server, before the tool runs, with
// HTTP 400 as the protocol asks: the go-sdk's own check refuses this one;
// toolrt.CheckHeaders, which the example's handlers wrap, the forms it
// leaves to the tool (toolrt/internal/wire's TestHeadersRefused).
func TestParameterHeaderMismatch(t *testing.T) {
	var lie atomic.Bool
	lie.Store(true)
	c := connectHTTP(t, true, func(h http.Header) {
		if lie.Load() && h.Get("Mcp-Param-User") != "" {
			h.Set("Mcp-Param-User", "mallory")
		}
	})
	_, err := c.cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "save_city", Arguments: map[string]any{"user": "ines", "city": "Cairo"}})
	if err == nil || !strings.Contains(err.Error(), "Mcp-Param-User") {
		t.Fatalf("a call whose header does not match its body: %v, want the server's refusal", err)
	}
	if codes := c.statuses.get(); len(codes) != 1 || codes[0] != http.StatusBadRequest {
		t.Errorf("HTTP statuses of the calls with Mcp-Param-User: %v, want one 400", codes)
	}
	// Had the refused call run, ines's list would hold Cairo before London.
	lie.Store(false)
	if res := c.call(t, "save_city", map[string]any{"user": "ines", "city": "London"}); res.IsError || text(res) != "London" {
		t.Errorf("the refused call ran: ines saved %s", text(res))
	}
}

// TestIcons: tools/list shows the icon of get_weather, the package's
// sun.png embedded as a data: URI with its type and size.
func TestIcons(t *testing.T) {
	c := connectHTTP(t, true, nil)
	tools := listTools(t, c.cs)
	png, err := os.ReadFile("sun.png")
	if err != nil {
		t.Fatal(err)
	}
	want := []mcp.Icon{{Source: "data:image/png;base64," + base64.StdEncoding.EncodeToString(png), MIMEType: "image/png", Sizes: []string{"16x16"}}}
	if diff := cmp.Diff(want, tools["get_weather"].Icons); diff != "" {
		t.Errorf("get_weather's icons (-want +got):\n%s", diff)
	}
	for name, tool := range tools {
		if name != "get_weather" && tool.Icons != nil {
			t.Errorf("%s has icons %v, declares none", name, tool.Icons)
		}
	}
}

// TestCachedResource: a read of weather://cities carries its ttl=1h as
// ttlMs, public by default; a resource that declares none leaves it 0.
func TestCachedResource(t *testing.T) {
	c := connectHTTP(t, true, nil)
	for uri, want := range map[string]mcp.Cacheable{
		"weather://cities":         {TTLMs: 3600000, CacheScope: "public"},
		"weather://London/current": {TTLMs: 0, CacheScope: "public"},
	} {
		res, err := c.cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: uri})
		if err != nil {
			t.Fatal(err)
		}
		if res.Cacheable != want {
			t.Errorf("%s: %+v, want %+v", uri, res.Cacheable, want)
		}
	}
}

// TestElicitation asks forget_city's form through the client's
// elicitation handler, on 2026-07-28 (the tool returns the form as an
// input request, and runs again with the answer) and on 2025-11-25 (the
// server asks while the call waits): accepted, declined, and answered
// with what the form's schema forbids, which is an error, never a value.
func TestElicitation(t *testing.T) {
	for version, stateless := range map[string]bool{"2026-07-28": true, "2025-11-25": false} {
		t.Run(version, func(t *testing.T) {
			c := connectHTTP(t, stateless, nil)
			if v := c.cs.InitializeResult().ProtocolVersion; v != version {
				t.Fatalf("protocol version %s, want %s", v, version)
			}
			user := "elicit-" + version
			for _, city := range []string{"Cairo", "London"} {
				c.call(t, "save_city", map[string]any{"user": user, "city": city})
			}
			forget := map[string]any{"user": user, "city": "Cairo"}
			var schema any // the requested schema, as the client got it
			for _, tc := range []struct {
				name   string
				answer *mcp.ElicitResult
				want   string // the result's text
				error  bool
			}{
				{"decline", &mcp.ElicitResult{Action: "decline"}, `{"cities":["Cairo","London"],"forgotten":false}`, false},
				{"cancel", &mcp.ElicitResult{Action: "cancel"}, `{"cities":["Cairo","London"],"forgotten":false}`, false},
				{"invalid", &mcp.ElicitResult{Action: "accept", Content: map[string]any{"forget": true, "notify_email": "not an address"}},
					`Confirmation form: argument "notify_email": want an e-mail address, got "not an address"`, true},
				{"accept", &mcp.ElicitResult{Action: "accept", Content: map[string]any{"forget": true, "notify_email": "hana@example.com"}},
					`{"cities":["London"],"forgotten":true,"notify_email":"hana@example.com"}`, false},
			} {
				c.user.Answer(tc.answer)
				res := c.call(t, "forget_city", forget)
				if res.IsError != tc.error || text(res) != tc.want {
					t.Errorf("%s: isError=%v %s\nwant isError=%v %s", tc.name, res.IsError, text(res), tc.error, tc.want)
				}
				asked := c.user.Asked()
				if len(asked) != 1 {
					t.Fatalf("%s: the form was asked %d times, want once", tc.name, len(asked))
				}
				if msg := asked[0].Message; msg != "Forget Cairo from the cities "+user+" saved?" {
					t.Errorf("%s: message %q", tc.name, msg)
				}
				schema = asked[0].RequestedSchema
			}
			wantSchema := `{"type":"object","properties":{"forget":{"type":"boolean","description":"Forget the city."},"notify_email":{"type":"string","description":"An address to tell once it is done, if any.","format":"email"}},"required":["forget"]}`
			if diff := cmp.Diff(decode(t, []byte(wantSchema)), decode(t, mustJSON(t, schema))); diff != "" {
				t.Errorf("requested schema (-want +got):\n%s", diff)
			}
		})
	}
}

// TestElicitationStatelessLegacy: a server without sessions cannot send
// a client on 2025-11-25 a request, so forget_city cannot ask it for the
// form: the call is answered at once with the protocol's error for a
// missing client capability, which says that the protocol has no session
// to ask on, and nothing is asked.
func TestElicitationStatelessLegacy(t *testing.T) {
	ts := httptest.NewServer(newStatelessHTTPHandler(newServer()))
	t.Cleanup(ts.Close)
	c := &httpClient{}
	c.user.Answer(&mcp.ElicitResult{Action: "accept", Content: map[string]any{"forget": true}})
	client := mcp.NewClient(&mcp.Implementation{Name: "e2e", Version: "v0"}, &mcp.ClientOptions{ElicitationHandler: c.user.Elicit})
	cs, err := client.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: ts.URL}, &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	_, err = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "forget_city", Arguments: map[string]any{"user": "stateless", "city": "Cairo"}})
	mcptest.RPCError(t, err, mcp.CodeMissingRequiredClientCapabilities, "Confirmation: protocol 2025-11-25 asks for a form on the client's session, and this server serves without sessions, so the form cannot be asked")
	if asked := c.user.Asked(); len(asked) != 0 {
		t.Errorf("the client was asked %d forms", len(asked))
	}
}

// TestServersKeepTheirOwnCities: the saved cities belong to the server
// that saved them: a second server, in the same process, starts with
// none, so that neither tests nor servers see each other's.
func TestServersKeepTheirOwnCities(t *testing.T) {
	first, second := connectHTTP(t, true, nil), connectHTTP(t, true, nil)
	if res := first.call(t, "save_city", map[string]any{"user": "omar", "city": "London"}); res.IsError || text(res) != "London" {
		t.Fatalf("save_city on the first server: %s", text(res))
	}
	if res := second.call(t, "save_city", map[string]any{"user": "omar", "city": "Cairo"}); res.IsError || text(res) != "Cairo" {
		t.Errorf("save_city on the second server: %s, want only Cairo", text(res))
	}
}
