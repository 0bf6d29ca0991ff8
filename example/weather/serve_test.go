package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mcptag/mcptag/toolimpl"
	"github.com/mcptag/mcptag/toolrt"
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

// A stdioSession is a server served over pipes, line by line.
type stdioSession struct {
	in      *io.PipeWriter
	replies chan string // the lines the server writes; closed when it stops
	done    chan error  // what Run returned
}

// startStdio runs the weather server over the transport that connect
// makes of the server's stdin and stdout, and initializes the session.
func startStdio(t *testing.T, connect func(in io.Reader, out io.Writer) mcp.Transport) *stdioSession {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &stdioSession{in: inW, replies: make(chan string, 16), done: make(chan error, 1)}
	go func() {
		s.done <- newServer().Run(context.Background(), connect(inR, outW))
		outW.Close()
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			s.replies <- sc.Text()
		}
		close(s.replies)
	}()
	t.Cleanup(func() { inW.Close() })
	s.send(t, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"pipe","version":"0"}}}`)
	if r := s.reply(t); !strings.Contains(r, `"id":1,"result"`) {
		t.Fatalf("initialize: %s", r)
	}
	s.send(t, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return s
}

func (s *stdioSession) send(t *testing.T, line string) {
	t.Helper()
	if _, err := io.WriteString(s.in, line+"\n"); err != nil {
		t.Fatalf("writing %.40s: %v", line, err)
	}
}

// reply is the next line the server writes, or "" if it stopped.
func (s *stdioSession) reply(t *testing.T) string {
	t.Helper()
	select {
	case r := <-s.replies:
		return r
	case <-time.After(hangGuard):
		t.Fatalf("no reply in %v", hangGuard)
		return ""
	}
}

// wait is what the server's Run returned.
func (s *stdioSession) wait(t *testing.T) error {
	t.Helper()
	select {
	case err := <-s.done:
		return err
	case <-time.After(hangGuard):
		t.Fatalf("the session did not end in %v", hangGuard)
		return nil
	}
}

// deepCall is a tools/call whose message nests depth levels deep.
func deepCall(id, depth int) string {
	depth -= 3 // the message, params and arguments
	return `{"jsonrpc":"2.0","id":` + strconv.Itoa(id) + `,"method":"tools/call","params":{"name":"get_weather","arguments":{"city":` +
		strings.Repeat("[", depth) + strings.Repeat("]", depth) + `}}}`
}

const callLondon = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"get_temperature","arguments":{"city":"London"}}}`

// TestStdioAnswersBadLines checks that the example's stdio transport,
// toolrt's, answers a line that is no JSON-RPC message with a JSON-RPC
// error, and that the session goes on.
func TestStdioAnswersBadLines(t *testing.T) {
	s := startStdio(t, func(in io.Reader, out io.Writer) mcp.Transport {
		return &toolrt.StdioTransport{Reader: in, Writer: out, MaxLineLength: 64 << 10}
	})
	for _, tc := range []struct{ line, want string }{
		{"garbage", `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error: not a JSON value"}}`},
		{callLondon + " x", `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error: not a JSON value"}}`},
		{deepCall(2, 1001), `{"jsonrpc":"2.0","id":2,"error":{"code":-32600,"message":"invalid request: unmarshaling jsonrpc message: json: exceeded maximum nesting depth of 1000"}}`},
		{`{"id":"x","method":"tools/list"}`, `{"jsonrpc":"2.0","id":"x","error":{"code":-32600,"message":"invalid request: invalid message version tag \"\"; expected \"2.0\""}}`},
		{`{"id":{},"jsonrpc":"1.0"}`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request: invalid message version tag \"1.0\"; expected \"2.0\""}}`},
		{`"` + strings.Repeat("a", 64<<10) + `"`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error: a message longer than 65536 bytes"}}`},
		{deepCall(3, 1000), `{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"get_weather: argument \"city\" nests deeper than 16 levels"}],"isError":true}}`},
		{"", ""},
		{callLondon, `{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"16"}],"structuredContent":{"result":16}}}`},
	} {
		s.send(t, tc.line)
		if tc.want == "" {
			continue
		}
		if got := s.reply(t); got != tc.want {
			t.Errorf("line %.40q:\ngot  %s\nwant %s", tc.line, got, tc.want)
		}
	}
	s.in.Close()
	if err := s.wait(t); err != nil {
		t.Errorf("the session ended with %v, want nil at the end of its input", err)
	}
}

