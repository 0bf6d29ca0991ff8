package toolrt

// What serves tasks whatever carries the requests: the task methods,
// answered from the store, and the rounds of a task, which a transport
// calls the tool for (a roundCall).

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A taskServer answers the task methods from its store and runs rounds.
type taskServer struct {
	opts TaskOptions
	now  func() time.Time
	// running holds the cancel function of each task whose round runs
	// in this process, by task ID.
	running sync.Map
}

// newTaskServer is a taskServer with o's settings, defaults for those
// unset.
func newTaskServer(o TaskOptions) *taskServer {
	if o.Store == nil {
		o.Store = NewMemoryTaskStore()
	}
	o.TTL = cmpDuration(o.TTL, time.Hour)
	o.PollInterval = cmpDuration(o.PollInterval, time.Second)
	o.Lease = cmpDuration(o.Lease, 30*time.Second)
	return &taskServer{opts: o, now: time.Now}
}

func cmpDuration(d, def time.Duration) time.Duration {
	if d <= 0 {
		return def
	}
	return d
}

// method answers a request of one of the task methods, from a client
// that declares the extension or not, with params (holding taskId, which
// meta holds too); call runs a round that an answer makes due.
func (s *taskServer) method(ctx context.Context, method string, params json.RawMessage, meta *requestMeta, call roundCall) (any, error) {
	if !meta.declaresTasks() {
		return nil, missingTasksError(method + " is a method of the tasks extension")
	}
	if meta.TaskID == nil {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: method + ": params.taskId is missing"}
	}
	switch method {
	case "tasks/get":
		return s.get(ctx, *meta.TaskID)
	case "tasks/update":
		return s.update(ctx, *meta.TaskID, params, call)
	default:
		return s.cancel(ctx, *meta.TaskID)
	}
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

// unknownTask is the error for a task that is not there, or not the
// caller's: the two are not told apart, so that a task ID leaks nothing.
func unknownTask(id string) error {
	return &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: fmt.Sprintf("no task %q", id)}
}

// load returns the task id if the caller of r owns it.
func (s *taskServer) load(ctx context.Context, id, who string) (*Task, error) {
	t, err := s.opts.Store.Get(ctx, id)
	if errors.Is(err, ErrNoTask) || err == nil && t.Owner != who {
		return nil, unknownTask(id)
	}
	if err != nil {
		return nil, storeFailed(ctx, id, err)
	}
	return t, nil
}

// owned is the change of a store's Update that makes change to the task
// id if the caller of ctx owns it, and is the error of an unknown task
// otherwise: the owner is checked in the same read as the change.
func (s *taskServer) owned(ctx context.Context, id string, change func(*Task)) func(*Task) error {
	who := ownerFrom(ctx)
	return func(t *Task) error {
		if t.Owner != who {
			return unknownTask(id)
		}
		change(t)
		return nil
	}
}

// storeFailed is the error a client gets when the store failed with err
// on the task id: the server's fault, said without the store's own words
// (an address, a query), which go to the server's log; a task that went
// meanwhile is unknown, as any other, and an error of the server's own
// (unknownTask from owned) is itself.
func storeFailed(ctx context.Context, id string, err error) error {
	if errors.Is(err, ErrNoTask) {
		return unknownTask(id)
	}
	if rpcErr, ok := errors.AsType[*jsonrpc.Error](err); ok {
		return rpcErr
	}
	slog.ErrorContext(ctx, "mcptag: the task store failed", "task", id, "error", err)
	return &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: "the server could not reach its task store; try again"}
}

// get answers tasks/get: the task as it is, a working one past its
// lease failed first.
func (s *taskServer) get(ctx context.Context, id string) (any, error) {
	who := ownerFrom(ctx)
	t, err := s.load(ctx, id, who)
	if err != nil {
		return nil, err
	}
	if t.Status == TaskWorking && !t.Lease.IsZero() && s.now().After(t.Lease) {
		t, err = s.opts.Store.Update(ctx, id, s.leaseLost)
		if err != nil {
			return nil, storeFailed(ctx, id, err)
		}
	}
	return detailed(t), nil
}

