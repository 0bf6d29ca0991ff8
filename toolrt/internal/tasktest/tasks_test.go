package tasktest

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// gateName is a gate of the test's own, so that no other test, nor a
// second run of this one, opens it.
func gateName(t *testing.T) string {
	return t.Name() + "/" + time.Now().Format(time.RFC3339Nano)
}

// created checks that res is a CreateTaskResult and returns its ID.
func created(t testing.TB, res map[string]any) string {
	t.Helper()
	id, _ := res["taskId"].(string)
	if res["resultType"] != "task" || id == "" || res["status"] != "working" {
		t.Fatalf("tools/call answered %v; want a CreateTaskResult, working", res)
	}
	for _, key := range []string{"result", "error", "inputRequests", "requestState", "ttl", "pollInterval", "content"} {
		if _, ok := res[key]; ok {
			t.Errorf("the CreateTaskResult carries %q: %v", key, res)
		}
	}
	iso := regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d`)
	for _, key := range []string{"createdAt", "lastUpdatedAt"} {
		if s, _ := res[key].(string); !iso.MatchString(s) {
			t.Errorf("%s = %v, want an RFC 3339 time", key, res[key])
		}
	}
	for _, key := range []string{"ttlMs", "pollIntervalMs"} {
		if n, ok := res[key].(float64); !ok || n <= 0 || n != float64(int64(n)) {
			t.Errorf("%s = %v, want a positive whole number of milliseconds", key, res[key])
		}
	}
	return id
}

// TestTaskLifecycle: a tool with task support called by a client that
// declares the extension answers with a task, working, whose progress
// is its status message, and which completes with the tool's result.
func TestTaskLifecycle(t *testing.T) {
	srv := serve(t, newServer(), toolrt.TaskOptions{})
	c := &mcptest.TaskClient{T: t, URL: srv.URL, Tasks: true}
	gate := gateName(t)
	id := startTask(c, "work", map[string]any{"gate": gate})
	working := awaitStarted(c, id)
	if working["status"] != "working" || working["resultType"] != "complete" || working["result"] != nil {
		t.Errorf("tasks/get of a working task = %v", working)
	}
	GateNamed(gate).Open()
	done := c.Await(id, "completed", "failed", "cancelled")
	if done["status"] != "completed" {
		t.Fatalf("task = %v, want completed", done)
	}
	if got, want := resultText(t, done), "work at "+gate+" done"; got != want {
		t.Errorf("result text = %q, want %q", got, want)
	}
	if rt := done["result"].(map[string]any)["resultType"]; rt != "complete" {
		t.Errorf("the inlined result's resultType = %v, want complete, as every CallToolResult of 2026-07-28: %v", rt, done["result"])
	}
}

// TestTaskCancel: tasks/cancel cancels the tool's context, the task ends
// cancelled, and cancelling it again gets the same ack.
func TestTaskCancel(t *testing.T) {
	srv := serve(t, newServer(), toolrt.TaskOptions{})
	c := &mcptest.TaskClient{T: t, URL: srv.URL, Tasks: true}
	gate := gateName(t)
	id := startTask(c, "work", map[string]any{"gate": gate})
	awaitStarted(c, id)
	for range 2 {
		ack := c.Must("tasks/cancel", map[string]any{"taskId": id})
		if len(ack) != 1 || ack["resultType"] != "complete" {
			t.Errorf("tasks/cancel = %v, want {resultType: complete}", ack)
		}
	}
	awaitCancelled(t, gate)
	if task := c.Get(id); task["status"] != "cancelled" {
		t.Errorf("task = %v, want cancelled", task)
	}
}

// TestTaskForm: a form asked inside a task parks it in input_required;
// tasks/update answers it, and the task completes with the answer.
func TestTaskForm(t *testing.T) {
	srv := serve(t, newServer(), toolrt.TaskOptions{})
	c := &mcptest.TaskClient{T: t, URL: srv.URL, Tasks: true}
	id := startTask(c, "deploy", map[string]any{"service": "api"})
	parked := c.Await(id, "input_required")
	requests, _ := parked["inputRequests"].(map[string]any)
	if len(requests) != 1 {
		t.Fatalf("input_required task = %v, want one input request", parked)
	}
	answers := map[string]any{"not-asked": map[string]any{"action": "accept"}}
	for key, r := range requests {
		if method := r.(map[string]any)["method"]; method != "elicitation/create" {
			t.Errorf("input request %s is %v, want elicitation/create", key, method)
		}
		answers[key] = map[string]any{"action": "accept", "content": map[string]any{"approve": true}}
	}
	if _, ok := parked["requestState"]; ok {
		t.Errorf("tasks/get carries requestState: %v", parked)
	}
	ack := c.Must("tasks/update", map[string]any{"taskId": id, "inputResponses": answers})
	if len(ack) != 1 || ack["resultType"] != "complete" {
		t.Errorf("tasks/update = %v, want {resultType: complete}", ack)
	}
	done := c.Await(id, "completed", "failed")
	if got := resultText(t, done); got != "api deployed" {
		t.Errorf("result text = %q, want %q", got, "api deployed")
	}
}

// TestStartTask: a tool that asks a form while the call waits, then
// starts its task, answers the first call with the form, the second,
// which carries the answer, with a task that completes with it.
func TestStartTask(t *testing.T) {
	srv := serve(t, newServer(), toolrt.TaskOptions{})
	c := &mcptest.TaskClient{T: t, URL: srv.URL, Tasks: true}
	first, err := c.Call("release", map[string]any{"version": "v2"})
	if err != nil {
		t.Fatal(err)
	}
	requests, _ := first["inputRequests"].(map[string]any)
	if first["resultType"] != "input_required" || len(requests) != 1 || first["taskId"] != nil {
		t.Fatalf("first round = %v, want the form's input request and no task", first)
	}
	answers := map[string]any{}
	for key := range requests {
		answers[key] = map[string]any{"action": "accept", "content": map[string]any{"approve": true}}
	}
	second, rpcErr := c.Do("tools/call", map[string]any{"name": "release", "arguments": map[string]any{"version": "v2"},
		"inputResponses": answers, "requestState": first["requestState"]})
	if rpcErr != nil {
		t.Fatal(rpcErr)
	}
	id := created(t, second)
	if got := resultText(t, c.Await(id, "completed", "failed")); got != "v2 released" {
		t.Errorf("result text = %q, want %q", got, "v2 released")
	}
}

// TestWithoutTheExtension: a client that does not declare the extension
// gets an optional tool's result at once, -32021 naming the extension
// from a tool that runs only as a task, and -32021 from every task
// method.
func TestWithoutTheExtension(t *testing.T) {
	srv := serve(t, newServer(), toolrt.TaskOptions{})
	c := &mcptest.TaskClient{T: t, URL: srv.URL}
	gate := gateName(t)
	GateNamed(gate).Open()
	res, err := c.Call("work", map[string]any{"gate": gate})
	if err != nil || res["taskId"] != nil || res["resultType"] == "task" {
		t.Fatalf("work without the extension = %v, %v; want its result at once", res, err)
	}
	_, err = c.Call("release", map[string]any{"version": "v1"})
	if err == nil || err.Code != mcp.CodeMissingRequiredClientCapabilities || !strings.Contains(string(err.Data), toolrt.TasksExtension) {
		t.Errorf("release without the extension: %v; want -32021 naming %s", err, toolrt.TasksExtension)
	}
	for _, method := range []string{"tasks/get", "tasks/update", "tasks/cancel"} {
		_, err := c.Do(method, map[string]any{"taskId": "x", "inputResponses": map[string]any{}})
		if err == nil || err.Code != mcp.CodeMissingRequiredClientCapabilities {
			t.Errorf("%s without the extension: %v; want -32021", method, err)
		}
	}
}

// TestTaskErrors: an unknown task is -32602; a header that disagrees
// with the body is HTTP 400 and -32020; the removed methods are unknown.
func TestTaskErrors(t *testing.T) {
	srv := serve(t, newServer(), toolrt.TaskOptions{})
	c := &mcptest.TaskClient{T: t, URL: srv.URL, Tasks: true}
	for _, method := range []string{"tasks/get", "tasks/update", "tasks/cancel"} {
		_, err := c.Do(method, map[string]any{"taskId": "no-such-task", "inputResponses": map[string]any{}})
		if err == nil || err.Code != -32602 {
			t.Errorf("%s of an unknown task: %v; want -32602", method, err)
		}
	}
	_, err := c.Do("tasks/get", map[string]any{"taskId": "a"}, "Mcp-Name", "b")
	if err == nil || err.Code != mcp.CodeHeaderMismatch || err.Status != http.StatusBadRequest {
		t.Errorf("tasks/get with Mcp-Name b for task a: %v; want HTTP 400, -32020", err)
	}
	for _, method := range []string{"tasks/result", "tasks/list"} {
		if _, err := c.Do(method, map[string]any{"taskId": "a"}); err == nil || err.Code != -32601 {
			t.Errorf("%s: %v; want -32601", method, err)
		}
	}
}

// TestTaskOwner: a task is its creator's: another user's token finds no
// such task.
func TestTaskOwner(t *testing.T) {
	s := newServer()
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{Stateless: true})
	verify := func(_ context.Context, token string, _ *http.Request) (*auth.TokenInfo, error) {
		return &auth.TokenInfo{UserID: token, Expiration: time.Now().Add(time.Hour)}, nil
	}
	srv := serve(t, s, toolrt.TaskOptions{})
	srv.Config.Handler = auth.RequireBearerToken(verify, nil)(toolrt.TaskOptions{}.Handler(h))
	alice := &mcptest.TaskClient{T: t, URL: srv.URL, Tasks: true, Token: "alice"}
	bob := &mcptest.TaskClient{T: t, URL: srv.URL, Tasks: true, Token: "bob"}
	gate := gateName(t)
	defer GateNamed(gate).Open()
	id := startTask(alice, "work", map[string]any{"gate": gate})
	alice.Get(id)
	for _, method := range []string{"tasks/get", "tasks/cancel"} {
		if _, err := bob.Do(method, map[string]any{"taskId": id}); err == nil || err.Code != -32602 {
			t.Errorf("%s of alice's task by bob: %v; want -32602", method, err)
		}
	}
	if task := alice.Get(id); task["status"] != "working" {
		t.Errorf("alice's task = %v after bob's cancel, want working", task)
	}
}

// TestTaskRefusedArguments: a call whose arguments the tool refuses is
// answered with the refusal at once, never made a task.
func TestTaskRefusedArguments(t *testing.T) {
	srv := serve(t, newServer(), toolrt.TaskOptions{})
	c := &mcptest.TaskClient{T: t, URL: srv.URL, Tasks: true}
	res, err := c.Call("work", map[string]any{"gate": 5})
	if err != nil {
		t.Fatal(err)
	}
	if res["taskId"] != nil || res["isError"] != true {
		t.Fatalf("work with a number for its string = %v; want the refusal at once, no task", res)
	}
	content, _ := res["content"].([]any)
	if len(content) != 1 || !strings.Contains(content[0].(map[string]any)["text"].(string), `argument "gate"`) {
		t.Errorf("refusal = %v, want one naming the argument", content)
	}
}

// TestTaskSampling: a request for sampling inside a task parks it, as a
// form does, and the model's answer, delivered by tasks/update, reaches
// the tool.
func TestTaskSampling(t *testing.T) {
	srv := serve(t, newServer(), toolrt.TaskOptions{})
	c := &mcptest.TaskClient{T: t, URL: srv.URL, Tasks: true}
	id := startTask(c, "headline", map[string]any{"text": "rain in Cairo"})
	parked := c.Await(id, "input_required")
	r, _ := parked["inputRequests"].(map[string]any)["headline"].(map[string]any)
	if r["method"] != "sampling/createMessage" {
		t.Fatalf("input_required task = %v, want a sampling request under headline", parked)
	}
	c.Must("tasks/update", map[string]any{"taskId": id, "inputResponses": map[string]any{
		"headline": map[string]any{"role": "assistant", "model": "test", "content": map[string]any{"type": "text", "text": "Cairo gets wet"}},
	}})
	if got := resultText(t, c.Await(id, "completed", "failed")); got != "headline: Cairo gets wet" {
		t.Errorf("result text = %q", got)
	}
}

// TestTaskMalformedParams: a task method whose params are not what it
// takes is -32602, saying what is wrong.
func TestTaskMalformedParams(t *testing.T) {
	c := &mcptest.TaskClient{T: t, URL: serve(t, newServer(), toolrt.TaskOptions{}).URL, Tasks: true}
	for _, params := range []map[string]any{
		{"taskId": 7},
		{"taskId": "a", "inputResponses": []any{1}},
		{},
	} {
		for _, method := range []string{"tasks/get", "tasks/update", "tasks/cancel"} {
			_, err := c.Do(method, params)
			if err == nil || err.Code != -32602 {
				t.Errorf("%s %v: %v; want -32602", method, params, err)
			}
		}
	}
}

// approve answers each request of asked whose message mentions one of
// what with approve: true, the others with approve: false.
func approve(asked map[string]any, what ...string) map[string]any {
	answers := map[string]any{}
	for key, r := range asked {
		msg, _ := r.(map[string]any)["params"].(map[string]any)["message"].(string)
		yes := false
		for _, w := range what {
			yes = yes || strings.Contains(msg, w)
		}
		answers[key] = map[string]any{"action": "accept", "content": map[string]any{"approve": yes}}
	}
	return answers
}

// TestFormsAtOnce: two forms a tool asks at once, from two goroutines,
// are two input requests of one round; outside a task the call with
// both answers completes, and inside one the task waits with both
// pending, then with the one not yet answered, and completes once both
// are.
func TestFormsAtOnce(t *testing.T) {
	srv := serve(t, newServer(), toolrt.TaskOptions{})
	sync := &mcptest.TaskClient{T: t, URL: srv.URL}
	first, err := sync.Call("book_trip", map[string]any{"city": "Oslo"})
	if err != nil {
		t.Fatal(err)
	}
	asked, _ := first["inputRequests"].(map[string]any)
	if len(asked) != 2 {
		t.Fatalf("first round = %v, want both forms asked", first)
	}
	second, rpcErr := sync.Do("tools/call", map[string]any{"name": "book_trip", "arguments": map[string]any{"city": "Oslo"},
		"inputResponses": approve(asked, "flight"), "requestState": first["requestState"]})
	if rpcErr != nil {
		t.Fatal(rpcErr)
	}
	if text := second["content"].([]any)[0].(map[string]any)["text"]; text != "flight true, hotel false" {
		t.Errorf("second round = %v, want the answers to both", second)
	}

	c := &mcptest.TaskClient{T: t, URL: srv.URL, Tasks: true}
	id := startTask(c, "book_trip", map[string]any{"city": "Rome"})
	parked := c.Await(id, "input_required")
	pending, _ := parked["inputRequests"].(map[string]any)
	if len(pending) != 2 {
		t.Fatalf("input_required task = %v, want both forms pending", parked)
	}
	answers := approve(pending, "hotel")
	var hotelKey, flightKey string
	for key, r := range pending {
		if strings.Contains(r.(map[string]any)["params"].(map[string]any)["message"].(string), "hotel") {
			hotelKey = key
		} else {
			flightKey = key
		}
	}
	c.Must("tasks/update", map[string]any{"taskId": id, "inputResponses": map[string]any{hotelKey: answers[hotelKey]}})
	still := c.Get(id)
	if left, _ := still["inputRequests"].(map[string]any); still["status"] != "input_required" || len(left) != 1 || left[flightKey] == nil {
		t.Fatalf("after answering the hotel: %v, want input_required with the flight alone", still)
	}
	c.Must("tasks/update", map[string]any{"taskId": id, "inputResponses": map[string]any{flightKey: answers[flightKey]}})
	if got := resultText(t, c.Await(id, "completed", "failed")); got != "flight false, hotel true" {
		t.Errorf("result text = %q, want %q", got, "flight false, hotel true")
	}
}
