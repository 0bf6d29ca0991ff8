package toolrt

// Tasks as the extension puts them on the wire.

import (
	"context"
	"encoding/json"
	"maps"
	"time"

	"github.com/mcptag/mcptag/internal/perserver"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// wireTask is a task as tools/call (CreateTaskResult) and tasks/get
// (DetailedTask) answer with it: times in RFC 3339, durations in whole
// milliseconds, and never the legacy ttl or pollInterval, nor a request
// state.
type wireTask struct {
	ResultType     string                     `json:"resultType"`
	TaskID         string                     `json:"taskId"`
	Status         TaskStatus                 `json:"status"`
	StatusMessage  string                     `json:"statusMessage,omitempty"`
	CreatedAt      string                     `json:"createdAt"`
	LastUpdatedAt  string                     `json:"lastUpdatedAt"`
	TTLMs          int64                      `json:"ttlMs"`
	PollIntervalMs int64                      `json:"pollIntervalMs,omitempty"`
	InputRequests  map[string]json.RawMessage `json:"inputRequests,omitempty"`
	Result         json.RawMessage            `json:"result,omitempty"`
	Error          json.RawMessage            `json:"error,omitempty"`
}

// created is t as the CreateTaskResult of the call that made it.
func created(t *Task) *wireTask {
	w := base(t)
	w.ResultType = "task"
	return w
}

// detailed is t as tasks/get reports it: with the input requests not yet
// answered, its result or its error.
func detailed(t *Task) *wireTask {
	w := base(t)
	w.ResultType = "complete"
	switch t.Status {
	case TaskInputRequired:
		w.InputRequests = maps.Clone(t.InputRequests)
		for key := range t.Answers {
			delete(w.InputRequests, key)
		}
	case TaskCompleted:
		w.Result = t.Result
	case TaskFailed:
		w.Error = t.Error
	}
	return w
}

func base(t *Task) *wireTask {
	return &wireTask{
		TaskID:         t.ID,
		Status:         t.Status,
		StatusMessage:  t.StatusMessage,
		CreatedAt:      wireTime(t.Created),
		LastUpdatedAt:  wireTime(t.Updated),
		TTLMs:          max(1, t.TTL.Milliseconds()),
		PollIntervalMs: t.PollInterval.Milliseconds(),
	}
}

func wireTime(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000Z07:00") }

// advertiseTasks has s advertise the extension in every handshake and
// server/discover, once however often it is called.
func advertiseTasks(s *mcp.Server) {
	advertising.Do(s, func(s *mcp.Server) { s.AddReceivingMiddleware(tasksAdvertised) })
}

// advertising holds the servers that advertise the extension, weakly.
var advertising perserver.Once

// tasksAdvertised is receiving middleware that adds the extension to
// the capabilities a server answers initialize and server/discover with.
func tasksAdvertised(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		switch res := res.(type) {
		case *mcp.InitializeResult:
			res.Capabilities = withTasks(res.Capabilities)
		case *mcp.DiscoverResult:
			res.Capabilities = withTasks(res.Capabilities)
		}
		return res, err
	}
}

// withTasks is a copy of caps that declares the extension.
func withTasks(caps *mcp.ServerCapabilities) *mcp.ServerCapabilities {
	var out mcp.ServerCapabilities
	if caps != nil {
		out = *caps
	}
	if _, ok := out.Extensions[TasksExtension]; !ok {
		out.Extensions = maps.Clone(out.Extensions)
		out.AddExtension(TasksExtension, map[string]any{})
	}
	return &out
}
