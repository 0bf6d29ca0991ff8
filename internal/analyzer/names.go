package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"
)

// Names is the registry of every identifier the generated file of a
// package declares at package level. There are two kinds:
//
//   - the functions a server calls (Funcs: Register..., Complete,
//     Elicit...), whose names are a promise; one the package declares
//     itself is a finding at its declaration (checkGeneratedNames);
//   - mcptag's own handlers and variables (mcptag...), which no one
//     calls by name: one the package's sources declare already makes
//     the generated one take another name (mcptagHello2), so that the
//     generated file always compiles beside them.
//
// The generated code takes every name it declares from here, and the
// check of the package's own declarations reads the same list.
type Names struct {
	Funcs []GeneratedFunc // the functions a server calls, in the order the file declares them
	// Types are the types a server's hook names (toolrt.Call's Args): the
	// struct of the plain parameters of each tool that has them.
	Types []GeneratedFunc

	argTypes map[*types.Func]string

	decls       map[*types.Func]string
	forms       map[*Form]string
	icons       map[string]string // by iconKey
	iconFiles   string            // the variable that embeds the icon files, or ""
	pages       map[*Tool]string  // the variable that embeds each app's page
	completions string
	// noClient are the receiver types (nil for the package's functions)
	// whose typed client is left out: the package declares its name.
	noClient map[*types.Named]bool
	// taken are the package-level names of the package's sources (the
	// generated file left out) and of the generated file.
	taken map[string]bool
	// declared are the package-level names of the package's sources and
	// its in-package test files, at their declarations.
	declared map[string]TopLevelName
	// imports are the names the package's sources give the packages they
	// import by a name of their own, by import path.
	imports map[string]string
}

// A GeneratedFunc is a function the generated code declares, that a
// server calls.
type GeneratedFunc struct {
	Name string
	Recv *types.Named // the receiver type whose declarations it registers, or nil
	Pos  token.Pos    // the first declaration it registers
	Doc  string       // what it does, in a few words
}

// isClient reports whether g is a typed client's type or constructor: a
// server needs neither, so when the package declares the name itself
// the client is left out, with a warning, rather than the package
// refused.
func (g GeneratedFunc) isClient() bool {
	name := ClientName(g.Recv)
	return g.Name == name || g.Name == "New"+name
}

// declSuffixes are the names the generated file derives from the name of
// a declaration's handler: its schemas, its argument checks, the view of
// its result, its URI template. A handler's name is free when all are.
var declSuffixes = []string{"", "Input", "Output", "Args", "View", "Write", "URI", "Decode", "Run"}

// GeneratedNames returns the registry of the names the generated file
// declares, computed once; a Package that Analyze did not return is taken
// to declare nothing of its own.
func (p *Package) GeneratedNames() *Names {
	if p.Names == nil {
		p.Names = newNames(p, nil)
	}
	return p.Names
}

// newNames names what the generated file of p declares; declared are the
// names the package's sources, its in-package test files included,
// declare at package level.
func newNames(p *Package, declared map[string]TopLevelName) *Names {
	n := &Names{
		decls: map[*types.Func]string{}, forms: map[*Form]string{}, icons: map[string]string{},
		pages: map[*Tool]string{}, taken: map[string]bool{}, declared: declared, argTypes: map[*types.Func]string{},
	}
	for name := range declared {
		n.taken[name] = true
	}
	n.Funcs = registerFuncs(p)
	for _, f := range n.Funcs {
		n.taken[f.Name] = true
	}
	for _, t := range p.Tools {
		if t.Args == ArgsPlain {
			name := ArgsTypeName(t)
			n.argTypes[t.Func] = name
			n.taken[name] = true
			n.Types = append(n.Types, GeneratedFunc{name, t.Recv, t.Pos, "the arguments of " + t.Name + ", which a hook meets"})
		}
	}
	var icons [][]Icon
	for _, d := range p.Decls() {
		n.decls[d.Func] = n.free(declBase(d.Recv, d.Func))
		icons = append(icons, d.Icons)
	}
	completes := len(p.Prompts) > 0
	for _, r := range p.Resources {
		completes = completes || r.Template
	}
	for _, f := range p.Forms {
		n.forms[f] = n.fresh("mcptag" + exported(f.Name) + "Form")
	}
	for _, is := range icons {
		for _, i := range is {
			if k := iconKey(i); n.icons[k] == "" {
				n.icons[k] = n.fresh(fmt.Sprintf("mcptagIcon%d", len(n.icons)+1))
			}
		}
	}
	for _, is := range icons {
		for _, i := range is {
			if i.File != "" && n.iconFiles == "" {
				n.iconFiles = n.fresh("mcptagIconFiles")
			}
		}
	}
	for _, t := range p.Tools {
		if t.App != nil {
			n.pages[t] = n.fresh("mcptagPage" + strings.TrimPrefix(declBase(t.Recv, t.Func), "mcptag"))
		}
	}
	if completes {
		n.completions = n.fresh("mcptagCompletions")
	}
	return n
}

