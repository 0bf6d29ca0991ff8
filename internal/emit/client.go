package emit

import (
	"go/types"
	"strconv"
	"strings"
	"unicode"

	"github.com/mcptag/mcptag/internal/analyzer"
)

// clients prints the typed clients of the package's tools: Client for
// those of its functions, RClient for those of each receiver type R's
// methods, each with its constructor and one method a tool
// (docs/client.md). No server calls them, so the linker leaves them out
// of a server's binary.
func (g *genFile) clients() {
	if len(g.pkg.Tools) == 0 {
		return
	}
	recvs := []*types.Named{nil}
	recvs = append(recvs, g.pkg.Receivers(true)...)
	for _, recv := range recvs {
		var tools []*analyzer.Tool
		for _, t := range g.pkg.Tools {
			if t.Recv == recv {
				tools = append(tools, t)
			}
		}
		if len(tools) > 0 && g.pkg.GeneratedNames().HasClient(recv) {
			g.client(analyzer.ClientName(recv), tools)
		}
	}
}

// client prints the type name, its constructor and a method of each of
// tools.
func (g *genFile) client(name string, tools []*analyzer.Tool) {
	session := "*" + g.QualifiedGoIdent(mcpIdent("ClientSession"))
	g.P()
	what := "the tools "
	if len(tools) == 1 {
		what = "the tool "
	}
	g.doc(name, " calls ", what, toolNames(tools, func(*types.Named) bool { return true }),
		" through a client session: one method a tool, named after its Go function, taking its arguments and returning its result.")
	g.P("type ", name, " struct {")
	g.P("cs ", session)
	g.P("}")
	g.P()
	g.doc("New", name, " returns a ", name, " that calls the tools through cs.")
	g.P("func New", name, "(cs ", session, ") *", name, " {")
	g.P("return &", name, "{cs: cs}")
	g.P("}")
	methods := map[string]bool{}
	for _, t := range tools {
		method := exportedName(t.Func.Name())
		for i := 2; methods[method]; i++ {
			method = exportedName(t.Func.Name()) + strconv.Itoa(i)
		}
		methods[method] = true
		g.clientMethod(name, method, t)
	}
}

// clientMethod prints the method of the client type recv that calls t:
// it takes t's arguments as its function does and returns the Go value
// the result carries.
func (g *genFile) clientMethod(recv, method string, t *analyzer.Tool) {
	scope := g.newScope("c", "ctx", "res", "out", "err", "args")
	params := g.clientParams(t, scope)
	r := t.Result
	results, zero := g.clientResults(t)
	q := strconv.Quote(t.Name)
	g.P()
	g.doc(method, " calls the tool ", t.Name, ".")
	head := "func (c *" + recv + ") " + method + "("
	if sig := head + strings.Join(params.decls, ", ") + ") (" + results + ") {"; len(sig) <= maxClientLine {
		g.P(sig)
	} else {
		// One parameter a line, as gofmt keeps a long signature.
		g.P(head)
		for _, d := range params.decls {
			g.P(d, ",")
		}
		g.P(") (", results, ") {")
	}
	args := g.clientArgs(t, params)
	lhs := "res, err :="
	switch {
	case r.SDK:
		lhs = "res, err ="
	case r.Kind == analyzer.ResultNone:
		lhs = "_, err ="
	}
	g.P(lhs, " ", rt("CallTool"), "(ctx, c.cs, ", q, ", ", args, ")")
	if r.SDK || r.Kind != analyzer.ResultNone {
		g.P("if err != nil {")
		g.P("return ", zero)
		g.P("}")
	}
	g.clientDecode(t, q)
	g.P("}")
}

// maxClientLine is the longest signature a client method has on one
// line: a longer one takes a line a parameter, and a literal of its
// arguments over half of it a line an argument.
const maxClientLine = 120

// clientParamList is the parameters of a client method after its
// context: their declarations, and each one's local name and wire name.
type clientParamList struct {
	decls        []string
	locals, wire []string
}

// clientParams names the parameters of the method that calls t, after
// its function's own parameter names: ctx, then the argument struct or
// each plain parameter.
func (g *genFile) clientParams(t *analyzer.Tool, scope map[string]bool) clientParamList {
	pl := clientParamList{decls: []string{"ctx " + g.QualifiedGoIdent(contextPackage.Ident("Context"))}}
	sig := t.Func.Type().(*types.Signature)
	skip := 0
	if t.Context {
		skip++
	}
	if t.Request {
		skip++
	}
	for i, p := range t.Params {
		local := g.local(scope, sig.Params().At(skip+i).Name())
		pl.decls = append(pl.decls, local+" "+g.typeString(p.Type))
		pl.locals = append(pl.locals, local)
		pl.wire = append(pl.wire, p.WireName()) // the analyzer's wire name, never derived again here
	}
	return pl
}

