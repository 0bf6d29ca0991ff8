package main

import (
	"bytes"
	"context"
	"log"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// lockedBuffer is a bytes.Buffer that calls may write to at once.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestCallsAreLogged: the server's hook logs each call with its decoded
// arguments and how it ended, a refusal by its kind and argument, and the
// client gets what it would without the hook.
func TestCallsAreLogged(t *testing.T) {
	var buf lockedBuffer
	saved := callLog
	callLog = log.New(&buf, "", 0)
	t.Cleanup(func() { callLog = saved })
	cs := mcptest.Connect(t, newServer(), nil)
	ctx := context.Background()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_weather", Arguments: map[string]any{"city": "London"}})
	if err != nil || res.IsError {
		t.Fatal(err, res)
	}
	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_forecast", Arguments: map[string]any{"days": 2}})
	if err != nil || !res.IsError || mcptest.Texts(res)[0] != `get_forecast: missing required argument "city"` {
		t.Fatal(err, res)
	}
	want := regexp.MustCompile(`^call get_weather \{"city":"London"\}: ok in \S+\n` +
		`call get_forecast null: refused \(missing city\) in \S+\n$`)
	if !want.MatchString(buf.String()) {
		t.Errorf("the log:\n%s\nwant it to match %s", buf.String(), want)
	}
}

// TestLoggedArgumentsAreClipped: a log line shows at most maxLogged
// bytes of a call's arguments and of its error, however large they are.
func TestLoggedArgumentsAreClipped(t *testing.T) {
	var buf lockedBuffer
	saved := callLog
	callLog = log.New(&buf, "", 0)
	t.Cleanup(func() { callLog = saved })
	cs := mcptest.Connect(t, newServer(), nil)
	city := strings.Repeat("x", 1<<20)
	if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "get_weather", Arguments: map[string]any{"city": city}}); err != nil {
		t.Fatal(err)
	}
	if n := len(buf.String()); n > 2*maxLogged+100 {
		t.Errorf("a log line of %d bytes for 1 MiB of arguments", n)
	}
}
