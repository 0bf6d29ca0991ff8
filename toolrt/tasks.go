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
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
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
	if o.Store == nil {
		o.Store = NewMemoryTaskStore()
	}
	o.TTL = cmpDuration(o.TTL, time.Hour)
	o.PollInterval = cmpDuration(o.PollInterval, time.Second)
	o.Lease = cmpDuration(o.Lease, 30*time.Second)
	return &tasksHandler{next: next, opts: o, now: time.Now}
}

func cmpDuration(d, def time.Duration) time.Duration {
	if d <= 0 {
		return def
	}
	return d
}

type tasksHandler struct {
	next http.Handler
	opts TaskOptions
	now  func() time.Time
	// running holds the cancel function of each task whose round runs
	// in this process, by task ID.
	running sync.Map
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
	body, err := readBody(r)
	r.Body = io.NopCloser(io.MultiReader(bytes.NewReader(body), r.Body))
	if err != nil || !mayConcernTasks(body) {
		h.next.ServeHTTP(w, r)
		return
	}
	var env envelope
	var meta requestMeta
	if json.Unmarshal(body, &env) != nil || json.Unmarshal(env.Params, &meta) != nil {
		h.next.ServeHTTP(w, r) // a batch, or not JSON-RPC: the go-sdk answers it
		return
	}
	switch env.Method {
	case "tasks/get", "tasks/update", "tasks/cancel":
		h.serveMethod(w, r, &env, &meta)
	case "tools/call":
		if !meta.declaresTasks() {
			h.next.ServeHTTP(w, r)
			return
		}
		h.serveCall(w, r, &env)
	default:
		h.next.ServeHTTP(w, r)
	}
}

// readBody reads r's body up to one byte past the most the go-sdk
// reads; a large body that declares its length, into one buffer of that
// length, not one that doubles as it fills.
func readBody(r *http.Request) ([]byte, error) {
	body := io.LimitReader(r.Body, mcp.DefaultMaxRequestBodyBytes+1)
	n := r.ContentLength
	if n <= bytes.MinRead || n > mcp.DefaultMaxRequestBodyBytes {
		return io.ReadAll(body)
	}
	buf := bytes.NewBuffer(make([]byte, 0, n+bytes.MinRead))
	_, err := buf.ReadFrom(body)
	return buf.Bytes(), err
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
	if !meta.declaresTasks() {
		writeRPCError(w, http.StatusOK, env.ID, missingTasksError(env.Method+" is a method of the tasks extension"))
		return
	}
	if meta.TaskID == nil {
		writeRPCError(w, http.StatusOK, env.ID, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: env.Method + ": params.taskId is missing"})
		return
	}
	var res any
	var err error
	switch env.Method {
	case "tasks/get":
		res, err = h.get(r.Context(), *meta.TaskID)
	case "tasks/update":
		res, err = h.update(r, *meta.TaskID, env.Params)
	case "tasks/cancel":
		res, err = h.cancel(r.Context(), *meta.TaskID)
	}
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

// missingTasksError is the protocol's error for a request that needs the
// extension from a client that did not declare it: -32021, naming it.
func missingTasksError(what string) *jsonrpc.Error {
	return &jsonrpc.Error{
		Code:    mcp.CodeMissingRequiredClientCapabilities,
		Message: what + ", which the client did not declare (" + TasksExtension + ")",
		Data:    missingTasksData,
	}
}

var missingTasksData = json.RawMessage(`{"requiredCapabilities":{"extensions":{"` + TasksExtension + `":{}}}}`)

// owner is who makes the request r: the user its bearer token names, ""
// without one.
func owner(r *http.Request) string {
	if ti := auth.TokenInfoFromContext(r.Context()); ti != nil {
		return ti.UserID
	}
	return ""
}

// unknownTask is the error for a task that is not there, or not the
// caller's: the two are not told apart, so that a task ID leaks nothing.
func unknownTask(id string) error {
	return &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: fmt.Sprintf("no task %q", id)}
}

// load returns the task id if the caller of r owns it.
func (h *tasksHandler) load(ctx context.Context, id, who string) (*Task, error) {
	t, err := h.opts.Store.Get(ctx, id)
	if errors.Is(err, ErrNoTask) || err == nil && t.Owner != who {
		return nil, unknownTask(id)
	}
	return t, err
}

