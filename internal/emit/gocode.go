package emit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/format"
	"go/types"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/directive"
	"github.com/mcptag/mcptag/internal/genfile"
	"github.com/mcptag/mcptag/toolrt"
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

// goSource renders the package's code; tools are its tools as Tools
// returns them, in the same order, whose schemas it embeds.
func goSource(pkg *analyzer.Package, tools []*mcp.Tool) ([]byte, error) {
	g := &goFile{pkg: pkg, tools: tools, imports: map[string]string{}, names: map[string]string{}}
	imports := []string{"context", "github.com/mcptag/mcptag/toolrt", "github.com/modelcontextprotocol/go-sdk/mcp"}
	if len(pkg.Tools) > 0 || len(pkg.Forms) > 0 {
		imports = append(imports, "encoding/json") // for the schemas
	}
	for _, p := range imports {
		g.importName(p, path.Base(p))
	}
	data, err := g.model()
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := goTemplate.Execute(&buf, data); err != nil {
		return nil, err
	}
	src, err := format.Source(buf.Bytes())
	if err != nil {
		return nil, fmt.Errorf("generated code does not parse (a bug in mcptag): %v\n%s", err, buf.Bytes())
	}
	return src, nil
}

// goFile tracks the imports of one generated file.
type goFile struct {
	pkg       *analyzer.Package
	tools     []*mcp.Tool       // the rendered tools, by index of pkg.Tools
	imports   map[string]string // import path → name used
	names     map[string]string // name used → import path
	icons     []varData         // the icon variables, in order of first use
	iconFiles []string          // the icon files the variables were read from
}

// importName returns the name under which path is imported, adding the
// import (with an alias if its name is taken).
func (g *goFile) importName(p, name string) string {
	if n, ok := g.imports[p]; ok {
		return n
	}
	base := name
	for i := 2; g.names[name] != "" || name == g.pkg.Name; i++ {
		name = fmt.Sprintf("%s%d", base, i)
	}
	g.imports[p], g.names[name] = name, p
	return name
}

func (g *goFile) qualifier(p *types.Package) string {
	if p.Path() == g.pkg.Path {
		return ""
	}
	return g.importName(p.Path(), p.Name())
}

func (g *goFile) typeString(t types.Type) string { return types.TypeString(t, g.qualifier) }

type fileData struct {
	Package string
	// Options is the line that records the generator's options, after
	// the header, or "" when they are the defaults.
	Options string
	// Version is the version of generated code the file pins (see
	// toolrt.MinGeneratedVersion).
	Version   int
	Imports   [2][]importData // the standard library's, then the others
	Groups    []groupData
	Tools     []toolData
	Decls     []declData // the prompts, then the resources
	Functions []string   // tool names registered by RegisterTools
	// Completions is the toolrt.Completions literal of Complete, or ""
	// when the package has neither prompts nor resource templates.
	Completions string
	Forms       []formData // protocol.go
	Icons       []varData
	// IconFiles are the //go:embed patterns of the icon files, or "".
	IconFiles string
}

// importData is one import; Alias is set when the name used is not the
// last element of the path.
type importData struct{ Alias, Path string }

// groupData is the Register functions of the package's functions, or of
// the methods of one receiver type.
type groupData struct {
	Register string // Register, RegisterService
	Func     string // RegisterTools, RegisterServiceTools
	Recv     string // "" or the receiver parameter type (*Service)
	RecvName string // the receiver type's name, for the doc comment
	Tools    []toolData
	Decls    []declData
}

// Summary lists what the group's Register function registers, for its
// doc comment: "the tools of RegisterTools; prompts plan_trip; ...".
func (gd groupData) Summary() string {
	var parts []string
	if len(gd.Tools) > 0 {
		parts = append(parts, "the tools of "+gd.Func)
	}
	for _, what := range []string{"prompt", "resource", "resource template"} {
		var names []string
		for _, d := range gd.Decls {
			if d.What == what {
				names = append(names, d.Name)
			}
		}
		if len(names) > 0 {
			parts = append(parts, what+"s "+strings.Join(names, ", "))
		}
	}
	return strings.Join(parts, "; ")
}

type toolData struct {
	Name, Ident     string
	Tool            string // the mcp.Tool literal's fields
	Input, Output   string // Go literals of the schemas' JSON
	Spec            string // the toolrt.Spec literal of the arguments
	Recv            string // receiver parameter type, for methods
	Decode, Results string
	// ViewPaths is the toolrt.View literal of a tool with a fields
	// argument; ViewFunc the writer of a tool with a view (view.go).
	ViewPaths, ViewFunc string
}

