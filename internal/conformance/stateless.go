package main

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The diagnostic tools of protocol 2026-07-28's scenarios (SEP-2575,
// SEP-2243).

// XMcpHeader tests the Mcp-Param-* headers checked against the body
// (SEP-2243).
//   - region (header=Region): mirrored into Mcp-Param-Region
//   - level: not mirrored
//
//mcp:tool test_x_mcp_header structured=false
func XMcpHeader(region, level *string) string {
	if region == nil {
		return "region="
	}
	return "region=" + *region
}

// MissingCapability requires the client's sampling capability, and
// answers a client without it with MissingRequiredClientCapabilityError
// (-32021, SEP-2575).
//
//mcp:tool test_missing_capability structured=false
func MissingCapability(ctx context.Context, req *mcp.CallToolRequest) (string, error) {
	if caps := req.ClientCapabilities(); caps != nil && caps.Sampling != nil {
		return "Client declared the sampling capability; tool executed.", nil
	}
	data, err := json.Marshal(mcp.MissingRequiredClientCapabilityData{
		RequiredCapabilities: &mcp.ClientCapabilities{Sampling: &mcp.SamplingCapabilities{}},
	})
	if err != nil {
		return "", err
	}
	return "", &jsonrpc.Error{
		Code:    mcp.CodeMissingRequiredClientCapabilities,
		Message: "sampling capability required but not declared by client",
		Data:    data,
	}
}

// StreamingElicitation answers on a stream that carries no independent
// request: a plain result (SEP-2575).
//
//mcp:tool test_streaming_elicitation structured=false
func StreamingElicitation() string {
	return "stream observed: result frames only, no top-level requests"
}

// LoggingTool tries to log; the go-sdk drops the message unless the
// request set a log level in its _meta (SEP-2575).
//
//mcp:tool test_logging_tool structured=false
func LoggingTool(ctx context.Context, req *mcp.CallToolRequest) string {
	_ = req.Session.Log(ctx, &mcp.LoggingMessageParams{Level: "info", Data: "test_logging_tool executed"})
	return "Log attempted; the server sends it only at a log level the request set."
}

// Lists changes the server's lists, which the subscription scenarios
// watch for list_changed notifications; Register binds its tools.
type Lists struct {
	server *mcp.Server
}

// TriggerToolChange registers the server's tools again, which tells
// subscribers that the tool list changed.
//
//mcp:tool test_trigger_tool_change structured=false
func (l *Lists) TriggerToolChange() string {
	RegisterTools(l.server, l)
	return "tools_list_changed published"
}

// TriggerPromptChange registers the server's prompts (and all else the
// package declares) again, which tells subscribers that the prompt list
// changed.
//
//mcp:tool test_trigger_prompt_change structured=false
func (l *Lists) TriggerPromptChange() string {
	Register(l.server, l)
	return "prompts_list_changed published"
}
