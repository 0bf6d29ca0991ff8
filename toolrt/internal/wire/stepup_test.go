package wire

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// issuer stands for an OAuth authorization server: it grants tokens for
// the scopes asked, and the resource server verifies them against it.
type issuer struct {
	mu     sync.Mutex
	tokens map[string][]string // token → its scopes
}

// grant returns a new token holding scopes.
func (is *issuer) grant(scopes []string) string {
	is.mu.Lock()
	defer is.mu.Unlock()
	token := fmt.Sprintf("token-%d", len(is.tokens)+1)
	is.tokens[token] = slices.Clone(scopes)
	return token
}

// verify is the resource server's auth.TokenVerifier.
func (is *issuer) verify(_ context.Context, token string, _ *http.Request) (*auth.TokenInfo, error) {
	is.mu.Lock()
	defer is.mu.Unlock()
	scopes, ok := is.tokens[token]
	if !ok {
		return nil, auth.ErrInvalidToken
	}
	return &auth.TokenInfo{Scopes: scopes, Expiration: time.Now().Add(time.Hour)}, nil
}

// stepUp is a client's http.RoundTripper that sends its bearer token and
// steps up after a 403 insufficient_scope challenge, as an MCP client
// does: it asks the issuer for a token with the scopes it holds and those
// the challenge names, and sends the request again, once.
type stepUp struct {
	issuer     *issuer
	mu         sync.Mutex
	token      string
	scopes     []string
	challenges []string // the 403 challenges, in order
	asked      []string // their scope parameters
}

func (s *stepUp) RoundTrip(req *http.Request) (*http.Response, error) {
	var body []byte
	if req.Body != nil {
		var err error
		if body, err = io.ReadAll(req.Body); err != nil {
			return nil, err
		}
		req.Body.Close()
	}
	resp, err := s.send(req, body)
	if err != nil || resp.StatusCode != http.StatusForbidden {
		return resp, err
	}
	challenge := resp.Header.Get("WWW-Authenticate")
	params := challengeParams(challenge)
	if params["error"] != "insufficient_scope" || params["scope"] == "" {
		return resp, nil
	}
	resp.Body.Close()
	s.mu.Lock()
	s.challenges = append(s.challenges, challenge)
	s.asked = append(s.asked, params["scope"])
	for _, sc := range strings.Fields(params["scope"]) {
		if !slices.Contains(s.scopes, sc) {
			s.scopes = append(s.scopes, sc)
		}
	}
	s.token = s.issuer.grant(s.scopes)
	s.mu.Unlock()
	return s.send(req, body)
}

// send sends a copy of req with body and the current token.
func (s *stepUp) send(req *http.Request, body []byte) (*http.Response, error) {
	s.mu.Lock()
	token := s.token
	s.mu.Unlock()
	out := req.Clone(req.Context())
	out.Body = io.NopCloser(bytes.NewReader(body))
	out.Header.Set("Authorization", "Bearer "+token)
	return http.DefaultTransport.RoundTrip(out)
}

// authParam is one auth-param of a challenge: a name and a quoted value.
var authParam = regexp.MustCompile(`([A-Za-z_]+)="((?:[^"\\]|\\.)*)"`)

// challengeParams returns the parameters of a Bearer challenge.
func challengeParams(challenge string) map[string]string {
	rest, ok := strings.CutPrefix(challenge, "Bearer ")
	if !ok {
		return nil
	}
	params := map[string]string{}
	for _, m := range authParam.FindAllStringSubmatch(rest, -1) {
		params[m[1]] = m[2]
	}
	return params
}

// TestStepUpAfter403: over streamable HTTP behind
// auth.RequireBearerToken and toolrt.RequireScopes, a go-sdk client whose
// token holds notes:read calls count_notes, then save_note, which needs
// notes:write. The call is answered 403 with the step-up challenge,
// before the tool runs; the client obtains a token with the scopes the
// challenge names, sends the call again, and it succeeds. A second save
// needs no step-up.
func TestStepUpAfter403(t *testing.T) {
	const metadata = "https://notes.example/.well-known/oauth-protected-resource"
	is := &issuer{tokens: map[string][]string{}}
	tools := Tools()
	server := mcp.NewServer(&mcp.Implementation{Name: "notes", Version: "v0"}, nil)
	toolrt.AddTools(server, tools)
	var h http.Handler = mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, nil)
	h = toolrt.RequireScopes(h, tools, &toolrt.StepUpOptions{ResourceMetadataURL: metadata})
	h = auth.RequireBearerToken(is.verify, &auth.RequireBearerTokenOptions{ResourceMetadataURL: metadata})(h)
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)

	client := &stepUp{issuer: is, scopes: []string{"notes:read"}}
	client.token = is.grant(client.scopes)
	transport := &mcp.StreamableClientTransport{Endpoint: ts.URL, HTTPClient: &http.Client{Transport: client}, DisableStandaloneSSE: true}
	ctx := context.Background()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "v0"}, nil).Connect(ctx, transport, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })

	if res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "count_notes"}); err != nil || res.IsError {
		t.Fatalf("count_notes with notes:read: %v %+v", err, res)
	}
	if len(client.asked) > 0 {
		t.Fatalf("count_notes stepped up for %q", client.asked)
	}
	for _, text := range []string{"first", "second"} {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "save_note", Arguments: map[string]any{"text": text}})
		if err != nil || res.IsError {
			t.Fatalf("save_note %q: %v %+v", text, err, res)
		}
	}
	if got := takeNotes(); !slices.Equal(got, []string{"first", "second"}) {
		t.Errorf("saved %q, want each note once", got)
	}
	if !slices.Equal(client.asked, []string{"notes:write"}) {
		t.Errorf("the client stepped up for %q, want once for notes:write", client.asked)
	}
	want := `Bearer error="insufficient_scope", scope="notes:write", resource_metadata="` + metadata + `"`
	if !slices.Equal(client.challenges, []string{want}) {
		t.Errorf("the 403 challenges: %q, want one: %s", client.challenges, want)
	}
	if !slices.Equal(client.scopes, []string{"notes:read", "notes:write"}) {
		t.Errorf("the client holds %q", client.scopes)
	}
}
