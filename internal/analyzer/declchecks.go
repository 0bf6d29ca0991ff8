package analyzer

import (
	"fmt"
	"go/token"
	"go/types"
	"regexp"
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/mcptag/mcptag/internal/finding"
	"github.com/mcptag/mcptag/internal/naming"
	"github.com/mcptag/mcptag/internal/overlap"
)

// checkDecls reports what is wrong across the prompts and resources of
// p, and what a reader should add to them: duplicate names and URIs,
// overlapping templates, missing descriptions, and functions that the
// generated code would declare a second time.
func (a *analysis) checkDecls(p *Package) {
	seen := map[string]*Prompt{}
	for _, pr := range p.Prompts {
		a.toolPos = pr.Pos
		a.checkDefaultName(&pr.Decl, "prompt")
		a.checkOptionName(pr.Directive)
		if prev, ok := seen[pr.Name]; ok {
			a.errorf(pr.Pos, finding.CatName, "duplicate prompt name %q (first used at %s)", pr.Name, a.fset.Position(prev.Pos))
		} else {
			seen[pr.Name] = pr
		}
		a.undocumented(&pr.Decl, "prompt")
	}
	a.checkURIs(p.Resources)
	for _, r := range p.Resources {
		a.toolPos = r.Pos
		a.checkDefaultName(&r.Decl, "resource")
		a.undocumented(&r.Decl, "resource")
		a.unmentionedVars(r)
	}
	a.toolPos = token.NoPos
	a.checkGeneratedNames(p)
}

// checkDefaultName reports a default name that breaks the name grammar
// (a function named in Unicode letters, say).
func (a *analysis) checkDefaultName(d *Decl, kind string) {
	if d.Directive.Name == "" && !naming.Valid.MatchString(d.Name) {
		a.errorf(d.Pos, finding.CatName, "default %s name %q (from %s) is not valid: must match %s (%s); name the %[1]s in the directive",
			kind, d.Name, d.Func.Name(), naming.Valid, naming.Fault(d.Name))
	}
}

// undocumented reports a prompt or resource with no description, and
// the arguments of a prompt with none: a model reads them to choose and
// fill it.
func (a *analysis) undocumented(d *Decl, kind string) {
	if d.Description == "" {
		a.warnf(d.Pos, finding.CatUndocumented, "%s %s has no description: a model sees only its name; add a doc comment", kind, d.Name)
	}
	if kind == "prompt" {
		a.undocumentedArgs(d.Arguments, d.Args, "prompt "+d.Name, kind)
	}
}

// unmentionedVars reports the variables of resource template r that its
// description does not mention: resources/templates/list gives a
// variable no description of its own, so a client, or a model, learns
// what one holds from the template's description, or not at all. A
// template with no description leaves every variable undocumented, as a
// tool with none still has each argument with none reported.
func (a *analysis) unmentionedVars(r *Resource) {
	if !r.Template || r.Arguments == nil {
		return
	}
	for _, f := range r.Arguments.Root.Fields {
		word := regexp.MustCompile(`(?i)(^|[^\pL\pN_])` + regexp.QuoteMeta(f.Name) + `($|[^\pL\pN_])`)
		switch {
		case !a.declaredHere(f.Pos) || word.MatchString(r.Description):
		case r.Description == "":
			a.warnf(f.Pos, finding.CatUndocumented, "template variable %q of resource %s has no description: a client learns what it holds from the template's description, which it has none of; describe it in the doc comment: //   - %[1]s: ...",
				f.Name, r.Name)
		default:
			a.warnf(f.Pos, finding.CatUndocumented, "template variable %q of resource %s is not mentioned in its description, where a client learns what it holds; say so in the doc comment",
				f.Name, r.Name)
		}
	}
}

