package toolrt

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mcptag/mcptag/internal/rtlink"
	"github.com/mcptag/mcptag/internal/uiext"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A Tool is one generated tool as data: what a server needs to decide
// whether to serve it, and to serve it. The generated Tools and
// <Type>Tools functions return them in declaration order, each with a
// fresh Tool value, so that a server may change a Description or a Title
// (a translation, a text that depends on the host) before it registers
// the tools it selects with AddTools, or, for a tool without a Page,
// s.AddTool(t.Tool, t.Handler).
type Tool struct {
	// Tool is the tool's listing, as tools/list serves it.
	Tool *mcp.Tool
	// Handler runs the tool. It refuses a call whose parameter headers
	// differ from its arguments, and a call whose bearer token lacks one
	// of the scopes the tool was generated with, or that carries no
	// token (docs/security.md), before the tool's code runs.
	Handler mcp.ToolHandler
	// Toolset is the toolset the tool belongs to (toolset=), "" for none.
	Toolset string
	// Scopes are the OAuth scopes a caller's token must hold (scopes=).
	// AddTools enforces them as they are when it registers the tool, in
	// place of those Handler was generated with: a server may add or
	// remove scopes, or clear them to serve the tool where calls carry no
	// token (stdio, SSE). s.AddTool(t.Tool, t.Handler) enforces the
	// generated ones whatever Scopes holds.
	Scopes []string
	// Flag is the feature flag that must be on for the tool to be served
	// (flag=), "" for none.
	Flag string
	// Page is the page that shows the tool's result as an MCP App (ui=),
	// nil for a tool without one.
	Page *AppPage
	// Terms are the tool's words as AddSearch searches them, computed by
	// the generator; nil has AddSearch compute them from Tool.
	Terms *SearchTerms
	// Task is how the tool runs as a task (task=): "" never, TaskOptional
	// when the client declares the tasks extension, TaskRequired only
	// then. A server serves tasks through TasksHandler (docs/tasks.md).
	Task TaskSupport
	// StartsTask says that the tool's code calls StartTask: a call that
	// may become a task runs at once, and becomes one there.
	StartsTask bool

	steps  *rtlink.Steps // the steps of the generated handler, for Use
	hooked *hooked       // the hooks Use put around the steps, with them
	// limits are those WithLimits set, nil for the defaults; unlimited is
	// Handler without them, which WithLimits wraps.
	limits    *Limits
	unlimited mcp.ToolHandler
}

// An AppPage is the page of a tool shown as an MCP App (ui=): a ui://
// resource that AddTools registers beside the tool.
type AppPage struct {
	// Resource is the page's listing, as resources/list serves it: its
	// ui:// URI, its MIME type, and in _meta.ui its CSP and border.
	Resource *mcp.Resource
	// Handler reads the page: one content, its exact text.
	Handler mcp.ResourceHandler
}

// AddTools adds tools to s, as s.AddTool does for each, and the page of
// each tool that has one, as s.AddResource does. Each tool's handler
// enforces the tool's Scopes as they are now: a call whose token lacks
// one of them, or that carries none, is refused before the tool runs.
// When some tool has a page, s is set up for the MCP Apps extension (docs/apps.md): it
// advertises the extension in every handshake, and lists the tools'
// _meta.ui only to clients that declare it. A client that asks for a
// version later than 2025-11-25 in initialize is served, as the session's
// protocol, the version initialize negotiates (docs/protocol.md, Forms).
// That is done once per server, however many times AddTools is called.
//
// AddTools panics, as s.AddTool does for a tool it cannot serve, before
// it adds any of tools, when the pages of two tools have one URI, among
// tools or beside those added before: a server serves one page per URI,
// and the second would replace the first in silence. The tools of two
// packages of one name, renamed so that their names differ, do that.
func AddTools(s *mcp.Server, tools []Tool) {
	claimPages(s, tools)
	negotiate(s)
	pages := false
	for _, t := range tools {
		if t.Task != "" {
			advertiseTasks(s)
		}
		s.AddTool(t.Tool, registeredHandler(t))
		if t.Page != nil {
			s.AddResource(t.Page.Resource, t.Page.Handler)
			pages = true
		}
	}
	if pages {
		uiext.Serve(s)
	}
}

// claimPages records the pages of tools as s's, and panics on a clash.
func claimPages(s *mcp.Server, tools []Tool) {
	var uris, names []string
	for _, t := range tools {
		if t.Page != nil {
			uris, names = append(uris, t.Page.Resource.URI), append(names, t.Tool.Name)
		}
	}
	if c := uiext.ClaimPages(s, uris, names); c != nil {
		panic(fmt.Sprintf("toolrt.AddTools: tools %q and %q both have the page %s; a server serves one page per URI (the URI is ui://PACKAGE/TOOL: give one of the packages another name)", c.Tool, c.Other, c.URI))
	}
}

