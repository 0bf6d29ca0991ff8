package toolrt

// The HTTP side of the tasks extension (docs/tasks.md). go-sdk v1.8.0
// refuses a method it does not know before any of its middleware runs,
// so tasks/get, tasks/update and tasks/cancel are answered here, in
// front of its streamable HTTP handler; a tools/call that may become a
// task passes through to it with an offer in its context, which a task
// tool's handler takes (taskGate). This seam is all of it: when the
// go-sdk routes extensions' methods, the methods move into a receiving
// middleware and the offer becomes the handler's own result.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TasksExtension is the name of the tasks extension, under which a
// client declares it in its capabilities and a server advertises it.
const TasksExtension = "io.modelcontextprotocol/tasks"

// TaskOptions configure how TasksHandler serves tasks. A zero field
// takes its default.
type TaskOptions struct {
	// Store keeps the tasks: NewMemoryTaskStore() by default. Replicas
	// of a server that share one serve each other's tasks.
	Store TaskStore
	// TTL is how long a task is kept after its last change, and what
	// ttlMs tells the client: one hour by default.
	TTL time.Duration
	// PollInterval is how often the client is told to poll
	// (pollIntervalMs): one second by default.
	PollInterval time.Duration
	// Lease is how long a working task's replica answers for it without
	// renewing: it renews every third of it while the tool runs. A
	// replica that stops (a crash, a deploy) leaves its working tasks
	// to fail one Lease later, with an error that says so, never to
	// stay working for ever. 30 seconds by default.
	Lease time.Duration
	// Running, if set, counts the task rounds this process runs, for a
	// server that waits for them when it stops (RunningTasks.Wait).
	Running *RunningTasks
}

// TasksHandler serves the tasks extension in front of next, the go-sdk's
// streamable HTTP handler of a server without sessions (Stateless):
// tools/call of a tool with task support from a client that declares the
// extension becomes a task, kept in store (nil for NewMemoryTaskStore()),
// and tasks/get, tasks/update and tasks/cancel are answered from it.
// Every other request goes to next as it came. It is
// TaskOptions{Store: store}.Handler(next).
func TasksHandler(next http.Handler, store TaskStore) http.Handler {
	return TaskOptions{Store: store}.Handler(next)
}

// Handler serves the tasks extension in front of next, as TasksHandler
// does, with o's settings.
func (o TaskOptions) Handler(next http.Handler) http.Handler {
	return &tasksHandler{next: next, taskServer: newTaskServer(o)}
}

type tasksHandler struct {
	next http.Handler
	*taskServer
}

// An envelope is what tasksHandler reads of a JSON-RPC request.
type envelope struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
}

// requestMeta is what tasksHandler reads of a request's params: its
// _meta, and a task method's taskId.
type requestMeta struct {
	Meta struct {
		Capabilities *struct {
			Extensions map[string]json.RawMessage `json:"extensions"`
		} `json:"io.modelcontextprotocol/clientCapabilities"`
	} `json:"_meta"`
	TaskID *string `json:"taskId"`
	Name   string  `json:"name"`
}

// declaresTasks reports whether the request's capabilities declare the
// extension.
func (m *requestMeta) declaresTasks() bool {
	c := m.Meta.Capabilities
	if c == nil {
		return false
	}
	_, ok := c.Extensions[TasksExtension]
	return ok
}

