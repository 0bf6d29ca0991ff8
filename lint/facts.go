package lint

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/types"
	"slices"

	"github.com/mcptag/mcptag/internal/analyzer"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/objectpath"
)

// A docsFact carries descriptions of types and struct fields to the
// analyses of the packages that import a package. Under go vet a
// package's dependencies come from export data, which has no comments, so
// this is the only way a tool's output type from another package gets its
// descriptions, and the stale check agrees with the generator.
//
// go vet hands a package only the package facts of its direct imports,
// while a tool's output can reach types of any dependency (a field of an
// imported type whose type is from a third package). So a package's fact
// holds its own descriptions and also those of the other packages' types
// that its own types reach, taken from its imports' facts: a tool's
// package finds every description it can need in its direct imports.
type docsFact struct {
	// Docs is sorted, since a fact's encoding must be deterministic.
	Docs []objectDoc
	// Own is how many of Docs are about the package's own declarations.
	Own int
}

// An objectDoc is the description of one type or field. Its fields are
// exported for the fact's gob encoding.
type objectDoc struct {
	Pkg  string          // import path of the declaring package
	Path objectpath.Path // the object within it
	Text string
}

type docKey struct {
	pkg  string
	path objectpath.Path
}

func (*docsFact) AFact() {}

func (f *docsFact) String() string {
	return fmt.Sprintf("mcptag docs: %d declared here, %d from dependencies", f.Own, len(f.Docs)-f.Own)
}

// exportDocs exports the package's docsFact, if there is anything in it.
func exportDocs(pass *analysis.Pass, files []*ast.File, imported map[docKey]string) {
	var enc objectpath.Encoder
	docs := map[docKey]string{}
	own := 0
	for obj, text := range analyzer.DeclaredDocs(files, pass.TypesInfo) {
		if obj.Pkg() != pass.Pkg {
			continue
		}
		if p, err := enc.For(obj); err == nil {
			docs[docKey{pass.Pkg.Path(), p}] = text
			own++
		}
	}
	if len(imported) > 0 {
		w := &reach{pkg: pass.Pkg, from: imported, to: docs, seen: map[types.Type]bool{}}
		scope := pass.Pkg.Scope()
		for _, name := range scope.Names() {
			if tn, ok := scope.Lookup(name).(*types.TypeName); ok {
				w.walk(tn.Type())
			}
		}
	}
	if len(docs) == 0 {
		return
	}
	fact := &docsFact{Own: own}
	for k, text := range docs {
		fact.Docs = append(fact.Docs, objectDoc{k.pkg, k.path, text})
	}
	slices.SortFunc(fact.Docs, func(a, b objectDoc) int {
		return cmp.Or(cmp.Compare(a.Pkg, b.Pkg), cmp.Compare(a.Path, b.Path))
	})
	pass.ExportPackageFact(fact)
}

// reach copies the descriptions of the other packages' types and fields
// that the package's types reach.
type reach struct {
	pkg  *types.Package
	from map[docKey]string
	to   map[docKey]string
	seen map[types.Type]bool
	enc  objectpath.Encoder
}

func (r *reach) copy(obj types.Object) {
	if obj.Pkg() == nil || obj.Pkg() == r.pkg {
		return
	}
	if p, err := r.enc.For(obj); err == nil {
		k := docKey{obj.Pkg().Path(), p}
		if text, ok := r.from[k]; ok {
			r.to[k] = text
		}
	}
}

func (r *reach) walk(t types.Type) {
	if t == nil || r.seen[t] {
		return
	}
	r.seen[t] = true
	switch t := t.(type) {
	case *types.Alias:
		r.walk(types.Unalias(t))
	case *types.Named:
		r.copy(t.Origin().Obj())
		if args := t.TypeArgs(); args != nil {
			for i := 0; i < args.Len(); i++ {
				r.walk(args.At(i))
			}
		}
		r.walk(t.Underlying())
	case *types.Pointer:
		r.walk(t.Elem())
	case *types.Slice:
		r.walk(t.Elem())
	case *types.Array:
		r.walk(t.Elem())
	case *types.Map:
		r.walk(t.Key())
		r.walk(t.Elem())
	case *types.Struct:
		for i := 0; i < t.NumFields(); i++ {
			f := t.Field(i)
			r.copy(f.Origin())
			r.walk(f.Type())
		}
	}
}

// importedDocs returns the descriptions in the facts of the package's
// direct imports, which include everything their types reach.
func importedDocs(pass *analysis.Pass) map[docKey]string {
	docs := map[docKey]string{}
	for _, imp := range pass.Pkg.Imports() {
		var fact docsFact
		if pass.ImportPackageFact(imp, &fact) {
			for _, d := range fact.Docs {
				docs[docKey{d.Pkg, d.Path}] = d.Text
			}
		}
	}
	return docs
}

// docSource is the analyzer.DocSource of a pass.
func docSource(pass *analysis.Pass, docs map[docKey]string) analyzer.DocSource {
	var enc objectpath.Encoder
	return func(obj types.Object) string {
		if obj.Pkg() == nil || obj.Pkg() == pass.Pkg {
			return ""
		}
		p, err := enc.For(obj)
		if err != nil {
			return ""
		}
		return docs[docKey{obj.Pkg().Path(), p}]
	}
}
