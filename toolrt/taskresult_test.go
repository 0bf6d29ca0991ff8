package toolrt_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestTaskInlinesCallToolResult: the result a completed task inlines is
// the tool's CallToolResult as protocol 2026-07-28 shapes it, with its
// resultType "complete", which that revision requires of every
// CallToolResult and clients (ext-tasks) check.
func TestTaskInlinesCallToolResult(t *testing.T) {
	server := mcp.NewServer(&mcp.Implementation{Name: "tasks", Version: "1"}, nil)
	toolrt.AddTools(server, []toolrt.Tool{{
		Tool: &mcp.Tool{Name: "done", InputSchema: map[string]any{"type": "object"}},
		Handler: func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "all done"}}}, nil
		},
		Task: toolrt.TaskOptional,
	}})
	sdk := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, &mcp.StreamableHTTPOptions{Stateless: true})
	srv := httptest.NewServer(toolrt.TasksHandler(sdk, nil))
	defer srv.Close()

	var created struct{ ResultType, TaskID string }
	taskRPC(t, srv.URL, "tools/call", "done", map[string]any{"name": "done", "arguments": map[string]any{}}, &created)
	if created.ResultType != "task" || created.TaskID == "" {
		t.Fatalf("tools/call answered %+v, want a task", created)
	}
	var task struct {
		Status string
		Result json.RawMessage
	}
	for deadline := time.Now().Add(5 * time.Second); task.Status != "completed"; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the task is %s after 5s, want completed", task.Status)
		}
		taskRPC(t, srv.URL, "tasks/get", created.TaskID, map[string]any{"taskId": created.TaskID}, &task)
	}
	var result struct {
		ResultType string
		Content    json.RawMessage
	}
	if err := json.Unmarshal(task.Result, &result); err != nil || result.ResultType != "complete" || string(result.Content) != `[{"type":"text","text":"all done"}]` {
		t.Errorf("the task's result is %s (%v), want a CallToolResult with resultType \"complete\" and the text \"all done\"", task.Result, err)
	}
}

// taskRPC makes the request method (named name in Mcp-Name) at protocol
// 2026-07-28, from a client that declares the tasks extension, and
// decodes its result into out.
func taskRPC(t *testing.T, url, method, name string, params map[string]any, out any) {
	t.Helper()
	params["_meta"] = map[string]any{
		"io.modelcontextprotocol/protocolVersion":    "2026-07-28",
		"io.modelcontextprotocol/clientInfo":         map[string]any{"name": "test", "version": "1"},
		"io.modelcontextprotocol/clientCapabilities": map[string]any{"extensions": map[string]any{toolrt.TasksExtension: map[string]any{}}},
	}
	body, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
	if err != nil {
		t.Fatal(err)
	}
	req, err := http.NewRequest("POST", url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Protocol-Version", "2026-07-28")
	req.Header.Set("Mcp-Method", method)
	req.Header.Set("Mcp-Name", name)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var msg struct {
		Result json.RawMessage
		Error  json.RawMessage
	}
	if err := json.NewDecoder(resp.Body).Decode(&msg); err != nil || msg.Result == nil {
		t.Fatalf("%s: HTTP %d, error %s, decoding: %v", method, resp.StatusCode, msg.Error, err)
	}
	if err := json.Unmarshal(msg.Result, out); err != nil {
		t.Fatalf("%s: %v: %s", method, err, msg.Result)
	}
}
