package toolimpl

import (
	"context"

	"github.com/mcptag/mcptag/internal/paramheader"
	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// GuardTool returns t with its Handler guarded. Each call's parameter
// headers are checked against its arguments before the tool runs,
// whatever protocol version the request declares: a present Mcp-Param-
// header must be the only one of its name and equal the argument, an
// integer in plain decimal form, a boolean true or false; a call that
// breaks this is refused with the protocol's header mismatch error
// (-32020). When t declares scopes, a call whose bearer token lacks one
// of them is refused before the tool runs; a call without a token is not
// checked, so a server without authorization gets nothing new. A tool
// with neither keeps its handler as it is.
func GuardTool(t toolrt.Tool) toolrt.Tool {
	if headers := paramheader.Find(t.Tool.InputSchema); len(headers) > 0 {
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
