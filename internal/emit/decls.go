package emit

import (
	"fmt"
	"go/types"
	"sort"
	"strconv"
	"strings"

	"github.com/mcptag/mcptag/internal/analyzer"
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
			out = append(out, &mcp.Resource{URI: r.URI, Name: r.Name, Title: r.Title, Description: r.Description, MIMEType: r.MIME, Icons: mcpIcons(r.Icons)})
		}
	}
	return out
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

// declData is one prompt or resource in the generated file: the
// statement that registers it and its handler.
type declData struct {
	Name        string // the prompt's name or the resource's
	What        string // "prompt", "resource", "resource template"
	Ident       string
	Recv        string // receiver parameter type, for methods
	Add         string // the statement that adds it to s
	Var         string // the declaration of its toolimpl.Spec or toolimpl.URITemplate, if any
	Request     string // the handler's request and result types
	Result      string
	HandlerType string
	Body        string
}

// literal writes a composite literal of the fields that are set, one
// a line: fields are name, value pairs, the value already Go.
func literal(typ string, fields ...string) string {
	var b strings.Builder
	b.WriteString("&" + typ + "{\n")
	for i := 0; i+1 < len(fields); i += 2 {
		if fields[i+1] != "" {
			fmt.Fprintf(&b, "%s: %s,\n", fields[i], fields[i+1])
		}
	}
	b.WriteString("}")
	return b.String()
}

// text is the Go literal of s, or "" when s is empty.
func text(s string) string {
	if s == "" {
		return ""
	}
	return goString(s)
}

func (g *goFile) prompt(p *analyzer.Prompt) declData {
	d := g.declData(&p.Decl, "prompt")
	d.Request, d.Result, d.HandlerType = "*mcp.GetPromptRequest", "*mcp.GetPromptResult", "mcp.PromptHandler"
	mp := prompt(p)
	var args strings.Builder
	for _, a := range mp.Arguments {
		fields := []string{"Name: " + strconv.Quote(a.Name)}
		if a.Title != "" {
			fields = append(fields, "Title: "+goString(a.Title))
		}
		if a.Description != "" {
			fields = append(fields, "Description: "+goString(a.Description))
		}
		if a.Required {
			fields = append(fields, "Required: true")
		}
		fmt.Fprintf(&args, "{%s},\n", strings.Join(fields, ", "))
	}
	arguments := ""
	if args.Len() > 0 {
		arguments = "[]*mcp.PromptArgument{\n" + args.String() + "}"
	}
	d.Add = fmt.Sprintf("s.AddPrompt(%s, %s)", literal("mcp.Prompt",
		"Name", strconv.Quote(mp.Name), "Title", text(mp.Title), "Description", text(mp.Description), "Arguments", arguments,
		"Icons", g.iconsField(p.Icons)), d.handler())
	d.Var = fmt.Sprintf("%sArgs = %s", d.Ident, specLiteral(p.Arguments, p.Name, false))
	var b strings.Builder
	parse := "toolimpl.StringArguments(req.Params.Arguments)"
	call := g.argsCall(&b, &p.Decl, d.Ident+"Args.Parse", parse, "toolimpl.InvalidParams(err)")
	out := g.callDecl(&b, &p.Decl, call, fmt.Sprintf("toolimpl.HandlerError(%q, err)", p.Name))
	switch p.Result {
	case analyzer.PromptText:
		fmt.Fprintf(&b, "return toolimpl.PromptText(%s), nil", convert(out, g.resultType(&p.Decl), "string"))
	case analyzer.PromptMessages:
		fmt.Fprintf(&b, "return toolimpl.PromptMessages(%s), nil", out)
	case analyzer.PromptSDK:
		fmt.Fprintf(&b, "return toolimpl.PromptResult(%q, %s)", p.Name, out)
	}
	d.Body = b.String()
	return d
}

