package golangci

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// movedInternal is where TestBuildsAgainstNewerInternals moves mcptag's
// internal packages, as a newer mcptag might reorganize them.
const movedInternal = "internal/reorganized/"

// TestBuildsAgainstNewerInternals builds this module, tests included,
// against a copy of mcptag whose internal packages all have other import
// paths, through a replace: the plugin builds because it depends on
// nothing of mcptag's but the lint package's API, so a newer mcptag can
// change its internals without breaking it. A file that imports one of
// the old internal packages does not build against the copy, which shows
// the copy is one the plugin would break on if it used them.
func TestBuildsAgainstNewerInternals(t *testing.T) {
	if testing.Short() {
		t.Skip("builds mcptag's linter from a copy: slow")
	}
	pluginDir, root := checkout(t)
	work := t.TempDir()
	newer := filepath.Join(work, "mcptag")
	copyModule(t, root, newer, moveInternal)
	plugin := filepath.Join(work, "golangci")
	copyModule(t, pluginDir, plugin, func(rel string, data []byte) (string, []byte) { return rel, data })
	goCmd(t, plugin, "mod", "edit", "-replace="+rootModule+"="+newer)

	goCmd(t, newer, "build", "./lint") // the copy is a working mcptag
	goCmd(t, plugin, "vet", "./...")

	probe := filepath.Join(plugin, "probe.go")
	old := rootModule + "/internal/finding"
	if err := os.WriteFile(probe, []byte("package golangci\n\nimport _ \""+old+"\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "build", ".")
	cmd.Dir = plugin
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), old) {
		t.Errorf("a plugin importing %s built against the reorganized mcptag (%v):\n%s", old, err, out)
	}
}

// moveInternal maps a file of mcptag's module to its place in a newer
// mcptag whose internal packages moved below movedInternal, with the
// imports of a Go file rewritten to match.
func moveInternal(rel string, data []byte) (string, []byte) {
	if after, ok := strings.CutPrefix(rel, "internal/"); ok {
		rel = movedInternal + after
	}
	if strings.HasSuffix(rel, ".go") {
		data = []byte(strings.ReplaceAll(string(data), `"`+rootModule+`/internal/`, `"`+rootModule+"/"+movedInternal))
	}
	return rel, data
}

// copyModule copies the module in src to dst, each file through place
// (which returns its path in dst, slash-separated, and its contents),
// leaving out what a build does not read: hidden files, node_modules,
// testdata and the modules nested in it.
func copyModule(t *testing.T, src, dst string, place func(rel string, data []byte) (string, []byte)) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil || rel == "." {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if strings.HasPrefix(name, ".") || name == "node_modules" || name == "testdata" || isModule(path) {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasPrefix(name, ".") || !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		to, data := place(filepath.ToSlash(rel), data)
		to = filepath.Join(dst, filepath.FromSlash(to))
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return err
		}
		return os.WriteFile(to, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// isModule reports whether dir holds a go.mod: a module of its own.
func isModule(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, "go.mod"))
	return err == nil
}
