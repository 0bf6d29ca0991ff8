package emit

import (
	"go/types"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/directive"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// toolsFuncs prints the functions that return the package's tools as
// data (docs/security.md): Tools for its tool functions and RTools for
// the methods of each receiver type R, each in declaration order, each
// call building fresh values a server may change before it registers
// them.
func (g *genFile) toolsFuncs(tools []*mcp.Tool) {
	funcs := func(recv *types.Named) bool { return recv == nil }
	if toolNames(g.pkg.Tools, funcs) != "" {
		g.P()
		g.doc(analyzer.ToolsName(nil), " returns the package's tool functions as data, in declaration order: ", toolNames(g.pkg.Tools, funcs), ".")
		g.toolsDoc()
		g.P("func ", analyzer.ToolsName(nil), "() []", rt("Tool"), " {")
		g.toolList(tools, funcs)
		g.P("}")
	}
	for _, recv := range g.pkg.Receivers(true) {
		ofRecv := func(r *types.Named) bool { return r == recv }
		g.P()
		g.doc(analyzer.ToolsName(recv), " returns the tools of ", recv.Obj().Name(), "'s methods as data, bound to ", g.recvVars[recv], ", in declaration order: ", toolNames(g.pkg.Tools, ofRecv), ".")
		g.toolsDoc()
		g.P("func ", analyzer.ToolsName(recv), "(", g.recvVars[recv], " ", g.recvParam(recv), ") []", rt("Tool"), " {")
		g.toolList(tools, ofRecv)
		g.P("}")
	}
}

// toolsDoc prints the paragraph that the doc comments of the Tools
// functions share.
func (g *genFile) toolsDoc() {
	g.P("//")
	g.P("// Each call returns new values: a server may change a tool's Description")
	g.P("// or Title, and select what it serves by toolset, annotations, feature flag")
	g.P("// or scopes, before it registers them with ", rtDoc("AddTools"), ".")
}

// toolList prints the statement that returns the tools whose receiver
// type mine picks, each with the handler its steps make, guarded
// (toolimpl.ContextStepTool).
func (g *genFile) toolList(tools []*mcp.Tool, mine func(*types.Named) bool) {
	g.P("return []", rt("Tool"), "{")
	for i, t := range g.pkg.Tools {
		if !mine(t.Recv) {
			continue
		}
		ident := g.names.Handler(t.Func)
		g.P(rt("ContextStepTool"), "(", rt("Tool"), "{")
		g.fields(
			field{key: "Tool", head: "&" + g.QualifiedGoIdent(mcpIdent("Tool")) + "{", body: func() { g.toolFields(tools[i], ident) }},
			field{key: "Handler", value: g.handlerValue(t.Func, t.Recv)},
			field{key: "Toolset", value: quoted(t.Toolset)},
			field{key: "Scopes", value: stringSlice(t.Scopes)},
			field{key: "Flag", value: quoted(t.Flag)},
			g.taskField(t),
			field{key: "StartsTask", value: trueOrNone(t.StartsTask)},
			g.pageField(t),         // apps.go
			g.termsField(tools[i]), // search.go
		)
		run := ident + "Run"
		if t.Recv != nil {
			run += "(" + g.recvVars[t.Recv] + ")"
		}
		shared := ""
		if sh := g.pkg.Shared; sh != nil {
			shared = ", " + g.QualifiedGoIdent(rt("SharedArgs")) + "[" + g.typeString(sh.Type) + "](" + ident + "Args)"
		}
		g.P("}, ", ident, "Decode, ", run, shared, "),")
	}
	g.P("}")
}

// addToolList prints the statement of a RegisterTools function that adds
// the tools the Tools function of recv (nil for functions) returns.
func (g *genFile) addToolList(recv *types.Named) {
	arg := ""
	if recv != nil {
		arg = g.recvVars[recv]
	}
	g.P(rt("AddTools"), "(s, ", analyzer.ToolsName(recv), "(", arg, "))")
}

// taskField is the Task field of t's toolrt.Tool: how it runs as a task
// (task=), which TasksHandler reads; none for a tool that never does.
func (g *genFile) taskField(t *analyzer.Tool) field {
	f := field{key: "Task"}
	switch t.Task {
	case directive.TaskOptional:
		f.value = g.QualifiedGoIdent(rt("TaskOptional"))
	case directive.TaskRequired:
		f.value = g.QualifiedGoIdent(rt("TaskRequired"))
	}
	return f
}

// trueOrNone is the literal true, or "" (no field) for false.
func trueOrNone(b bool) string {
	if b {
		return "true"
	}
	return ""
}

// stringSlice is the literal of ss, "" for none.
func stringSlice(ss []string) string {
	if len(ss) == 0 {
		return ""
	}
	return "[]string{" + quoteAll(ss) + "}"
}

// A Placement is a tool's place in a server's inventory, as the snapshot
// records it: what tools/list does not show, and what a server selects by
// and checks a caller's token for; and how the tool runs as a task
// (task=), which decides which clients may call it.
type Placement struct {
	Toolset string   `json:"toolset,omitempty"`
	Scopes  []string `json:"scopes,omitempty"`
	Flag    string   `json:"flag,omitempty"`
	Task    string   `json:"task,omitempty"`
}

// Inventory returns the placements of the package's tools that declare a
// toolset, scopes, a flag or task=, by name; nil when none does, so that
// the snapshot of such a package stays as it was.
func Inventory(pkg *analyzer.Package) map[string]Placement {
	var inv map[string]Placement
	for _, t := range pkg.Tools {
		p := Placement{t.Toolset, t.Scopes, t.Flag, t.Task}
		if p.Toolset == "" && len(p.Scopes) == 0 && p.Flag == "" && p.Task == "" {
			continue
		}
		if inv == nil {
			inv = map[string]Placement{}
		}
		inv[t.Name] = p
	}
	return inv
}
