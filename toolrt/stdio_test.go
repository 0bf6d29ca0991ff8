package toolrt_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// stdioGuard bounds every wait for a reply that must come: reaching it
// is a failure (or a hang), not a measurement.
const stdioGuard = 30 * time.Second

// TestStdioTransportAnswersBadLines serves a go-sdk client over pipes
// through StdioTransport and writes, between its requests, lines the
// go-sdk's own transport would end the session on: each is answered with
// its JSON-RPC error, and the client still lists its tools and calls one.
func TestStdioTransportAnswersBadLines(t *testing.T) {
	p := startStdioPipe(t, 4096)
	for _, tc := range []struct{ line, want string }{
		{`{bad`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error: not a JSON value"}}`},
		{`5`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request: unmarshaling jsonrpc message: json: cannot unmarshal \"5\" into Go value of type jsonrpc2.wireDecode"}}`},
		{`[]`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request: batches are not supported"}}`},
		{`{"jsonrpc":"1.0"}`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request: invalid message version tag \"1.0\"; expected \"2.0\""}}`},
		{`{"jsonrpc":"2.0","id":"a","method":"tools/list"} x`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error: not a JSON value"}}`},
		{`{"id":"b","method":"tools/list"}`, `{"jsonrpc":"2.0","id":"b","error":{"code":-32600,"message":"invalid request: invalid message version tag \"\"; expected \"2.0\""}}`},
		{`{"id":{},"jsonrpc":"1.0"}`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request: invalid message version tag \"1.0\"; expected \"2.0\""}}`},
		{deepRequest(`"c"`, 1001), `{"jsonrpc":"2.0","id":"c","error":{"code":-32600,"message":"invalid request: unmarshaling jsonrpc message: json: exceeded maximum nesting depth of 1000"}}`},
		{`"` + strings.Repeat("a", 4096) + `"`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error: a message longer than 4096 bytes"}}`},
	} {
		p.send(t, tc.line)
		if got := p.refusal(t); got != tc.want {
			t.Errorf("line %.40q:\ngot  %s\nwant %s", tc.line, got, tc.want)
		}
	}
	// A batch: each request is answered by its id, a notification not at all.
	p.send(t, `[{"jsonrpc":"2.0","id":"d","method":"ping"},{"jsonrpc":"2.0","method":"notifications/initialized"},{"jsonrpc":"2.0","id":"e","method":"ping"}]`)
	for _, id := range []string{"d", "e"} {
		want := `{"jsonrpc":"2.0","id":"` + id + `","error":{"code":-32600,"message":"invalid request: batches are not supported"}}`
		if got := p.refusal(t); got != want {
			t.Errorf("batch:\ngot  %s\nwant %s", got, want)
		}
	}

	ctx := t.Context()
	list, err := p.client.ListTools(ctx, nil)
	if err != nil || len(list.Tools) != 1 || list.Tools[0].Name != "echo" {
		t.Fatalf("tools/list after the bad lines: %v, %v", list, err)
	}
	res, err := p.client.CallTool(ctx, &mcp.CallToolParams{Name: "echo", Arguments: map[string]any{}})
	if err != nil || res.IsError {
		t.Fatalf("tools/call after the bad lines: %v, %v", res, err)
	}
}