// InToolsets returns the tools that belong to one of toolsets, in order.
// A tool without a toolset belongs to none.
func InToolsets(tools []Tool, toolsets ...string) []Tool {
	return keep(tools, func(t Tool) bool { return t.Toolset != "" && slices.Contains(toolsets, t.Toolset) })
}

// ReadOnly returns the tools whose annotations say they only read, in
// order: those of a server's read-only mode.
func ReadOnly(tools []Tool) []Tool {
	return keep(tools, func(t Tool) bool { return t.Tool.Annotations != nil && t.Tool.Annotations.ReadOnlyHint })
}

// NotDestructive returns the tools whose annotations say they destroy
// nothing, in order: those annotated readonly, and those annotated
// destructive=false. MCP's destructiveHint defaults to true and means
// something only for a tool that does not only read, so a tool without
// annotations, or whose annotations leave destructiveHint out, may
// destroy, and is left out: a server that serves "no destructive tools"
// serves what its tools' authors declared harmless, never what they did
// not think about.
func NotDestructive(tools []Tool) []Tool {
	return keep(tools, func(t Tool) bool {
		a := t.Tool.Annotations
		return a != nil && (a.ReadOnlyHint || a.DestructiveHint != nil && !*a.DestructiveHint)
	})
}

// Named returns the tools whose names are among names, in the order of
// tools: a deployment's list of enabled tools. A name that no tool has is
// an error that names it, and then Named returns no tools: a typo in a
// configuration would otherwise leave a tool out in silence.
func Named(tools []Tool, names ...string) ([]Tool, error) {
	if err := unknownNames(tools, names); err != nil {
		return nil, err
	}
	return keep(tools, func(t Tool) bool { return slices.Contains(names, t.Tool.Name) }), nil
}

// Without returns the tools whose names are not among names, in order: a
// deployment's list of disabled tools. A name that no tool has is an
// error that names it, and then Without returns no tools: a typo would
// otherwise serve the tool it meant to turn off.
func Without(tools []Tool, names ...string) ([]Tool, error) {
	if err := unknownNames(tools, names); err != nil {
		return nil, err
	}
	return keep(tools, func(t Tool) bool { return !slices.Contains(names, t.Tool.Name) }), nil
}

// unknownNames returns an error naming each of names that no tool has,
// nil when every name is some tool's.
func unknownNames(tools []Tool, names []string) error {
	var unknown []string
	for _, n := range names {
		if !slices.ContainsFunc(tools, func(t Tool) bool { return t.Tool.Name == n }) && !slices.Contains(unknown, n) {
			unknown = append(unknown, n)
		}
	}
	switch len(unknown) {
	case 0:
		return nil
	case 1:
		return fmt.Errorf("no tool is named %q", unknown[0])
	}
	return fmt.Errorf("no tools are named %s", quoteAll(unknown))
}

// quoteAll returns names quoted and separated by commas.
func quoteAll(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return strings.Join(q, ", ")
}

// FlagsOn returns the tools without a feature flag and those whose flag
// is one of flags, in order.
func FlagsOn(tools []Tool, flags ...string) []Tool {
	return keep(tools, func(t Tool) bool { return t.Flag == "" || slices.Contains(flags, t.Flag) })
}

// ScopesHeld returns the tools whose scopes are all among held, the
// scopes of a caller's token, in order: the tools that caller may call.
func ScopesHeld(tools []Tool, held []string) []Tool {
	return keep(tools, func(t Tool) bool { return len(MissingScopes(t.Scopes, held)) == 0 })
}

// Unscoped returns the tools without their scopes, in order: those of a
// server that authenticates no caller (stdio, or HTTP without
// auth.RequireBearerToken in front). A scoped tool refuses every call
// that carries no token, so such a server serves its tools unscoped, or
// not at all (docs/security.md).
func Unscoped(tools []Tool) []Tool {
	out := slices.Clone(tools)
	for i := range out {
		out[i].Scopes = nil
	}
	return out
}

// MissingScopes returns the scopes of required that held lacks, in the
// order of required; nil when held has them all.
func MissingScopes(required, held []string) []string {
	var missing []string
	for _, s := range required {
		if !slices.Contains(held, s) {
			missing = append(missing, s)
		}
	}
	return missing
}

// keep returns the tools that pick picks, in a new slice.
func keep(tools []Tool, pick func(Tool) bool) []Tool {
	var out []Tool
	for _, t := range tools {
		if pick(t) {
			out = append(out, t)
		}
	}
	return out
}
