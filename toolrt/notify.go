package toolrt

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"math"
	"sync"

	"github.com/mcptag/mcptag/internal/rtlink"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A call is what Progress and Log need of the tool call a context
// belongs to: the request, whose session and progress token say where
// notifications go, and the progress reported so far.
type call struct {
	req *mcp.CallToolRequest

	mu   sync.Mutex
	done float64 // the last progress sent
	sent bool    // whether a progress notification was sent
}

type callKey struct{}

// withCall returns ctx carrying the call req. The tool function is an
// ordinary Go function that receives only a context, so the request
// travels in it.
func withCall(ctx context.Context, req *mcp.CallToolRequest) context.Context {
	if c, _ := ctx.Value(callKey{}).(*call); c != nil && c.req == req {
		return ctx // the same call, wrapped twice: keep the progress sent
	}
	return context.WithValue(ctx, callKey{}, &call{req: req})
}

func init() {
	rtlink.WithCall = withCall
}

// callOf returns the call ctx belongs to, or nil.
func callOf(ctx context.Context) *call {
	c, _ := ctx.Value(callKey{}).(*call)
	if c == nil || c.req == nil || c.req.Session == nil || c.req.Params == nil {
		return nil
	}
	return c
}

// Progress reports, from inside a tool, how far the call ctx belongs to
// has come: done of total, with a message for the user. total 0 means
// the total is unknown, and leaves it out of the notification.
//
// It sends notifications/progress only when the client asked for
// progress, giving the call's request a progress token in its _meta;
// otherwise, and outside a tool call, it does nothing and returns nil.
//
// Progress must increase with each notification: a done not greater
// than the last one sent, or not a finite number, is not sent, and
// Progress returns an error that says so. The tool may ignore it; the
// client never sees progress go backwards.
func Progress(ctx context.Context, done, total float64, message string) error {
	c := callOf(ctx)
	if c == nil {
		return nil
	}
	token := c.req.Params.GetProgressToken()
	if token == nil {
		return nil
	}
	if math.IsNaN(done) || math.IsInf(done, 0) || math.IsNaN(total) || math.IsInf(total, 0) {
		return fmt.Errorf("toolrt.Progress: progress %v of %v is not a finite number", done, total)
	}
	c.mu.Lock()
	defer c.mu.Unlock() // held while sending, so notifications leave in order
	if c.sent && done <= c.done {
		return fmt.Errorf("toolrt.Progress: progress must increase, and %v follows %v", done, c.done)
	}
	err := c.req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{
		ProgressToken: token,
		Progress:      done,
		Total:         total,
		Message:       message,
	})
	if err == nil {
		c.done, c.sent = done, true
	}
	return err
}

// Log logs message, from inside a tool, to the client that called it: a
// notifications/message at level, from the logger named after the tool,
// whose data is a JSON object of message ("msg") and args, key-value
// pairs as slog takes them. The client receives it if it asked for
// messages at or above level: with logging/setLevel, or, on protocol
// 2026-07-28, with the level in the request's _meta.
//
// Where no client asked for messages at all, since the call came with
// protocol 2026-07-28 and no level, or there is no call (ctx does not
// belong to a tool call), the message goes to the server's log instead:
// slog's default logger, at the matching slog level, with the tool's
// name if there is a call.
func Log(ctx context.Context, level mcp.LoggingLevel, message string, args ...any) {
	c := callOf(ctx)
	if c == nil {
		slog.Default().Log(ctx, slogLevel(level), message, args...)
		return
	}
	if !clientLogs(c.req) {
		slog.Default().Log(ctx, slogLevel(level), message, append([]any{"tool", c.req.Params.Name}, args...)...)
		return
	}
	_ = c.req.Session.Log(ctx, &mcp.LoggingMessageParams{
		Logger: c.req.Params.Name,
		Level:  level,
		Data:   logData(ctx, message, args),
	})
}

// clientLogs reports whether the client of req can have asked for log
// messages: on protocol 2026-07-28 only by a level in the request's
// _meta, before it with logging/setLevel, which the session keeps.
func clientLogs(req *mcp.CallToolRequest) bool {
	if req.ProtocolVersion() < "2026-07-28" {
		return true
	}
	level, _ := req.Params.GetMeta()[mcp.MetaKeyLogLevel].(string)
	return level != ""
}

// slogLevels are the slog levels of MCP's logging levels, as the go-sdk
// maps them.
var slogLevels = map[mcp.LoggingLevel]slog.Level{
	"debug":     mcp.LevelDebug,
	"info":      mcp.LevelInfo,
	"notice":    mcp.LevelNotice,
	"warning":   mcp.LevelWarning,
	"error":     mcp.LevelError,
	"critical":  mcp.LevelCritical,
	"alert":     mcp.LevelAlert,
	"emergency": mcp.LevelEmergency,
}

// slogLevel returns the slog level of level; an unknown level logs as
// info.
func slogLevel(level mcp.LoggingLevel) slog.Level {
	if l, ok := slogLevels[level]; ok {
		return l
	}
	return slog.LevelInfo
}

// logData returns message and args as one JSON object, written by slog's
// JSON handler so that args mean what they mean to slog (groups,
// LogValuers, errors). The time and level are left out: the notification
// carries its level, and arrives as it is sent.
func logData(ctx context.Context, message string, args []any) json.RawMessage {
	var buf bytes.Buffer
	h := slog.NewJSONHandler(&buf, &slog.HandlerOptions{
		Level: slog.Level(math.MinInt),
		ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
			if len(groups) == 0 && (a.Key == slog.TimeKey || a.Key == slog.LevelKey) {
				return slog.Attr{}
			}
			return a
		},
	})
	slog.New(h).Log(ctx, slog.LevelInfo, message, args...)
	return bytes.TrimSpace(buf.Bytes())
}