func (g *goFile) model() (*fileData, error) {
	d := &fileData{Package: g.pkg.Name, Options: genfile.OptionsLine(g.pkg.Flags), Version: toolrt.MaxGeneratedVersion}
	groups := map[string]*groupData{}
	var order []string
	group := func(recv *types.Named) *groupData {
		key := ""
		if recv != nil {
			key = recv.Obj().Name()
		}
		if groups[key] == nil {
			name := analyzer.RegisterName(recv)
			groups[key] = &groupData{Register: name, Func: name + "Tools", RecvName: key}
			if recv != nil {
				groups[key].Recv = g.recvParam(recv)
			}
			order = append(order, key)
		}
		return groups[key]
	}
	for _, t := range g.pkg.Tools {
		td, err := g.tool(t)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", t.Name, err)
		}
		d.Tools = append(d.Tools, td)
		gr := group(t.Recv)
		gr.Tools = append(gr.Tools, td)
	}
	for _, p := range g.pkg.Prompts {
		dd := g.prompt(p)
		d.Decls = append(d.Decls, dd)
		gr := group(p.Recv)
		gr.Decls = append(gr.Decls, dd)
	}
	completes := len(g.pkg.Prompts) > 0
	for _, r := range g.pkg.Resources {
		dd := g.resource(r)
		d.Decls = append(d.Decls, dd)
		gr := group(r.Recv)
		gr.Decls = append(gr.Decls, dd)
		completes = completes || r.Template
	}
	if completes {
		d.Completions = g.completions()
	}
	forms, err := g.forms()
	if err != nil {
		return nil, err
	}
	d.Forms, d.Icons = forms, g.icons
	if len(g.iconFiles) > 0 {
		d.IconFiles = embedPatterns(g.iconFiles)
		g.importName("embed", "embed")
	}
	sort.Strings(order)
	for _, k := range order {
		d.Groups = append(d.Groups, *groups[k])
	}
	for p, n := range g.imports {
		alias := n
		if n == path.Base(p) {
			alias = ""
		}
		group := 1
		if first, _, _ := strings.Cut(p, "/"); !strings.Contains(first, ".") {
			group = 0 // the standard library, as goimports groups it
		}
		d.Imports[group] = append(d.Imports[group], importData{Alias: alias, Path: p})
	}
	for _, group := range d.Imports {
		sort.Slice(group, func(i, j int) bool { return group[i].Path < group[j].Path })
	}
	return d, nil
}