// declaredNames returns the names that the package's sources (the
// generated file left out) and its in-package test files declare at
// package level.
func (a *analysis) declaredNames() map[string]TopLevelName {
	names := map[string]TopLevelName{}
	for name, d := range a.testDecls {
		names[name] = d
	}
	for _, name := range a.pkg.Scope().Names() {
		if obj := a.pkg.Scope().Lookup(name); a.declaredHere(obj.Pos()) {
			names[name] = TopLevelName{obj.Pos(), objectKind(obj)}
		}
	}
	return names
}

// A TopLevelName is a name that a file declares at package level.
type TopLevelName struct {
	Pos  token.Pos // the name in its first declaration
	Kind string    // "function", "type", "constant" or "variable", as objectKind says
}

// TopLevelNames returns the names that files declare at package level:
// functions (not methods), types, variables and constants; not "_", nor
// init, which declares nothing.
func TopLevelNames(files []*ast.File) map[string]TopLevelName {
	names := map[string]TopLevelName{}
	kinds := map[token.Token]string{token.TYPE: "type", token.CONST: "constant", token.VAR: "variable"}
	add := func(id *ast.Ident, kind string) {
		if _, ok := names[id.Name]; !ok && id.Name != "_" && id.Name != "init" {
			names[id.Name] = TopLevelName{id.Pos(), kind}
		}
	}
	for _, f := range files {
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					add(d.Name, "function")
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch s := spec.(type) {
					case *ast.TypeSpec:
						add(s.Name, kinds[d.Tok])
					case *ast.ValueSpec:
						for _, id := range s.Names {
							add(id, kinds[d.Tok])
						}
					}
				}
			}
		}
	}
	return names
}

// declBase is the name of the handler of the declaration fn, a method of
// recv or a function: mcptag, then the names with their first letter in
// upper case (rune by rune: Ñandú, not a broken byte).
func declBase(recv *types.Named, fn *types.Func) string {
	if recv != nil {
		return "mcptag" + exported(recv.Obj().Name()) + exported(fn.Name())
	}
	return "mcptag" + exported(fn.Name())
}

// free takes the first of base, base2, base3... whose derived names
// (declSuffixes) are all free.
func (n *Names) free(base string) string {
	for i := 1; ; i++ {
		name := base
		if i > 1 {
			name = fmt.Sprintf("%s%d", base, i)
		}
		if !n.anyTaken(name) {
			for _, s := range declSuffixes {
				n.taken[name+s] = true
			}
			return name
		}
	}
}

func (n *Names) anyTaken(name string) bool {
	for _, s := range declSuffixes {
		if n.taken[name+s] {
			return true
		}
	}
	return false
}

// fresh takes the first free name of base, base2, base3...
func (n *Names) fresh(base string) string {
	name := base
	for i := 2; n.taken[name]; i++ {
		name = fmt.Sprintf("%s%d", base, i)
	}
	n.taken[name] = true
	return name
}

func iconKey(i Icon) string {
	return strings.Join([]string{i.Source, i.MIMEType, strings.Join(i.Sizes, " "), i.Theme}, "\x00")
}

// Handler is the name of the handler of the declaration fn: the
// generated code derives the names of its variables from it, adding
// Input, Output, Args, View, Write or URI.
func (n *Names) Handler(fn *types.Func) string { return n.decls[fn] }

// ArgsType is the name of the exported struct type of the plain
// parameters of the tool function fn, "" for a tool without them.
func (n *Names) ArgsType(fn *types.Func) string { return n.argTypes[fn] }

// ArgsTypeName is the name of the struct type of t's plain parameters:
// the function's name, after its receiver type's for a method, then
// Params (GetWeatherParams, StoreGetParams): the struct of its parameters.
func ArgsTypeName(t *Tool) string {
	if t.Recv != nil {
		return exported(t.Recv.Obj().Name()) + exported(t.Func.Name()) + "Params"
	}
	return exported(t.Func.Name()) + "Params"
}

// Form is the name of the toolrt.Form variable of f.
func (n *Names) Form(f *Form) string { return n.forms[f] }

// Icon is the name of the variable holding icon, one per distinct icon.
func (n *Names) Icon(i Icon) string { return n.icons[iconKey(i)] }

// IconFiles is the name of the variable that embeds the icon files the
// package's icons were read from, "" when none was read from a file.
func (n *Names) IconFiles() string { return n.iconFiles }

// Page is the name of the string variable that embeds the page of t's
// MCP App, "" when t has none.
func (n *Names) Page(t *Tool) string { return n.pages[t] }

