package toolrt_test

import (
	"context"
	"encoding/json"
	"math"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/mcptag/mcptag/toolimpl"
	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// progressServer serves one tool, "work", that runs fn with its context,
// as a tool mcptag generates does, and keeps the errors fn returns.
func progressServer(fn func(ctx context.Context) []error) (*mcp.Server, func() []string) {
	var mu sync.Mutex
	var errs []string
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "v0"}, nil)
	toolrt.AddTools(s, []toolrt.Tool{toolimpl.GuardTool(toolrt.Tool{
		Tool: &mcp.Tool{Name: "work", InputSchema: json.RawMessage(`{"type":"object"}`)},
		Handler: func(ctx context.Context, _ *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			mu.Lock()
			defer mu.Unlock()
			for _, err := range fn(ctx) {
				if err == nil {
					errs = append(errs, "<nil>")
				} else {
					errs = append(errs, err.Error())
				}
			}
			return &mcp.CallToolResult{}, nil
		},
	})})
	return s, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return errs
	}
}

// progressClient connects to s and returns a function that calls work,
// with a progress token when token is not nil, and returns the progress
// notifications the client received, as "done/total message", once there
// are want of them or after 10s.
func progressClient(t *testing.T, s *mcp.Server) func(token any, want int) []string {
	var mu sync.Mutex
	var got []string
	cs := mcptest.Connect(t, s, &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, req *mcp.ProgressNotificationClientRequest) {
			mu.Lock()
			defer mu.Unlock()
			p := req.Params
			got = append(got, fmtProgress(p.Progress, p.Total, p.Message))
		},
	})
	return func(token any, want int) []string {
		params := &mcp.CallToolParams{Name: "work", Arguments: map[string]any{}}
		if token != nil {
			params.SetProgressToken(token)
		}
		if _, err := cs.CallTool(context.Background(), params); err != nil {
			t.Fatal(err)
		}
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
			mu.Lock()
			n := append([]string(nil), got...)
			mu.Unlock()
			if len(n) >= want || time.Now().After(deadline) {
				return n
			}
		}
	}
}

func fmtProgress(done, total float64, message string) string {
	b, _ := json.Marshal([]any{done, total, message})
	return string(b)
}

// TestProgressMustIncrease: a progress not greater than the last one
// sent, or not a number, is refused with an error and not sent; total 0,
// unknown, is left out.
func TestProgressMustIncrease(t *testing.T) {
	s, errs := progressServer(func(ctx context.Context) []error {
		return []error{
			toolrt.Progress(ctx, 1, 0, "first"),
			toolrt.Progress(ctx, 1, 0, "the same"),
			toolrt.Progress(ctx, 0.5, 0, "back"),
			toolrt.Progress(ctx, math.NaN(), 0, "not a number"),
			toolrt.Progress(ctx, 2, math.Inf(1), "of an infinite total"),
			toolrt.Progress(ctx, 2, 4, "on"),
		}
	})
	call := progressClient(t, s)
	got := call("p", 2)
	if diff := cmp.Diff([]string{`[1,0,"first"]`, `[2,4,"on"]`}, got); diff != "" {
		t.Errorf("progress received (-want +got):\n%s", diff)
	}
	want := []string{
		"<nil>",
		"toolrt.Progress: progress must increase, and 1 follows 1",
		"toolrt.Progress: progress must increase, and 0.5 follows 1",
		"toolrt.Progress: progress NaN of 0 is not a finite number",
		"toolrt.Progress: progress 2 of +Inf is not a finite number",
		"<nil>",
	}
	if diff := cmp.Diff(want, errs()); diff != "" {
		t.Errorf("Progress returned (-want +got):\n%s", diff)
	}
}

// TestProgressWithoutToken: a call without a progress token, or a context
// of no call, gets no progress, and Progress returns nil, whatever it is
// given.
func TestProgressWithoutToken(t *testing.T) {
	s, errs := progressServer(func(ctx context.Context) []error {
		return []error{
			toolrt.Progress(ctx, 2, 0, "on"),
			toolrt.Progress(ctx, 1, 0, "back"),
			toolrt.Progress(context.Background(), math.NaN(), 0, "no call"),
		}
	})
	call := progressClient(t, s)
	if got := call(nil, 0); len(got) != 0 {
		t.Errorf("progress without a token: %q", got)
	}
	if diff := cmp.Diff([]string{"<nil>", "<nil>", "<nil>"}, errs()); diff != "" {
		t.Errorf("Progress returned (-want +got):\n%s", diff)
	}
	// A call with a token after it: its progress is all the client received.
	if got := call("p", 1); len(got) != 1 || got[0] != `[2,0,"on"]` {
		t.Errorf("progress with a token: %q, want only [2,0,\"on\"]", got)
	}
}

// TestLogOutsideACall: a message logged with a context of no tool call
// goes to slog's default logger, at the matching level.
func TestLogOutsideACall(t *testing.T) {
	serverLog := mcptest.ServerLog(t)
	toolrt.Log(context.Background(), "debug", "hidden below info")
	toolrt.Log(context.Background(), "notice", "noted", "n", 1)
	toolrt.Log(context.Background(), "critical", "on fire")
	want := "level=INFO+2 msg=noted n=1\nlevel=ERROR+4 msg=\"on fire\"\n"
	if got := serverLog(); got != want {
		t.Errorf("slog got\n%s\nwant\n%s", got, want)
	}
}