// TestStdioTransportAnswersDeepLines: a message nested deeper than
// encoding/json decodes (10,000 levels) is a JSON value still, and is
// answered as one nested deeper than the go-sdk's 1,000 levels is: with
// -32600 and its id, read in time linear in the line; each request of such
// a batch by its own. A line that is no JSON value however deep is a
// parse error.
func TestStdioTransportAnswersDeepLines(t *testing.T) {
	p := startStdioPipe(t, 1<<20)
	depthError := `"error":{"code":-32600,"message":"invalid request: unmarshaling jsonrpc message: json: exceeded maximum nesting depth of 1000"}}`
	deep := strings.Repeat("[", 20000) + strings.Repeat("]", 20000)
	for _, tc := range []struct{ line, want string }{
		{deepRequest(`"c"`, 10001), `{"jsonrpc":"2.0","id":"c",` + depthError},
		{deepRequest(`"c2"`, 100000), `{"jsonrpc":"2.0","id":"c2",` + depthError},
		// The id after the deep part, and an id only ignoring case, as
		// encoding/json reads it.
		{`{"jsonrpc":"2.0","method":"tools/call","params":{"arguments":{"x":` + deep + `}},"ID":"c3"}`, `{"jsonrpc":"2.0","id":"c3",` + depthError},
		{`{"jsonrpc":"2.0","method":"ping","x":` + deep + `}`, `{"jsonrpc":"2.0","id":null,` + depthError},
		{`{"jsonrpc":"2.0","id":"c4","x":` + deep + `,}`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error: not a JSON value"}}`},
		{`{"jsonrpc":"2.0","id":"c5","x":` + deep + `} x`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error: not a JSON value"}}`},
		{`{"jsonrpc":"2.0","id":"c6","x":` + strings.Repeat("[", 20000) + `}`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error: not a JSON value"}}`},
	} {
		p.send(t, tc.line)
		if got := p.refusal(t); got != tc.want {
			t.Errorf("line %.60q:\ngot  %s\nwant %s", tc.line, got, tc.want)
		}
	}
	p.send(t, `[{"jsonrpc":"2.0","id":"d","method":"ping","x":`+deep+`},{"jsonrpc":"2.0","id":"e","method":"ping"}]`)
	for _, id := range []string{"d", "e"} {
		want := `{"jsonrpc":"2.0","id":"` + id + `","error":{"code":-32600,"message":"invalid request: batches are not supported"}}`
		if got := p.refusal(t); got != want {
			t.Errorf("deep batch:\ngot  %s\nwant %s", got, want)
		}
	}
	if _, err := p.client.ListTools(t.Context(), nil); err != nil {
		t.Fatalf("tools/list after the deep lines: %v", err)
	}
}

// TestStdioTransportLineBound: MaxLineLength bounds a line's bytes, its
// newline left out: a line of exactly MaxLineLength bytes is read, one
// byte more is refused.
func TestStdioTransportLineBound(t *testing.T) {
	const maxLine = 4096
	p := startStdioPipe(t, maxLine)
	exact := `{"jsonrpc":"2.0","id":"f","method":"x","params":{"pad":"`
	exact += strings.Repeat("a", maxLine-len(exact)-len(`"}}`)) + `"}}`
	p.send(t, exact)
	if got, want := p.refusal(t), `{"jsonrpc":"2.0","id":"f","error":{"code":-32601,"message":"method not found: \"x\""}}`; got != want {
		t.Errorf("a line of %d bytes: got %s, want the server's answer %s", len(exact), got, want)
	}
	p.send(t, exact[:len(exact)-3]+`a"}}`)
	if got, want := p.refusal(t), `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error: a message longer than 4096 bytes"}}`; got != want {
		t.Errorf("a line of %d bytes: got %s, want %s", len(exact)+1, got, want)
	}
	if _, err := p.client.ListTools(t.Context(), nil); err != nil {
		t.Fatalf("tools/list after the long lines: %v", err)
	}
}

// deepRequest is a tools/call of id whose message nests depth levels deep.
func deepRequest(id string, depth int) string {
	depth -= 3 // the message, params and arguments
	return `{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"echo","arguments":{"x":` +
		strings.Repeat("[", depth) + strings.Repeat("]", depth) + `}}}`
}

// A stdioPipe is a server served through StdioTransport over pipes, with
// a go-sdk client on their other end. The lines the test writes reach the
// server between the client's; the server's answers to them (those whose
// id is null or a string: the client numbers its requests) come to the
// test instead of the client.
type stdioPipe struct {
	client   *mcp.ClientSession
	toServer io.Writer     // shared by the client and the test: a pipe, which keeps each Write whole
	refused  chan string   // the server's answers to the test's lines
	done     chan struct{} // closed when the server's output ends
}

// startStdioPipe serves a server of one tool, echo, with lines of at
// most maxLine bytes, and connects the client.
func startStdioPipe(t *testing.T, maxLine int) *stdioPipe {
	t.Helper()
	serverInR, serverInW := io.Pipe()
	serverOutR, serverOutW := io.Pipe()
	clientInR, clientInW := io.Pipe()
	p := &stdioPipe{toServer: serverInW, refused: make(chan string, 16), done: make(chan struct{})}

	server := mcp.NewServer(&mcp.Implementation{Name: "stdio", Version: "v0"}, nil)
	server.AddTool(&mcp.Tool{Name: "echo", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{}, nil
		})
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() {
		served <- server.Run(ctx, &toolrt.StdioTransport{Reader: serverInR, Writer: serverOutW, MaxLineLength: maxLine})
		serverOutW.Close()
	}()
	go p.route(serverOutR, clientInW)

	client := mcp.NewClient(&mcp.Implementation{Name: "pipe", Version: "v0"}, nil)
	cs, err := client.Connect(ctx, &mcp.IOTransport{Reader: clientInR, Writer: nopWriteCloser{p.toServer}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	p.client = cs
	t.Cleanup(func() {
		cs.Close()
		serverInW.Close()
		cancel()
		<-served
		<-p.done
	})
	return p
}

// route copies the server's lines to the client, but for the answers to
// the test's lines.
func (p *stdioPipe) route(fromServer io.Reader, toClient *io.PipeWriter) {
	defer close(p.done)
	defer toClient.Close()
	sc := bufio.NewScanner(fromServer)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var msg struct{ ID json.RawMessage }
		if json.Unmarshal(sc.Bytes(), &msg) == nil && (string(msg.ID) == "null" || strings.HasPrefix(string(msg.ID), `"`)) {
			p.refused <- sc.Text()
			continue
		}
		if _, err := toClient.Write(append(sc.Bytes(), '\n')); err != nil {
			return
		}
	}
}

func (p *stdioPipe) send(t *testing.T, line string) {
	t.Helper()
	if _, err := io.WriteString(p.toServer, line+"\n"); err != nil {
		t.Fatalf("writing %.40s: %v", line, err)
	}
}

// refusal is the server's next answer to a line of the test.
func (p *stdioPipe) refusal(t *testing.T) string {
	t.Helper()
	select {
	case r := <-p.refused:
		return r
	case <-time.After(stdioGuard):
		t.Fatalf("no answer in %v", stdioGuard)
		return ""
	}
}

// nopWriteCloser leaves the pipe to the server to the test's cleanup.
type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }
