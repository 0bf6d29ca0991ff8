package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/mcptag/mcptag/internal/costtest"
	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The cost of the tasks extension (toolrt.TasksHandler) on protocol
// 2026-07-28, without sessions: what a tool with task=optional costs a
// client that does not declare the extension, and what tasks/get of a
// finished task costs against the tools/call it stands for. Each request
// is served by calling the handler's ServeHTTP with an
// httptest.ResponseRecorder: the server's whole work on the request (the
// go-sdk's transport, JSON-RPC, the tool, the response's encoding), and
// none of the loopback's, whose time would be most of a call and vary
// more than the differences measured.

// A taskCall is a call the tasks benchmarks make: its tool, and its
// arguments.
type taskCall struct {
	size, tool, args string
}

var taskCalls = []taskCall{
	// A tool with plain parameters, the arguments of BenchmarkCallTool:
	// a request of 314 bytes.
	{"small", "get_invoice_0", `{"id":"inv-42","includeAudit":true}`},
	// A tool with an argument struct, filtering on 16,384 tags, which
	// its result does not repeat: a request of 256 KiB.
	{"large", "list_invoice_20", largeArgs(16384)},
}

// largeArgs are list_invoice_20's arguments with n tags of 14 bytes.
func largeArgs(n int) string {
	tags := make([]string, n)
	for i := range tags {
		tags[i] = fmt.Sprintf("tag-%09d", i)
	}
	data, _ := json.Marshal(map[string]any{"status": "active", "tags": tags})
	return string(data)
}

// withTaskOptional is the corpus's tools, name's with task=optional.
func withTaskOptional(name string) []toolrt.Tool {
	tools := corpusTools()
	for i := range tools {
		if tools[i].Tool.Name == name {
			tools[i].Task = toolrt.TaskOptional
		}
	}
	return tools
}

// stateless is the go-sdk's streamable HTTP handler without sessions of
// one server, registered by register, shared by every request.
func stateless(register func(*mcp.Server)) http.Handler {
	s := newServer()
	register(s)
	return mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{Stateless: true})
}

// tasksHandler is stateless(register) behind toolrt.TasksHandler.
func tasksHandler(register func(*mcp.Server)) http.Handler {
	return toolrt.TasksHandler(stateless(register), nil)
}

// taskOptional registers the corpus with tool's task=optional.
func taskOptional(tool string) func(*mcp.Server) {
	return func(s *mcp.Server) { toolrt.AddTools(s, withTaskOptional(tool)) }
}

// A taskImpl is one way of serving a tool, and whether its client
// declares the extension.
type taskImpl struct {
	name     string
	handler  func(tool string) http.Handler
	declares bool
}

var taskImpls = []taskImpl{
	// The tool without task=, the go-sdk's handler alone.
	{"generated", func(string) http.Handler { return stateless(registerTools) }, false},
	// The same behind TasksHandler: the wrapper's cost.
	{"generated-wrapped", func(string) http.Handler { return tasksHandler(registerTools) }, false},
	// The tool with task=optional behind TasksHandler: the wrapper's
	// and the gate's.
	{"task-optional", func(tool string) http.Handler { return tasksHandler(taskOptional(tool)) }, false},
	// The go-sdk's mcp.AddTool of the same function.
	{"addtool", func(string) http.Handler { return stateless(registerWithAddTool) }, false},
	// A client that declares the extension calling the tool without
	// task=: the call is offered to the tool, which does not take it.
	{"generated-wrapped-declared", func(string) http.Handler { return tasksHandler(registerTools) }, true},
}

// meta is a request's _meta on 2026-07-28, as the go-sdk's client sends
// it, with the tasks extension among the client's capabilities if
// declares.
func meta(declares bool) string {
	caps := `{}`
	if declares {
		caps = `{"extensions":{"` + toolrt.TasksExtension + `":{}}}`
	}
	return `{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"bench","version":"v0.0.1"},"io.modelcontextprotocol/clientCapabilities":` + caps + `}`
}

// An rpcRequest is one JSON-RPC request over streamable HTTP on
// 2026-07-28: its body, and its Mcp-Method and Mcp-Name headers.
type rpcRequest struct {
	body         []byte
	method, name string
}

