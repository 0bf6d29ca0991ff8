package emit

import (
	"encoding/json"
	"fmt"
	"go/types"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/genfile"
	"github.com/mcptag/mcptag/toolimpl"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Go returns the source of the package's mcp_tools_gen.go, gofmt-clean.
func Go(pkg *analyzer.Package) ([]byte, error) {
	tools, err := Tools(pkg)
	if err != nil {
		return nil, err
	}
	return goSource(pkg, tools)
}

// goSource prints the package's code; tools are its tools as Tools
// returns them, in the same order: the very values the snapshot
// serialises, whose literals the code holds.
func goSource(pkg *analyzer.Package, tools []*mcp.Tool) ([]byte, error) {
	g := newGenFile(pkg)
	g.recvVars = g.receiverVars()
	g.pin()
	g.registerFuncs()
	g.toolsFuncs(tools)
	for i, t := range pkg.Tools {
		g.tool(t, tools[i])
	}
	for _, p := range pkg.Prompts {
		g.prompt(p)
	}
	for _, r := range pkg.Resources {
		g.resource(r)
	}
	g.complete()
	g.clients() // client.go
	if err := g.forms(); err != nil {
		return nil, err
	}
	g.iconVars()
	g.iconFiles()
	g.pageVars() // apps.go
	header := genfile.Header
	if line := genfile.OptionsLine(pkg.Flags); line != "" {
		header += "\n" + line
	}
	return g.content(header), nil
}

// pin prints the constants that make a file of another version of the
// generated code fail to compile, with the fix in the error.
func (g *genFile) pin() {
	v := toolimpl.MaxGeneratedVersion
	g.P()
	g.P("// mcptag generated this file for version ", v, " of toolimpl's generated code:")
	g.P("// if these overflow, regenerate it with the mcptag that go.mod requires.")
	g.P("const (")
	g.P("_ = ", rt("RegenerateWithMcptagOfGoMod"), "(", v, " - ", rt("MinGeneratedVersion"), ")")
	g.P("_ = ", rt("RegenerateWithMcptagOfGoMod"), "(", rt("MaxGeneratedVersion"), " - ", v, ")")
	g.P(")")
}

// rtDoc is how a doc comment names the run-time identifier name: by its
// package's name, without importing it.
func rtDoc(name string) string { return path.Base(string(rt(name).GoImportPath)) + "." + name }

// receiverVars names the parameter of each receiver type of the
// package's methods, in every Register function: after the type, in
// lower case (store for *Store).
func (g *genFile) receiverVars() map[*types.Named]string {
	vars := map[*types.Named]string{}
	scope := g.newScope("s")
	for _, recv := range g.pkg.Receivers(false) {
		vars[recv] = g.local(scope, unexported(recv.Obj().Name()))
	}
	return vars
}

// registerFuncs prints the functions a server calls to register what the
// package declares: Register and RegisterTools take every receiver their
// declarations need, so that none can be forgotten; RegisterR and
// RegisterRTools register the methods of one receiver type R.
func (g *genFile) registerFuncs() {
	if len(g.pkg.Tools)+len(g.pkg.Prompts)+len(g.pkg.Resources) == 0 {
		return
	}
	all, toolRecvs := g.pkg.Receivers(false), g.pkg.Receivers(true)
	hasTools, hasOthers := len(g.pkg.Tools) > 0, len(g.pkg.Prompts)+len(g.pkg.Resources) > 0
	g.P()
	g.doc("Register adds everything the package declares to s: ", g.summary(nil, true), ".")
	g.bindings("Register", all)
	g.P("func Register(", g.serverParams(all), ") {")
	if hasTools {
		g.P("RegisterTools(", g.serverArgs(toolRecvs), ")")
	}
	if hasTools && hasOthers {
		g.P("RegisterPromptsAndResources(", g.serverArgs(g.pkg.PromptAndResourceReceivers()), ")")
	} else {
		g.addDecls(func(*types.Named) bool { return true })
	}
	g.P("}")
	if hasTools && hasOthers {
		g.promptsAndResourcesFunc()
	}
	if hasTools {
		g.P()
		g.doc("RegisterTools adds the package's tools to s: ", toolNames(g.pkg.Tools, func(*types.Named) bool { return true }), ".")
		g.bindings("RegisterTools", toolRecvs)
		g.P("func RegisterTools(", g.serverParams(toolRecvs), ") {")
		if toolNames(g.pkg.Tools, func(recv *types.Named) bool { return recv == nil }) != "" {
			g.addToolList(nil)
		}
		for _, recv := range toolRecvs {
			g.P(analyzer.RegisterName(recv), "Tools(", g.serverArgs([]*types.Named{recv}), ")")
		}
		g.P("}")
	}
	for _, recv := range all {
		name, only := analyzer.RegisterName(recv), []*types.Named{recv}
		ofRecv := func(r *types.Named) bool { return r == recv }
		hasTools := slices.Contains(toolRecvs, recv)
		g.P()
		g.doc(name, " adds everything ", recv.Obj().Name(), "'s methods declare to s, bound to ", g.recvVars[recv], ": ", g.summary(recv, false), ".")
		g.P("func ", name, "(", g.serverParams(only), ") {")
		if hasTools {
			g.P(name, "Tools(", g.serverArgs(only), ")")
		}
		g.addDecls(ofRecv)
		g.P("}")
		if hasTools {
			g.P()
			g.doc(name, "Tools adds the tools of ", recv.Obj().Name(), "'s methods to s, bound to ", g.recvVars[recv], ": ", toolNames(g.pkg.Tools, ofRecv), ".")
			g.P("func ", name, "Tools(", g.serverParams(only), ") {")
			g.addToolList(recv)
			g.P("}")
		}
	}
}

// promptsAndResourcesFunc prints RegisterPromptsAndResources, for a
// server that selects its tools (from Tools, registered with
// toolrt.AddTools) and serves every prompt and resource.
func (g *genFile) promptsAndResourcesFunc() {
	recvs := g.pkg.PromptAndResourceReceivers()
	g.P()
	g.doc("RegisterPromptsAndResources adds the package's prompts and resources to s, without its tools: ",
		g.declSummary(func(*types.Named) bool { return true }), ". A server that selects the tools it serves registers them with toolrt.AddTools, and the rest with this.")
	g.bindings("RegisterPromptsAndResources", recvs)
	g.P("func RegisterPromptsAndResources(", g.serverParams(recvs), ") {")
	g.addDecls(func(*types.Named) bool { return true })
	g.P("}")
}

// bindings prints the paragraph of the doc comment of the Register
// function fn that says which parameter each receiver type's methods are
// bound to, and why fn takes them all.
func (g *genFile) bindings(fn string, recvs []*types.Named) {
	if len(recvs) == 0 {
		return
	}
	var parts []string
	for _, recv := range recvs {
		parts = append(parts, "those of "+g.recvParam(recv)+" to "+g.recvVars[recv])
	}
	g.P("//")
	g.doc("It binds the methods: ", strings.Join(parts, ", "), ". ", fn, " takes a value of every receiver type whose methods it registers, so that none is left out.")
}

// serverParams is the parameter list of a Register function: the server,
// then one value of each receiver type.
func (g *genFile) serverParams(recvs []*types.Named) string {
	params := []string{"s *" + g.QualifiedGoIdent(mcpIdent("Server"))}
	for _, recv := range recvs {
		params = append(params, g.recvVars[recv]+" "+g.recvParam(recv))
	}
	return strings.Join(params, ", ")
}

// serverArgs is the argument list of a call of a Register function from
// another.
func (g *genFile) serverArgs(recvs []*types.Named) string {
	args := []string{"s"}
	for _, recv := range recvs {
		args = append(args, g.recvVars[recv])
	}
	return strings.Join(args, ", ")
}

// summary lists what a Register function registers, for its doc
// comment: "the tools of RegisterTools; prompts plan_trip; ...". all is
// set for Register itself, which registers the methods of recv too.
func (g *genFile) summary(recv *types.Named, all bool) string {
	var parts []string
	mine := func(r *types.Named) bool { return all || r == recv }
	for _, t := range g.pkg.Tools {
		if mine(t.Recv) {
			parts = append(parts, "the tools of "+analyzer.RegisterName(recv)+"Tools")
			break
		}
	}
	if decls := g.declSummary(mine); decls != "" {
		parts = append(parts, decls)
	}
	return strings.Join(parts, "; ")
}

// declSummary lists the prompts, resources and resource templates of the
// receivers mine selects (nil for functions), for a doc comment:
// "prompts plan_trip; resources cities".
func (g *genFile) declSummary(mine func(*types.Named) bool) string {
	var parts, prompts, resources, templates []string
	for _, p := range g.pkg.Prompts {
		if mine(p.Recv) {
			prompts = append(prompts, p.Name)
		}
	}
	for _, r := range g.pkg.Resources {
		switch {
		case !mine(r.Recv):
		case r.Template:
			templates = append(templates, r.Name)
		default:
			resources = append(resources, r.Name)
		}
	}
	for _, kind := range []struct {
		what  string
		names []string
	}{{"prompts", prompts}, {"resources", resources}, {"resource templates", templates}} {
		if len(kind.names) > 0 {
			parts = append(parts, kind.what+" "+strings.Join(kind.names, ", "))
		}
	}
	return strings.Join(parts, "; ")
}

func toolNames(tools []*analyzer.Tool, mine func(*types.Named) bool) string {
	var names []string
	for _, t := range tools {
		if mine(t.Recv) {
			names = append(names, t.Name)
		}
	}
	return strings.Join(names, ", ")
}

// handlerValue is the handler of the declaration fn: the handler
// function, or for a method, the call that binds it to the receiver.
func (g *genFile) handlerValue(fn *types.Func, recv *types.Named) string {
	ident := g.names.Handler(fn)
	if recv != nil {
		return ident + "(" + g.recvVars[recv] + ")"
	}
	return ident
}

// toolFields prints the fields of t's literal, which ident's variables
// complete with its schemas.
func (g *genFile) toolFields(t *mcp.Tool, ident string) {
	f := []field{
		{key: "Name", value: strconv.Quote(t.Name)},
		{key: "Title", value: quoted(t.Title)},
		{key: "Description", value: text(t.Description)},
		{key: "Annotations", value: g.annotations(t.Annotations)},
		{key: "Icons", value: g.iconsField(t.Icons)},
		g.metaField(t.Meta),
		{key: "InputSchema", value: ident + "Input"},
	}
	if t.OutputSchema != nil {
		f = append(f, field{key: "OutputSchema", value: ident + "Output"})
	}
	g.fields(f...)
}

// annotations is the literal of a, "" for nil.
func (g *genFile) annotations(a *mcp.ToolAnnotations) string {
	if a == nil {
		return ""
	}
	var parts []string
	if a.Title != "" {
		parts = append(parts, "Title: "+strconv.Quote(a.Title))
	}
	if a.ReadOnlyHint {
		parts = append(parts, "ReadOnlyHint: true")
	}
	if a.DestructiveHint != nil {
		parts = append(parts, fmt.Sprintf("DestructiveHint: %s(%t)", g.QualifiedGoIdent(rt("Bool")), *a.DestructiveHint))
	}
	if a.IdempotentHint {
		parts = append(parts, "IdempotentHint: true")
	}
	if a.OpenWorldHint != nil {
		parts = append(parts, fmt.Sprintf("OpenWorldHint: %s(%t)", g.QualifiedGoIdent(rt("Bool")), *a.OpenWorldHint))
	}
	return "&" + g.QualifiedGoIdent(mcpIdent("ToolAnnotations")) + "{" + strings.Join(parts, ", ") + "}"
}

// tool prints the variables and the handler of t, whose listing is mt.
func (g *genFile) tool(t *analyzer.Tool, mt *mcp.Tool) {
	ident := g.names.Handler(t.Func)
	g.P()
	g.P("// Schemas and arguments of ", t.Name, ", computed by mcptag.")
	g.P("var ", ident, "Input = ", g.rawJSON(mt.InputSchema.(json.RawMessage)))
	if mt.OutputSchema != nil {
		g.P("var ", ident, "Output = ", g.rawJSON(mt.OutputSchema.(json.RawMessage)))
	}
	g.specVar(ident+"Args", t.Arguments.Spec(t.Name, t.Strict), t.Arguments)
	g.viewVar(t, ident+"View")
	g.argsStruct(t)
	g.handlerStep(t, ident)
	g.decodeStep(t, ident)
	g.runStep(t, ident)
	g.viewFunc(t, ident+"Write")
}

// toolFailed is the values a tool's run step returns for err, an
// argument that breaks its description (the fields of a view): the error,
// which the handler converts as it converts the tool's.
func (g *genFile) toolFailed() string { return "nil, err" }

// toolReturnedError is the values a tool's run step returns for err, the
// error the tool returned: the error as it is, which the handler
// converts (toolimpl.Failed) after any hook has seen it.
func (g *genFile) toolReturnedError() string { return "nil, err" }

// toolResults prints the statements that call the tool and turn what it
// returned into a CallToolResult, by the rules of docs/results.md.
func (g *genFile) toolResults(t *analyzer.Tool, ident, call string) {
	r := t.Result
	var lhs []string
	if r.SDK {
		lhs = append(lhs, "res")
	}
	if r.Kind != analyzer.ResultNone {
		lhs = append(lhs, "out")
	}
	if r.Error {
		lhs = append(lhs, "err")
	}
	switch {
	case len(lhs) == 0:
		g.printLines(call)
	case len(lhs) == 1 && r.Error:
		g.printLines("if err := ", call, "; err != nil {")
		g.P("return ", g.toolReturnedError())
		g.P("}")
	default:
		g.printLines(strings.Join(lhs, ", "), " := ", call)
		if r.Error {
			g.P("if err != nil {")
			g.P("return ", g.toolReturnedError())
			g.P("}")
		}
	}
	value := "out"
	if r.Pointer && r.Kind != analyzer.ResultNone {
		// A nil pointer is sent as the zero value, which validates.
		g.P("if out == nil {")
		g.P("out = new(", r.Elem, ")")
		g.P("}")
		value = "*out"
	}
	q := strconv.Quote(t.Name)
	modeArg := ""
	if mode := textMode(t); mode != "" {
		modeArg = ", " + g.QualifiedGoIdent(rt(mode))
	}
	call1 := func(name string, args ...string) string {
		return g.QualifiedGoIdent(rt(name)) + "(" + strings.Join(args, ", ") + modeArg + ")"
	}
	isArray := false
	if r.Elem != nil {
		_, isArray = r.Elem.Underlying().(*types.Array)
	}
	var result string
	switch {
	case t.View != nil:
		if isArray && r.Slice {
			value = strings.TrimPrefix(value, "*") + "[:]"
		}
		result = g.viewResult(t, q, value, ident+"Write", modeArg)
	case r.Kind == analyzer.ResultNone:
		result = g.QualifiedGoIdent(rt("Empty")) + "()"
	case r.Kind == analyzer.ResultContent:
		result = g.contentResult(r, q, isArray)
	case r.Kind == analyzer.ResultObject || r.Kind == analyzer.ResultMap:
		result = call1("Object", q, strings.TrimPrefix(value, "*"))
	case r.Kind == analyzer.ResultWrapped && r.Slice:
		if isArray {
			value = strings.TrimPrefix(value, "*") + "[:]"
		}
		result = call1("Slice", q, value)
	case r.Kind == analyzer.ResultWrapped:
		result = call1("Wrapped", q, value)
	case r.Kind == analyzer.ResultText && r.OptOut:
		result = call1("JSONText", q, value)
	case r.Kind == analyzer.ResultText:
		result = g.QualifiedGoIdent(rt("Sprint")) + "(" + value + ")"
	}
	if r.SDK {
		result = g.QualifiedGoIdent(rt("Merge")) + "(res, " + result + ")"
	}
	g.P("return ", result, ", nil")
}

// contentResult is the result of a tool whose value, out, is content
// blocks (docs/results.md); tool is its quoted name. A block held by value
// is sent by its address, which is what implements mcp.Content.
func (g *genFile) contentResult(r analyzer.Result, tool string, isArray bool) string {
	value := "out"
	switch {
	case !r.Slice && r.BlockByValue:
		return g.QualifiedGoIdent(rt("Content")) + "(" + tool + ", &out)"
	case !r.Slice:
		return g.QualifiedGoIdent(rt("Content")) + "(" + tool + ", out)"
	case isArray:
		value = "out[:]"
	}
	fn := "Contents"
	if r.BlockByValue {
		fn = "ContentValues"
	}
	return g.QualifiedGoIdent(rt(fn)) + "(" + tool + ", " + value + ")"
}

// textModes are the toolimpl.TextMode of each text= option of the directive
// but the default.
var textModes = map[string]string{"json": "IndentedText", "none": "NoText"}

// textMode is the toolimpl.TextMode of t's text= option, "" for the
// default. text=json on a list sends the whole list as one text rather
// than one per element; a text-only list is one text whatever it says.
func textMode(t *analyzer.Tool) string {
	if t.Text == "json" && t.Result.Slice && !t.Result.OptOut {
		return "IndentedList"
	}
	return textModes[t.Text]
}

// unexported returns name with its leading capitals in lower case, as
// a Go programmer names a value of the type: store for Store, urlStore
// for URLStore, url for URL.
func unexported(name string) string {
	runes := []rune(name)
	n := 0
	for n < len(runes) && unicode.IsUpper(runes[n]) {
		n++
	}
	if n > 1 && n < len(runes) {
		n-- // the last capital starts the next word
	}
	for i := range n {
		runes[i] = unicode.ToLower(runes[i])
	}
	return string(runes)
}
