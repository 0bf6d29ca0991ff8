package tasktest

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"sync"
	"testing"
	"time"

	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/mcptag/mcptag/toolrt"
)

// A stdioClient speaks protocol 2026-07-28 to a server over a stdio
// session, declaring the tasks extension in every request.
type stdioClient struct {
	t    *testing.T
	w    io.Writer
	mu   sync.Mutex
	seq  int
	wait map[int]chan map[string]any
	seen []map[string]any // the notifications it received
}

// startStdio serves the package's tools over a StdioTransport with opts,
// and returns a client of the session.
func startStdio(t *testing.T, opts toolrt.TaskOptions) *stdioClient {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		newServer().Run(ctx, &toolrt.StdioTransport{Reader: inR, Writer: outW, Tasks: opts})
	}()
	t.Cleanup(func() {
		cancel()
		inW.Close()
		outR.Close()
		<-done
	})
	c := &stdioClient{t: t, w: inW, wait: map[int]chan map[string]any{}}
	go c.readLines(outR)
	return c
}

// readLines hands each response to the request waiting for it.
func (c *stdioClient) readLines(r io.Reader) {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var msg map[string]any
		if json.Unmarshal(sc.Bytes(), &msg) != nil {
			continue
		}
		id, ok := msg["id"].(float64)
		c.mu.Lock()
		if ch := c.wait[int(id)]; ok && ch != nil {
			ch <- msg
		} else if !ok {
			c.seen = append(c.seen, msg)
		}
		c.mu.Unlock()
	}
}

// do sends method with params and returns the response.
func (c *stdioClient) do(method string, params map[string]any) map[string]any {
	c.t.Helper()
	params["_meta"] = mcptest.RequestMeta(true)
	c.mu.Lock()
	c.seq++
	id := c.seq
	ch := make(chan map[string]any, 1)
	c.wait[id] = ch
	c.mu.Unlock()
	line, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	if _, err := c.w.Write(append(line, '\n')); err != nil {
		c.t.Fatal(err)
	}
	select {
	case msg := <-ch:
		return msg
	case <-time.After(10 * time.Second):
		c.t.Fatalf("%s: no response in 10s", method)
		return nil
	}
}

// result is do's result, failing the test on an error.
func (c *stdioClient) result(method string, params map[string]any) map[string]any {
	c.t.Helper()
	msg := c.do(method, params)
	res, ok := msg["result"].(map[string]any)
	if !ok {
		c.t.Fatalf("%s: %v", method, msg)
	}
	return res
}

// await polls the task id until its status is one of statuses.
func (c *stdioClient) await(id string, ok func(task map[string]any) bool) map[string]any {
	c.t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		task := c.result("tasks/get", map[string]any{"taskId": id})
		if ok(task) {
			return task
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("task %s after 10s: %v", id, task)
		}
	}
}

func status(want string) func(map[string]any) bool {
	return func(task map[string]any) bool { return task["status"] == want }
}

// TestStdioTasks: over stdio, a task tool called by a client that
// declares the extension becomes a task, whose progress is its status
// message and which completes; a form inside a task is answered with
// tasks/update; a cancel cancels the tool's context; the progress of a
// task's calls never reaches the client, which polls; a tool that asks
// before it starts its task becomes one on the call with the answer.
func TestStdioTasks(t *testing.T) {
	c := startStdio(t, toolrt.TaskOptions{})
	gate := gateName(t)
	id := created(t, c.result("tools/call", map[string]any{"name": "work", "arguments": map[string]any{"gate": gate}}))
	c.await(id, func(task map[string]any) bool { return task["statusMessage"] == "step 1 of 2" })
	GateNamed(gate).Open()
	if got := resultText(t, c.await(id, status("completed"))); got != "work at "+gate+" done" {
		t.Errorf("result text = %q", got)
	}

	id = created(t, c.result("tools/call", map[string]any{"name": "deploy", "arguments": map[string]any{"service": "web"}}))
	parked := c.await(id, status("input_required"))
	answers := map[string]any{}
	for key := range parked["inputRequests"].(map[string]any) {
		answers[key] = map[string]any{"action": "accept", "content": map[string]any{"approve": true}}
	}
	c.result("tasks/update", map[string]any{"taskId": id, "inputResponses": answers})
	if got := resultText(t, c.await(id, status("completed"))); got != "web deployed" {
		t.Errorf("result text = %q", got)
	}

	gate = gateName(t) + "/cancel"
	id = created(t, c.result("tools/call", map[string]any{"name": "work", "arguments": map[string]any{"gate": gate}}))
	c.await(id, func(task map[string]any) bool { return task["statusMessage"] == "step 1 of 2" })
	c.result("tasks/cancel", map[string]any{"taskId": id})
	select {
	case <-GateNamed(gate).Cancelled():
	case <-time.After(10 * time.Second):
		t.Fatal("the tool's context was not cancelled")
	}
	c.await(id, status("cancelled"))

	first := c.result("tools/call", map[string]any{"name": "release", "arguments": map[string]any{"version": "v3"}})
	answers = map[string]any{}
	for key := range first["inputRequests"].(map[string]any) {
		answers[key] = map[string]any{"action": "accept", "content": map[string]any{"approve": true}}
	}
	id = created(t, c.result("tools/call", map[string]any{"name": "release", "arguments": map[string]any{"version": "v3"},
		"inputResponses": answers, "requestState": first["requestState"]}))
	if got := resultText(t, c.await(id, status("completed"))); got != "v3 released" {
		t.Errorf("result text = %q", got)
	}

	if echo := c.result("tools/call", map[string]any{"name": "echo", "arguments": map[string]any{"text": "hi"}}); echo["taskId"] != nil || echo["isError"] == true {
		t.Errorf("echo = %v, want its result", echo)
	}
	if msg := c.do("tasks/get", map[string]any{"taskId": "nope"}); msg["error"].(map[string]any)["code"] != float64(-32602) {
		t.Errorf("tasks/get of no task = %v, want -32602", msg)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, n := range c.seen {
		if n["method"] == "notifications/progress" {
			t.Errorf("the client got a task's progress: %v", n)
		}
	}
}
