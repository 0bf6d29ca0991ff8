package analyzer

import (
	"go/ast"
	"go/types"
	"strings"
)

// A DocSource finds the doc comment of a type or struct field declared in
// another package. The generator reads it from syntax that go/packages
// loaded; the linter from analysis facts. Nil means none is known.
type DocSource func(obj types.Object) string

// docIndex holds the doc comments of the types and fields declared in the
// files being analyzed.
type docIndex map[types.Object]string

func indexDocs(files []*ast.File, info *types.Info) docIndex {
	idx := docIndex{}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.GenDecl:
				for _, spec := range n.Specs {
					if ts, ok := spec.(*ast.TypeSpec); ok {
						if obj := info.Defs[ts.Name]; obj != nil {
							idx.add(obj, firstDoc(ts.Doc, singleDoc(n), ts.Comment))
						}
					}
				}
			case *ast.StructType:
				for _, field := range n.Fields.List {
					for _, obj := range fieldObjects(field, info) {
						idx.add(obj, firstDoc(field.Doc, field.Comment))
					}
				}
			}
			return true
		})
	}
	return idx
}

func fieldObjects(field *ast.Field, info *types.Info) []types.Object {
	var objs []types.Object
	for _, name := range field.Names {
		if obj := info.Defs[name]; obj != nil {
			objs = append(objs, obj)
		}
	}
	if len(field.Names) == 0 { // embedded: Implicits holds the field
		if id := embeddedIdent(field.Type); id != nil {
			if obj := info.Defs[id]; obj != nil {
				objs = append(objs, obj)
			}
		}
	}
	return objs
}

func embeddedIdent(e ast.Expr) *ast.Ident {
	switch e := e.(type) {
	case *ast.Ident:
		return e
	case *ast.StarExpr:
		return embeddedIdent(e.X)
	case *ast.SelectorExpr:
		return e.Sel
	case *ast.IndexExpr:
		return embeddedIdent(e.X)
	case *ast.IndexListExpr:
		return embeddedIdent(e.X)
	}
	return nil
}

func (idx docIndex) add(obj types.Object, doc *ast.CommentGroup) {
	if text := CommentText(doc); text != "" {
		idx[obj] = text
	}
}

// CommentText turns a comment group into a description: directives
// dropped, lines of a paragraph joined with spaces, paragraphs kept apart
// by a blank line.
func CommentText(doc *ast.CommentGroup) string {
	if doc == nil {
		return ""
	}
	var paras []string
	for _, p := range strings.Split(doc.Text(), "\n\n") {
		lines := strings.Fields(strings.ReplaceAll(p, "\n", " "))
		if len(lines) > 0 {
			paras = append(paras, strings.Join(lines, " "))
		}
	}
	return strings.Join(paras, "\n\n")
}

func (a *analysis) typeDoc(obj types.Object) string { return a.doc(obj) }

func (a *analysis) fieldDoc(v *types.Var) string { return a.doc(v) }

func (a *analysis) doc(obj types.Object) string {
	if v, ok := obj.(*types.Var); ok {
		obj = v.Origin() // a field of an instantiated generic type
	}
	if text, ok := a.docs[obj]; ok {
		return text
	}
	if a.external != nil && obj.Pkg() != a.pkg {
		return a.external(obj)
	}
	return ""
}