func (h *tasksHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		h.next.ServeHTTP(w, r)
		return
	}
	body, err := peekBody(r, mcp.DefaultMaxRequestBodyBytes)
	if err != nil || !mayConcernTasks(body) {
		h.next.ServeHTTP(w, r)
		return
	}
	var env envelope
	var meta requestMeta
	if json.Unmarshal(body, &env) != nil {
		h.next.ServeHTTP(w, r) // a batch, or not JSON-RPC: the go-sdk answers it
		return
	}
	metaErr := json.Unmarshal(env.Params, &meta)
	switch env.Method {
	case "tasks/get", "tasks/update", "tasks/cancel":
		if metaErr != nil {
			writeRPCError(w, http.StatusOK, env.ID, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: env.Method + ": params: " + metaErr.Error()})
			return
		}
		h.serveMethod(w, r, &env, &meta)
	case "tools/call":
		if metaErr != nil || !meta.declaresTasks() {
			h.next.ServeHTTP(w, r)
			return
		}
		h.serveCall(w, r, &env)
	default:
		h.next.ServeHTTP(w, r)
	}
}

// mayConcernTasks reports whether body may be a request that
// ServeHTTP does not give on as it came: a task method, or a tools/call
// from a client that declares the extension. Each method's name and the
// extension's contain "tasks", which a JSON string spells as is, or with
// a letter of it as a \u escape; a body with neither is given on
// unparsed, as parsing it would decide, at the cost of a search and not
// of two parses of what may be megabytes of arguments.
func mayConcernTasks(body []byte) bool {
	return containsTasks(body) || escapesTasksLetter(body)
}

// containsTasks is bytes.Contains(body, []byte("tasks")), searched from
// the word's rarest letter: a search from its first, t, stops at most
// words of a text.
func containsTasks(body []byte) bool {
	for i := 3; i < len(body); i++ {
		k := bytes.IndexByte(body[i:], 'k')
		if k < 0 {
			return false
		}
		i += k
		if i+2 <= len(body) && string(body[i-3:i+2]) == "tasks" {
			return true
		}
	}
	return false
}

// escapesTasksLetter reports whether body holds a \u escape of a letter
// of "tasks" (\u0074, \u0061, \u0073, \u006b or \u006B): other escapes,
// such as those of <, > and & that Go's encoding/json writes, spell none.
func escapesTasksLetter(body []byte) bool {
	for {
		i := bytes.Index(body, []byte(`\u00`))
		if i < 0 || i+6 > len(body) {
			return false
		}
		switch string(body[i+4 : i+6]) {
		case "74", "61", "73", "6b", "6B":
			return true
		}
		body = body[i+4:]
	}
}

// serveMethod answers a task method from the store.
func (h *tasksHandler) serveMethod(w http.ResponseWriter, r *http.Request, env *envelope, meta *requestMeta) {
	if err := checkTaskHeaders(r, env.Method, meta); err != nil {
		writeRPCError(w, http.StatusBadRequest, env.ID, err)
		return
	}
	res, err := h.method(r.Context(), env.Method, env.Params, meta, h.httpRound(r, false))
	if err != nil {
		writeRPCError(w, http.StatusOK, env.ID, err)
		return
	}
	writeRPCResult(w, env.ID, res)
}

// checkTaskHeaders refuses a task method whose Mcp-Method or Mcp-Name
// header differs from its body, as the go-sdk refuses one of its own
// methods: HTTP 400 and the protocol's header mismatch error.
func checkTaskHeaders(r *http.Request, method string, meta *requestMeta) error {
	if m := r.Header.Get("Mcp-Method"); m != "" && m != method {
		return &jsonrpc.Error{Code: mcp.CodeHeaderMismatch, Message: fmt.Sprintf("header Mcp-Method %q does not match the method %q", m, method)}
	}
	if n := r.Header.Get("Mcp-Name"); n != "" && (meta.TaskID == nil || n != *meta.TaskID) {
		return &jsonrpc.Error{Code: mcp.CodeHeaderMismatch, Message: fmt.Sprintf("header Mcp-Name %q does not match params.taskId", n)}
	}
	return nil
}

// writeRPCResult answers the request id with result, as JSON.
func writeRPCResult(w http.ResponseWriter, id json.RawMessage, result any) {
	data, err := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Result  any             `json:"result"`
	}{"2.0", id, result})
	if err != nil {
		writeRPCError(w, http.StatusOK, id, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(data)
}
