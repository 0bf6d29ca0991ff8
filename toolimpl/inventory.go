package toolimpl

import (
	"context"

	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// GuardTool returns t with its Handler guarded as AddTool guards a handler,
// and, when t declares scopes, refusing a call whose bearer token lacks
// one of them before the tool runs. A call without a token is not
// checked: a server without authorization gets nothing new.
func GuardTool(t toolrt.Tool) toolrt.Tool {
	if headers := paramHeaders(t.Tool.InputSchema); len(headers) > 0 {
		t.Handler = checkingHeaders(headers, t.Handler)
	}
	if len(t.Scopes) > 0 {
		t.Handler = checkingScopes(t.Tool.Name, t.Scopes, t.Handler)
	}
	return t
}

// checkingScopes returns h, answering a call whose token (which the
// go-sdk's auth.RequireBearerToken puts in req.Extra.TokenInfo) lacks
// some of scopes with a tool error that names them, without running h.
func checkingScopes(tool string, scopes []string, h mcp.ToolHandler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if req.Extra != nil && req.Extra.TokenInfo != nil {
			if missing := toolrt.MissingScopes(scopes, req.Extra.TokenInfo.Scopes); len(missing) > 0 {
				return Error(&toolrt.InsufficientScope{Tool: tool, Missing: missing}), nil
			}
		}
		return h(ctx, req)
	}
}