func (g *goFile) resource(r *analyzer.Resource) declData {
	d := g.declData(&r.Decl, "resource")
	d.Request, d.Result, d.HandlerType = "*mcp.ReadResourceRequest", "*mcp.ReadResourceResult", "mcp.ResourceHandler"
	var b strings.Builder
	var call string
	if r.Template {
		d.What = "resource template"
		rt := resourceTemplate(r)
		d.Add = fmt.Sprintf("s.AddResourceTemplate(%s, %s)", literal("mcp.ResourceTemplate",
			"URITemplate", strconv.Quote(rt.URITemplate), "Name", strconv.Quote(rt.Name), "Title", text(rt.Title),
			"Description", text(rt.Description), "MIMEType", text(rt.MIMEType), "Icons", g.iconsField(r.Icons)), cachedHandler(r, d.handler()))
		d.Var = fmt.Sprintf("%sURI = &toolimpl.URITemplate{\nTemplate: %q,\nSpec: %s,\n}", d.Ident, r.URI, specLiteral(r.Arguments, r.Name, false))
		call = g.argsCall(&b, &r.Decl, d.Ident+"URI.Match", "req.Params.URI", "toolimpl.InvalidURI(req.Params.URI, err)")
	} else {
		d.Add = fmt.Sprintf("s.AddResource(%s, %s)", literal("mcp.Resource",
			"URI", strconv.Quote(r.URI), "Name", strconv.Quote(r.Name), "Title", text(r.Title),
			"Description", text(r.Description), "MIMEType", text(r.MIME), "Icons", g.iconsField(r.Icons)), cachedHandler(r, d.handler()))
		call = g.callExpr(&r.Decl, nil)
	}
	out := g.callDecl(&b, &r.Decl, call, fmt.Sprintf("toolimpl.ReadError(%q, req.Params.URI, err)", r.Name))
	mime := strconv.Quote(r.MIME)
	switch r.Result {
	case analyzer.ResourceText:
		fmt.Fprintf(&b, "return toolimpl.TextContents(req.Params.URI, %s, %s), nil", mime, convert(out, g.resultType(&r.Decl), "string"))
	case analyzer.ResourceBlob:
		fmt.Fprintf(&b, "return toolimpl.BlobContents(req.Params.URI, %s, %s), nil", mime, convert(out, g.resultType(&r.Decl), "[]byte"))
	case analyzer.ResourceJSON:
		fmt.Fprintf(&b, "return toolimpl.JSONContents(%q, req.Params.URI, %s, %s)", r.Name, mime, out)
	case analyzer.ResourceSDK:
		fmt.Fprintf(&b, "return toolimpl.ReadResult(%q, %s)", r.Name, out)
	}
	d.Body = b.String()
	return d
}

func (g *goFile) declData(d *analyzer.Decl, what string) declData {
	dd := declData{Name: d.Name, What: what, Ident: "mcptag" + exportedName(d.Func.Name())}
	if d.Recv != nil {
		dd.Ident = "mcptag" + exportedName(d.Recv.Obj().Name()) + exportedName(d.Func.Name())
		dd.Recv = g.recvParam(d.Recv)
	}
	return dd
}

// handler is the handler argument of the statement that adds d.
func (d declData) handler() string {
	if d.Recv != "" {
		return d.Ident + "(recv)"
	}
	return d.Ident
}

// argsCall writes the statements that check the arguments of d, input,
// with check (a Spec's Parse, or a URITemplate's Match, whose errors are
// the protocol's already), decode them, and return invalid on a bad one;
// it returns the call of d's function.
func (g *goFile) argsCall(b *strings.Builder, d *analyzer.Decl, check, input, invalid string) string {
	checkErr := invalid
	if strings.HasSuffix(check, ".Match") {
		checkErr = "err"
	}
	switch d.Args {
	case analyzer.ArgsStruct:
		spec, _, _ := strings.Cut(check, ".")
		fmt.Fprintf(b, "var in %s\n", g.typeString(d.Params[0].Type))
		fmt.Fprintf(b, "if err := %s.DecodeStruct(%s, &in); err != nil {\nreturn nil, %s\n}\n", spec, input, invalid)
		return g.callExpr(d, []string{"in"})
	case analyzer.ArgsNone:
		fmt.Fprintf(b, "if _, err := %s(%s); err != nil {\nreturn nil, %s\n}\n", check, input, checkErr)
		return g.callExpr(d, nil)
	}
	fmt.Fprintf(b, "args, err := %s(%s)\nif err != nil {\nreturn nil, %s\n}\n", check, input, checkErr)
	var vars []string
	for i, p := range d.Params {
		v := fmt.Sprintf("arg%d", i)
		fmt.Fprintf(b, "var %s %s\n", v, g.typeString(p.Type))
		fmt.Fprintf(b, "if err := args.Decode(%q, &%s); err != nil {\nreturn nil, %s\n}\n", p.Name, v, invalid)
		vars = append(vars, v)
	}
	return g.callExpr(d, vars)
}

