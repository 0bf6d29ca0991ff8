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
// name of toolrt, and only those, so that a name added or removed is a
// change of what the package promises, made in the open.
func TestCompatListsTheExportedNames(t *testing.T) {
	exported := exportedNames(t)
	listed := compatNames(t)
	for _, name := range exported {
		if !slices.Contains(listed, name) {
			t.Errorf("toolrt exports %s, which docs/compat.md does not list", name)
		}
	}
	for _, name := range listed {
		typ, _, _ := strings.Cut(name, ".") // Type.Method names its type
		if !slices.Contains(exported, typ) {
			t.Errorf("docs/compat.md lists %s, which toolrt does not export", name)
		}
	}
}

// exportedNames returns the exported names declared at the top level of
// toolrt's files: types (aliases included), functions, constants and
// variables.
func exportedNames(t *testing.T) []string {
	t.Helper()
	pkg, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	fset := token.NewFileSet()
	for _, name := range pkg.GoFiles {
		f, err := parser.ParseFile(fset, name, nil, 0)
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
		t.Fatal("toolrt exports nothing")
	}
	return names
}

// compatNames returns the names in backquotes in the lists of
// docs/compat.md's section on what toolrt exports: Name, or Type.Method.
func compatNames(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "docs", "compat.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), "\n### What `toolrt` exports\n")
	if !ok {
		t.Fatal("docs/compat.md has no section \"What `toolrt` exports\"")
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
