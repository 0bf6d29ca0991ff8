package bench

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// passThrough is the least a hook can be: it runs the tool.
func passThrough(ctx context.Context, _ *toolrt.Call, next toolrt.Next) (*mcp.CallToolResult, error) {
	return next(ctx)
}

// hookImpls are the generated tools as committed, and the same tools
// with one hook (toolrt.Use), side by side.
var hookImpls = []impl_{
	implGenerated,
	{"generated-hooked", newServer, func(s *mcp.Server) { toolrt.AddTools(s, toolrt.Use(passThrough, corpusTools())) }},
}

// BenchmarkHook measures what one hook adds to a call: through a go-sdk
// client end to end (call), and the registered handler alone (handler),
// each beside the same call without a hook.
func BenchmarkHook(b *testing.B) {
	ctx := context.Background()
	for _, c := range calls {
		for _, im := range hookImpls {
			b.Run("level=call/tool="+c.tool+"/impl="+im.name, func(b *testing.B) {
				cs := connect(b, im.newRegistered())
				params := &mcp.CallToolParams{Name: c.tool, Arguments: json.RawMessage(c.args)}
				b.ReportAllocs()
				for b.Loop() {
					if res, err := cs.CallTool(ctx, params); err != nil || res.IsError {
						b.Fatal(err, res)
					}
				}
			})
		}
		for _, im := range hookImpls {
			b.Run("level=handler/tool="+c.tool+"/impl="+im.name, func(b *testing.B) {
				h := lookup(serverTools(im.newRegistered()), c.tool)
				req := &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: c.tool, Arguments: json.RawMessage(c.args)}}
				b.ReportAllocs()
				for b.Loop() {
					if res, err := h(ctx, req); err != nil || res.IsError {
						b.Fatal(err, res)
					}
				}
			})
		}
	}
}
