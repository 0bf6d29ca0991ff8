package toolimpl

import (
	"github.com/mcptag/mcptag/internal/uiext"
	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// AppPage returns the page of a tool with ui=: res, its resource as the
// generated code spells it, read as the exact text html (the page the
// code embeds).
func AppPage(res *mcp.Resource, html string) *toolrt.AppPage {
	return &toolrt.AppPage{Resource: res, Handler: uiext.Page(res, html)}
}
