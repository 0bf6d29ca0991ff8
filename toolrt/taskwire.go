package toolrt

// Tasks as the extension puts them on the wire.

import (
	"encoding/json"
	"maps"
	"time"

	"github.com/mcptag/mcptag/internal/extension"
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
	advertising.Do(s, func(s *mcp.Server) {
		s.AddReceivingMiddleware(extension.Middleware(TasksExtension, func() map[string]any { return map[string]any{} }))
	})
}

// advertising holds the servers that advertise the extension, weakly.
var advertising perserver.Once
