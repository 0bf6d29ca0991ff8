// Package analyzer finds //mcp:tool functions in Go packages and derives
// everything mcptag knows about them: names, descriptions, argument and
// result shapes, and the JSON Schemas of their encoding/json forms.
//
// The generator and the linter both call Analyze, so they cannot disagree
// about a type. What needs no analysis of a package lives in packages of
// its own, which the analyzer uses: directive (the //mcp: grammar),
// argmodel (the argument model and the jsonschema tag grammar), naming,
// shrink, titles, overlap, and finding (what is reported, and where).
// load loads packages; generate (the pipeline) and lint call Analyze, with
// the options genopts resolves from the command line and the generated
// files' record.
package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"github.com/mcptag/mcptag/internal/argspec"
	"github.com/mcptag/mcptag/internal/directive"
	"github.com/mcptag/mcptag/internal/finding"
)

// A Package is the result of analyzing one Go package.
type Package struct {
	Name    string // Go package name
	Path    string // import path
	Types   *types.Package
	Tools   []*Tool // in source order
	Prompts []*Prompt
	// Resources are the static resources and the resource templates.
	Resources []*Resource
	// Forms are the //mcp:elicit struct types (elicit.go).
	Forms []*Form
	// Shared are the arguments every tool takes (//mcp:shared,
	// shared.go), nil for none.
	Shared   *SharedArgs
	Findings []finding.Finding
	// Flags are the generator's options that shaped the package, as the
	// flags that set them (genopts.Flags): what its generated files
	// record. Analyze leaves them to its caller, which knows the options
	// as flags.
	Flags []string
	// Names are the names the generated file declares (GeneratedNames).
	Names *Names
}

// Empty reports whether the package declares nothing to serve.
func (p *Package) Empty() bool {
	return len(p.Tools) == 0 && len(p.Prompts) == 0 && len(p.Resources) == 0 && len(p.Forms) == 0
}

// FirstPos returns the position of the package's first tool, or else of
// its first prompt, or else of its first resource; token.NoPos if it
// declares nothing.
func (p *Package) FirstPos() token.Pos {
	switch {
	case len(p.Tools) > 0:
		return p.Tools[0].Pos
	case len(p.Prompts) > 0:
		return p.Prompts[0].Pos
	case len(p.Resources) > 0:
		return p.Resources[0].Pos
	case len(p.Forms) > 0:
		return p.Forms[0].Pos
	}
	return token.NoPos
}

// Errors reports whether any finding stops generation.
func (p *Package) Errors() bool {
	for _, f := range p.Findings {
		if f.Error {
			return true
		}
	}
	return false
}

// analysis is the state of one Analyze call.
type analysis struct {
	shared *SharedArgs // the package's, for each tool to take
	fset   *token.FileSet
	files  []*ast.File
	pkg    *types.Package
	info   *types.Info
	opts   Options
	// declaredDocs are the descriptions declared in the files analyzed.
	declaredDocs map[types.Object]string
	findings     []finding.Finding
	reported     map[string]bool // positions and messages already reported

	consts  map[*types.Package]map[*types.TypeName][]*types.Const // see constsOf
	enums   map[*types.TypeName][]any                             // see enumValues
	tags    map[token.Pos]*ast.BasicLit                           // struct tags by field name, see tagEnd
	toolPos token.Pos                                             // the function being analyzed, for Finding.ToolPos
	// testDecls are the package-level names that the in-package test
	// files declare, at their declarations (Options.TestFiles).
	testDecls map[string]TopLevelName
}

// Analyze finds the tools declared in files, which type-check to pkg.
func Analyze(fset *token.FileSet, files []*ast.File, pkg *types.Package, info *types.Info, opts Options) *Package {
	a := &analysis{
		fset: fset, files: files, pkg: pkg, info: info, opts: opts,
		declaredDocs: DeclaredDocs(files, info), reported: map[string]bool{},
		consts: map[*types.Package]map[*types.TypeName][]*types.Const{}, enums: map[*types.TypeName][]any{},
	}
	p := &Package{Name: pkg.Name(), Path: pkg.Path(), Types: pkg}
	a.declareShared(p)
	for _, f := range files {
		for _, m := range directive.Misplaced(f) {
			a.report(m)
		}
		if why := a.buildConstraint(f); why != "" { // buildcfg.go
			a.refuseConstrained(f, why)
			continue
		}
		a.declareForms(p, f)
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			a.toolPos = fd.Name.Pos()
			a.declare(p, fd)
		}
	}
	a.testDecls = TopLevelNames(opts.TestFiles)
	p.Names = newNames(p, a.declaredNames())
	p.Names.imports = importNames(files)
	a.checkNames(p.Tools)
	a.checks(p.Tools)       // checks.go: findings for the linter
	a.checkDecls(p)         // declchecks.go: prompts and resources
	a.dropUnserved(p.Tools) // served.go: advice about fields no view sends
	finding.Sort(fset, a.findings)
	p.Findings = a.findings
	return p
}

