package toolrt

// Tasks over HTTP: a tools/call that took its offer answered with the
// task, and a task's rounds. A round is one call of the tool, made
// through the go-sdk's handler as a client would make it: the first with
// the call's own params, each later one with the answers to the input
// requests the one before returned and the request state it returned
// with them (multi round-trip requests, run on the client's behalf). A
// task waiting for answers holds nothing but its record in the store, so
// the replica that receives the last answer runs the next round,
// whichever started the task.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"

	"github.com/mcptag/mcptag/internal/paramheader"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

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
	t, err := h.create(r.Context(), env.Params)
	if err != nil {
		writeRPCError(w, http.StatusOK, env.ID, err)
		return
	}
	h.startRound(r.Context(), t.ID, h.httpRound(r, true))
	writeRPCResult(w, env.ID, created(t))
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

// roundID is the JSON-RPC ID of a round's call.
const roundID = `"mcptag-task-round"`

// httpRound calls a task's tool through the go-sdk's handler, as a
// tools/call that the client of r makes: with its headers, but for the
// parameter headers of another request than the task's tools/call
// (first), which its arguments would not match.
func (h *tasksHandler) httpRound(r *http.Request, first bool) roundCall {
	header := r.Header.Clone()
	if !first {
		for name := range header {
			if strings.HasPrefix(name, paramheader.Prefix) {
				delete(header, name)
			}
		}
	}
	return func(ctx context.Context, t *Task, progress func(string)) roundOutcome {
		return h.call(ctx, r, header.Clone(), t, progress)
	}
}

// call makes t's next round: a tools/call through the go-sdk's handler,
// with t's call params, the answers t holds and its request state, and a
// progress token, so that the tool's progress becomes t's status
// message.
func (h *tasksHandler) call(ctx context.Context, r *http.Request, header http.Header, t *Task, progress func(string)) roundOutcome {
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
	req.ContentLength = int64(len(body))
	req.Body = readCloser{bytes.NewReader(body)}
	rw := &roundWriter{header: http.Header{}, progress: progress}
	h.next.ServeHTTP(rw, req)
	return rw.outcome()
}

type readCloser struct{ *bytes.Reader }

func (readCloser) Close() error { return nil }

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
		Params progressParams  `json:"params"`
	}
	if json.Unmarshal(data, &m) != nil {
		return
	}
	switch {
	case m.Method == "notifications/progress":
		w.progress(m.Params.status())
	case string(m.ID) == roundID:
		w.response = append(json.RawMessage(nil), data...)
	}
}

// progressParams are the params of a progress notification that a
// task's call sends, which become the task's status message.
type progressParams struct {
	Token    any      `json:"progressToken"`
	Message  string   `json:"message"`
	Progress float64  `json:"progress"`
	Total    *float64 `json:"total"`
}

// status is p as a task's status message: its message, or how far the
// call has come.
func (p *progressParams) status() string {
	if p.Message != "" {
		return p.Message
	}
	if p.Total != nil {
		return jsonNumber(p.Progress) + " of " + jsonNumber(*p.Total)
	}
	return jsonNumber(p.Progress)
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
