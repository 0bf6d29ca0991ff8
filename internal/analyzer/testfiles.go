package analyzer

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"path/filepath"
)

// TestFiles parses the _test.go files in dir of the package name (not
// those of its external test package, name_test) that the build
// configuration includes, for the names they declare (Options.TestFiles):
// go vet and go test compile them in the package's scope, beside the
// generated file. They are not type-checked; what does not parse in one
// go vet reports, and what does is kept.
func TestFiles(fset *token.FileSet, dir, name string) []*ast.File {
	paths, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
	var out []*ast.File
	for _, path := range paths {
		if ok, err := build.Default.MatchFile(dir, filepath.Base(path)); !ok || err != nil {
			continue
		}
		f, _ := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if f != nil && f.Name != nil && f.Name.Name == name {
			out = append(out, f)
		}
	}
	return out
}
