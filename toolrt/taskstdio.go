package toolrt

// Tasks on stdio: StdioTransport's connection answers the task methods
// before the go-sdk reads them, marks a tools/call that may become a task
// with an offer in its _meta (a stdio session's handlers share one
// context, so the offer cannot travel in it), turns the go-sdk's answer
// to a call that took the offer into the task, and calls a task's tool by
// sending the go-sdk a tools/call of its own, whose answer it keeps.

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"sync"
	"sync/atomic"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A taskConn serves tasks on a connection of StdioTransport.
type taskConn struct {
	mcp.Connection
	srv    *taskServer
	in     chan jsonrpc.Message // from the client, read ahead
	inErr  error                // why in was closed
	inject chan jsonrpc.Message // a round's calls, for the go-sdk
	done   chan struct{}        // closed by Close
	once   sync.Once
	seq    atomic.Int64

	mu      sync.Mutex
	offered map[string]string                 // a marked call's ID -> its offer's token
	calls   map[string]json.RawMessage        // a marked call's ID -> its params
	rounds  map[string]chan *jsonrpc.Response // a round's call ID -> where its answer goes
	reports map[string]func(msg string)       // a round's progress token -> its report
}

// newTaskConn serves tasks with srv on conn.
func newTaskConn(conn mcp.Connection, srv *taskServer) *taskConn {
	c := &taskConn{
		Connection: conn, srv: srv,
		in: make(chan jsonrpc.Message), inject: make(chan jsonrpc.Message), done: make(chan struct{}),
		offered: map[string]string{}, calls: map[string]json.RawMessage{},
		rounds: map[string]chan *jsonrpc.Response{}, reports: map[string]func(string){},
	}
	go c.readAhead()
	return c
}

// readAhead reads the client's messages into in, until the connection
// fails or closes.
func (c *taskConn) readAhead() {
	for {
		msg, err := c.Connection.Read(context.Background())
		if err != nil {
			c.inErr = err
			close(c.in)
			return
		}
		select {
		case c.in <- msg:
		case <-c.done:
			return
		}
	}
}

