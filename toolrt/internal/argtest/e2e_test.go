package argtest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// newServer is a server with every tool of the package, logging to log.
func newServer(log io.Writer) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "argtest", Version: "v0"},
		&mcp.ServerOptions{Logger: slog.New(slog.NewTextHandler(log, nil))})
	RegisterTools(s, &Counter{})
	return s
}

// connect serves a new server over the go-sdk's in-memory transport
// (newline-delimited JSON over a pipe, like stdio) and connects a go-sdk
// client to it.
func connect(t *testing.T) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	ct, st := mcp.NewInMemoryTransports()
	ss, err := newServer(io.Discard).Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "e2e", Version: "v0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func mustCall(t *testing.T, cs *mcp.ClientSession, name string, args any) *mcp.CallToolResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return res
}

// TestSessionSurvives sends every bad input a client can send, and a
// panicking call, through a real go-sdk client; each gets its error and
// the same session then still serves good calls.
func TestSessionSurvives(t *testing.T) {
	skipShort(t)
	// The panics' stacks go to slog's default logger.
	old := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))
	defer slog.SetDefault(old)

	cs := connect(t)
	good := func(t *testing.T) {
		t.Helper()
		res := mustCall(t, cs, "greet", map[string]any{"name": "Ada", "times": 1, "unit": "celsius", "tags": []string{}})
		if res.IsError || resultText(res) != "greet[celsius] hello Ada  []" {
			t.Fatalf("good call after a bad one: %v %q", res.IsError, resultText(res))
		}
	}
	sent := 0
	for _, tc := range badInput {
		var args any = json.RawMessage(tc.args)
		switch {
		case tc.args == "":
			args = nil
		case !json.Valid([]byte(tc.args)):
			continue // no client can send it: the whole message would be malformed
		}
		t.Run(tc.name, func(t *testing.T) {
			res := mustCall(t, cs, tc.tool, args)
			if !res.IsError {
				t.Fatalf("isError not set: %q", resultText(res))
			}
			// The client sends the arguments compacted, so values quoted
			// in messages lose their spaces; otherwise the message is
			// as TestBadInput has it.
			var compact bytes.Buffer
			json.Compact(&compact, []byte(tc.args))
			want := resultText(callHandler(t, tc.tool, compact.Bytes()))
			if tc.args == "null" || !strings.Contains(tc.args, " ") {
				if want != tc.want {
					t.Fatalf("direct call: got %q, want %q", want, tc.want)
				}
			}
			if got := resultText(res); got != want {
				t.Errorf("got  %s\nwant %s", got, want)
			}
			good(t)
		})
		sent++
	}
	for _, reason := range []string{"boom", "index"} {
		res := mustCall(t, cs, "crash", map[string]any{"reason": reason})
		if !res.IsError || resultText(res) != "crash: internal error: the tool panicked" {
			t.Errorf("crash: %v %q", res.IsError, resultText(res))
		}
		good(t)
	}
	// The method tool is bound to one Counter for the whole session.
	for i, want := range []string{"2", "5"} {
		if res := mustCall(t, cs, "add", map[string]any{"n": []int{2, 3}[i]}); res.IsError || resultText(res) != want {
			t.Errorf("add: %v %q, want %s", res.IsError, resultText(res), want)
		}
	}
	t.Logf("sent %d of %d bad inputs; the rest are not valid JSON", sent, len(badInput))
}