// declare adds to p what the function declaration fd declares, if its doc
// comment holds a directive.
func (a *analysis) declare(p *Package, fd *ast.FuncDecl) {
	c, findings := directive.Find(fd.Doc)
	for _, f := range findings {
		a.report(f)
	}
	if c == nil {
		return
	}
	dir, findings := directive.Parse(c.Slash, c.Text)
	for _, f := range findings {
		a.report(f)
	}
	fn, _ := a.info.Defs[fd.Name].(*types.Func)
	if fn == nil {
		return
	}
	switch dir.Kind {
	case directive.Tool:
		if t := a.tool(fd, fn, dir); t != nil {
			p.Tools = append(p.Tools, t)
		}
	case directive.Prompt:
		if pr := a.prompt(fd, fn, dir); pr != nil {
			p.Prompts = append(p.Prompts, pr)
		}
	case directive.Resource:
		if r := a.resource(fd, fn, dir); r != nil {
			p.Resources = append(p.Resources, r)
		}
	}
}

func (a *analysis) errorf(pos token.Pos, category, format string, args ...any) {
	a.report(finding.Finding{Pos: pos, Category: category, Message: fmt.Sprintf(format, args...), Error: true})
}

func (a *analysis) warnf(pos token.Pos, category, format string, args ...any) {
	a.report(finding.Finding{Pos: pos, Category: category, Message: fmt.Sprintf(format, args...)})
}

// report records f unless the same finding is already there: a type used
// by several tools is analyzed several times.
func (a *analysis) report(f finding.Finding) {
	key := findingKey(f)
	if a.reported[key] {
		return
	}
	if f.ToolPos == token.NoPos {
		f.ToolPos = a.toolPos
	}
	a.reported[key] = true
	a.findings = append(a.findings, f)
}

// findingKey tells findings apart: by position, category and message.
func findingKey(f finding.Finding) string { return fmt.Sprint(f.Pos, f.Category, f.Message) }

// checkNames reports duplicate tool names: a server holds one tool a name.
func (a *analysis) checkNames(tools []*Tool) {
	first := map[string]*Tool{}
	for _, t := range tools {
		if prev, ok := first[t.Name]; ok {
			a.errorf(t.Pos, finding.CatName, "duplicate tool name %q (first used at %s)", t.Name, a.fset.Position(prev.Pos))
			continue
		}
		first[t.Name] = t
	}
}

func (a *analysis) typeString(t types.Type) string {
	return types.TypeString(t, types.RelativeTo(a.pkg))
}

// A site is where schema building stands: the position of the field or
// tool at hand, and the path from the root, for findings.
type site struct {
	pos  token.Pos
	path []string
}

// fieldPath renders the path from the root to the current value, such as
// "stations[].location".
func (s *site) fieldPath() string {
	var sb strings.Builder
	for _, p := range s.path {
		if !strings.HasPrefix(p, "[") && sb.Len() > 0 {
			sb.WriteByte('.')
		}
		sb.WriteString(p)
	}
	return sb.String()
}

// The hooks below turn what schema building notices into findings.

func (a *analysis) untyped(b *schemaBuilder, t types.Type) {
	if len(b.path) > 0 {
		a.warnf(b.pos, finding.CatUntyped, "%s has type %s: its schema is {} and tells a client nothing", b.fieldPath(), a.typeString(t))
	}
}

func (a *analysis) customMarshaler(s *site, root string, t types.Type, m *types.Func) {
	where := root
	if len(s.path) > 0 {
		where = s.fieldPath()
	}
	a.warnf(s.pos, finding.CatCustomMarshaler, "%s: %s has its own %s, so its JSON shape is unknown statically; its schema is {}",
		where, a.typeString(t), m.Name())
}

func (a *analysis) unsupported(s *site, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if p := s.fieldPath(); p != "" {
		msg = p + ": " + msg
	}
	a.errorf(s.pos, finding.CatUnsupported, "%s", msg)
}

func (a *analysis) nullableField(b *schemaBuilder, f jsonField) {
	if !a.inModule(f.Var.Pkg()) {
		return // not the user's to change
	}
	a.warnf(f.Var.Pos(), finding.CatNullable, "output field %s can be null; add omitempty to leave it out instead: %s", b.fieldPath(), OmitemptyEffect(f.Type))
}

// OmitemptyEffect says what adding omitempty to an output field of type t
// that can be null changes in what a tool sends: besides leaving a null
// out, it leaves out an empty list or map (or an empty []byte's ""),
// which was sent, and the property is no longer required, which mcptag
// diff reports as breaking: a client may rely on it being there.
func OmitemptyEffect(t types.Type) string {
	const optional = "the property becomes optional: breaking by mcptag diff"
	if empty := emptyJSON(t); empty != "" {
		return "an empty one is then left out too, not sent as " + empty + ", and " + optional
	}
	return optional
}

// emptyJSON is how encoding/json writes the empty, non-nil value of t
// that omitempty leaves out too: [] for a slice, {} for a map, "" for a
// []byte; "" for a type with no such value apart from nil.
func emptyJSON(t types.Type) string {
	switch u := t.Underlying().(type) {
	case *types.Slice:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
			return `""`
		}
		return "[]"
	case *types.Map:
		return "{}"
	}
	return ""
}

// recursiveInput reports an argument of a recursive type: its values can
// nest as deeply as a caller likes, and the generated handler rejects
// those deeper than the Depth of its toolrt.Limits before the tool runs.
func (a *analysis) recursiveInput(b *site, n *types.Named) {
	where := "an argument"
	if p := b.fieldPath(); p != "" {
		where = "argument " + strconv.Quote(p)
	}
	a.warnf(b.pos, finding.CatDeepInput, "%s has the recursive type %s: calls that nest it deeper than the default Depth of toolrt.Limits (%d levels) are rejected before the tool runs; raise it with toolrt.WithLimits if callers need more",
		where, a.typeString(n), argspec.DefaultDepth)
}