// request is the tools/call of c, its params in the order the go-sdk's
// client sends them.
func (c taskCall) request(declares bool) rpcRequest {
	body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"_meta":` + meta(declares) + `,"name":"` + c.tool + `","arguments":` + c.args + `}}`
	return rpcRequest{[]byte(body), "tools/call", c.tool}
}

func getRequest(id string) rpcRequest {
	body := `{"jsonrpc":"2.0","id":1,"method":"tasks/get","params":{"_meta":` + meta(true) + `,"taskId":"` + id + `"}}`
	return rpcRequest{[]byte(body), "tasks/get", id}
}

// newRequest is req as an HTTP request.
func newRequest(req rpcRequest) *http.Request {
	r := httptest.NewRequest(http.MethodPost, "/", bytes.NewReader(req.body))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Accept", "application/json, text/event-stream")
	r.Header.Set("Mcp-Protocol-Version", "2026-07-28")
	r.Header.Set("Mcp-Method", req.method)
	r.Header.Set("Mcp-Name", req.name)
	return r
}

// serve has h serve req, and returns the JSON-RPC response's result,
// read from the body as JSON or as the data of its one event.
func serve(tb testing.TB, h http.Handler, req rpcRequest) json.RawMessage {
	w := httptest.NewRecorder()
	h.ServeHTTP(w, newRequest(req))
	body := w.Body.Bytes()
	if w.Code != http.StatusOK {
		tb.Fatalf("%s: HTTP %d: %s", req.method, w.Code, body)
	}
	if strings.HasPrefix(w.Header().Get("Content-Type"), "text/event-stream") {
		_, data, ok := bytes.Cut(body, []byte("data: "))
		if !ok {
			tb.Fatalf("%s: no event's data in %q", req.method, body)
		}
		body = data
	}
	var resp struct {
		Result json.RawMessage `json:"result"`
		Error  json.RawMessage `json:"error"`
	}
	if err := json.Unmarshal(body, &resp); err != nil || resp.Error != nil || resp.Result == nil {
		tb.Fatalf("%s: %v: %s", req.method, err, body)
	}
	return resp.Result
}

// A wireTask is what a CreateTaskResult and a tasks/get answer hold.
type wireTask struct {
	ResultType string          `json:"resultType"`
	TaskID     string          `json:"taskId"`
	Status     string          `json:"status"`
	Result     json.RawMessage `json:"result"`
}

// completedTask makes a call of c a task on h, from a client that
// declares the extension, and polls it until it has completed.
func completedTask(tb testing.TB, h http.Handler, c taskCall) (id string, result json.RawMessage) {
	var created wireTask
	if err := json.Unmarshal(serve(tb, h, c.request(true)), &created); err != nil || created.ResultType != "task" || created.TaskID == "" {
		tb.Fatalf("the call did not become a task (%v): %+v", err, created)
	}
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		var t wireTask
		if err := json.Unmarshal(serve(tb, h, getRequest(created.TaskID)), &t); err != nil {
			tb.Fatal(err)
		}
		switch t.Status {
		case "working":
			continue
		case "completed":
			return t.TaskID, t.Result
		default:
			tb.Fatalf("task %s: %s", t.TaskID, t.Status)
		}
	}
	tb.Fatalf("task %s did not complete in 10s", created.TaskID)
	return "", nil
}

// measure runs f in b's loop and reports, beside its allocations,
// cpu-ns/op: the CPU time of the process per op, garbage collection
// included, which the load of other processes on a shared machine
// inflates less than it does the wall time.
func measure(b *testing.B, f func()) {
	b.ReportAllocs()
	start := costtest.CPUTime()
	for b.Loop() {
		f()
	}
	b.ReportMetric(float64(costtest.CPUTime()-start)/float64(b.N), "cpu-ns/op")
}

// BenchmarkTaskCall calls each of taskCalls every way of taskImpls:
// the cost of TasksHandler, and of task=optional, to a call that does
// not become a task.
func BenchmarkTaskCall(b *testing.B) {
	for _, c := range taskCalls {
		for _, im := range taskImpls {
			b.Run("args="+c.size+"/impl="+im.name, func(b *testing.B) {
				h, req := im.handler(c.tool), c.request(im.declares)
				measure(b, func() { serve(b, h, req) })
			})
		}
	}
}

// BenchmarkTaskWrapper serves the calls of BenchmarkTaskCall, from a
// client that does not declare the extension, to a handler that only
// reads the body, as the go-sdk's does first, alone and behind
// TasksHandler: the wrapper's own cost, which a whole call's noise
// hides.
func BenchmarkTaskWrapper(b *testing.B) {
	reader := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.ReadAll(r.Body) })
	for _, c := range taskCalls {
		for _, h := range []struct {
			name string
			h    http.Handler
		}{{"alone", reader}, {"wrapped", toolrt.TasksHandler(reader, nil)}} {
			b.Run("args="+c.size+"/handler="+h.name, func(b *testing.B) {
				req := c.request(false)
				measure(b, func() {
					w := httptest.NewRecorder()
					h.h.ServeHTTP(w, newRequest(req))
					if w.Code != http.StatusOK {
						b.Fatalf("HTTP %d", w.Code)
					}
				})
			})
		}
	}
}

// BenchmarkTaskGate calls the registered handler of each of taskCalls'
// tools directly, without task= and with task=optional, as the go-sdk
// calls it for a client that does not declare the extension: the gate's
// own cost.
func BenchmarkTaskGate(b *testing.B) {
	for _, c := range taskCalls {
		for _, im := range []impl_{implGenerated, {"task-optional", newServer, taskOptional(c.tool)}} {
			b.Run("args="+c.size+"/impl="+im.name, func(b *testing.B) {
				h := lookup(serverTools(im.newRegistered()), c.tool)
				req := &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: c.tool, Arguments: json.RawMessage(c.args)}}
				ctx := context.Background()
				measure(b, func() {
					if res, err := h(ctx, req); err != nil || res.IsError {
						b.Fatal(err, res)
					}
				})
			})
		}
	}
}

// BenchmarkTaskGet is tasks/get of a completed task of the small call,
// beside the tools/call that answers the same result at once, on the
// same handler, from a client that does not declare the extension.
func BenchmarkTaskGet(b *testing.B) {
	c := taskCalls[0]
	h := tasksHandler(taskOptional(c.tool))
	id, _ := completedTask(b, h, c)
	for _, m := range []struct {
		name string
		req  rpcRequest
	}{{"tasks-get", getRequest(id)}, {"tools-call", c.request(false)}} {
		b.Run("method="+m.name, func(b *testing.B) {
			measure(b, func() { serve(b, h, m.req) })
		})
	}
}

// TestTaskBench checks what the tasks benchmarks rely on: for each of
// taskCalls, every way of taskImpls answers the call with the same
// result, at once (mcp.AddTool the same structured content: its text
// orders the keys as a map's), and the completed task's result is that
// result too.
func TestTaskBench(t *testing.T) {
	for _, c := range taskCalls {
		want := complete(t, serve(t, taskImpls[0].handler(c.tool), c.request(false)))
		for _, im := range taskImpls[1:] {
			got, same := complete(t, serve(t, im.handler(c.tool), c.request(im.declares))), want
			if im.name == "addtool" {
				got, same = structuredContent(t, got), structuredContent(t, want)
			}
			if !sameJSON(t, got, same) {
				t.Errorf("%s: %s answers\n%s\nwant\n%s", c.tool, im.name, got, same)
			}
		}
		_, got := completedTask(t, tasksHandler(taskOptional(c.tool)), c)
		if got = complete(t, got); !sameJSON(t, got, want) {
			t.Errorf("%s: the task's result is\n%s\nwant\n%s", c.tool, got, want)
		}
	}
}

// complete is a tool's complete result without its resultType, which a
// result answered at once and one a task inlines may spell differently;
// a result of another type fails the test.
func complete(t *testing.T, result json.RawMessage) json.RawMessage {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(result, &m); err != nil {
		t.Fatal(err)
	}
	if rt, ok := m["resultType"]; ok && string(rt) != `"complete"` {
		t.Fatalf("the call answered a result of type %s, not at once: %s", rt, result)
	}
	delete(m, "resultType")
	data, _ := json.Marshal(m)
	return data
}

// structuredContent is a result's structuredContent.
func structuredContent(t *testing.T, result json.RawMessage) json.RawMessage {
	t.Helper()
	var r struct {
		StructuredContent json.RawMessage `json:"structuredContent"`
	}
	if err := json.Unmarshal(result, &r); err != nil || r.StructuredContent == nil {
		t.Fatalf("no structured content (%v): %s", err, result)
	}
	return r.StructuredContent
}

// sameJSON reports whether a and b are the same JSON value.
func sameJSON(t *testing.T, a, b json.RawMessage) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatal(err)
	}
	return reflect.DeepEqual(x, y)
}
