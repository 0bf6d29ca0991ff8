package toolimpl

import (
	"context"

	"github.com/mcptag/mcptag/internal/paramheader"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// checkingHeaders returns h, refusing a call whose parameter headers
// differ from its arguments before it runs.
func checkingHeaders(headers []paramheader.Header, h mcp.ToolHandler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if req.Extra != nil && req.Params != nil {
			if err := paramheader.Check(req.Extra.Header, req.Params.Arguments, headers); err != nil {
				return nil, err
			}
		}
		return h(ctx, req)
	}
}