// Completions is the name of the variable of the completions Complete
// answers, "" when the package has neither prompts nor templates.
func (n *Names) Completions() string { return n.completions }

// ImportName is the name that the package's sources give the import of
// path, "" when they give it none of their own (or "_" or "."): the
// generated file imports it under the same name when that is free, so
// that it reads as the sources do (appsv1, not v12). Where the files
// give it several names, it is the one most of them use, the first of
// those in file order on a tie.
func (n *Names) ImportName(path string) string { return n.imports[path] }

// importNames returns, by import path, the name that most of files give
// an import of their own (see ImportName).
func importNames(files []*ast.File) map[string]string {
	counts := map[string]map[string]int{}
	var order []string // path and name pairs in file order, for ties
	for _, f := range files {
		for _, spec := range f.Imports {
			path, err := strconv.Unquote(spec.Path.Value)
			if err != nil || spec.Name == nil || spec.Name.Name == "_" || spec.Name.Name == "." {
				continue
			}
			if counts[path] == nil {
				counts[path] = map[string]int{}
			}
			if counts[path][spec.Name.Name] == 0 {
				order = append(order, path+"\x00"+spec.Name.Name)
			}
			counts[path][spec.Name.Name]++
		}
	}
	names := map[string]string{}
	for _, pn := range order {
		path, name, _ := strings.Cut(pn, "\x00")
		if best := names[path]; best == "" || counts[path][name] > counts[path][best] {
			names[path] = name
		}
	}
	return names
}

// Declared returns the declaration of name at package level in the
// package's sources or its in-package test files, if there is one.
func (n *Names) Declared(name string) (TopLevelName, bool) {
	d, ok := n.declared[name]
	return d, ok
}

// Taken reports whether name is declared at package level, by the
// package's sources or by the generated file.
func (n *Names) Taken(name string) bool { return n.taken[name] }

// registerFuncs lists the functions that the generated code declares for
// a server to call. Register registers every declaration of the package,
// RegisterTools every tool and, in a package of both, RegisterPromptsAndResources
// the rest (for a server that selects its tools); each takes a value of every receiver type
// whose methods they register, so that none can be left out by mistake.
// For the methods of each receiver type R, RegisterR and RegisterRTools
// register R's alone. Tools and RTools return the same tools as data,
// for a server that selects what it serves; Client and RClient, with
// NewClient and NewRClient, call the tools through a client session. Complete, the completion handler, is declared when
// there are prompts or templates, and Elicit<Type> for each form.
func registerFuncs(p *Package) []GeneratedFunc {
	var funcs []GeneratedFunc
	type group struct {
		pos   token.Pos
		tools bool
	}
	groups := map[*types.Named]*group{}
	var recvs []*types.Named
	add := func(recv *types.Named, pos token.Pos, tool bool) {
		g := groups[recv]
		if g == nil {
			g = &group{pos: pos}
			groups[recv] = g
			if recv != nil {
				recvs = append(recvs, recv)
			}
		}
		g.tools = g.tools || tool
	}
	first, firstTool, firstFuncTool, complete := token.NoPos, token.NoPos, token.NoPos, token.NoPos
	for _, t := range p.Tools {
		add(t.Recv, t.Pos, true)
		if firstTool == token.NoPos {
			firstTool = t.Pos
		}
		if t.Recv == nil && firstFuncTool == token.NoPos {
			firstFuncTool = t.Pos
		}
	}
	for _, pr := range p.Prompts {
		add(pr.Recv, pr.Pos, false)
		if complete == token.NoPos {
			complete = pr.Pos
		}
	}
	for _, r := range p.Resources {
		add(r.Recv, r.Pos, false)
		if r.Template && complete == token.NoPos {
			complete = r.Pos
		}
	}
	for _, pos := range []token.Pos{firstTool, complete, p.firstDeclPos()} {
		if pos != token.NoPos && (first == token.NoPos || pos < first) {
			first = pos
		}
	}
	if first != token.NoPos {
		funcs = append(funcs, GeneratedFunc{"Register", nil, first, "it registers every declaration"})
	}
	if firstTool != token.NoPos {
		funcs = append(funcs, GeneratedFunc{"RegisterTools", nil, firstTool, "it registers the tools"})
		if decl := p.firstDeclPos(); decl != token.NoPos {
			funcs = append(funcs, GeneratedFunc{"RegisterPromptsAndResources", nil, decl, "it registers the prompts and resources"})
		}
	}
	if firstFuncTool != token.NoPos {
		funcs = append(funcs, GeneratedFunc{ToolsName(nil), nil, firstFuncTool, "it returns the tools as data"})
		funcs = append(funcs, clientFuncs(nil, firstFuncTool, "the package's functions")...)
	}
	sort.Slice(recvs, func(i, j int) bool { return recvs[i].Obj().Name() < recvs[j].Obj().Name() })
	for _, recv := range recvs {
		name := RegisterName(recv)
		g := groups[recv]
		funcs = append(funcs, GeneratedFunc{name, recv, g.pos, "it registers every declaration of " + recv.Obj().Name()})
		if g.tools {
			funcs = append(funcs, GeneratedFunc{name + "Tools", recv, g.pos, "it registers the tools of " + recv.Obj().Name()})
			funcs = append(funcs, GeneratedFunc{ToolsName(recv), recv, g.pos, "it returns the tools of " + recv.Obj().Name() + " as data"})
			funcs = append(funcs, clientFuncs(recv, g.pos, recv.Obj().Name()+"'s methods")...)
		}
	}
	if complete != token.NoPos {
		funcs = append(funcs, GeneratedFunc{"Complete", nil, complete, "it completes the arguments of prompts and resource templates"})
	}
	for _, f := range p.Forms {
		funcs = append(funcs, GeneratedFunc{f.Func, nil, f.Pos, "it asks the user to fill in the form " + f.Name})
	}
	return funcs
}

