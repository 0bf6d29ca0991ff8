package main

import (
	"context"
	"fmt"
	"time"

	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The tools of the tasks scenarios (extension io.modelcontextprotocol/tasks,
// SEP-2663), served through toolrt.TasksHandler: one that never runs as a
// task, and those that do when the client declares the extension, or
// only then (task=required).

// Greet greets name.
//
//mcp:tool greet structured=false
func Greet(name string) string {
	return "Hello, " + name + "!"
}

// SlowCompute sleeps for seconds, then says so; cancelling the task ends
// the sleep.
//
//mcp:tool slow_compute structured=false task=optional
func SlowCompute(ctx context.Context, seconds int, label string) (string, error) {
	select {
	case <-time.After(time.Duration(seconds) * time.Second):
		return fmt.Sprintf("computed %s after %ds", label, seconds), nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// FailingJob fails, as a tool fails, after a second.
//
//mcp:tool failing_job structured=false task=required
func FailingJob(ctx context.Context) (string, error) {
	time.Sleep(time.Second)
	return "", fmt.Errorf("the job failed, as it always does")
}

// ProtocolErrorJob ends in a protocol error, not a tool's.
//
//mcp:tool protocol_error_job structured=false task=optional
func ProtocolErrorJob(ctx context.Context) (*mcp.CallToolResult, any, error) {
	return nil, nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: "the job broke the protocol"}
}

// Deletion is the user's confirmation of a deletion.
//
//mcp:elicit
type Deletion struct {
	Confirm bool `json:"confirm"`
}

// ConfirmDelete deletes filename once the user confirms it.
//
//mcp:tool confirm_delete structured=false task=optional
func ConfirmDelete(ctx context.Context, req *mcp.CallToolRequest, filename string) (string, error) {
	answer, ok, err := ElicitDeletion(ctx, req, "Delete "+filename+"?")
	if err != nil {
		return "", err
	}
	if !ok || !answer.Confirm {
		return "kept " + filename, nil
	}
	return "deleted " + filename, nil
}

// MultiInput asks two questions at once, and completes when both are
// answered.
//
//mcp:tool multi_input structured=false task=optional
func MultiInput(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, any, error) {
	first, second := req.Params.InputResponses["first"], req.Params.InputResponses["second"]
	if first == nil || second == nil {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"first":  questionRequest("First question"),
			"second": questionRequest("Second question"),
		}}, nil, nil
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "both answered"}}}, nil, nil
}

// questionRequest asks for a name and a confirmation.
func questionRequest(message string) *mcp.ElicitParams {
	return &mcp.ElicitParams{Mode: "form", Message: message, RequestedSchema: map[string]any{
		"type": "object",
		"properties": map[string]any{
			"name":    map[string]any{"type": "string"},
			"confirm": map[string]any{"type": "boolean"},
		},
	}}
}

// ToolWithTask asks for the caller's name while the call waits, then
// becomes a task that greets them.
//
//mcp:tool test_tool_with_task structured=false task=required
func ToolWithTask(ctx context.Context, req *mcp.CallToolRequest) (string, error) {
	who, ok, err := ElicitUserName(ctx, req, "What is your name?")
	if err != nil {
		return "", err
	}
	if !ok {
		return "no name was given", nil
	}
	if err := toolrt.StartTask(ctx); err != nil {
		return "", err
	}
	time.Sleep(200 * time.Millisecond)
	return "Hello, " + who.Name + ", from a task", nil
}
