package main

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// notes are the progress and log notifications a go-sdk client received,
// each as a line.
type notes struct {
	sync.Mutex
	progress []string
	logs     []string
}

func (n *notes) options() *mcp.ClientOptions {
	return &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, req *mcp.ProgressNotificationClientRequest) {
			p := req.Params
			n.Lock()
			defer n.Unlock()
			n.progress = append(n.progress, jsonLine(map[string]any{"token": p.ProgressToken, "progress": p.Progress, "total": p.Total, "message": p.Message}))
		},
		LoggingMessageHandler: func(_ context.Context, req *mcp.LoggingMessageRequest) {
			p := req.Params
			n.Lock()
			defer n.Unlock()
			n.logs = append(n.logs, jsonLine(map[string]any{"level": p.Level, "logger": p.Logger, "data": p.Data}))
		},
	}
}

// wait returns the notifications received once there are at least
// progress and logs of them, or after 10s. A client handles them as they
// arrive, apart from the response to the call that caused them, which
// can reach the caller first.
func (n *notes) wait(progress, logs int) ([]string, []string) {
	deadline := time.Now().Add(10 * time.Second)
	for {
		p, l := n.got()
		if len(p) >= progress && len(l) >= logs || time.Now().After(deadline) {
			return p, l
		}
		time.Sleep(time.Millisecond)
	}
}

// got returns the notifications received so far.
func (n *notes) got() (progress, logs []string) {
	n.Lock()
	defer n.Unlock()
	return append([]string(nil), n.progress...), append([]string(nil), n.logs...)
}

func jsonLine(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// connectAt connects a go-sdk client to the example, in memory, on
// protocol version; both ends close when the test ends.
func connectAt(t *testing.T, version string, opts *mcp.ClientOptions) *mcp.ClientSession {
	t.Helper()
	st, ct := mcp.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := newServer().Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v0"}, opts).Connect(ctx, ct, &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// A client asks for log messages at or above a level with
// logging/setLevel before protocol 2026-07-28, and on it with the level in
// each request's _meta.
var protocols = []struct {
	version  string
	setLevel func(t *testing.T, cs *mcp.ClientSession, params *mcp.CallToolParams, level mcp.LoggingLevel)
}{
	{"2025-11-25", func(t *testing.T, cs *mcp.ClientSession, _ *mcp.CallToolParams, level mcp.LoggingLevel) {
		if err := cs.SetLoggingLevel(context.Background(), &mcp.SetLoggingLevelParams{Level: level}); err != nil {
			t.Fatal(err)
		}
	}},
	{"2026-07-28", func(_ *testing.T, _ *mcp.ClientSession, params *mcp.CallToolParams, level mcp.LoggingLevel) {
		meta := params.GetMeta()
		if meta == nil {
			meta = mcp.Meta{}
		}
		meta[mcp.MetaKeyLogLevel] = level
		params.SetMeta(meta)
	}},
}

// refreshParams are the parameters of a call of refresh_forecasts on
// cities, with a progress token when token is not nil.
func refreshParams(token any, cities ...string) *mcp.CallToolParams {
	params := &mcp.CallToolParams{Name: "refresh_forecasts", Arguments: map[string]any{"cities": cities}}
	if token != nil {
		params.SetProgressToken(token)
	}
	return params
}

// callRefresh calls refresh_forecasts with params and fails the test
// unless it succeeds.
func callRefresh(t *testing.T, cs *mcp.ClientSession, params *mcp.CallToolParams) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), params)
	if err != nil || res.IsError {
		t.Fatalf("refresh_forecasts: %v %v", err, mcptest.Texts(res))
	}
	return res
}