// leaseLost fails t, a working task whose replica stopped answering for
// it, unless it changed since.
func (s *taskServer) leaseLost(t *Task) error {
	if t.Status != TaskWorking || t.Lease.IsZero() || !s.now().After(t.Lease) {
		return nil
	}
	lost := fmt.Sprintf("the server replica that ran the task stopped: it has not renewed its lease since %s", t.Lease.Add(-s.opts.Lease).UTC().Format(time.RFC3339))
	s.finish(t, TaskFailed, nil, rpcErrorJSON(&jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: lost}))
	return nil
}

// update answers tasks/update: the answers to pending input requests
// are kept, and once every request has one the task's next round runs,
// here. Answers to keys the task does not wait for are ignored.
func (s *taskServer) update(ctx context.Context, id string, params json.RawMessage, call roundCall) (any, error) {
	var p struct {
		InputResponses map[string]json.RawMessage `json:"inputResponses"`
	}
	if err := json.Unmarshal(params, &p); err != nil || p.InputResponses == nil {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "tasks/update: params.inputResponses must be an object of answers by key"}
	}
	resume := false
	_, err := s.opts.Store.Update(ctx, id, s.owned(ctx, id, func(t *Task) {
		resume = s.answer(t, p.InputResponses)
	}))
	if err != nil {
		return nil, storeFailed(ctx, id, err)
	}
	if resume {
		s.startRound(ctx, id, call)
	}
	return completeAck, nil
}

// answer keeps in t the responses to the requests it waits for, and
// reports whether that was the last one: then t is working again, on a
// lease of this replica's.
func (s *taskServer) answer(t *Task, responses map[string]json.RawMessage) bool {
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
		s.touch(t)
		return false
	}
	t.Status = TaskWorking
	t.StatusMessage = ""
	t.Lease = s.now().Add(s.opts.Lease)
	s.touch(t)
	return true
}

// cancel answers tasks/cancel: a task not yet terminal is cancelled, and
// the tool's context with it, here or, through the lease, on the replica
// that runs it. A terminal task is left as it is: the ack is the same.
func (s *taskServer) cancel(ctx context.Context, id string) (any, error) {
	_, err := s.opts.Store.Update(ctx, id, s.owned(ctx, id, func(t *Task) {
		if !t.Status.Terminal() {
			s.finish(t, TaskCancelled, nil, nil)
		}
	}))
	if err != nil {
		return nil, storeFailed(ctx, id, err)
	}
	if stop, ok := s.running.Load(id); ok {
		stop.(context.CancelFunc)()
	}
	return completeAck, nil
}

// completeAck is the result of tasks/update and tasks/cancel.
var completeAck = map[string]string{"resultType": "complete"}

// touch dates t's last change now.
func (s *taskServer) touch(t *Task) { t.Updated = s.now() }

