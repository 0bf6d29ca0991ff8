package toolrt_test

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestCompatListsTheExportedNames: docs/compat.md lists every exported
// name of toolrt, and of toolimpl, and only those, so that a name added or
// removed is a change of what the package promises, made in the open.
func TestCompatListsTheExportedNames(t *testing.T) {
	for _, pkg := range []struct{ name, dir string }{{"toolrt", "."}, {"toolimpl", filepath.Join("..", "toolimpl")}} {
		exported := exportedNames(t, pkg.dir)
		listed := compatNames(t, pkg.name)
		for _, name := range exported {
			if !slices.Contains(listed, name) {
				t.Errorf("%s exports %s, which docs/compat.md does not list", pkg.name, name)
			}
		}
		for _, name := range listed {
			typ, _, _ := strings.Cut(name, ".") // Type.Method names its type
			if !slices.Contains(exported, typ) {
				t.Errorf("docs/compat.md lists %s, which %s does not export", name, pkg.name)
			}
		}
	}
}

// exportedNames returns the exported names declared at the top level of
// the files of the package in dir: types (aliases included), functions,
// constants and variables.
func exportedNames(t *testing.T, dir string) []string {
	t.Helper()
	pkg, err := build.ImportDir(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	fset := token.NewFileSet()
	for _, name := range pkg.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for name := range f.Scope.Objects {
			if ast.IsExported(name) {
				names = append(names, name)
			}
		}
	}
	if len(names) == 0 {
		t.Fatalf("%s exports nothing", dir)
	}
	return names
}

// compatNames returns the names in backquotes in the lists of
// docs/compat.md's section on what package pkg exports: Name, or
// Type.Method.
func compatNames(t *testing.T, pkg string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "docs", "compat.md"))
	if err != nil {
		t.Fatal(err)
	}
	heading := "### What `" + pkg + "` exports"
	_, section, ok := strings.Cut(string(data), "\n"+heading+"\n")
	if !ok {
		t.Fatalf("docs/compat.md has no section %q", heading)
	}
	if end := strings.Index(section, "\n#"); end >= 0 {
		section = section[:end]
	}
	name := regexp.MustCompile("`([A-Z][A-Za-z0-9]*(?:\\.[A-Z][A-Za-z0-9]*)?)`")
	var names []string
	inItem := false
	for _, line := range strings.Split(section, "\n") {
		inItem = strings.HasPrefix(line, "- ") || inItem && strings.HasPrefix(line, "  ")
		if inItem {
			for _, m := range name.FindAllStringSubmatch(line, -1) {
				names = append(names, m[1])
			}
		}
	}
	return names
}
