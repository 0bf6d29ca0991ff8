package toolimpl

import (
	"context"

	"github.com/mcptag/mcptag/internal/paramheader"
	"github.com/mcptag/mcptag/internal/rtlink"
	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// GuardTool returns t with its Handler guarded. Each call's parameter
// headers are checked against its arguments before the tool runs,
// whatever protocol version the request declares: a present Mcp-Param-
// header must be the only one of its name and equal the argument, an
// integer in plain decimal form, a boolean true or false; a call that
// breaks this is refused with the protocol's header mismatch error
// (-32020). An argument with an enum that travels in a header must be
// one of the enum's values as spelled, never but for case, or the call is
// refused as a tool error (docs/protocol.md). When t declares scopes, a call whose bearer token lacks one
// of them, or that carries no token, is refused before the tool runs,
// unless toolrt.AddTools registered the tool, which checks the Tool's
// Scopes as they are then instead. Every call's context carries the call,
// so that the tool can report progress and log with toolrt.Progress and
// toolrt.Log.
func GuardTool(t toolrt.Tool) toolrt.Tool {
	t.Handler = carryingCall(t.Handler)
	if headers := paramheader.Find(t.Tool.InputSchema); len(headers) > 0 {
		t.Handler = checkingHeaders(t.Tool.Name, headers, t.Handler)
	}
	if len(t.Scopes) > 0 {
		t.Handler = rtlink.GuardScopes(t.Tool.Name, t.Scopes, t.Handler)
	}
	return t
}

// carryingCall returns h, running each call with a context that carries
// the call's request: the tool function receives only the context, and
// toolrt.Progress and toolrt.Log find the session and progress token in
// it. The context stays the handler's, which the go-sdk cancels when the
// client cancels the call.
func carryingCall(h mcp.ToolHandler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return h(rtlink.WithCall(ctx, req), req)
	}
}