// Read returns the next message for the go-sdk: a round's call, or the
// client's next message that is not a task method, which it answers.
func (c *taskConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	for {
		select {
		case msg := <-c.inject:
			return msg, nil
		case msg, ok := <-c.in:
			if !ok {
				return nil, c.inErr
			}
			if msg = c.fromClient(ctx, msg); msg != nil {
				return msg, nil
			}
		case <-c.done:
			return nil, io.EOF
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

func (c *taskConn) Close() error {
	c.once.Do(func() { close(c.done) })
	return c.Connection.Close()
}

// fromClient answers msg if it is a task method, marks it if it is a
// tools/call that may become a task, and returns what the go-sdk reads of
// it: nil for none.
func (c *taskConn) fromClient(ctx context.Context, msg jsonrpc.Message) jsonrpc.Message {
	req, ok := msg.(*jsonrpc.Request)
	if !ok || !req.IsCall() {
		return msg
	}
	var meta requestMeta
	if json.Unmarshal(req.Params, &meta) != nil {
		return msg
	}
	switch req.Method {
	case "tasks/get", "tasks/update", "tasks/cancel":
		res, err := c.srv.method(ctx, req.Method, req.Params, &meta, c.round)
		c.reply(ctx, req.ID, res, err)
		return nil
	case "tools/call":
		if meta.declaresTasks() {
			return c.offer(req)
		}
	}
	return msg
}

// offer marks the tools/call req with a new offer.
func (c *taskConn) offer(req *jsonrpc.Request) jsonrpc.Message {
	token := rand.Text()
	params, err := withMark(req.Params, token)
	if err != nil {
		return req
	}
	taskMarks.Store(token, &taskOffer{})
	c.mu.Lock()
	c.offered[idKey(req.ID)], c.calls[idKey(req.ID)] = token, req.Params
	c.mu.Unlock()
	marked := *req
	marked.Params = params
	return &marked
}

// withMark is params with the mark token in its _meta.
func withMark(params json.RawMessage, token string) (json.RawMessage, error) {
	var p map[string]json.RawMessage
	if err := json.Unmarshal(params, &p); err != nil {
		return nil, err
	}
	var meta map[string]json.RawMessage
	json.Unmarshal(p["_meta"], &meta)
	if meta == nil {
		meta = map[string]json.RawMessage{}
	}
	meta[taskMarkKey], _ = json.Marshal(token)
	p["_meta"], _ = json.Marshal(meta)
	return json.Marshal(p)
}

// idKey is a request ID as a map key.
func idKey(id jsonrpc.ID) string { return fmt.Sprintf("%T:%v", id.Raw(), id.Raw()) }

// reply answers the client's request id with res or err.
func (c *taskConn) reply(ctx context.Context, id jsonrpc.ID, res any, err error) {
	var result json.RawMessage
	if err == nil {
		result, err = json.Marshal(res)
	}
	if err != nil {
		err, result = asRPCError(err), nil
	}
	c.Connection.Write(ctx, &jsonrpc.Response{ID: id, Result: result, Error: err})
}

// Write sends the go-sdk's msg to the client, but for what belongs to
// tasks: the answer to a call that took its offer is the new task; the
// answer to a round's call, and the progress of a round, stay here.
func (c *taskConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	switch msg := msg.(type) {
	case *jsonrpc.Response:
		key := idKey(msg.ID)
		c.mu.Lock()
		round, isRound := c.rounds[key]
		token, isOffered := c.offered[key]
		params := c.calls[key]
		delete(c.rounds, key)
		delete(c.offered, key)
		delete(c.calls, key)
		c.mu.Unlock()
		switch {
		case isRound:
			round <- msg
			return nil
		case isOffered:
			return c.answerOffered(ctx, msg, token, params)
		}
	case *jsonrpc.Request:
		if msg.Method == "notifications/progress" && c.reported(msg.Params) {
			return nil
		}
	}
	return c.Connection.Write(ctx, msg)
}

// answerOffered sends the answer to a marked call: the go-sdk's, unless
// the call took its offer, whose answer is a new task.
func (c *taskConn) answerOffered(ctx context.Context, msg *jsonrpc.Response, token string, params json.RawMessage) error {
	v, _ := taskMarks.LoadAndDelete(token)
	if offer, _ := v.(*taskOffer); offer == nil || !offer.taken.Load() {
		return c.Connection.Write(ctx, msg)
	}
	t, err := c.srv.create(ctx, params)
	if err != nil {
		c.reply(ctx, msg.ID, nil, err)
		return nil
	}
	c.srv.startRound(ctx, t.ID, c.round)
	c.reply(ctx, msg.ID, created(t), nil)
	return nil
}

// reported hands a progress notification of a round to the round's
// report, and says whether it was one.
func (c *taskConn) reported(params json.RawMessage) bool {
	var p progressParams
	if json.Unmarshal(params, &p) != nil {
		return false
	}
	token, _ := p.Token.(string)
	c.mu.Lock()
	report := c.reports[token]
	c.mu.Unlock()
	if report == nil {
		return false
	}
	report(p.status())
	return true
}

// round is the roundCall of stdio: it sends the go-sdk a tools/call of
// t's tool, marked with the round's context, and waits for its answer.
func (c *taskConn) round(ctx context.Context, t *Task, progress func(string)) roundOutcome {
	params, err := roundParams(t)
	if err != nil {
		return failure(jsonrpc.CodeInternalError, "the task's call: "+err.Error())
	}
	raw, _ := json.Marshal(params)
	token := rand.Text()
	if raw, err = withMark(raw, token); err != nil {
		return failure(jsonrpc.CodeInternalError, "the task's call: "+err.Error())
	}
	taskMarks.Store(token, ctx)
	defer taskMarks.Delete(token)
	id, _ := jsonrpc.MakeID(fmt.Sprintf("mcptag-task-%d", c.seq.Add(1)))
	answer := make(chan *jsonrpc.Response, 1)
	progressToken := "task:" + t.ID
	c.mu.Lock()
	c.rounds[idKey(id)], c.reports[progressToken] = answer, progress
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		delete(c.reports, progressToken)
		c.mu.Unlock()
	}()
	select {
	case c.inject <- &jsonrpc.Request{ID: id, Method: "tools/call", Params: raw}:
	case <-c.done:
		return failure(jsonrpc.CodeInternalError, "the connection closed before the task's tool was called")
	}
	select {
	case res := <-answer:
		if res.Error != nil {
			data, _ := json.Marshal(res.Error)
			return roundOutcome{err: data}
		}
		return roundOutcome{result: res.Result}
	case <-c.done:
		return failure(jsonrpc.CodeInternalError, "the connection closed while the task's tool ran")
	}
}
