package lint

import (
	"errors"
	"go/ast"
	"go/token"
	"os"
	"path/filepath"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/emit"
	"github.com/mcptag/mcptag/internal/finding"
	"github.com/mcptag/mcptag/internal/genfile"
	"github.com/mcptag/mcptag/internal/genopts"
	"golang.org/x/tools/go/analysis"
)

// generated is the package's mcp_tools_gen.go as the stale check reads
// it.
type generated struct {
	name string // its path; "" when the package has none
	data []byte
	err  error // why it could not be read
}

// readGenerated reads gen, the package's generated file (nil if none),
// through the driver's ReadFile: under go vet, it is one of the files the
// analysis is given.
func readGenerated(pass *analysis.Pass, gen *ast.File) generated {
	if gen == nil {
		return generated{}
	}
	g := generated{name: pass.Fset.File(gen.FileStart).Name()}
	read := pass.ReadFile
	if read == nil {
		read = os.ReadFile
	}
	g.data, g.err = read(g.name)
	return g
}

// options returns opts resolved against the options g records, as the
// generator resolves them. A file that cannot be read records nothing:
// the stale check reports it.
func (g generated) options(opts genopts.Options) (analyzer.Options, error) {
	var recorded []genfile.RecordedOption
	if g.name != "" && g.err == nil {
		var err error
		if recorded, err = genfile.Options(g.name, g.data); err != nil {
			return opts.Base, err
		}
	}
	return opts.Resolve(recorded)
}

// stale compares the package's mcp_tools_gen.go, g, with what the
// generator would write now; optsErr is why the options it records could
// not be read. The finding sits at the first declaration whose entry in
// the snapshot changed, else at the package clause of the file of the
// first declaration (or of the first file, when they are gone). A
// package whose declarations shadow a predeclared name that the code
// uses gets generation's findings instead (emit.Shadowing): the code
// cannot be generated.
func stale(src []*ast.File, g generated, optsErr error, pkg *analyzer.Package) []finding.Finding {
	if len(src) == 0 || pkg.Errors() || (g.name == "" && pkg.Empty()) {
		return nil
	}
	at := firstDeclClause(src, pkg)
	staleAt := func(msg string) []finding.Finding {
		return []finding.Finding{{Pos: at, Category: finding.CatStale, Message: msg}}
	}
	var want []byte
	if !pkg.Empty() {
		var err error
		if want, err = emit.Go(pkg); err != nil {
			return nil // the generator reports it
		}
		if shadowed := emit.Shadowing(pkg, want); len(shadowed) > 0 {
			return shadowed
		}
	}
	switch {
	case g.name == "":
		return staleAt(genfile.GoName + " is missing; run go generate")
	case pkg.Empty():
		return staleAt(genfile.GoName + " is left over: the package has no tools now; run go generate")
	case g.err != nil:
		return staleAt(genfile.GoName + " cannot be read: " + g.err.Error())
	case optsErr != nil:
		return staleAt(inPackage(optsErr))
	}
	if !genfile.Fresh(g.data, want) {
		if pos := changedDecl(g.name, pkg); pos.IsValid() {
			at = pos
		}
		return staleAt(genfile.GoName + " is stale: it differs from what mcptag generates from the sources now; run go generate")
	}
	return nil
}

// inPackage is the message of err, whose position is in the package's
// directory: the file's name is enough.
func inPackage(err error) string {
	var pe genfile.PositionedError
	if errors.As(err, &pe) {
		pe.Pos = filepath.Base(pe.Pos)
		return pe.Error()
	}
	return err.Error()
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
