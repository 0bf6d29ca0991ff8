package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/mcptag/mcptag/internal/argmodel"
	"github.com/mcptag/mcptag/internal/directive"
	"github.com/mcptag/mcptag/internal/finding"
)

// SharedArgs are the arguments every tool of a package takes besides its
// own (a multi-cluster server's context, say): the fields of the struct
// type whose doc comment holds //mcp:shared. They are properties of each
// tool's input, checked as its own are; a hook meets them decoded
// (toolrt.Call's Shared), and a tool function receives them only when it
// takes a parameter of the type (or a pointer to it) right after its
// context and request.
type SharedArgs struct {
	Type   *types.Named
	Pos    token.Pos
	Fields *argmodel.Input
}

// declareShared finds the package's //mcp:shared struct type, before
// any tool is analyzed: a tool takes its fields wherever it is declared.
// A second one is an error.
func (a *analysis) declareShared(p *Package) {
	for _, f := range a.files {
		typeSpecs(f, func(ts *ast.TypeSpec, doc *ast.CommentGroup) {
			if sharedDirective(doc) != nil {
				a.sharedType(p, ts)
			}
		})
	}
	a.shared = p.Shared
}

// sharedDirective returns the //mcp:shared line of doc, nil for none.
func sharedDirective(doc *ast.CommentGroup) *ast.Comment {
	if doc == nil {
		return nil
	}
	for _, c := range doc.List {
		if directive.Recognize(c.Text).Kind == directive.Shared {
			return c
		}
	}
	return nil
}

// sharedType makes the type declared by ts the package's shared
// arguments, reporting why it cannot be.
func (a *analysis) sharedType(p *Package, ts *ast.TypeSpec) {
	obj, _ := a.info.Defs[ts.Name].(*types.TypeName)
	if obj == nil {
		return
	}
	n, isNamed := obj.Type().(*types.Named)
	_, isStruct := obj.Type().Underlying().(*types.Struct)
	switch {
	case p.Shared != nil:
		a.errorf(ts.Name.Pos(), finding.CatDirective, "%s: a package has one //mcp:shared type, and %s is it (at %s); move these fields there",
			obj.Name(), p.Shared.Type.Obj().Name(), a.fset.Position(p.Shared.Pos))
		return
	case ts.TypeParams != nil || !isNamed || !isStruct:
		a.errorf(ts.Name.Pos(), finding.CatSignature, "%s: //mcp:shared needs a struct type, whose fields every tool takes; %s is %s",
			obj.Name(), obj.Name(), a.typeString(obj.Type().Underlying()))
		return
	}
	in := a.input(ts.Name.Pos(), ArgsStruct, []Param{{Name: obj.Name(), Type: n, Required: true, Pos: ts.Name.Pos()}}, nil)
	if in.Root.Ref != "" || len(in.Defs) > 0 {
		a.errorf(ts.Name.Pos(), finding.CatUnsupported, "%s: shared arguments hold no recursive type, nor one used twice", obj.Name())
		return
	}
	p.Shared = &SharedArgs{Type: n, Pos: ts.Name.Pos(), Fields: in}
}

// addShared adds the package's shared arguments to t's, after its own,
// and reports an argument of t that has a shared argument's name.
func (a *analysis) addShared(t *Tool) {
	sh := a.shared
	if sh == nil {
		return
	}
	for _, f := range sh.Fields.Root.Fields {
		if slices.ContainsFunc(t.Arguments.Root.Fields, func(own argmodel.Field) bool { return own.Name == f.Name }) {
			a.errorf(t.Pos, finding.CatName, "%s: argument %q is a shared argument too (%s at %s); rename one of them",
				t.Name, f.Name, sh.Type.Obj().Name(), a.fset.Position(sh.Pos))
			return
		}
	}
	root := *t.Arguments.Root // its Fields may be a type's, shared with its other uses
	root.Fields = slices.Concat(root.Fields, sh.Fields.Root.Fields)
	t.Arguments = &argmodel.Input{Root: &root, Defs: t.Arguments.Defs}
}
