package interop_test

import (
	"encoding/json"
	"net"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcptag/mcptag/internal/interop"
)

// conformanceServer is the binary of internal/conformance, the server
// of the conformance suite's fixtures (its task tools among them), built
// once for all the tests of a run, as badServer is.
var conformanceServer = sync.OnceValues(func() (string, error) {
	return goBuild(badServerDir, "../conformance")
})

// serveTasks runs the conformance fixture server without sessions
// (protocol 2026-07-28, where it serves the tasks extension) on a free
// port of the loopback interface until the test ends, and returns its
// MCP endpoint's URL once it accepts connections.
func serveTasks(t *testing.T) string {
	t.Helper()
	interop.Require(t)
	bin, err := conformanceServer()
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	cmd := exec.Command(bin, "-http", addr, "-stateless")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return "http://" + addr + "/mcp"
		}
		if time.Now().After(deadline) {
			t.Fatalf("the conformance server did not listen on %s in 10s", addr)
		}
	}
}

// A taskLine is what tasks.mjs prints of one call.
type taskLine struct {
	Name   string
	Kind   string // "task" or "immediate"
	Status string // how the call settled: completed, failed or cancelled
	Result *struct {
		ResultType string
		Content    []struct{ Type, Text string }
		IsError    bool
	}
	Error *struct {
		Message string
		Code    *int
	}
	ServerStatus string
	Statuses     []string
	Elicited     []struct{ Message, Delivery string }
}

// text is the text of the line's result, "" without one.
func (l taskLine) text() string {
	if l.Result == nil {
		return ""
	}
	var texts []string
	for _, c := range l.Result.Content {
		texts = append(texts, c.Text)
	}
	return strings.Join(texts, " ")
}

// TestTasksExtTasksClient drives the tasks of mcptag's TasksHandler with
// the official TypeScript tasks client, ext-tasks, as an application
// would: each call of a task tool becomes a task that ext-tasks polls
// (tasks/get) until it settles, answering the forms it asks for with
// tasks/update and cancelling it with tasks/cancel; a tool that asks for
// its form before it becomes a task (StartTask) is answered by retrying
// the call, and a tool without task support answers at once. ext-tasks
// checks every task, input request and result against the schemas of
// protocol 2026-07-28.
func TestTasksExtTasksClient(t *testing.T) {
	skipShort(t)
	url := serveTasks(t)
	const calls = `[
		{"name":"slow_compute","arguments":{"seconds":1,"label":"ext-tasks"}},
		{"name":"confirm_delete","arguments":{"filename":"notes.txt"},"elicit":{"action":"accept","content":{"confirm":true}}},
		{"name":"slow_compute","arguments":{"seconds":60,"label":"never"},"cancel":true},
		{"name":"failing_job"},
		{"name":"protocol_error_job"},
		{"name":"test_tool_with_task","elicit":{"action":"accept","content":{"name":"Ada"}}},
		{"name":"multi_input","elicit":{"action":"accept","content":{"name":"Ada","confirm":true}}},
		{"name":"greet","arguments":{"name":"Bob"}}
	]`
	start := time.Now()
	lines, err := interop.Tasks(t, url, calls)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("tasks.mjs took %v:\n%s", time.Since(start).Round(time.Millisecond), strings.Join(lines, "\n"))
	got := map[string][]taskLine{}
	for _, l := range lines {
		var line taskLine
		if err := json.Unmarshal([]byte(l), &line); err != nil {
			t.Fatalf("tasks.mjs printed %s: %v", l, err)
		}
		got[line.Name] = append(got[line.Name], line)
	}
	if len(lines) != 8 || len(got["slow_compute"]) != 2 {
		t.Fatalf("tasks.mjs printed %d lines, want one for each of the 8 calls:\n%s", len(lines), strings.Join(lines, "\n"))
	}

	completed(t, got["slow_compute"][0], "task", "computed ext-tasks after 1s", false, "working", "completed")
	deleted := got["confirm_delete"][0]
	completed(t, deleted, "task", "deleted notes.txt", false, "working", "input_required", "completed")
	asked(t, deleted, "task-update", "Delete notes.txt?")

	if c := got["slow_compute"][1]; c.Kind != "task" || c.Status != "cancelled" || c.ServerStatus != "cancelled" {
		t.Errorf("slow_compute, cancelled: %s, status %s, on the server %s; want a task, cancelled on both sides", c.Kind, c.Status, c.ServerStatus)
	}
	completed(t, got["failing_job"][0], "task", "the job failed, as it always does", true, "working", "completed")
	if c := got["protocol_error_job"][0]; c.Kind != "task" || c.Status != "failed" || c.Error == nil || c.Error.Message != "the job broke the protocol" || c.Error.Code == nil || *c.Error.Code != -32603 {
		t.Errorf("protocol_error_job: %s, status %s, error %+v; want a task failed with -32603 the job broke the protocol", c.Kind, c.Status, c.Error)
	}
	named := got["test_tool_with_task"][0]
	completed(t, named, "task", "Hello, Ada, from a task", false, "working", "completed")
	asked(t, named, "request-retry", "What is your name?")
	both := got["multi_input"][0]
	completed(t, both, "task", "both answered", false, "working", "input_required", "completed")
	asked(t, both, "task-update", "First question", "Second question")
	completed(t, got["greet"][0], "immediate", "Hello, Bob!", false)
}