// clientArgs prints what builds the arguments of a call of t and returns
// the expression that holds them: the argument struct as it is, or an
// object of the plain parameters keyed by their wire names, an optional
// one left out when it is nil.
func (g *genFile) clientArgs(t *analyzer.Tool, pl clientParamList) string {
	if t.Args == analyzer.ArgsStruct {
		return pl.locals[0]
	}
	var always, nilable []int
	for i, p := range t.Params {
		if !p.Required && canBeNil(p.Type) {
			nilable = append(nilable, i)
		} else {
			always = append(always, i)
		}
	}
	var entries []string
	var fs []field
	for _, i := range always {
		entries = append(entries, strconv.Quote(pl.wire[i])+": "+pl.locals[i])
		fs = append(fs, field{key: strconv.Quote(pl.wire[i]), value: pl.locals[i]})
	}
	literal := "map[string]any{" + strings.Join(entries, ", ") + "}"
	switch {
	case len(nilable) == 0 && len(literal) <= maxClientLine/2:
		return literal
	case len(literal) <= maxClientLine/2:
		g.P("args := ", literal)
	default:
		g.P("args := map[string]any{")
		g.fields(fs...)
		g.P("}")
	}
	for _, i := range nilable {
		g.P("if ", pl.locals[i], " != nil {")
		g.P("args[", strconv.Quote(pl.wire[i]), "] = ", pl.locals[i])
		g.P("}")
	}
	return "args"
}

// canBeNil reports whether a value of t can be nil: such an optional
// argument is left out of the call rather than sent as null.
func canBeNil(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map, *types.Interface:
		return true
	}
	return false
}

// clientValue is the Go type of the value a client method returns for
// t, "" for none: the tool's result type, but []mcp.Content for content
// blocks, and string for text whose type fmt wrote and JSON cannot read.
func (g *genFile) clientValue(t *analyzer.Tool) string {
	r := t.Result
	switch {
	case r.Kind == analyzer.ResultNone && !r.SDK:
		return ""
	case r.Kind == analyzer.ResultContent:
		return "[]" + g.QualifiedGoIdent(mcpIdent("Content"))
	case r.Kind == analyzer.ResultText && !r.OptOut && !r.SDK && !stringKind(r.Type):
		return "string"
	}
	return g.typeString(r.Type)
}

// clientResults is the result list of the method that calls t, and the
// values it returns when the call fails.
func (g *genFile) clientResults(t *analyzer.Tool) (results, failed string) {
	value := g.clientValue(t)
	if t.Result.SDK {
		return "res *" + g.QualifiedGoIdent(mcpIdent("CallToolResult")) + ", out " + value + ", err error", "res, out, err"
	}
	if value == "" {
		return "err error", "err"
	}
	return "out " + value + ", err error", "out, err"
}

// clientDecode prints the statements that return the value of res, the
// result of the tool t, named q: decoded from its structuredContent, or
// read from its text or content, by the rules of docs/results.md.
func (g *genFile) clientDecode(t *analyzer.Tool, q string) {
	r := t.Result
	value := g.clientValue(t)
	decode := ""
	switch {
	case r.Kind == analyzer.ResultNone:
	case r.Kind == analyzer.ResultContent:
		decode = "res.Content, nil"
	case r.Kind == analyzer.ResultObject || r.Kind == analyzer.ResultMap:
		decode = g.QualifiedGoIdent(rt("ClientObject")) + "[" + value + "](res, " + q + ")"
	case r.Kind == analyzer.ResultWrapped:
		decode = g.QualifiedGoIdent(rt("ClientWrapped")) + "[" + value + "](res, " + q + ")"
	case stringKind(r.Type) || value == "string":
		// The text of a string is the string itself, structured=false or not.
		decode = g.QualifiedGoIdent(rt("ClientText")) + "[" + value + "](res), nil"
	case r.OptOut:
		decode = g.QualifiedGoIdent(rt("ClientJSONText")) + "[" + value + "](res, " + q + ")"
	}
	switch {
	case !r.SDK && decode == "":
		g.P("return err")
	case !r.SDK:
		g.P("return ", decode)
	case decode == "":
		g.P("return res, out, nil")
	case r.Kind == analyzer.ResultContent:
		g.P("return res, ", decode)
	default:
		if r.Kind != analyzer.ResultText {
			// A go-sdk handler may leave its value out of the result.
			g.P("if res.StructuredContent == nil {")
			g.P("return res, out, nil")
			g.P("}")
		}
		g.P("out, err = ", decode)
		g.P("return res, out, err")
	}
}

// stringKind reports whether t is a string type.
func stringKind(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// exportedName is name with its first letter in upper case: the name
// of a client method (a tool's function may be unexported, its client's
// method is called from other packages) and of a tool's parameters
// struct.
func exportedName(name string) string {
	if name == "" {
		return name
	}
	r := []rune(name)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}
