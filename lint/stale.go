package lint

import (
	"bytes"
	"go/ast"
	"go/token"
	"os"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/emit"
	"github.com/mcptag/mcptag/internal/genfile"
	"golang.org/x/tools/go/analysis"
)

// stale compares the package's mcp_tools_gen.go with what the generator
// would write now. The finding sits at the package clause of the file of
// the first declaration (or of the first file, when they are gone).
func stale(pass *analysis.Pass, src []*ast.File, gen *ast.File, pkg *analyzer.Package) (analyzer.Finding, bool) {
	if len(src) == 0 || pkg.Errors() || (gen == nil && pkg.Empty()) {
		return analyzer.Finding{}, false
	}
	at := firstDeclClause(src, pkg)
	finding := func(msg string) (analyzer.Finding, bool) {
		return analyzer.Finding{Pos: at, Category: analyzer.CatStale, Message: msg}, true
	}
	if gen == nil {
		return finding(genfile.GoName + " is missing; run go generate")
	}
	if pkg.Empty() {
		return finding(genfile.GoName + " is left over: the package has no tools now; run go generate")
	}
	want, err := emit.Go(pkg)
	if err != nil {
		return analyzer.Finding{}, false // the generator reports it
	}
	name := pass.Fset.File(gen.FileStart).Name()
	read := pass.ReadFile
	if read == nil {
		read = os.ReadFile
	}
	have, err := read(name)
	if err != nil {
		return finding(genfile.GoName + " cannot be read: " + err.Error())
	}
	if !bytes.Equal(bytes.ReplaceAll(have, []byte("\r\n"), []byte("\n")), want) {
		return finding(genfile.GoName + " is stale: it differs from what mcptag generates from the sources now; run go generate")
	}
	return analyzer.Finding{}, false
}

// firstDeclClause is the package clause of the file that declares the
// package's first tool, prompt or resource, or of the first file when
// there is none: where findings about the package as a whole sit.
func firstDeclClause(src []*ast.File, pkg *analyzer.Package) token.Pos {
	if first := pkg.FirstPos(); first.IsValid() {
		for _, f := range src {
			if f.FileStart <= first && first < f.FileEnd {
				return f.Package
			}
		}
	}
	return src[0].Package
}