// finish puts t in a terminal status, with its result or error.
func (s *taskServer) finish(t *Task, status TaskStatus, result, rpcErr json.RawMessage) {
	t.Status, t.Result, t.Error = status, result, rpcErr
	t.InputRequests, t.Answers, t.State, t.Lease = nil, nil, "", time.Time{}
	s.touch(t)
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

// create stores a new task for the call params, made by r's caller, on a
// lease of this replica's: durably, before its ID is sent.
func (s *taskServer) create(ctx context.Context, params json.RawMessage) (*Task, error) {
	now := s.now()
	t := &Task{
		ID:           newTaskID(),
		Status:       TaskWorking,
		Created:      now,
		Updated:      now,
		TTL:          s.opts.TTL,
		PollInterval: s.opts.PollInterval,
		Owner:        ownerFrom(ctx),
		Call:         params,
		Lease:        now.Add(s.opts.Lease),
	}
	if err := s.opts.Store.Create(ctx, t); err != nil {
		return nil, storeFailed(ctx, t.ID, err)
	}
	return t, nil
}

// A roundCall calls a task's tool once, as the transport that carries
// the task's requests calls it, and reports the progress the tool sends
// to progress.
type roundCall func(ctx context.Context, t *Task, progress func(msg string)) roundOutcome

// startRound runs the next round of the task id in the background, with
// call, in a context with the values of ctx, that of the request that
// made the round due: a round outlives its request.
func (s *taskServer) startRound(ctx context.Context, id string, call roundCall) {
	ctx, stop := context.WithCancel(context.WithoutCancel(ctx))
	ctx = context.WithValue(ctx, taskRoundKey{}, ctx)
	s.running.Store(id, stop)
	s.opts.Running.start()
	go func() {
		defer s.opts.Running.done()
		defer s.running.Delete(id)
		defer stop()
		s.runRound(ctx, stop, id, call)
	}()
}

// runRound calls the tool once for the task id and records what came of
// it, renewing the task's lease meanwhile.
func (s *taskServer) runRound(ctx context.Context, stop context.CancelFunc, id string, call roundCall) {
	t, err := s.opts.Store.Get(ctx, id)
	if err != nil || t.Status != TaskWorking {
		return
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		s.renew(ctx, stop, id)
	}()
	status := &statusWriter{write: func(msg string) { s.progress(ctx, id, msg) }, every: s.opts.PollInterval / 4}
	out := call(ctx, t, status.report)
	stop()
	wg.Wait()
	status.stop()
	s.keep(context.WithoutCancel(ctx), id, out)
}

// keepTries and keepWait bound how long keep tries to store a round's
// outcome while the store fails: about three seconds.
const (
	keepTries = 5
	keepWait  = 200 * time.Millisecond
)

// keep records out, what the task id's round came to, in the store,
// trying again a few times while the store fails: the round's result is
// lost if it cannot be stored, and the task then fails as one whose
// replica stopped.
func (s *taskServer) keep(ctx context.Context, id string, out roundOutcome) {
	for try, wait := 1, keepWait; ; try, wait = try+1, 2*wait {
		_, err := s.opts.Store.Update(ctx, id, func(t *Task) error {
			if t.Status == TaskWorking {
				s.record(t, out)
			}
			return nil
		})
		if err == nil || errors.Is(err, ErrNoTask) || try == keepTries {
			return
		}
		time.Sleep(wait)
	}
}

// renew extends the lease of the task id every third of a lease until
// ctx is done, and stops the round when the task was cancelled, on this
// replica or another, or is gone. A renewal the store fails is tried
// again at the next tick: a store that is down for less than two thirds
// of a lease costs no task.
func (s *taskServer) renew(ctx context.Context, stop context.CancelFunc, id string) {
	tick := time.NewTicker(s.opts.Lease / 3)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		t, err := s.opts.Store.Update(ctx, id, func(t *Task) error {
			if t.Status == TaskWorking {
				t.Lease = s.now().Add(s.opts.Lease)
				if t.Expires().Before(t.Lease) {
					s.touch(t) // a task that works is kept, however long past its TTL
				}
			}
			return nil
		})
		switch {
		case err != nil && !errors.Is(err, ErrNoTask):
			continue // the store failed: the next renewal may not
		case err != nil || t.Status != TaskWorking:
			stop()
			return
		}
	}
}

// A roundOutcome is what one call of a task's tool answered.
type roundOutcome struct {
	result json.RawMessage // the call's result, or
	err    json.RawMessage // its JSON-RPC error
}

// progress makes msg the status message of the task id.
func (s *taskServer) progress(ctx context.Context, id, msg string) {
	s.opts.Store.Update(ctx, id, func(t *Task) error {
		if t.Status == TaskWorking && t.StatusMessage != msg {
			t.StatusMessage = msg
			s.touch(t)
		}
		return nil
	})
}