// TestRawFrames writes JSON-RPC frames a go-sdk client never would
// straight into the server's stdio-style transport: malformed JSON, a
// non-object arguments value, invalid UTF-8. It records what the go-sdk
// does before the handler, and that a tool error leaves the session
// serving.
func TestRawFrames(t *testing.T) {
	skipShort(t)
	old := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))
	defer slog.SetDefault(old)

	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ss, err := newServer(io.Discard).Connect(context.Background(), &mcp.IOTransport{Reader: inR, Writer: outW}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	lines := bufio.NewScanner(outR)
	lines.Buffer(nil, 32<<20)
	send := func(frame string) {
		t.Helper()
		done := make(chan error, 1)
		go func() { _, err := io.WriteString(inW, frame+"\n"); done <- err }()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("writing: %v", err)
			}
		case <-time.After(30 * time.Second):
			t.Fatal("the server stopped reading")
		}
	}
	receive := func() map[string]any {
		t.Helper()
		got := make(chan []byte, 1)
		go func() {
			if lines.Scan() {
				got <- bytes.Clone(lines.Bytes())
			} else {
				got <- nil
			}
		}()
		select {
		case line := <-got:
			if line == nil {
				t.Fatalf("the connection closed: %v", lines.Err())
			}
			var m map[string]any
			if err := json.Unmarshal(line, &m); err != nil {
				t.Fatalf("response %s: %v", line, err)
			}
			return m
		case <-time.After(30 * time.Second):
			t.Fatal("no response")
		}
		return nil
	}
	call := func(id int, tool, args string) map[string]any {
		t.Helper()
		send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q,"arguments":%s}}`, id, tool, args))
		return receive()
	}
	toolError := func(resp map[string]any) string {
		t.Helper()
		res, _ := resp["result"].(map[string]any)
		if res == nil || res["isError"] != true {
			t.Fatalf("want a tool error, got %v", resp)
		}
		content := res["content"].([]any)
		return content[0].(map[string]any)["text"].(string)
	}
	send(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"v0"}}}`)
	receive()
	send(`{"jsonrpc":"2.0","method":"notifications/initialized","params":{}}`)

	goodCall := func(id int) {
		t.Helper()
		resp := call(id, "ping", `{}`)
		if res, _ := resp["result"].(map[string]any); res == nil || res["isError"] == true {
			t.Fatalf("good call: %v", resp)
		}
	}
	for i, tc := range []struct{ tool, args, want string }{
		{"greet", `[1,2]`, `greet: arguments must be a JSON object, got an array`},
		{"greet", `"x"`, `greet: arguments must be a JSON object, got a string`},
		{"greet", "{\"name\":\"\xff\xfe\",\"times\":1,\"unit\":\"celsius\",\"tags\":[]}", `greet: argument "name": string is not valid UTF-8`},
		{"echo", `{"value":` + strings.Repeat("[", 500) + strings.Repeat("]", 500) + `}`, `echo: argument "value" nests deeper than 64 levels`},
		{"search", `{"query":"q","level":300}`, `search: argument "level": want integer from 0 to 255, got 300`},
		{"crash", `{"reason":"boom"}`, `crash: internal error: the tool panicked`},
	} {
		if got := toolError(call(10+i, tc.tool, tc.args)); got != tc.want {
			t.Errorf("%s %.40s: got %q, want %q", tc.tool, tc.args, got, tc.want)
		}
		goodCall(100 + i)
	}

	// Arguments nested some 1000 levels deep make the go-sdk (v1.8.0)
	// drop the connection before any handler runs: its JSON decoder
	// refuses the frame. Nothing mcptag can do; record it.
	deep := strings.Repeat("[", 5000) + strings.Repeat("]", 5000)
	send(`{"jsonrpc":"2.0","id":200,"method":"tools/call","params":{"name":"echo","arguments":{"value":` + deep + `}}}`)
	t.Logf("a frame nested 5000 levels deep: %v", receiveOrClose(lines))
}

// receiveOrClose reports the next response, or that the connection closed.
func receiveOrClose(lines *bufio.Scanner) string {
	got := make(chan string, 1)
	go func() {
		if lines.Scan() {
			got <- lines.Text()
		} else {
			got <- fmt.Sprintf("connection closed (%v)", lines.Err())
		}
	}()
	select {
	case s := <-got:
		if len(s) > 300 {
			s = s[:300] + "..."
		}
		return s
	case <-time.After(5 * time.Second):
		return "no response within 5s"
	}
}

// skipShort skips a test under -short, the inner loop: it serves over real transports and starts processes.
func skipShort(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("it serves over real transports and starts processes; go test without -short runs it")
	}
}
