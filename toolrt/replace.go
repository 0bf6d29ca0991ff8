package toolrt

import (
	"slices"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ReplaceTools serves tools on s in place of old, the tools s serves now
// (those a server registered with AddTools, or with ReplaceTools before):
// a server that reloads its configuration, or its descriptions, serves
// the new selection without a restart.
//
// It adds tools first, as AddTools does, each replacing the tool of its
// name, and only then removes the tools of old that tools leaves out, and
// their pages: a client that lists the tools meanwhile sees every tool of
// old or every tool of tools, never an empty or partial listing. The
// go-sdk sends the sessions one notifications/tools/list_changed for
// changes that come within 10ms of each other, so one for the whole
// replacement, unless the machine stalls between two of its steps.
//
// Like AddTools, it panics before it changes anything when two pages of
// tools, or a page of tools and one of another tool s serves, have one
// URI.
func ReplaceTools(s *mcp.Server, old, tools []Tool) {
	AddTools(s, tools)
	var gone, pages []string
	for _, t := range old {
		if !slices.ContainsFunc(tools, func(n Tool) bool { return n.Tool.Name == t.Tool.Name }) {
			gone = append(gone, t.Tool.Name)
		}
		if t.Page != nil && !slices.ContainsFunc(tools, func(n Tool) bool { return n.Page != nil && n.Page.Resource.URI == t.Page.Resource.URI }) {
			pages = append(pages, t.Page.Resource.URI)
		}
	}
	if len(gone) > 0 {
		s.RemoveTools(gone...)
	}
	if len(pages) > 0 {
		s.RemoveResources(pages...)
	}
}
