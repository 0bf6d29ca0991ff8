// Command vetload loads and type-checks packages the way go vet does: the
// packages themselves from source, their imports from export data. It does
// nothing else, and exists to time that loading strategy against mcptag's
// (see bench/gentime.sh and BENCHMARKS.md).
//
// mcptag loads with go/packages in NeedTypes mode without NeedDeps, which
// makes go list -export build the named packages too, generated file
// included; vetload asks for export data of the imports only.
//
//	go run ./internal/vetload ./pkg
package main

import (
	"fmt"
	"go/ast"
	goimporter "go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"

	"golang.org/x/tools/go/packages"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "vetload:", err)
		os.Exit(1)
	}
}

func run(patterns []string) error {
	// The packages' files and imports: go list, no build.
	roots, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedImports}, patterns...)
	if err != nil {
		return err
	}
	var imports []string
	seen := map[string]bool{}
	for _, p := range roots {
		for _, imp := range p.Imports {
			if !seen[imp.PkgPath] {
				seen[imp.PkgPath] = true
				imports = append(imports, imp.PkgPath)
			}
		}
	}
	// Export data of the imports only, which the go command caches.
	exports := map[string]string{}
	if len(imports) > 0 {
		deps, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedExportFile}, imports...)
		if err != nil {
			return err
		}
		for _, p := range deps {
			exports[p.PkgPath] = p.ExportFile
		}
	}
	fset := token.NewFileSet()
	for _, p := range roots {
		var files []*ast.File
		for _, name := range p.GoFiles {
			f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
			if err != nil {
				return err
			}
			files = append(files, f)
		}
		imp := newImporter(fset, p, exports)
		info := &types.Info{
			Types: map[ast.Expr]types.TypeAndValue{},
			Defs:  map[*ast.Ident]types.Object{},
			Uses:  map[*ast.Ident]types.Object{},
		}
		if _, err := (&types.Config{Importer: imp}).Check(p.PkgPath, fset, files, info); err != nil {
			return err
		}
	}
	return nil
}

// importer reads a package's imports from the go command's export data,
// with the standard library's importer, as go vet's unitchecker does.
type importer struct {
	root *packages.Package
	gc   types.Importer
}

func newImporter(fset *token.FileSet, root *packages.Package, exports map[string]string) *importer {
	lookup := func(path string) (io.ReadCloser, error) {
		file := exports[path]
		if file == "" {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(file)
	}
	return &importer{root: root, gc: goimporter.ForCompiler(fset, "gc", lookup)}
}

func (im *importer) Import(path string) (*types.Package, error) {
	if p, ok := im.root.Imports[path]; ok {
		path = p.PkgPath
	}
	return im.gc.Import(path)
}
