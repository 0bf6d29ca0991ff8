package toolimpl_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"regexp"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/mcptag/mcptag/toolimpl"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestPanicLogIsReadable: a tool that panics, called by a client, logs
// one line that says where it panicked and the stack from there, frame
// by frame, without the \n and \t a log handler would quote.
func TestPanicLogIsReadable(t *testing.T) {
	var log bytes.Buffer
	defer slog.SetDefault(slog.Default())
	slog.SetDefault(slog.New(slog.NewTextHandler(&log, nil)))
	cs := mcptest.Session(t, func(s *mcp.Server) {
		s.AddTool(&mcp.Tool{Name: "crash", InputSchema: json.RawMessage(`{"type":"object"}`)}, func(ctx context.Context, req *mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
			defer toolimpl.Recover(ctx, "crash", &res)
			var m map[string]int
			m["boom"]++ // a nil map: the runtime panics
			return toolimpl.Empty(), nil
		})
	})
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "crash"})
	if err != nil || !res.IsError {
		t.Fatalf("call: %v, %v; want a tool error", res, err)
	}
	line := strings.TrimSuffix(log.String(), "\n")
	if strings.Contains(line, "\n") || strings.Contains(line, `\n`) || strings.Contains(line, `\t`) {
		t.Errorf("the log is not one readable line:\n%s", line)
	}
	at := regexp.MustCompile(`at="github\.com/mcptag/mcptag/toolimpl_test\.TestPanicLogIsReadable\.func\d+\.1 \S+/toolimpl/panic_test\.go:\d+"`)
	if !at.MatchString(line) {
		t.Errorf("the log does not say where the tool panicked (at=the tool's function, file:line):\n%s", line)
	}
	if !strings.Contains(line, `tool=crash panic="assignment to entry in nil map"`) {
		t.Errorf("the log does not name the tool and the panic:\n%s", line)
	}
	if !regexp.MustCompile(`stack="github\.com/mcptag/mcptag/toolimpl_test\.TestPanicLogIsReadable\.func\d+\.1 [^"]*; github\.com/modelcontextprotocol/go-sdk/mcp\.`).MatchString(line) {
		t.Errorf("the log's stack does not go from the tool out to the go-sdk:\n%s", line)
	}
}
