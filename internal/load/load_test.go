package load_test

import (
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