func exportedName(s string) string {
	if s == "" {
		return ""
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func (g *goFile) tool(t *analyzer.Tool) (toolData, error) {
	td := toolData{Name: t.Name, Ident: "mcptag" + exportedName(t.Func.Name())}
	if t.Recv != nil {
		td.Ident = "mcptag" + exportedName(t.Recv.Obj().Name()) + exportedName(t.Func.Name())
		td.Recv = g.recvParam(t.Recv)
	}
	rendered := g.tools[slices.Index(g.pkg.Tools, t)]
	td.Input = goString(string(rendered.InputSchema.(json.RawMessage)))
	if t.Output != nil {
		td.Output = goString(string(rendered.OutputSchema.(json.RawMessage)))
	}
	td.Tool = g.toolFields(t, td)
	td.Spec = argSpec(t)
	var call string
	td.Decode, call = g.call(t, td)
	td.Decode += viewSelect(t, td.Ident)
	td.Results = g.results(t, td.Ident, call)
	td.ViewPaths, td.ViewFunc = viewPaths(t), g.viewFunc(t, td.Ident+"Write")
	return td, nil
}

func (g *goFile) toolFields(t *analyzer.Tool, td toolData) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Name: %q,\n", t.Name)
	if t.Title != "" {
		fmt.Fprintf(&b, "Title: %q,\n", t.Title)
	}
	if t.Description != "" {
		fmt.Fprintf(&b, "Description: %s,\n", goString(t.Description))
	}
	if a := annotations(t.Annotations); a != "" {
		fmt.Fprintf(&b, "Annotations: &mcp.ToolAnnotations{%s},\n", a)
	}
	if icons := g.iconsField(t.Icons); icons != "" {
		fmt.Fprintf(&b, "Icons: %s,\n", icons)
	}
	fmt.Fprintf(&b, "InputSchema: %sInput,\n", td.Ident)
	if t.Output != nil {
		fmt.Fprintf(&b, "OutputSchema: %sOutput,\n", td.Ident)
	}
	return b.String()
}

func annotations(a directive.Annotations) string {
	var parts []string
	if a.ReadOnly != nil {
		parts = append(parts, fmt.Sprintf("ReadOnlyHint: %t", *a.ReadOnly))
	}
	if a.Destructive != nil {
		parts = append(parts, fmt.Sprintf("DestructiveHint: toolrt.Bool(%t)", *a.Destructive))
	}
	if a.Idempotent != nil {
		parts = append(parts, fmt.Sprintf("IdempotentHint: %t", *a.Idempotent))
	}
	if a.OpenWorld != nil {
		parts = append(parts, fmt.Sprintf("OpenWorldHint: toolrt.Bool(%t)", *a.OpenWorld))
	}
	return strings.Join(parts, ", ")
}

// call returns the statements decoding the arguments and the call of the
// tool function.
func (g *goFile) call(t *analyzer.Tool, td toolData) (decode, call string) {
	var args []string
	if t.Context {
		args = append(args, "ctx")
	}
	if t.Request {
		args = append(args, "req")
	}
	var b strings.Builder
	switch t.Args {
	case analyzer.ArgsStruct:
		fmt.Fprintf(&b, "var in %s\n", g.typeString(t.Params[0].Type))
		fmt.Fprintf(&b, "if err := %sArgs.DecodeStruct(req.Params.Arguments, &in); err != nil {\nreturn toolrt.Error(err), nil\n}\n", td.Ident)
		args = append(args, "in")
	case analyzer.ArgsNone:
		fmt.Fprintf(&b, "if _, err := %sArgs.Parse(req.Params.Arguments); err != nil {\nreturn toolrt.Error(err), nil\n}\n", td.Ident)
	default:
		fmt.Fprintf(&b, "args, err := %sArgs.Parse(req.Params.Arguments)\nif err != nil {\nreturn toolrt.Error(err), nil\n}\n", td.Ident)
		for i, p := range t.Params {
			v := fmt.Sprintf("arg%d", i)
			fmt.Fprintf(&b, "var %s %s\n", v, g.typeString(p.Type))
			fmt.Fprintf(&b, "if err := args.Decode(%q, &%s); err != nil {\nreturn toolrt.Error(err), nil\n}\n", p.Name, v)
			args = append(args, v)
		}
	}
	fn := t.Func.Name()
	if t.Recv != nil {
		fn = "recv." + fn
	}
	return b.String(), fn + "(" + strings.Join(args, ", ") + ")"
}

// results returns the statements that call the tool and turn what it
// returned into a CallToolResult, by the rules of docs/results.md.
func (g *goFile) results(t *analyzer.Tool, ident, call string) string {
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
	var b strings.Builder
	switch {
	case len(lhs) == 0:
		b.WriteString(call + "\n")
	case len(lhs) == 1 && r.Error:
		fmt.Fprintf(&b, "if err := %s; err != nil {\nreturn toolrt.Error(err), nil\n}\n", call)
	default:
		fmt.Fprintf(&b, "%s := %s\n", strings.Join(lhs, ", "), call)
		if r.Error {
			b.WriteString("if err != nil {\nreturn toolrt.Error(err), nil\n}\n")
		}
	}
	value := "out"
	if r.Pointer && r.Kind != analyzer.ResultNone {
		// A nil pointer is sent as the zero value, which validates.
		fmt.Fprintf(&b, "if out == nil {\nout = new(%s)\n}\n", g.typeString(r.Elem))
		value = "*out"
	}
	q := strconv.Quote(t.Name)
	modeArg := ""
	if mode := textModes[t.Text]; mode != "" {
		modeArg = ", toolrt." + mode
	}
	var result string
	switch {
	case t.View != nil:
		if _, isArray := r.Elem.Underlying().(*types.Array); isArray && r.Slice {
			value = strings.TrimPrefix(value, "*") + "[:]"
		}
		result = viewResult(t, q, value, ident+"Write", modeArg)
	case r.Kind == analyzer.ResultNone:
		result = "toolrt.Empty()"
	case r.Kind == analyzer.ResultObject || r.Kind == analyzer.ResultMap:
		result = fmt.Sprintf("toolrt.Object(%s, %s%s)", q, strings.TrimPrefix(value, "*"), modeArg)
	case r.Kind == analyzer.ResultWrapped:
		if r.Slice {
			if _, isArray := r.Elem.Underlying().(*types.Array); isArray {
				value = strings.TrimPrefix(value, "*") + "[:]"
			}
			result = fmt.Sprintf("toolrt.Slice(%s, %s%s)", q, value, modeArg)
		} else {
			result = fmt.Sprintf("toolrt.Wrapped(%s, %s%s)", q, value, modeArg)
		}
	case r.Kind == analyzer.ResultText:
		if r.OptOut {
			result = fmt.Sprintf("toolrt.JSONText(%s, %s%s)", q, value, modeArg)
		} else {
			result = fmt.Sprintf("toolrt.Sprint(%s)", value)
		}
	}
	if r.SDK {
		result = fmt.Sprintf("toolrt.Merge(res, %s)", result)
	}
	fmt.Fprintf(&b, "return %s, nil", result)
	return b.String()
}

// textModes are the toolrt.TextMode of each text= option of the directive
// but the default.
var textModes = map[string]string{"json": "IndentedText", "none": "NoText"}

// goString quotes s as a Go string literal, raw when that is possible.
func goString(s string) string {
	if strings.ContainsAny(s, "`\r") || !utf8.ValidString(s) {
		return strconv.Quote(s)
	}
	return "`" + s + "`"
}