// firstDeclPos is the position of the package's first prompt or
// resource, token.NoPos if none.
func (p *Package) firstDeclPos() token.Pos {
	pos := token.NoPos
	for _, pr := range p.Prompts {
		if pos == token.NoPos || pr.Pos < pos {
			pos = pr.Pos
		}
	}
	for _, r := range p.Resources {
		if pos == token.NoPos || r.Pos < pos {
			pos = r.Pos
		}
	}
	return pos
}

// Decls lists the declarations of the package: its tools', then its
// prompts', then its resources'.
func (p *Package) Decls() []*Decl {
	var out []*Decl
	for _, t := range p.Tools {
		out = append(out, &t.Decl)
	}
	for _, pr := range p.Prompts {
		out = append(out, &pr.Decl)
	}
	for _, r := range p.Resources {
		out = append(out, &r.Decl)
	}
	return out
}

// Receivers lists the receiver types whose methods the package declares
// as tools, prompts or resources, by name: the parameters of Register
// after the server. tools limits them to those of tools (RegisterTools).
func (p *Package) Receivers(tools bool) []*types.Named {
	decls := p.Decls()
	if tools {
		decls = decls[:len(p.Tools)]
	}
	return receivers(decls)
}

// PromptAndResourceReceivers lists the receiver types whose methods the
// package declares as prompts or resources, by name: the parameters of
// RegisterPromptsAndResources after the server.
func (p *Package) PromptAndResourceReceivers() []*types.Named {
	return receivers(p.Decls()[len(p.Tools):])
}

// receivers lists the receiver types of the methods among decls, by name.
func receivers(decls []*Decl) []*types.Named {
	seen := map[*types.Named]bool{}
	var out []*types.Named
	for _, d := range decls {
		if d.Recv != nil && !seen[d.Recv] {
			seen[d.Recv] = true
			out = append(out, d.Recv)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Obj().Name() < out[j].Obj().Name() })
	return out
}

// ToolsName is the name of the generated function that returns the
// package's tool functions as data (recv nil), or the tools of recv's
// methods: Tools, or RTools for a receiver type R.
func ToolsName(recv *types.Named) string {
	if recv == nil {
		return "Tools"
	}
	return exported(recv.Obj().Name()) + "Tools"
}

// HasClient reports whether the generated file declares the typed
// client of the tools of recv (nil for the package's functions): it
// does unless the package declares one of the client's names itself.
func (n *Names) HasClient(recv *types.Named) bool { return !n.noClient[recv] }

// ClientName is the name of the generated type that calls the tools of
// the package's functions (recv nil) or of recv's methods through a
// client session: Client, or RClient for a receiver type R. Its
// constructor is New followed by the same name.
func ClientName(recv *types.Named) string {
	if recv == nil {
		return "Client"
	}
	return exported(recv.Obj().Name()) + "Client"
}

// clientFuncs are the typed client of the tools of recv (nil for the
// package's functions), whose first declaration is at pos: its type and
// its constructor.
func clientFuncs(recv *types.Named, pos token.Pos, of string) []GeneratedFunc {
	name := ClientName(recv)
	return []GeneratedFunc{
		{name, recv, pos, "it is the typed client of the tools of " + of},
		{"New" + name, recv, pos, "it returns the typed client of the tools of " + of},
	}
}

// RegisterName is the name of the generated function that registers the
// declarations of the package (recv nil) or of recv's methods: Register,
// or RegisterR for a receiver type R.
func RegisterName(recv *types.Named) string {
	if recv == nil {
		return "Register"
	}
	return "Register" + exported(recv.Obj().Name())
}
