package lint

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/mcptag/mcptag/analyzer"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/objectpath"
)

// A docsFact carries the descriptions of a package's types and struct
// fields to the analyses of the packages that import it. Under go vet a
// package's dependencies come from export data, which has no comments,
// so this is the only way a tool's output type from another package gets
// its descriptions.
type docsFact struct {
	// Docs holds the descriptions, sorted by objectpath: a fact's encoding
	// must be deterministic, which a map's is not.
	Docs []Doc
}

// A Doc is the description of one type or field.
type Doc struct {
	Path objectpath.Path
	Text string
}

func (*docsFact) AFact() {}

func (f *docsFact) String() string {
	return fmt.Sprintf("mcptag docs for %d types and fields", len(f.Docs))
}

// exportDocs exports the package's docsFact, if it documents anything
// that another package can reach.
func exportDocs(pass *analysis.Pass, files []*ast.File) {
	var enc objectpath.Encoder
	var docs []Doc
	for obj, text := range analyzer.DeclaredDocs(files, pass.TypesInfo) {
		if obj.Pkg() != pass.Pkg {
			continue
		}
		if p, err := enc.For(obj); err == nil {
			docs = append(docs, Doc{p, text})
		}
	}
	if len(docs) > 0 {
		slices.SortFunc(docs, func(a, b Doc) int { return strings.Compare(string(a.Path), string(b.Path)) })
		pass.ExportPackageFact(&docsFact{Docs: docs})
	}
}

// importedDocs is the analyzer.DocSource of a pass: the docsFact of the
// object's package.
func importedDocs(pass *analysis.Pass) analyzer.DocSource {
	byPkg := map[*types.Package]map[objectpath.Path]string{}
	var enc objectpath.Encoder
	return func(obj types.Object) string {
		pkg := obj.Pkg()
		if pkg == nil || pkg == pass.Pkg {
			return ""
		}
		docs, ok := byPkg[pkg]
		if !ok {
			var fact docsFact
			if pass.ImportPackageFact(pkg, &fact) {
				docs = map[objectpath.Path]string{}
				for _, d := range fact.Docs {
					docs[d.Path] = d.Text
				}
			}
			byPkg[pkg] = docs
		}
		if docs == nil {
			return ""
		}
		p, err := enc.For(obj)
		if err != nil {
			return ""
		}
		return docs[p]
	}
}
