package toolrt

// How a tools/call becomes a task, and how a task's rounds run. A round
// is one call of the tool, made through the go-sdk's handler as a client
// would make it: the first with the call's own params, each later one
// with the answers to the input requests the one before returned and the
// request state it returned with them (multi round-trip requests, run on
// the client's behalf). A task waiting for answers holds nothing but its
// record in the store, so the replica that receives the last answer runs
// the next round, whichever started the task.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcptag/mcptag/internal/paramheader"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A taskOffer is what tasksHandler puts in the context of a tools/call
// that may become a task; the handler of a tool with task support takes
// it (taskGate).
type taskOffer struct{ taken atomic.Bool }

type taskOfferKey struct{}

// taskRoundKey marks the context of a round of a task: the call runs.
type taskRoundKey struct{}

// serveCall passes the tools/call env, from a client that declares the
// extension, to the go-sdk with an offer. A tool with task support takes
// it, and then the call's answer is a new task's, created here; any
// other call is answered as the go-sdk answers it, as it streams.
func (h *tasksHandler) serveCall(w http.ResponseWriter, r *http.Request, env *envelope) {
	offer := &taskOffer{}
	held := &offerWriter{w: w, offer: offer, header: http.Header{}}
	h.next.ServeHTTP(held, r.WithContext(context.WithValue(r.Context(), taskOfferKey{}, offer)))
	if !offer.taken.Load() {
		held.commit()
		return
	}
	t, err := h.create(r, env.Params)
	if err != nil {
		writeRPCError(w, http.StatusOK, env.ID, err)
		return
	}
	h.startRound(r, t.ID, true)
	writeRPCResult(w, env.ID, created(t))
}

// create stores a new task for the call params, made by r's caller, on a
// lease of this replica's: durably, before its ID is sent.
func (h *tasksHandler) create(r *http.Request, params json.RawMessage) (*Task, error) {
	now := h.now()
	t := &Task{
		ID:           newTaskID(),
		Status:       TaskWorking,
		Created:      now,
		Updated:      now,
		TTL:          h.opts.TTL,
		PollInterval: h.opts.PollInterval,
		Owner:        owner(r),
		Call:         params,
		Lease:        now.Add(h.opts.Lease),
	}
	if err := h.opts.Store.Create(r.Context(), t); err != nil {
		return nil, err
	}
	return t, nil
}

// An offerWriter holds back what the go-sdk writes for a call until it
// knows whether the tool took the offer: a call that took it is answered
// by the task, and what the go-sdk wrote is dropped; any other is
// written through from its first byte on.
type offerWriter struct {
	w       http.ResponseWriter
	offer   *taskOffer
	header  http.Header
	status  int
	through bool // writing through to w
	dropped bool
}

func (o *offerWriter) Header() http.Header {
	if o.through {
		return o.w.Header()
	}
	return o.header
}

func (o *offerWriter) WriteHeader(status int) {
	if o.through {
		o.w.WriteHeader(status)
		return
	}
	o.status = status
}

func (o *offerWriter) Write(p []byte) (int, error) {
	if !o.through && !o.dropped {
		if o.offer.taken.Load() {
			o.dropped = true
		} else {
			o.commit()
		}
	}
	if o.dropped {
		return len(p), nil
	}
	return o.w.Write(p)
}

func (o *offerWriter) Flush() {
	if o.through {
		if f, ok := o.w.(http.Flusher); ok {
			f.Flush()
		}
	}
}

// commit writes the held header through, once, and all that follows.
func (o *offerWriter) commit() {
	if o.through || o.dropped {
		return
	}
	o.through = true
	for k, v := range o.header {
		o.w.Header()[k] = v
	}
	if o.status != 0 {
		o.w.WriteHeader(o.status)
	}
}

// taskGate is the handler of a tool with task support mode: it takes the
// offer of a call that may become a task, runs a round of a task, and
// runs any other call at once, unless the tool runs only as a task. A
// tool that starts its task itself (startsTask) runs at once with the
// offer, which StartTask takes: what it did before, such as asking for
// forms, was the call's, not the task's.
func taskGate(mode TaskSupport, startsTask bool, h mcp.ToolHandler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if ctx.Value(taskRoundKey{}) != nil {
			return h(ctx, req)
		}
		offer, offered := ctx.Value(taskOfferKey{}).(*taskOffer)
		if !offered && mode == TaskRequired {
			return nil, requiredTaskError(req)
		}
		if !offered || startsTask {
			res, err := h(ctx, req)
			if offered && offer.taken.Load() {
				return &mcp.CallToolResult{}, nil
			}
			return res, err
		}
		offer.taken.Store(true)
		return &mcp.CallToolResult{}, nil
	}
}

