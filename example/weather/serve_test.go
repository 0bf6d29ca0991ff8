package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// hangGuard bounds every wait of these tests for something that must
// happen: reaching it is a failure (or a hang), not a measurement.
const hangGuard = 30 * time.Second

// TestSessionTimeout checks that the HTTP handler closes a session that
// sends nothing for its timeout: its server session goes, and a request
// with its id is refused.
func TestSessionTimeout(t *testing.T) {
	server := newServer()
	ts := httptest.NewServer(newHTTPHandler(server, 200*time.Millisecond))
	defer ts.Close()
	ctx := context.Background()
	client := mcp.NewClient(&mcp.Implementation{Name: "idle", Version: "v0"}, nil)
	cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: ts.URL}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	if res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_temperature", Arguments: map[string]any{"city": "London"}}); err != nil || res.IsError {
		t.Fatalf("a call in a live session: %v %v", res, err)
	}
	for deadline := time.Now().Add(hangGuard); sessions(server) > 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d sessions still open after %v idle", sessions(server), hangGuard)
		}
	}
	resp := post(t, context.Background(), ts.URL, cs.ID(), `{"jsonrpc":"2.0","id":9,"method":"tools/list"}`)
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("a request of the expired session: %s, want 404", resp.Status)
	}
}

func sessions(s *mcp.Server) int {
	n := 0
	for range s.Sessions() {
		n++
	}
	return n
}

// post sends one JSON-RPC message over streamable HTTP, in session if not "".
func post(t *testing.T, ctx context.Context, url, session, body string) *http.Response {
	t.Helper()
	resp, err := http.DefaultClient.Do(mcpRequest(ctx, http.MethodPost, url, session, body))
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

// mcpRequest is a streamable HTTP request, in session if not "".
func mcpRequest(ctx context.Context, method, url, session, body string) *http.Request {
	req, err := http.NewRequestWithContext(ctx, method, url, strings.NewReader(body))
	if err != nil {
		panic(err) // the tests' own method and URL
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if session != "" {
		req.Header.Set("Mcp-Session-Id", session)
		req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
	}
	return req
}
