package toolimpl

import (
	"context"

	"github.com/mcptag/mcptag/internal/paramheader"
	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// checkingHeaders returns h, the handler of the tool named tool,
// refusing a call whose parameter headers differ from its arguments
// before it runs, and a call whose argument that travels in a header is
// one of its enum's values only but for case (paramheader.CheckSpelled).
func checkingHeaders(tool string, headers []paramheader.Header, h mcp.ToolHandler) mcp.ToolHandler {
	spelled := paramheader.HasEnum(headers)
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if req.Params == nil {
			return h(ctx, req)
		}
		if req.Extra != nil {
			if err := paramheader.Check(req.Extra.Header, req.Params.Arguments, headers); err != nil {
				return nil, err
			}
		}
		if spelled {
			if err := paramheader.CheckSpelled(req.Params.Arguments, headers); err != nil {
				return Error(&toolrt.ArgError{Tool: tool, Message: err.Error()}), nil
			}
		}
		return h(ctx, req)
	}
}