// The tests below reproduce limits of the go-sdk (v1.8.0) that
// docs/production.md's "Known limits of the go-sdk" lists. Each fails once the go-sdk lifts its limit, so
// that the list is kept true.

// TestKnownLimitStdioBadLine: on stdio, a line that is not a JSON-RPC
// message ends the session, with no reply.
func TestKnownLimitStdioBadLine(t *testing.T) {
	for _, line := range []string{"garbage", deepCall(2, 1001)} {
		s := startStdio(t, func(in io.Reader, out io.Writer) mcp.Transport {
			return &mcp.IOTransport{Reader: io.NopCloser(in), Writer: out.(io.WriteCloser)}
		})
		s.send(t, line)
		if err := s.wait(t); err == nil {
			t.Errorf("line %.40q: the session went on", line)
		}
		if r := s.reply(t); r != "" {
			t.Errorf("line %.40q: replied %s", line, r)
		}
	}
}

// TestKnownLimitHTTPCancel: on streamable HTTP, neither the client going
// away during a call nor its DELETE of the session cancels the call's
// context; the DELETE waits for the call to end.
func TestKnownLimitHTTPCancel(t *testing.T) {
	server := newServer()
	started := make(chan struct{})
	release := make(chan struct{})
	cancelled := make(chan bool)
	server.AddTool(&mcp.Tool{Name: "wait", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			started <- struct{}{}
			select {
			case <-ctx.Done():
				cancelled <- true
			case <-release:
				cancelled <- false
			}
			return toolimpl.Empty(), nil
		})
	served := make(chan string, 8) // the method of each request the handler finished
	handler := newHTTPHandler(server, 0)
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		handler.ServeHTTP(w, r)
		served <- r.Method
	}))
	defer ts.Close()

	// The client goes away: the server sees it, and the call goes on.
	session := initialize(t, ts.URL, served)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go callWait(ctx, ts.URL, session)
	<-started
	cancel()
	waitServed(t, served, http.MethodPost)
	release <- struct{}{}
	if <-cancelled {
		t.Errorf("the client went away, and the call was cancelled")
	}

	// The client deletes the session: no cancellation comes in the time
	// the call is given (which only an overloaded machine could make too
	// short), and the DELETE is answered once the call has ended.
	session = initialize(t, ts.URL, served)
	go callWait(context.Background(), ts.URL, session)
	<-started
	deleted := make(chan int)
	go func() {
		resp, err := http.DefaultClient.Do(mcpRequest(context.Background(), http.MethodDelete, ts.URL, session, ""))
		if err != nil {
			deleted <- 0
			return
		}
		resp.Body.Close()
		deleted <- resp.StatusCode
	}()
	select {
	case <-cancelled:
		t.Fatalf("DELETE cancelled the call")
	case status := <-deleted:
		t.Fatalf("DELETE answered %d while the call was under way", status)
	case <-time.After(time.Second):
	}
	release <- struct{}{}
	<-cancelled
	if status := <-deleted; status != http.StatusNoContent {
		t.Errorf("DELETE: %d, want 204", status)
	}
}

// callWait calls the tool wait in session, until ctx is done.
func callWait(ctx context.Context, url, session string) {
	req := mcpRequest(ctx, http.MethodPost, url, session, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"wait","arguments":{}}}`)
	if resp, err := http.DefaultClient.Do(req); err == nil {
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
}

// initialize opens a session over raw HTTP and returns its id.
func initialize(t *testing.T, url string, served chan string) string {
	t.Helper()
	resp := post(t, context.Background(), url, "", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}`)
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	session := resp.Header.Get("Mcp-Session-Id")
	resp = post(t, context.Background(), url, session, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	resp.Body.Close()
	waitServed(t, served, http.MethodPost)
	waitServed(t, served, http.MethodPost)
	return session
}

// waitServed waits until the handler has finished a request of method.
func waitServed(t *testing.T, served chan string, method string) {
	t.Helper()
	for {
		select {
		case m := <-served:
			if m == method {
				return
			}
		case <-time.After(hangGuard):
			t.Fatalf("no %s request finished in %v", method, hangGuard)
		}
	}
}