// get answers tasks/get: the task as it is, a working one past its
// lease failed first.
func (h *tasksHandler) get(ctx context.Context, id string) (any, error) {
	who := ownerFrom(ctx)
	t, err := h.load(ctx, id, who)
	if err != nil {
		return nil, err
	}
	if t.Status == TaskWorking && !t.Lease.IsZero() && h.now().After(t.Lease) {
		t, err = h.opts.Store.Update(ctx, id, h.leaseLost)
		if err != nil {
			return nil, err
		}
	}
	return detailed(t), nil
}

// leaseLost fails t, a working task whose replica stopped answering for
// it, unless it changed since.
func (h *tasksHandler) leaseLost(t *Task) error {
	if t.Status != TaskWorking || t.Lease.IsZero() || !h.now().After(t.Lease) {
		return nil
	}
	lost := fmt.Sprintf("the server replica that ran the task stopped: it has not renewed its lease since %s", t.Lease.Add(-h.opts.Lease).UTC().Format(time.RFC3339))
	h.finish(t, TaskFailed, nil, rpcErrorJSON(&jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: lost}))
	return nil
}

// update answers tasks/update: the answers to pending input requests
// are kept, and once every request has one the task's next round runs,
// here. Answers to keys the task does not wait for are ignored.
func (h *tasksHandler) update(r *http.Request, id string, params json.RawMessage) (any, error) {
	var p struct {
		InputResponses map[string]json.RawMessage `json:"inputResponses"`
	}
	if err := json.Unmarshal(params, &p); err != nil || p.InputResponses == nil {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "tasks/update: params.inputResponses must be an object of answers by key"}
	}
	ctx := r.Context()
	if _, err := h.load(ctx, id, owner(r)); err != nil {
		return nil, err
	}
	resume := false
	_, err := h.opts.Store.Update(ctx, id, func(t *Task) error {
		resume = h.answer(t, p.InputResponses)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if resume {
		h.startRound(r, id, false)
	}
	return completeAck, nil
}

// answer keeps in t the responses to the requests it waits for, and
// reports whether that was the last one: then t is working again, on a
// lease of this replica's.
func (h *tasksHandler) answer(t *Task, responses map[string]json.RawMessage) bool {
	if t.Status != TaskInputRequired {
		return false
	}
	for key, res := range responses {
		if _, asked := t.InputRequests[key]; asked {
			if t.Answers == nil {
				t.Answers = map[string]json.RawMessage{}
			}
			t.Answers[key] = res
		}
	}
	if len(t.Answers) < len(t.InputRequests) {
		h.touch(t)
		return false
	}
	t.Status = TaskWorking
	t.StatusMessage = ""
	t.Lease = h.now().Add(h.opts.Lease)
	h.touch(t)
	return true
}

// cancel answers tasks/cancel: a task not yet terminal is cancelled, and
// the tool's context with it, here or, through the lease, on the replica
// that runs it. A terminal task is left as it is: the ack is the same.
func (h *tasksHandler) cancel(ctx context.Context, id string) (any, error) {
	if _, err := h.load(ctx, id, ownerFrom(ctx)); err != nil {
		return nil, err
	}
	_, err := h.opts.Store.Update(ctx, id, func(t *Task) error {
		if !t.Status.Terminal() {
			h.finish(t, TaskCancelled, nil, nil)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if stop, ok := h.running.Load(id); ok {
		stop.(context.CancelFunc)()
	}
	return completeAck, nil
}

// completeAck is the result of tasks/update and tasks/cancel.
var completeAck = map[string]string{"resultType": "complete"}

// touch dates t's last change now.
func (h *tasksHandler) touch(t *Task) { t.Updated = h.now() }

// finish puts t in a terminal status, with its result or error.
func (h *tasksHandler) finish(t *Task, status TaskStatus, result, rpcErr json.RawMessage) {
	t.Status, t.Result, t.Error = status, result, rpcErr
	t.InputRequests, t.Answers, t.State, t.Lease = nil, nil, "", time.Time{}
	h.touch(t)
}

// ownerFrom is owner for a request's context.
func ownerFrom(ctx context.Context) string {
	if ti := auth.TokenInfoFromContext(ctx); ti != nil {
		return ti.UserID
	}
	return ""
}

// newTaskID returns an ID no one can guess: 128 random bits.
func newTaskID() string { return rand.Text() }

// rpcErrorJSON is e as a task's error: {code, message, data}.
func rpcErrorJSON(e *jsonrpc.Error) json.RawMessage {
	data, _ := json.Marshal(e)
	return data
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