// completed checks that line is a call of kind that completed with a
// CallToolResult of protocol 2026-07-28 (resultType "complete") whose
// text is text and whose isError is isError, after the task statuses
// statuses.
func completed(t *testing.T, line taskLine, kind, text string, isError bool, statuses ...string) {
	t.Helper()
	if line.Kind != kind || line.Status != "completed" || line.Error != nil {
		t.Errorf("%s: %s, status %s, error %+v; want a %s, completed", line.Name, line.Kind, line.Status, line.Error, kind)
		return
	}
	if line.Result.ResultType != "complete" || line.text() != text || line.Result.IsError != isError {
		t.Errorf("%s: result %+v, want resultType complete, text %q, isError %t", line.Name, *line.Result, text, isError)
	}
	if !slices.Equal(line.Statuses, statuses) {
		t.Errorf("%s: task statuses %q, want %q", line.Name, line.Statuses, statuses)
	}
}

// asked checks that the call of line asked for the forms messages, in
// order, delivered as delivery says ext-tasks answered them.
func asked(t *testing.T, line taskLine, delivery string, messages ...string) {
	t.Helper()
	var got []string
	for _, e := range line.Elicited {
		got = append(got, e.Message)
		if e.Delivery != delivery {
			t.Errorf("%s: the form %q was answered by %s, want %s", line.Name, e.Message, e.Delivery, delivery)
		}
	}
	if !slices.Equal(got, messages) {
		t.Errorf("%s: asked for the forms %q, want %q", line.Name, got, messages)
	}
}

// TestTasksInspectorCLI runs a task tool with the MCP Inspector's
// command-line mode over HTTP at protocol 2026-07-28: its tools/call
// runs through its tasks client (ext-tasks) whenever the era is modern,
// so the call of a tool with task support becomes a task, which the
// Inspector polls with tasks/get until it completes, and prints its
// result, the CallToolResult the task inlines. A tool error is the
// task's result too, which the Inspector prints as one (exit 5).
func TestTasksInspectorCLI(t *testing.T) {
	skipShort(t)
	url, methods := interop.RecordMethods(t, serveTasks(t))
	for _, tc := range []struct {
		tool, text string
		args       []string
		isError    bool
	}{
		{"slow_compute", "computed inspector after 1s", []string{"seconds=1", "label=inspector"}, false},
		{"failing_job", "the job failed, as it always does", nil, true},
	} {
		options := []string{"--transport", "http", "--protocol-era", "modern", "--method", "tools/call", "--tool-name", tc.tool}
		if tc.args != nil {
			options = append(append(options, "--tool-arg"), tc.args...)
		}
		out, err := interop.Inspector(t, url, options...)
		if err != nil {
			t.Fatal(err)
		}
		var res struct {
			ResultType string
			Content    []struct{ Text string }
			IsError    bool
		}
		if err := json.Unmarshal(out, &res); err != nil || res.ResultType != "complete" || len(res.Content) != 1 || res.Content[0].Text != tc.text || res.IsError != tc.isError {
			t.Errorf("%s: the Inspector printed %s (%v), want resultType complete, the text %q, isError %t", tc.tool, out, err, tc.text, tc.isError)
		}
		if got := methods(); !slices.Contains(got, "tools/call -> task") || !slices.Contains(got, "tasks/get") {
			t.Errorf("%s: the Inspector sent %q, want a tools/call answered with a task, then tasks/get", tc.tool, got)
		}
	}
}
