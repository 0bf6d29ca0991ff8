package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/mcptag/mcptag/internal/finding"
)

// untypedEnumConsts reports the untyped constants declared in a const
// block of the files analyzed beside constants of type n (SEV1 = "sev1"
// beside SEV2 Severity = "sev2"): meant as values of n, they are no
// values of its enum, and the generated handler refuses them.
func (a *analysis) untypedEnumConsts(n *types.Named) {
	for _, f := range a.files {
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST || !a.declaresConstOf(gd, n) {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				if vs.Type != nil || len(vs.Values) == 0 {
					continue // typed, or repeating the line above
				}
				for _, name := range vs.Names {
					a.untypedEnumConst(name, n)
				}
			}
		}
	}
}

// untypedEnumConst reports the constant name, of a const block of n's
// constants, if it is untyped and of n's kind.
func (a *analysis) untypedEnumConst(name *ast.Ident, n *types.Named) {
	c, ok := a.info.Defs[name].(*types.Const)
	if !ok || name.Name == "_" {
		return
	}
	b, ok := c.Type().(*types.Basic)
	under, _ := n.Underlying().(*types.Basic)
	if !ok || under == nil || b.Info()&types.IsUntyped == 0 || (b.Info()&types.IsString != 0) != (under.Info()&types.IsString != 0) {
		return
	}
	typ := n.Obj().Name()
	a.errorf(name.Pos(), finding.CatUnsupported, "constant %s is untyped, so it is no value of %s's enum, which the handler checks: write %s %s = %s",
		name.Name, typ, name.Name, typ, c.Val().ExactString())
}

// declaresConstOf reports whether the const block gd declares a
// constant of type n.
func (a *analysis) declaresConstOf(gd *ast.GenDecl, n *types.Named) bool {
	for _, spec := range gd.Specs {
		for _, name := range spec.(*ast.ValueSpec).Names {
			if c, ok := a.info.Defs[name].(*types.Const); ok && types.Identical(c.Type(), n) {
				return true
			}
		}
	}
	return false
}