// StartTask makes the tool call of ctx a task from here on, for a tool
// with task support (task=) whose code calls it: the call's answer is
// then the new task, and StartTask returns an error that the tool
// returns as it is (or wrapped), like a form's *InputRequired. The task
// calls the tool again, with the answers to the forms it asked before
// (docs/tasks.md), and there StartTask returns nil, as it does when the
// call cannot become a task (the client did not declare the extension)
// and runs on at once.
//
// A tool with task support that never calls StartTask is a task from its
// start; mcptag sees the call in the tool's function (Tool.StartsTask).
func StartTask(ctx context.Context) error {
	if ctx.Value(taskRoundKey{}) != nil {
		return nil
	}
	offer, ok := ctx.Value(taskOfferKey{}).(*taskOffer)
	if !ok {
		return nil
	}
	offer.taken.Store(true)
	return errTaskStarted
}

// errTaskStarted is StartTask's error once the call became a task.
var errTaskStarted = errors.New("the call became a task: return this error from the tool")

// requiredTaskError is the error of a call to a tool that runs only as a
// task, which cannot become one: -32021 when the client did not declare
// the extension; when it did, the server serves no tasks, which the
// error says for the server's operator.
func requiredTaskError(req *mcp.CallToolRequest) error {
	name := req.Params.Name
	if caps := req.ClientCapabilities(); caps == nil || caps.Extensions[TasksExtension] == nil {
		return missingTasksError("the tool " + name + " runs only as a task")
	}
	return &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: "the tool " + name + " runs only as a task, and this server serves no tasks: serve it through toolrt.TasksHandler, without sessions (docs/tasks.md)"}
}

// startRound runs the next round of the task id in the background, with
// the credentials of r, the request that made it due: a round outlives
// its request. first says that r is the task's tools/call, whose
// parameter headers the round keeps.
func (h *tasksHandler) startRound(r *http.Request, id string, first bool) {
	ctx, stop := context.WithCancel(context.WithValue(context.WithoutCancel(r.Context()), taskRoundKey{}, id))
	h.running.Store(id, stop)
	header := r.Header.Clone()
	if !first {
		for name := range header {
			if strings.HasPrefix(name, paramheader.Prefix) {
				delete(header, name)
			}
		}
	}
	go func() {
		defer h.running.Delete(id)
		defer stop()
		h.runRound(ctx, stop, r, header, id)
	}()
}

// runRound calls the tool once for the task id and records what came of
// it, renewing the task's lease meanwhile.
func (h *tasksHandler) runRound(ctx context.Context, stop context.CancelFunc, r *http.Request, header http.Header, id string) {
	t, err := h.opts.Store.Get(ctx, id)
	if err != nil || t.Status != TaskWorking {
		return
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		h.renew(ctx, stop, id)
	}()
	out := h.call(ctx, r, header, t)
	stop()
	wg.Wait()
	h.opts.Store.Update(context.WithoutCancel(ctx), id, func(t *Task) error {
		if t.Status == TaskWorking {
			h.record(t, out)
		}
		return nil
	})
}

