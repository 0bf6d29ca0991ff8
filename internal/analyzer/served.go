package analyzer

import (
	"go/token"
	"go/types"
	"strings"

	"github.com/mcptag/mcptag/internal/finding"
)

// dropUnserved drops the advice about output fields that no output schema
// describes: those a view= leaves out of every tool that returns them,
// and those only a text-only view (structured=false) sends, which no
// schema describes. A nullable, untyped or undocumented field troubles a
// client only through the schema it reads, and a fix (omitempty) would
// edit what no schema shows. A field that some tool serves with a
// schema, whole or on a view's path, keeps its findings.
func (a *analysis) dropUnserved(tools []*Tool) {
	viewed, served := map[token.Pos]bool{}, map[token.Pos]bool{}
	for _, t := range tools {
		switch {
		case t.Result.Kind == ResultNone || t.Result.Elem == nil:
		case t.View == nil || t.View.Root == nil:
			a.fieldsOf(t.Result.Elem, served)
		case t.View.TextOnly:
			a.fieldsOf(t.Result.Elem, viewed)
		default:
			a.fieldsOf(t.Result.Elem, viewed)
			a.viewedFields(t.View.Root, served)
		}
	}
	kept := a.findings[:0]
	for _, f := range a.findings {
		if !(outputAdvice(f) && viewed[f.Pos] && !served[f.Pos]) {
			kept = append(kept, f)
		}
	}
	a.findings = kept
}

// outputAdvice reports whether f is advice about an output field, which
// only matters where the field is sent.
func outputAdvice(f finding.Finding) bool {
	switch f.Category {
	case finding.CatNullable, finding.CatUntyped:
		return true
	case finding.CatUndocumented:
		return strings.HasPrefix(f.Message, "output field ")
	}
	return false
}

// fieldsOf adds the positions of the fields a value of t holds, at any
// depth, to into.
func (a *analysis) fieldsOf(t types.Type, into map[token.Pos]bool) {
	a.outputFields(t, map[types.Type]bool{}, func(_ string, f jsonField) { into[f.Var.Pos()] = true })
}

// viewedFields adds the positions of the fields that the view value v
// serves to into: those on its paths, and all of a value a path ends at.
func (a *analysis) viewedFields(v *ViewValue, into map[token.Pos]bool) {
	if v == nil {
		return
	}
	for _, f := range v.Fields {
		into[f.field.Var.Pos()] = true
		if f.whole {
			a.fieldsOf(f.field.Type, into)
		}
		a.viewedFields(f.Value, into)
	}
	a.viewedFields(v.Elem, into)
}
