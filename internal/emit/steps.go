package emit

import (
	"go/format"
	"go/types"
	"strconv"
	"strings"

	"github.com/mcptag/mcptag/internal/analyzer"
)

// A tool's handler is two steps that toolimpl.ContextStepTool joins, and that
// toolrt.Use runs a hook between: <ident>Decode checks and decodes a
// call's arguments into the tool's arguments type, <ident>Run calls the
// tool with them and converts what it returns, leaving its error as it
// is. The arguments type is a struct type the file declares for plain
// parameters (the exported <Func>Params, which a hook type-switches on),
// the struct parameter's type, or toolimpl.NoArgs.

// argsType is the type a call of t decodes its arguments into.
func (g *genFile) argsType(t *analyzer.Tool) any {
	switch t.Args {
	case analyzer.ArgsPlain:
		return g.names.ArgsType(t.Func)
	case analyzer.ArgsStruct:
		typ := t.Params[0].Type
		if p, ok := typ.(*types.Pointer); ok {
			return p.Elem()
		}
		return typ
	}
	return rt("NoArgs")
}

// argsFields are the fields of the arguments type of a tool with plain
// parameters, by parameter: the parameters' names, exported, each kept
// apart from the others.
func argsFields(t *analyzer.Tool) []string {
	taken := map[string]bool{}
	var out []string
	for _, p := range t.Params {
		name := exportedName(p.Name)
		for i := 2; taken[name]; i++ {
			name = exportedName(p.Name) + strconv.Itoa(i)
		}
		taken[name] = true
		out = append(out, name)
	}
	return out
}

// argsStruct prints the exported struct type of t's plain parameters.
func (g *genFile) argsStruct(t *analyzer.Tool) {
	if t.Args != analyzer.ArgsPlain {
		return
	}
	name := g.names.ArgsType(t.Func)
	g.P()
	g.doc(name, " holds the arguments of ", t.Name, " as ", t.Func.Name(), " takes them: a hook meets a *", name, " in ", rtDoc("Call"), "'s Args (", rtDoc("Use"), ").")
	var b strings.Builder
	b.WriteString("package p\ntype " + name + " struct {\n")
	for i, f := range argsFields(t) {
		b.WriteString(f + " " + g.typeString(t.Params[i].Type) + " `json:" + strconv.Quote(t.Params[i].WireName()) + "`\n")
	}
	b.WriteString("}\n")
	// gofmt aligns the fields' types and tags in columns.
	src, err := format.Source([]byte(b.String()))
	if err != nil {
		panic("emit: the struct of " + t.Name + "'s parameters: " + err.Error())
	}
	decl := strings.TrimPrefix(string(src), "package p\n\n")
	for _, line := range strings.Split(strings.TrimSuffix(decl, "\n"), "\n") {
		g.P(strings.TrimLeft(line, "\t"))
	}
}

// decodeStep prints <ident>Decode, the step that checks and decodes the
// arguments of a call of t, within the limits the call's context carries.
func (g *genFile) decodeStep(t *analyzer.Tool, ident string) {
	spec := ident + "Args"
	g.P()
	in := "in"
	if t.Args == analyzer.ArgsNone {
		in = "_"
	}
	g.P("func ", ident, "Decode(ctx ", contextPackage.Ident("Context"), ", req *", mcpIdent("CallToolRequest"), ", ", in, " *", g.argsType(t), ") error {")
	switch t.Args {
	case analyzer.ArgsNone:
		g.P("_, err := ", spec, ".ParseContext(ctx, req.Params.Arguments)")
		g.P("return err")
	case analyzer.ArgsStruct:
		g.P("return ", spec, ".DecodeStructContext(ctx, req.Params.Arguments, in)")
	default:
		g.P("args, err := ", spec, ".ParseContext(ctx, req.Params.Arguments)")
		g.P("if err != nil {")
		g.P("return err")
		g.P("}")
		fields := argsFields(t)
		for i, p := range t.Params {
			decode := "args.Decode(" + strconv.Quote(p.WireName()) + ", &in." + fields[i] + ")"
			if i == len(t.Params)-1 {
				g.P("return ", decode)
				break
			}
			g.P("if err := ", decode, "; err != nil {")
			g.P("return err")
			g.P("}")
		}
	}
	g.P("}")
}