// checkURIs reports resources that a read cannot tell apart: two with
// the same URI, and two templates that match one URI, of which the
// go-sdk would read it from whichever it tries first. A static URI that
// a template also matches is not reported: the go-sdk looks up static
// resources first, so the static one reads it, always.
func (a *analysis) checkURIs(rs []*Resource) {
	static := map[string]*Resource{}
	var templates []*Resource
	for _, r := range rs {
		a.toolPos = r.Pos
		pos, end := r.Directive.URIPos, r.Directive.URIPos+token.Pos(len(r.URI))
		if !r.Directive.URIExact {
			end = token.NoPos
		}
		if !r.Template {
			if prev, ok := static[r.URI]; ok {
				a.report(finding.Finding{Pos: pos, End: end, Category: finding.CatDirective, Error: true,
					Message: r.Name + ": resource URI " + r.URI + " is declared twice (first at " + a.fset.Position(prev.Pos).String() + ")"})
			} else {
				static[r.URI] = r
			}
			continue
		}
		for _, prev := range templates {
			if uri, ok := overlap.Templates(prev.URI, r.URI); ok {
				a.report(finding.Finding{Pos: pos, End: end, Category: finding.CatDirective, Error: true,
					Message: r.Name + ": resource template " + r.URI + " overlaps " + prev.URI + " (at " + a.fset.Position(prev.Pos).String() +
						"): both match " + strconv.Quote(uri) + ", which only one of them can read"})
			}
		}
		templates = append(templates, r)
	}
}

// checkGeneratedNames reports the functions and types that the
// generated code declares (Names.Funcs, Names.Types) and that the
// package declares already, or that two declarations would both get.
// mcptag's own names (mcptag...) never clash: Names gives them another
// name.
func (a *analysis) checkGeneratedNames(p *Package) {
	first := map[string]token.Pos{}
	names := p.GeneratedNames()
	a.checkClashes(p, first, names.Types, "a type", "the type %s twice, for the tools at %s and here; rename one of the functions")
	a.checkClashes(p, first, names.Funcs, "a function", "%s twice, for the declarations at %s and here; rename the receiver type")
}

// checkClashes reports each of generated, the names of what (a
// function, a type), that one before it (in first) or the package has
// already; twice completes the message of a name generated twice.
func (a *analysis) checkClashes(p *Package, first map[string]token.Pos, generated []GeneratedFunc, what, twice string) {
	for _, g := range generated {
		if prev, ok := first[g.Name]; ok {
			a.errorf(g.Pos, finding.CatName, "the generated code would declare "+twice, g.Name, a.fset.Position(prev))
			continue
		}
		first[g.Name] = g.Pos
		pos, kind := token.NoPos, ""
		if obj := a.pkg.Scope().Lookup(g.Name); obj != nil && a.declaredHere(obj.Pos()) {
			pos, kind = obj.Pos(), objectKind(obj)
		} else if d, ok := a.testDecls[g.Name]; ok {
			pos, kind = d.Pos, d.Kind
		}
		switch {
		case pos == token.NoPos:
		case g.isClient():
			a.skipClient(p, g, pos, kind)
		default:
			a.errorf(pos, finding.CatName, "%s %s is the name of %s the generated code declares (%s); rename it",
				kind, g.Name, what, g.Doc)
		}
	}
}

// skipClient leaves out the typed client that g belongs to, whose name
// the package declares at pos, and warns there: a server does not need
// the client, so the package is generated without it.
func (a *analysis) skipClient(p *Package, g GeneratedFunc, pos token.Pos, kind string) {
	n := p.GeneratedNames()
	if n.noClient == nil {
		n.noClient = map[*types.Named]bool{}
	}
	n.noClient[g.Recv] = true
	a.report(finding.Finding{Pos: pos, Category: finding.CatName, GoesOn: true,
		Message: fmt.Sprintf("%s %s is a name of the typed client (%s): the generated code leaves the client out; rename it to have one", kind, g.Name, g.Doc)})
}

func objectKind(obj types.Object) string {
	switch obj.(type) {
	case *types.Func:
		return "function"
	case *types.TypeName:
		return "type"
	case *types.Const:
		return "constant"
	}
	return "variable"
}

// exported returns name with its first letter in upper case.
func exported(name string) string {
	if name == "" {
		return ""
	}
	r, size := utf8.DecodeRuneInString(name)
	return string(unicode.ToUpper(r)) + name[size:]
}