// A statusWriter writes a round's progress reports to its task's status
// message, each report at once unless one was written less than every
// ago: then the last report is written once that much time has passed.
// A tool that reports progress for each of thousands of items costs the
// store a write or so per quarter of the poll interval, not thousands,
// and its latest report is never lost.
type statusWriter struct {
	write func(msg string)
	every time.Duration

	mu      sync.Mutex
	last    time.Time   // when the last write was
	pending string      // the report a timer will write
	timer   *time.Timer // set while a report is pending
	stopped bool
}

func (w *statusWriter) report(msg string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.stopped {
		return
	}
	w.pending = msg
	if w.timer != nil {
		return
	}
	if wait := w.every - time.Since(w.last); wait > 0 {
		w.timer = time.AfterFunc(wait, w.flush)
		return
	}
	w.last = time.Now()
	w.write(msg)
}

// flush writes the pending report.
func (w *statusWriter) flush() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.timer = nil
	if !w.stopped {
		w.last = time.Now()
		w.write(w.pending)
	}
}

// stop drops a pending report: the round is over.
func (w *statusWriter) stop() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.stopped = true
	if w.timer != nil {
		w.timer.Stop()
	}
}

// record puts what a round of t came to in t: the input it asks for, its
// result, or its error.
func (s *taskServer) record(t *Task, out roundOutcome) {
	if out.err != nil {
		s.finish(t, TaskFailed, nil, out.err)
		return
	}
	var res struct {
		ResultType    string                     `json:"resultType"`
		InputRequests map[string]json.RawMessage `json:"inputRequests"`
		RequestState  string                     `json:"requestState"`
	}
	if err := json.Unmarshal(out.result, &res); err != nil {
		s.finish(t, TaskFailed, nil, rpcErrorJSON(&jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: "the tool's result: " + err.Error()}))
		return
	}
	if res.ResultType == "input_required" && len(res.InputRequests) > 0 {
		t.Status, t.StatusMessage = TaskInputRequired, ""
		t.InputRequests, t.Answers, t.State, t.Lease = res.InputRequests, nil, res.RequestState, time.Time{}
		s.touch(t)
		return
	}
	s.finish(t, TaskCompleted, completeResult(out.result), nil)
}

// completeResult is result, a tool's complete result, as a task inlines
// it: a CallToolResult of protocol 2026-07-28, which carries its own
// resultType "complete" (the revision requires it of every
// CallToolResult, and clients check it), whatever tasks/get's answer
// around it carries.
func completeResult(result json.RawMessage) json.RawMessage {
	var m map[string]json.RawMessage
	if json.Unmarshal(result, &m) != nil {
		return result
	}
	m["resultType"] = json.RawMessage(`"complete"`)
	data, _ := json.Marshal(m)
	return data
}

func failure(code int64, msg string) roundOutcome {
	return roundOutcome{err: rpcErrorJSON(&jsonrpc.Error{Code: code, Message: msg})}
}

// roundParams are the params of t's next call: the call's own, each as
// it was sent (a form's request state signs the arguments' exact text),
// with the answers and the request state t holds, and a progress token.
func roundParams(t *Task) (map[string]json.RawMessage, error) {
	var params map[string]json.RawMessage
	if err := json.Unmarshal(t.Call, &params); err != nil {
		return nil, err
	}
	if len(t.Answers) > 0 || t.State != "" {
		// The answers of the task's own input requests; until it asks
		// any, those the call that started it carried, if it started
		// itself after asking (StartTask).
		delete(params, "inputResponses")
		delete(params, "requestState")
		params["inputResponses"], _ = json.Marshal(t.Answers)
		params["requestState"], _ = json.Marshal(t.State)
	}
	var meta map[string]json.RawMessage
	json.Unmarshal(params["_meta"], &meta)
	if meta == nil {
		meta = map[string]json.RawMessage{}
	}
	meta["progressToken"], _ = json.Marshal("task:" + t.ID)
	params["_meta"], _ = json.Marshal(meta)
	return params, nil
}