// handlerStep prints the handler of t, the function that joins its
// steps without a hook: it recovers from a panic, decodes, runs, and
// converts the refusal or the tool's error.
func (g *genFile) handlerStep(t *analyzer.Tool, ident string) {
	run := ident + "Run"
	sig := "(ctx " + g.QualifiedGoIdent(contextPackage.Ident("Context")) + ", req *" + g.QualifiedGoIdent(mcpIdent("CallToolRequest")) +
		") (res *" + g.QualifiedGoIdent(mcpIdent("CallToolResult")) + ", _ error)"
	g.P()
	if t.Recv != nil {
		g.P("func ", ident, "(recv ", g.recvParam(t.Recv), ") ", mcpIdent("ToolHandler"), " {")
		g.P("run := ", ident, "Run(recv)")
		g.P("return func", sig, " {")
		run = "run"
	} else {
		g.P("func ", ident, sig, " {")
	}
	g.P("defer ", rt("Recover"), "(ctx, ", strconv.Quote(t.Name), ", &res)")
	g.P("var in ", g.argsType(t))
	g.P("if err := ", ident, "Decode(ctx, req, &in); err != nil {")
	g.P("return ", rt("Error"), "(err), nil")
	g.P("}")
	g.P("return ", rt("Ran"), "(", run, "(ctx, req, &in))")
	if t.Recv != nil {
		g.P("}")
	}
	g.P("}")
}

// runStep prints <ident>Run, the step that calls t with its decoded
// arguments and converts what it returns; for a method, the function
// that binds the step to a receiver.
func (g *genFile) runStep(t *analyzer.Tool, ident string) {
	d := toolDecl(t, ident)
	g.newScope("ctx", "req", "res", "err", "args", "out", "sel", "recv", "in", "shared")
	sig := "(ctx " + g.QualifiedGoIdent(contextPackage.Ident("Context")) + ", req *" + g.QualifiedGoIdent(mcpIdent("CallToolRequest")) +
		", in *" + g.typeText(g.argsType(t)) + ") (*" + g.QualifiedGoIdent(mcpIdent("CallToolResult")) + ", error)"
	g.P()
	if t.Recv != nil {
		g.P("func ", ident, "Run(recv ", g.recvParam(t.Recv), ") ", rt("Runner"), "[", g.argsType(t), "] {")
		g.P("return func", sig, " {")
	} else {
		g.P("func ", ident, "Run", sig, " {")
	}
	g.viewSelect(t, ident)
	if t.Shared {
		// The tool decodes its own copy of the shared arguments, which
		// its decoding step checked.
		g.P("var shared ", g.pkg.Shared.Type)
		g.P("if err := ", ident, "Args.DecodeStructContext(ctx, req.Params.Arguments, &shared); err != nil {")
		g.P("return nil, err")
		g.P("}")
	}
	g.toolResults(t, ident, g.callExpr(d, g.runArgs(t)))
	if t.Recv != nil {
		g.P("}")
	}
	g.P("}")
}

// runArgs are the arguments of the call of t's function from its
// decoded arguments, in.
func (g *genFile) runArgs(t *analyzer.Tool) []string {
	switch t.Args {
	case analyzer.ArgsNone:
		return nil
	case analyzer.ArgsStruct:
		if _, ok := t.Params[0].Type.(*types.Pointer); ok {
			return []string{"in"}
		}
		return []string{"*in"}
	}
	var out []string
	for _, f := range argsFields(t) {
		out = append(out, "in."+f)
	}
	return out
}

// typeText is how the file writes t, a types.Type, a GoIdent or a
// name it declares.
func (g *genFile) typeText(t any) string {
	switch t := t.(type) {
	case GoIdent:
		return g.QualifiedGoIdent(t)
	case types.Type:
		return g.typeString(t)
	}
	return t.(string)
}
