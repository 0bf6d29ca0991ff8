package emit

import (
	"go/types"
	"sort"
	"strconv"
	"strings"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/toolimpl"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Prompts returns the package's prompts as the generated code registers
// them.
func Prompts(pkg *analyzer.Package) []*mcp.Prompt {
	var out []*mcp.Prompt
	for _, p := range pkg.Prompts {
		out = append(out, prompt(p))
	}
	return out
}

func prompt(p *analyzer.Prompt) *mcp.Prompt {
	mp := &mcp.Prompt{Name: p.Name, Title: p.Title, Description: p.Description, Icons: mcpIcons(p.Icons)}
	for _, f := range p.Arguments.Root.Fields {
		mp.Arguments = append(mp.Arguments, &mcp.PromptArgument{
			Name: f.Name, Title: f.Value.Title, Description: f.Value.Description, Required: f.Required,
		})
	}
	return mp
}

// Resources returns the package's static resources as the generated code
// registers them.
func Resources(pkg *analyzer.Package) []*mcp.Resource {
	var out []*mcp.Resource
	for _, r := range pkg.Resources {
		if !r.Template {
			out = append(out, resource(r))
		}
	}
	return out
}

func resource(r *analyzer.Resource) *mcp.Resource {
	return &mcp.Resource{URI: r.URI, Name: r.Name, Title: r.Title, Description: r.Description, MIMEType: r.MIME, Icons: mcpIcons(r.Icons)}
}

// ResourceTemplates returns the package's resource templates as the
// generated code registers them.
func ResourceTemplates(pkg *analyzer.Package) []*mcp.ResourceTemplate {
	var out []*mcp.ResourceTemplate
	for _, r := range pkg.Resources {
		if r.Template {
			out = append(out, resourceTemplate(r))
		}
	}
	return out
}

func resourceTemplate(r *analyzer.Resource) *mcp.ResourceTemplate {
	return &mcp.ResourceTemplate{URITemplate: r.URI, Name: r.Name, Title: r.Title, Description: r.Description, MIMEType: r.MIME, Icons: mcpIcons(r.Icons)}
}

// A declaration is a tool, a prompt or a resource as its generated
// handler sees it: the function it calls and how that takes its
// arguments (analyzer.Handler), and what differs by the kind of
// declaration: the go-sdk's types, how the arguments are checked, and
// what a failure returns. The handler's "check, decode, call" is written
// once for all of them (handler).
type declaration struct {
	name  string // the declaration's name, for a recovered panic's report
	ident string // the handler's name (analyzer.Names.Handler)
	fn    *types.Func
	analyzer.Handler
	request, handlerType GoIdent // *mcp.CallToolRequest, mcp.ToolHandler
	recover, recovered   string  // the deferred recovery (toolimpl.Recover) and the result it sets
	check                *argsCheck
}

// argsCheck is how a handler checks the arguments of a call: with the
// method of the variable spec (a Spec's ParseContext, a URITemplate's MatchContext)
// applied to the call's context, which carries its limits, and input, returning checkFailed when they break it and
// decodeFailed when one does not decode into its Go type.
type argsCheck struct {
	spec, method, input       string
	checkFailed, decodeFailed string
}

// toolDecl is the declaration of t, whose handler recovers into the
// tool's result: a panic is the tool's error, which the model reads.
func toolDecl(t *analyzer.Tool, ident string) *declaration {
	d := declOf(&t.Decl, ident, "CallToolRequest", "ToolHandler")
	d.recover, d.recovered = "Recover", "res"
	return d
}

// handler prints the handler function of d: it recovers from a panic,
// checks and decodes the arguments, calls d's function, and leaves the
// rest to results, given the call.
func (g *genFile) handler(d *declaration, results func(scope map[string]bool, call string)) {
	scope := g.newScope("ctx", "req", "res", "err", "args", "out", "sel", "recv")
	resultType := map[string]string{
		"CallToolRequest": "CallToolResult", "GetPromptRequest": "GetPromptResult", "ReadResourceRequest": "ReadResourceResult",
	}[d.request.GoName]
	named := "res *" + g.QualifiedGoIdent(mcpIdent(resultType)) + ", _ error"
	if d.recovered == "err" {
		named = "_ *" + g.QualifiedGoIdent(mcpIdent(resultType)) + ", err error"
	}
	sig := "(ctx " + g.QualifiedGoIdent(contextPackage.Ident("Context")) + ", req *" + g.QualifiedGoIdent(d.request) + ") (" + named + ")"
	g.P()
	if d.Recv != nil {
		g.P("func ", d.ident, "(recv ", g.recvParam(d.Recv), ") ", d.handlerType, " {")
		g.P("return func", sig, " {")
	} else {
		g.P("func ", d.ident, sig, " {")
	}
	g.P("defer ", rt(d.recover), "(ctx, ", strconv.Quote(d.name), ", &", d.recovered, ")")
	results(scope, g.checkDecodeCall(d, scope))
	if d.Recv != nil {
		g.P("}")
	}
	g.P("}")
}

// checkDecodeCall prints the statements that check the arguments of a
// call of d and decode them into local variables named after d's
// parameters; it returns the call of d's function.
func (g *genFile) checkDecodeCall(d *declaration, scope map[string]bool) string {
	c := d.check
	if c == nil {
		return g.callExpr(d, nil)
	}
	switch d.Args {
	case analyzer.ArgsStruct:
		v := g.local(scope, d.Params[0].Name)
		g.P("var ", v, " ", d.Params[0].Type)
		g.P("if err := ", c.spec, ".DecodeStructContext(ctx, ", c.input, ", &", v, "); err != nil {")
		g.P("return ", c.decodeFailed)
		g.P("}")
		return g.callExpr(d, []string{v})
	case analyzer.ArgsNone:
		g.P("if _, err := ", c.spec, ".", c.method, "(ctx, ", c.input, "); err != nil {")
		g.P("return ", c.checkFailed)
		g.P("}")
		return g.callExpr(d, nil)
	}
	g.P("args, err := ", c.spec, ".", c.method, "(ctx, ", c.input, ")")
	g.P("if err != nil {")
	g.P("return ", c.checkFailed)
	g.P("}")
	var vars []string
	for _, p := range d.Params {
		v := g.local(scope, p.Name)
		g.P("var ", v, " ", p.Type)
		g.P("if err := args.Decode(", strconv.Quote(p.WireName()), ", &", v, "); err != nil {")
		g.P("return ", c.decodeFailed)
		g.P("}")
		vars = append(vars, v)
	}
	return g.callExpr(d, vars)
}

// callExpr is the call of d's function with args after its context and
// request.
func (g *genFile) callExpr(d *declaration, args []string) string {
	var all []string
	if d.Context {
		all = append(all, "ctx")
	}
	if d.Request {
		all = append(all, "req")
	}
	if d.Shared {
		all = append(all, map[bool]string{false: "shared", true: "&shared"}[d.SharedPtr])
	}
	all = append(all, args...)
	fn := d.fn.Name()
	if d.Recv != nil {
		fn = "recv." + fn
	}
	call := fn + "(" + strings.Join(all, ", ") + ")"
	if len(call) > maxCallLine && len(all) > 1 {
		// One argument a line, which printLines indents.
		call = fn + "(\n" + strings.Join(all, ",\n") + ",\n)"
	}
	return call
}

// maxCallLine is the longest call of a declaration's function the
// generated code writes on one line.
const maxCallLine = 100

// printLines prints the statement parts make, which may span lines (a
// long call, one argument a line): each line as P prints it.
func (g *genFile) printLines(parts ...string) {
	for _, line := range strings.Split(strings.Join(parts, ""), "\n") {
		g.P(line)
	}
}

// callDecl prints the statements that call a prompt's or a resource's
// function, returning failed when it returns an error; the value is out.
func (g *genFile) callDecl(d *analyzer.Decl, call, failed string) {
	if d.Error {
		g.printLines("out, err := ", call)
		g.P("if err != nil {")
		g.P("return nil, ", failed)
		g.P("}")
	} else {
		g.printLines("out := ", call)
	}
}

// declOf is the declaration of d, whose handler (a prompt's or a
// resource's, unless toolDecl changes it) recovers into its error.
func declOf(d *analyzer.Decl, ident string, request, handlerType string) *declaration {
	return &declaration{
		name: d.Name, ident: ident, fn: d.Func, Handler: d.Handler,
		request: mcpIdent(request), handlerType: mcpIdent(handlerType), recover: "RecoverError", recovered: "err",
	}
}

// addDecls prints the statements that add to s the prompts and resources
// whose receiver type mine picks (nil for functions).
func (g *genFile) addDecls(mine func(*types.Named) bool) {
	for _, p := range g.pkg.Prompts {
		if mine(p.Recv) {
			g.P("s.AddPrompt(&", mcpIdent("Prompt"), "{")
			g.promptFields(prompt(p))
			g.P("}, ", g.handlerValue(p.Func, p.Recv), ")")
		}
	}
	for _, r := range g.pkg.Resources {
		if !mine(r.Recv) {
			continue
		}
		h := g.cachedHandler(r, g.handlerValue(r.Func, r.Recv))
		if r.Template {
			g.P("s.AddResourceTemplate(&", mcpIdent("ResourceTemplate"), "{")
			rt := resourceTemplate(r)
			g.resourceFields("URITemplate", rt.URITemplate, rt.Name, rt.Title, rt.Description, rt.MIMEType, rt.Icons)
		} else {
			g.P("s.AddResource(&", mcpIdent("Resource"), "{")
			mr := resource(r)
			g.resourceFields("URI", mr.URI, mr.Name, mr.Title, mr.Description, mr.MIMEType, mr.Icons)
		}
		g.P("}, ", h, ")")
	}
}

func (g *genFile) promptFields(p *mcp.Prompt) {
	g.fields(
		field{key: "Name", value: strconv.Quote(p.Name)},
		field{key: "Title", value: text(p.Title)},
		field{key: "Description", value: text(p.Description)},
		g.promptArguments(p.Arguments),
		field{key: "Icons", value: g.iconsField(p.Icons)},
	)
}

func (g *genFile) promptArguments(args []*mcp.PromptArgument) field {
	if len(args) == 0 {
		return field{}
	}
	return field{key: "Arguments", head: "[]*" + g.QualifiedGoIdent(mcpIdent("PromptArgument")) + "{", body: func() {
		for _, a := range args {
			lit := "{Name: " + strconv.Quote(a.Name)
			if a.Title != "" {
				lit += ", Title: " + goString(a.Title)
			}
			if a.Description != "" {
				lit += ", Description: " + goString(a.Description)
			}
			if a.Required {
				lit += ", Required: true"
			}
			g.P(lit, "},")
		}
	}}
}

// resourceFields prints the fields of a resource's literal, or a
// template's, whose URI is the field uriKey.
func (g *genFile) resourceFields(uriKey, uri, name, title, description, mime string, icons []mcp.Icon) {
	g.fields(
		field{key: uriKey, value: strconv.Quote(uri)},
		field{key: "Name", value: strconv.Quote(name)},
		field{key: "Title", value: text(title)},
		field{key: "Description", value: text(description)},
		field{key: "MIMEType", value: text(mime)},
		field{key: "Icons", value: g.iconsField(icons)},
	)
}

// prompt prints the argument checks and the handler of p.
func (g *genFile) prompt(p *analyzer.Prompt) {
	ident := g.names.Handler(p.Func)
	g.P()
	g.P("// The arguments of prompt ", p.Name, ", computed by mcptag.")
	g.specVar(ident+"Args", p.Arguments.Spec(p.Name, false), p.Arguments)
	d := declOf(&p.Decl, ident, "GetPromptRequest", "PromptHandler")
	invalid := "nil, " + g.QualifiedGoIdent(rt("InvalidParams")) + "(err)"
	d.check = &argsCheck{spec: ident + "Args", method: "ParseContext", checkFailed: invalid, decodeFailed: invalid,
		input: g.QualifiedGoIdent(rt("StringArguments")) + "(req.Params.Arguments)"}
	g.handler(d, func(_ map[string]bool, call string) {
		g.callDecl(&p.Decl, call, g.QualifiedGoIdent(rt("HandlerError"))+"("+strconv.Quote(p.Name)+", err)")
		switch p.Result {
		case analyzer.PromptText:
			g.P("return ", rt("PromptText"), "(", convert("out", resultType(&p.Decl), "string"), "), nil")
		case analyzer.PromptMessages:
			g.P("return ", rt("PromptMessages"), "(out), nil")
		case analyzer.PromptSDK:
			g.P("return ", rt("PromptResult"), "(", strconv.Quote(p.Name), ", out)")
		}
	})
}

// resource prints the variables of a template and the handler of r.
func (g *genFile) resource(r *analyzer.Resource) {
	ident := g.names.Handler(r.Func)
	d := declOf(&r.Decl, ident, "ReadResourceRequest", "ResourceHandler")
	if r.Template {
		g.P()
		g.P("// The variables of resource template ", r.Name, ", computed by mcptag.")
		g.P("var ", ident, "URI = &", rt("URITemplate"), "{")
		sp := r.Arguments.Spec(r.Name, false)
		g.fields(
			field{key: "Template", value: strconv.Quote(r.URI)},
			field{key: "Spec", head: "&" + g.QualifiedGoIdent(rt("Spec")) + "{", body: func() { g.specFields(sp, r.Arguments) }},
		)
		g.P("}")
		d.check = &argsCheck{spec: ident + "URI", method: "MatchContext", input: "req.Params.URI", checkFailed: "nil, err",
			decodeFailed: "nil, " + g.QualifiedGoIdent(rt("InvalidURI")) + "(req.Params.URI, err)"}
	}
	g.handler(d, func(_ map[string]bool, call string) {
		g.callDecl(&r.Decl, call, g.QualifiedGoIdent(rt("ReadError"))+"("+strconv.Quote(r.Name)+", req.Params.URI, err)")
		mime := strconv.Quote(r.MIME)
		switch r.Result {
		case analyzer.ResourceText:
			g.P("return ", rt("TextContents"), "(req.Params.URI, ", mime, ", ", convert("out", resultType(&r.Decl), "string"), "), nil")
		case analyzer.ResourceBlob:
			g.P("return ", rt("BlobContents"), "(req.Params.URI, ", mime, ", ", convert("out", resultType(&r.Decl), "[]byte"), "), nil")
		case analyzer.ResourceJSON:
			g.P("return ", rt("JSONContents"), "(", strconv.Quote(r.Name), ", req.Params.URI, ", mime, ", out)")
		case analyzer.ResourceSDK:
			g.P("return ", rt("ReadResult"), "(", strconv.Quote(r.Name), ", out)")
		}
	})
}

// resultType is the type of the value d's function returns.
func resultType(d *analyzer.Decl) types.Type {
	return d.Func.Type().(*types.Signature).Results().At(0).Type()
}

// convert converts the expression v of type t to the basic type want,
// unless it has that type already.
func convert(v string, t types.Type, want string) string {
	if types.TypeString(t, nil) == want {
		return v
	}
	return want + "(" + v + ")"
}

// recvParam is the type of the parameter that carries a receiver of
// type recv: a pointer when any declared method of the type has a
// pointer receiver.
func (g *genFile) recvParam(recv *types.Named) string {
	for _, d := range g.pkg.Decls() {
		sig := d.Func.Type().(*types.Signature)
		if sig.Recv() == nil {
			continue
		}
		if rt, isPtr := sig.Recv().Type().(*types.Pointer); isPtr && types.Identical(rt.Elem(), recv) {
			return "*" + g.typeString(recv)
		}
	}
	return g.typeString(recv)
}

// completions returns what Complete answers: the values of each argument
// of the package's prompts and resource templates whose values are the
// constants of their type; nil when the package has neither.
func completions(pkg *analyzer.Package) *toolimpl.Completions {
	c := &toolimpl.Completions{}
	found := false
	add := func(m *map[string]map[string][]string, key string, cs []analyzer.Completion) {
		if len(cs) == 0 {
			return
		}
		if *m == nil {
			*m = map[string]map[string][]string{}
		}
		byArg := map[string][]string{}
		for _, c := range cs {
			byArg[c.Arg] = c.Values
		}
		(*m)[key] = byArg
	}
	for _, p := range pkg.Prompts {
		found = true
		add(&c.Prompts, p.Name, p.Completions())
	}
	for _, r := range pkg.Resources {
		if r.Template {
			found = true
			add(&c.Resources, r.URI, r.Completions())
		}
	}
	if !found {
		return nil
	}
	return c
}

// complete prints Complete and the completions it answers.
func (g *genFile) complete() {
	c := completions(g.pkg)
	if c == nil {
		return
	}
	name := g.names.Completions()
	g.P()
	g.P("// Complete answers completion/complete requests for the arguments of the")
	g.P("// package's prompts and resource templates whose values are the constants")
	g.P("// of their type. Install it as mcp.ServerOptions.CompletionHandler, alone")
	g.P("// or after a handler of your own with ", rtDoc("FirstCompletion"), ".")
	g.P("func Complete(ctx ", contextPackage.Ident("Context"), ", req *", mcpIdent("CompleteRequest"), ") (*", mcpIdent("CompleteResult"), ", error) {")
	g.P("return ", name, ".Complete(ctx, req)")
	g.P("}")
	g.P()
	g.P("// The values of each argument of Complete, computed by mcptag.")
	g.printCompletions(name, c)
}

// printCompletions prints the variable name holding c.
func (g *genFile) printCompletions(name string, c *toolimpl.Completions) {
	if c.Prompts == nil && c.Resources == nil {
		g.P("var ", name, " = &", rt("Completions"), "{}")
		return
	}
	g.P("var ", name, " = &", rt("Completions"), "{")
	g.fields(g.completionMap("Prompts", c.Prompts), g.completionMap("Resources", c.Resources))
	g.P("}")
}

// completionMap is the field key of a Completions literal, holding m.
func (g *genFile) completionMap(key string, m map[string]map[string][]string) field {
	if m == nil {
		return field{}
	}
	return field{key: key, head: "map[string]map[string][]string{", body: func() {
		var byName []field
		for _, name := range sortedKeys(m) {
			byArg := m[name]
			byName = append(byName, field{key: strconv.Quote(name), head: "{", body: func() {
				var args []field
				for _, arg := range sortedKeys(byArg) {
					args = append(args, field{key: strconv.Quote(arg), value: "{" + quoteAll(byArg[arg]) + "}"})
				}
				g.fields(args...)
			}})
		}
		g.fields(byName...)
	}}
}

// quoteAll is the elements of a literal of strings.
func quoteAll(ss []string) string { return strings.Join(quoteEach(ss), ", ") }

// quoteEach is the Go literals of ss.
func quoteEach(ss []string) []string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = strconv.Quote(s)
	}
	return q
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
