package interop

import (
	"bytes"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"testing"
)

// RecordMethods serves a proxy to the MCP endpoint target, and returns
// its URL and a function that gives the methods of the requests it
// passed on since it was last called, in order; a call answered with a
// task is "tools/call -> task".
func RecordMethods(t testing.TB, target string) (string, func() []string) {
	t.Helper()
	u, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	proxy := httputil.NewSingleHostReverseProxy(&url.URL{Scheme: u.Scheme, Host: u.Host})
	proxy.FlushInterval = -1 // streams pass as they come
	// The server-to-client stream is cut when the Inspector exits, which
	// the proxy would log.
	proxy.ErrorLog = log.New(io.Discard, "", 0)
	var mu sync.Mutex
	var methods []string
	proxy.ModifyResponse = func(resp *http.Response) error {
		method := resp.Request.Header.Get("Mcp-Method")
		if method == "tools/call" && strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
			body, err := io.ReadAll(resp.Body)
			if err != nil {
				return err
			}
			resp.Body = io.NopCloser(bytes.NewReader(body))
			var msg struct{ Result struct{ ResultType string } }
			if json.Unmarshal(body, &msg) == nil && msg.Result.ResultType == "task" {
				method += " -> task"
			}
		}
		mu.Lock()
		methods = append(methods, method)
		mu.Unlock()
		return nil
	}
	ts := httptest.NewServer(proxy)
	t.Cleanup(ts.Close)
	return ts.URL + u.Path, func() []string {
		mu.Lock()
		defer mu.Unlock()
		got := methods
		methods = nil
		return got
	}
}