// A client that asks for progress and for log messages from info up
// receives, while refresh_forecasts runs, a progress notification for
// each city refreshed and a message for each city.
func TestRefreshForecastsReportsProgressAndLogs(t *testing.T) {
	for _, p := range protocols {
		t.Run(p.version, func(t *testing.T) {
			var n notes
			cs := connectAt(t, p.version, n.options())
			params := refreshParams("refresh-1", "London", "Atlantis", "Cairo")
			p.setLevel(t, cs, params, "info")
			res := callRefresh(t, cs, params)
			if got, want := jsonLine(res.StructuredContent), `{"result":["London","Cairo"]}`; got != want {
				t.Errorf("result %s, want %s", got, want)
			}
			progress, logs := n.wait(2, 3)
			wantProgress := []string{
				`{"message":"refreshed London","progress":1,"token":"refresh-1","total":3}`,
				`{"message":"refreshed Cairo","progress":3,"token":"refresh-1","total":3}`,
			}
			if diff := cmp.Diff(wantProgress, progress); diff != "" {
				t.Errorf("progress notifications (-want +got):\n%s", diff)
			}
			wantLogs := []string{
				`{"data":{"city":"London","msg":"refreshed"},"level":"info","logger":"refresh_forecasts"}`,
				`{"data":{"city":"Atlantis","msg":"no readings, skipped"},"level":"warning","logger":"refresh_forecasts"}`,
				`{"data":{"city":"Cairo","msg":"refreshed"},"level":"info","logger":"refresh_forecasts"}`,
			}
			if diff := cmp.Diff(wantLogs, logs); diff != "" {
				t.Errorf("log messages (-want +got):\n%s", diff)
			}
		})
	}
}

// A client that set the level to warning receives only the warnings, and
// one that gave the call no progress token receives no progress.
func TestRefreshForecastsKeepsToTheLevelAndToken(t *testing.T) {
	for _, p := range protocols {
		t.Run(p.version, func(t *testing.T) {
			var n notes
			cs := connectAt(t, p.version, n.options())
			params := refreshParams(nil, "Reykjavik", "Atlantis")
			p.setLevel(t, cs, params, "warning")
			callRefresh(t, cs, params)
			// The warning comes last, and notifications arrive in order:
			// once it is here, any other is too.
			progress, logs := n.wait(0, 1)
			if len(progress) != 0 {
				t.Errorf("progress without a token: %q", progress)
			}
			want := []string{`{"data":{"city":"Atlantis","msg":"no readings, skipped"},"level":"warning","logger":"refresh_forecasts"}`}
			if diff := cmp.Diff(want, logs); diff != "" {
				t.Errorf("log messages (-want +got):\n%s", diff)
			}
		})
	}
}

// On protocol 2026-07-28 a call that asks for no log messages, with no
// level in its _meta, gets none, and the messages go to the server's log.
func TestRefreshForecastsLogsToTheServerUnasked(t *testing.T) {
	serverLog := mcptest.ServerLog(t)
	var n notes
	cs := connectAt(t, "2026-07-28", n.options())
	callRefresh(t, cs, refreshParams("refresh-3", "Atlantis", "Cairo"))
	// The progress of Cairo comes last: once it is here, any message is too.
	if _, logs := n.wait(1, 0); len(logs) != 0 {
		t.Errorf("the client received %q, and asked for none", logs)
	}
	want := "level=WARN msg=\"no readings, skipped\" tool=refresh_forecasts city=Atlantis\n" +
		"level=INFO msg=refreshed tool=refresh_forecasts city=Cairo\n"
	if got := serverLog(); got != want {
		t.Errorf("the server logged\n%s\nwant\n%s", got, want)
	}
}

// A client that cancels a call, here by cancelling the context of
// CallTool, which sends notifications/cancelled, cancels the context the
// tool runs with: the tool sees it done, and returns.
func TestRefreshForecastsStopsWhenCancelled(t *testing.T) {
	started, stopped := make(chan string, 1), make(chan error, 1)
	fetch := fetchForecast
	t.Cleanup(func() { fetchForecast = fetch })
	fetchForecast = func(ctx context.Context, city string) error {
		started <- city
		select {
		case <-ctx.Done():
			stopped <- ctx.Err()
			return ctx.Err()
		case <-time.After(time.Minute):
			stopped <- nil
			return nil
		}
	}
	cs := mcptest.Connect(t, newServer(), nil)
	ctx, cancel := context.WithCancel(context.Background())
	called := make(chan error, 1)
	go func() {
		_, err := cs.CallTool(ctx, refreshParams("refresh-2", "London", "Cairo"))
		called <- err
	}()
	if city := <-started; city != "London" {
		t.Fatalf("started with %s, want London", city)
	}
	cancel()
	select {
	case err := <-stopped:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("the tool stopped with %v, want context.Canceled", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the tool's context is not done 10s after the client cancelled")
	}
	if err := <-called; !errors.Is(err, context.Canceled) {
		t.Errorf("CallTool returned %v, want context.Canceled", err)
	}
	select {
	case city := <-started:
		t.Errorf("the tool went on to %s after it was cancelled", city)
	default:
	}
}
