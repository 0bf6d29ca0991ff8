package toolimpl

import (
	"context"

	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// AppPage returns the page of a tool shown as an MCP App: the resource
// res, whose read returns html, the page's exact text, with res's MIME
// type and _meta.
func AppPage(res *mcp.Resource, html string) *toolrt.AppPage {
	return &toolrt.AppPage{Resource: res, Handler: func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: res.URI, MIMEType: res.MIMEType, Text: html, Meta: res.Meta}}}, nil
	}}
}
