package load_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/internal/filetree"
	"github.com/mcptag/mcptag/internal/genfile"
	"github.com/mcptag/mcptag/internal/load"
)

// writeModule writes a module example.com/m of the given files, by path,
// and returns its directory.
func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	files["go.mod"] = "module example.com/m\n\ngo 1.26\n"
	filetree.Write(t, dir, files)
	return dir
}

// broken is a package the compiler refuses: the go command has no export
// data for it.
const broken = "package broken\n\nvar X int = \"not an int\"\n"

// TestGeneratedImportsNotBuilt: what only the generated file imports is
// not asked of the go command, as the file is left out; here a package
// that does not compile, which would stop the load otherwise. What the
// package's own files import still is.
func TestGeneratedImportsNotBuilt(t *testing.T) {
	tool := "package a\n\nimport \"fmt\"\n\n// Hello says hello.\n//\n//mcp:tool\nfunc Hello() string { return fmt.Sprint(\"hello\") }\n"
	gen := "package a\n\nimport \"example.com/m/broken\"\n\nvar _ = broken.X\n"
	t.Run("generated", func(t *testing.T) {
		dir := writeModule(t, map[string]string{"a/a.go": tool, "a/" + genfile.GoName: gen, "broken/broken.go": broken})
		pkgs, err := load.Packages(dir, "./a")
		if err != nil {
			t.Fatalf("load: %v", err)
		}
		if len(pkgs) != 1 || pkgs[0].Types.Scope().Lookup("Hello") == nil {
			t.Fatalf("loaded %v, want package a declaring Hello", pkgs)
		}
	})
	t.Run("own", func(t *testing.T) {
		own := strings.Replace(gen, "package a", "package a // an ordinary file", 1)
		dir := writeModule(t, map[string]string{"a/a.go": tool, "a/uses.go": own, "broken/broken.go": broken})
		_, err := load.Packages(dir, "./a")
		if err == nil || !strings.Contains(err.Error(), "broken") {
			t.Fatalf("load: %v, want an error about example.com/m/broken", err)
		}
	})
}

// TestForLint: loaded for lint, a package keeps its generated file, whose
// type errors (a stale one has them) are forgiven; a type error in a
// function body is an error, as bodies are checked; and a file the build
// configuration leaves out, declaring a tool, is listed, not an error.
func TestForLint(t *testing.T) {
	tool := "package a\n\n// Hello says hello.\n//\n//mcp:tool\nfunc Hello() string { return \"hello\" }\n"
	stale := "package a\n\nvar _ = Renamed()\n"
	hidden := "//go:build never\n\npackage a\n\n// Bye says bye.\n//\n//mcp:tool\nfunc Bye() string { return \"bye\" }\n"
	dir := writeModule(t, map[string]string{"a/a.go": tool, "a/" + genfile.GoName: stale, "a/hidden.go": hidden})
	pkgs, err := load.ForLint(dir, "./a")
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	var names []string
	for _, f := range pkgs[0].Files {
		names = append(names, filepath.Base(pkgs[0].Fset.File(f.FileStart).Name()))
	}
	if !slices.Contains(names, genfile.GoName) {
		t.Errorf("files %v, want the generated one among them", names)
	}
	if len(pkgs[0].IgnoredFiles) != 1 || filepath.Base(pkgs[0].IgnoredFiles[0]) != "hidden.go" {
		t.Errorf("ignored files %v, want hidden.go", pkgs[0].IgnoredFiles)
	}
	if _, err := load.Packages(dir, "./a"); err == nil || !strings.Contains(err.Error(), "leaves out the file") {
		t.Errorf("load.Packages: %v, want an error about hidden.go", err)
	}

	body := strings.Replace(tool, `return "hello"`, `return 1`, 1)
	dir = writeModule(t, map[string]string{"a/a.go": body})
	if _, err := load.ForLint(dir, "./a"); err == nil || !strings.Contains(err.Error(), "a.go:6:") {
		t.Errorf("load: %v, want the type error in Hello's body", err)
	}
}
