package analyzer_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	"github.com/mcptag/mcptag/analyzer"
	"github.com/mcptag/mcptag/emit"
)

// TestDeclarations checks what the small packages in testdata/decls
// declare: each archive holds the files of a package of the module
// example.com/x, the snapshot of its prompts and
// resources ("snapshot.json", as the list calls serve them; absent when
// the package has errors) and every finding, of every category, with its
// position ("findings").
func TestDeclarations(t *testing.T) {
	files, err := filepath.Glob("testdata/decls/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no testdata/decls/*.txtar")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			t.Parallel()
			runDecls(t, file)
		})
	}
}

// writeModule makes dir the module example.com/x, which requires what
// mcptag requires, the go-sdk among them, at the same versions: the
// packages of the archives import the go-sdk, and the module cache has
// it once mcptag is built.
func writeModule(t *testing.T, dir string) {
	t.Helper()
	mod, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	mod = regexp.MustCompile(`(?m)^module .*$`).ReplaceAll(mod, []byte("module example.com/x"))
	sum, err := os.ReadFile("../go.sum")
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"go.mod": mod, "go.sum": sum} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func runDecls(t *testing.T, file string) {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	want := map[string][]byte{}
	for _, f := range ar.Files {
		if f.Name == "snapshot.json" || f.Name == "findings" {
			want[f.Name] = f.Data
			continue
		}
		path := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	writeModule(t, dir)
	pkgs, err := analyzer.Load(dir, analyzer.Options{}, ".")
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != 1 {
		t.Fatalf("loaded %d packages, want 1", len(pkgs))
	}
	p := pkgs[0]
	got := map[string][]byte{}
	if !p.Errors() && !p.Empty() {
		if got["snapshot.json"], err = emit.Snapshot(p.Package); err != nil {
			t.Fatal(err)
		}
	}
	var fb strings.Builder
	for _, f := range p.Findings {
		pos := p.Fset.Position(f.Pos)
		rel, err := filepath.Rel(dir, pos.Filename)
		if err != nil {
			rel = pos.Filename
		}
		kind := "warning"
		if f.Error {
			kind = "error"
		}
		msg := strings.ReplaceAll(f.Message, dir+string(filepath.Separator), "")
		fmt.Fprintf(&fb, "%s:%d:%d: %s: %s (%s)\n", filepath.ToSlash(rel), pos.Line, pos.Column, f.Category, msg, kind)
	}
	if fb.Len() > 0 {
		got["findings"] = []byte(fb.String())
	}
	if *update {
		var out []txtar.File
		for _, f := range ar.Files {
			if _, ok := want[f.Name]; !ok && f.Name != "snapshot.json" && f.Name != "findings" {
				out = append(out, f)
			}
		}
		for _, name := range []string{"snapshot.json", "findings"} {
			if got[name] != nil {
				out = append(out, txtar.File{Name: name, Data: got[name]})
			}
		}
		ar.Files = out
		if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	for _, name := range []string{"snapshot.json", "findings"} {
		if d := cmp.Diff(string(want[name]), string(got[name])); d != "" {
			t.Errorf("%s differs (-want +got):\n%s", name, d)
		}
	}
}