// renew extends the lease of the task id every third of a lease until
// ctx is done, and stops the round when the task was cancelled, on this
// replica or another.
func (h *tasksHandler) renew(ctx context.Context, stop context.CancelFunc, id string) {
	tick := time.NewTicker(h.opts.Lease / 3)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		t, err := h.opts.Store.Update(ctx, id, func(t *Task) error {
			if t.Status == TaskWorking {
				t.Lease = h.now().Add(h.opts.Lease)
			}
			return nil
		})
		if err != nil || t.Status != TaskWorking {
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

// roundID is the JSON-RPC ID of a round's call.
const roundID = `"mcptag-task-round"`

// call makes t's next round: a tools/call through the go-sdk's handler,
// with t's call params, the answers t holds and its request state, and a
// progress token, so that the tool's progress becomes t's status
// message.
func (h *tasksHandler) call(ctx context.Context, r *http.Request, header http.Header, t *Task) roundOutcome {
	params, err := roundParams(t)
	if err != nil {
		return failure(jsonrpc.CodeInternalError, "the task's call: "+err.Error())
	}
	var name struct {
		Name string `json:"name"`
	}
	json.Unmarshal(t.Call, &name)
	body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": json.RawMessage(roundID), "method": "tools/call", "params": params})
	req := r.Clone(ctx)
	req.Header = header
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Method", "tools/call")
	req.Header.Set("Mcp-Name", name.Name)
	req.Body = http.NoBody
	req.ContentLength = int64(len(body))
	req.Body = readCloser{bytes.NewReader(body)}
	rw := &roundWriter{header: http.Header{}, progress: func(msg string) { h.progress(ctx, t.ID, msg) }}
	h.next.ServeHTTP(rw, req)
	return rw.outcome()
}

type readCloser struct{ *bytes.Reader }

func (readCloser) Close() error { return nil }

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

// progress makes msg the status message of the task id.
func (h *tasksHandler) progress(ctx context.Context, id, msg string) {
	h.opts.Store.Update(ctx, id, func(t *Task) error {
		if t.Status == TaskWorking && t.StatusMessage != msg {
			t.StatusMessage = msg
			h.touch(t)
		}
		return nil
	})
}

// record puts what a round of t came to in t: the input it asks for, its
// result, or its error.
func (h *tasksHandler) record(t *Task, out roundOutcome) {
	if out.err != nil {
		h.finish(t, TaskFailed, nil, out.err)
		return
	}
	var res struct {
		ResultType    string                     `json:"resultType"`
		InputRequests map[string]json.RawMessage `json:"inputRequests"`
		RequestState  string                     `json:"requestState"`
	}
	if err := json.Unmarshal(out.result, &res); err != nil {
		h.finish(t, TaskFailed, nil, rpcErrorJSON(&jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: "the tool's result: " + err.Error()}))
		return
	}
	if res.ResultType == "input_required" && len(res.InputRequests) > 0 {
		t.Status, t.StatusMessage = TaskInputRequired, ""
		t.InputRequests, t.Answers, t.State, t.Lease = res.InputRequests, nil, res.RequestState, time.Time{}
		h.touch(t)
		return
	}
	h.finish(t, TaskCompleted, completeResult(out.result), nil)
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

// A roundWriter reads what the go-sdk answers a round's call: one JSON
// message, or a stream of server-sent events whose progress
// notifications it reports as they come.
type roundWriter struct {
	header   http.Header
	status   int
	buf      bytes.Buffer
	progress func(msg string)
	mu       sync.Mutex
	response json.RawMessage
}

func (w *roundWriter) Header() http.Header    { return w.header }
func (w *roundWriter) WriteHeader(status int) { w.status = status }
func (w *roundWriter) Flush()                 {}
func (w *roundWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	if w.streaming() {
		w.readEvents()
	}
	return len(p), nil
}

func (w *roundWriter) streaming() bool {
	return strings.HasPrefix(w.header.Get("Content-Type"), "text/event-stream")
}

// readEvents takes each whole event out of the buffer.
func (w *roundWriter) readEvents() {
	for {
		data := w.buf.Bytes()
		end := bytes.Index(data, []byte("\n\n"))
		if end < 0 {
			return
		}
		event := string(data[:end])
		w.buf.Next(end + 2)
		sc := bufio.NewScanner(strings.NewReader(event))
		var payload strings.Builder
		for sc.Scan() {
			if rest, ok := strings.CutPrefix(sc.Text(), "data:"); ok {
				payload.WriteString(strings.TrimPrefix(rest, " "))
			}
		}
		w.message([]byte(payload.String()))
	}
}

// message handles one JSON-RPC message of the answer.
func (w *roundWriter) message(data []byte) {
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Params struct {
			Message  string   `json:"message"`
			Progress float64  `json:"progress"`
			Total    *float64 `json:"total"`
		} `json:"params"`
	}
	if json.Unmarshal(data, &m) != nil {
		return
	}
	switch {
	case m.Method == "notifications/progress":
		w.progress(progressMessage(m.Params.Message, m.Params.Progress, m.Params.Total))
	case string(m.ID) == roundID:
		w.response = append(json.RawMessage(nil), data...)
	}
}

// progressMessage is a progress notification as a task's status message.
func progressMessage(msg string, progress float64, total *float64) string {
	if msg != "" {
		return msg
	}
	if total != nil {
		return strings.TrimSpace(jsonNumber(progress) + " of " + jsonNumber(*total))
	}
	return jsonNumber(progress)
}

func jsonNumber(f float64) string {
	data, _ := json.Marshal(f)
	return string(data)
}

// outcome is the call's result or error, once the go-sdk has answered.
func (w *roundWriter) outcome() roundOutcome {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.streaming() {
		w.message(w.buf.Bytes())
	}
	if w.response == nil {
		msg := strings.TrimSpace(w.buf.String())
		if msg == "" {
			msg = http.StatusText(w.status)
		}
		return failure(jsonrpc.CodeInternalError, "the server answered the task's call with no response: "+msg)
	}
	var resp struct {
		Result json.RawMessage `json:"result"`
		Error  json.RawMessage `json:"error"`
	}
	json.Unmarshal(w.response, &resp)
	if resp.Error != nil {
		return roundOutcome{err: resp.Error}
	}
	return roundOutcome{result: resp.Result}
}
