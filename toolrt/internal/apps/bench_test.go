package apps

import (
	"context"
	"fmt"
	"testing"

	"github.com/mcptag/mcptag/toolimpl"
	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// manyPages are n copies of show, each a tool with a page of its own.
func manyPages(n int) []toolrt.Tool {
	show := tools()[0]
	out := make([]toolrt.Tool, n)
	for i := range out {
		uri := fmt.Sprintf("ui://apps/show_%d", i)
		tool := *show.Tool
		tool.Name = fmt.Sprintf("show_%d", i)
		tool.Meta = mcp.Meta{"ui": map[string]any{"resourceUri": uri}, "ui/resourceUri": uri, "example.com/k": "kept"}
		res := *show.Page.Resource
		res.URI, res.Name = uri, tool.Name
		out[i] = toolrt.Tool{Tool: &tool, Handler: show.Handler, Page: toolimpl.AppPage(&res, page)}
	}
	return out
}

// BenchmarkListTools lists 50 tools with pages, in memory on 2026-07-28:
// registered with the go-sdk's s.AddTool and s.AddResource alone (no
// extension: the tools list as they are to every client), and with
// toolrt.AddTools to a client that declares the extension and to one
// that does not (the listing stripped).
func BenchmarkListTools(b *testing.B) {
	ts := manyPages(50)
	plain := func() *mcp.Server {
		s := mcp.NewServer(&mcp.Implementation{Name: "apps", Version: "v0"}, nil)
		for _, t := range ts {
			s.AddTool(t.Tool, t.Handler)
			s.AddResource(t.Page.Resource, t.Page.Handler)
		}
		return s
	}
	served := func() *mcp.Server { return newServer(ts) }
	for _, bc := range []struct {
		name   string
		serve  func() *mcp.Server
		withUI bool
	}{
		{"impl=addtool", plain, true},
		{"impl=generated/client=declared", served, true},
		{"impl=generated/client=plain", served, false},
	} {
		b.Run(bc.name, func(b *testing.B) {
			cs := inMemory(b, bc.serve, clientOptions(bc.withUI))
			ctx := context.Background()
			b.ReportAllocs()
			for b.Loop() {
				if _, err := cs.ListTools(ctx, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