// callExpr is the call of d's function with args after its context and
// request.
func (g *goFile) callExpr(d *analyzer.Decl, args []string) string {
	var all []string
	if d.Context {
		all = append(all, "ctx")
	}
	if d.Request {
		all = append(all, "req")
	}
	all = append(all, args...)
	fn := d.Func.Name()
	if d.Recv != nil {
		fn = "recv." + fn
	}
	return fn + "(" + strings.Join(all, ", ") + ")"
}

// callDecl writes the statements that call d's function, returning
// failed when it returns an error, and returns the variable holding its
// value.
func (g *goFile) callDecl(b *strings.Builder, d *analyzer.Decl, call, failed string) string {
	if d.Error {
		fmt.Fprintf(b, "out, err := %s\nif err != nil {\nreturn nil, %s\n}\n", call, failed)
	} else {
		fmt.Fprintf(b, "out := %s\n", call)
	}
	return "out"
}

// resultType is the type of the value d's function returns.
func (g *goFile) resultType(d *analyzer.Decl) types.Type {
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

// recvParam is the receiver parameter of a Register function for the
// methods of recv: a pointer when any declared method of the type has a
// pointer receiver.
func (g *goFile) recvParam(recv *types.Named) string {
	for _, fn := range g.funcs() {
		sig := fn.Type().(*types.Signature)
		if sig.Recv() == nil {
			continue
		}
		if rt, isPtr := sig.Recv().Type().(*types.Pointer); isPtr && types.Identical(rt.Elem(), recv) {
			return "*" + g.typeString(recv)
		}
	}
	return g.typeString(recv)
}

// funcs lists the functions of every declaration of the package.
func (g *goFile) funcs() []*types.Func {
	var out []*types.Func
	for _, t := range g.pkg.Tools {
		out = append(out, t.Func)
	}
	for _, p := range g.pkg.Prompts {
		out = append(out, p.Func)
	}
	for _, r := range g.pkg.Resources {
		out = append(out, r.Func)
	}
	return out
}

// completions renders the toolimpl.Completions literal of the package's
// prompts and resource templates.
func (g *goFile) completions() string {
	prompts, templates := map[string][]analyzer.Completion{}, map[string][]analyzer.Completion{}
	for _, p := range g.pkg.Prompts {
		if cs := p.Completions(); len(cs) > 0 {
			prompts[p.Name] = cs
		}
	}
	for _, r := range g.pkg.Resources {
		if cs := r.Completions(); r.Template && len(cs) > 0 {
			templates[r.URI] = cs
		}
	}
	return literal("toolimpl.Completions", "Prompts", completionMap(prompts), "Resources", completionMap(templates))
}

func completionMap(m map[string][]analyzer.Completion) string {
	if len(m) == 0 {
		return ""
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString("map[string]map[string][]string{\n")
	for _, k := range keys {
		fmt.Fprintf(&b, "%q: {\n", k)
		for _, c := range m[k] {
			q := make([]string, len(c.Values))
			for i, v := range c.Values {
				q[i] = strconv.Quote(v)
			}
			fmt.Fprintf(&b, "%q: {%s},\n", c.Arg, strings.Join(q, ", "))
		}
		b.WriteString("},\n")
	}
	b.WriteString("}")
	return b.String()
}
