package analyzer_test

import (
	"encoding/json"
	"fmt"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/emit"
	"github.com/mcptag/mcptag/internal/finding"
	"github.com/mcptag/mcptag/internal/generate"
	"github.com/mcptag/mcptag/internal/genopts"
)

// TestDeclarations checks what the small packages in testdata/decls
// declare: each archive holds the files of a package of the module
// example.com/x, the snapshot of its prompts and
// resources ("snapshot.json", as the list calls serve them; absent when
// the package has errors), the requested schemas of its forms, by name
// ("forms.json", when it has forms and no errors) and every finding, of
// every category, with its position ("findings").
//
// The archives' packages are loaded at once (loadArchiveDirs), so a
// package that does not load stops them all, which the error's path names.
func TestDeclarations(t *testing.T) {
	files, err := filepath.Glob("testdata/decls/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata/decls archives: %v", err)
	}
	dir := t.TempDir()
	writeModule(t, dir)
	archives := map[string]*txtar.Archive{}
	sources := map[string][]txtar.File{}
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		name := archiveName(file)
		archives[name] = ar
		for _, f := range ar.Files {
			if !slices.Contains(declSections, f.Name) {
				sources[name] = append(sources[name], f)
			}
		}
	}
	loaded := loadArchiveDirs(t, dir, genopts.Options{}, sources)
	for _, file := range files {
		name := archiveName(file)
		t.Run(name, func(t *testing.T) { checkDecls(t, file, archives[name], loaded[name]) })
	}
}

// archiveName is the name of the archive in file: its base name without
// ".txtar".
func archiveName(file string) string { return strings.TrimSuffix(filepath.Base(file), ".txtar") }

// loadArchiveDirs writes the files of each archive (by its name) into a
// directory of dir named after it, where dir holds the go.mod they share,
// and loads their packages in one load, with opts: a load each would be
// most of what a test of them costs, each asking the go command for its
// packages. It returns the packages by archive name, and fails the test
// if one does not load, which stops them all.
func loadArchiveDirs(t *testing.T, dir string, opts genopts.Options, files map[string][]txtar.File) map[string]*generate.Package {
	t.Helper()
	var patterns []string
	for _, name := range slices.Sorted(maps.Keys(files)) {
		for _, f := range files[name] {
			writeArchiveFile(t, filepath.Join(dir, name), f)
		}
		patterns = append(patterns, "./"+name)
	}
	pkgs, err := generate.Packages(dir, opts, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*generate.Package{}
	for _, p := range pkgs {
		out[filepath.Base(p.Dir)] = p
	}
	for name := range files {
		if out[name] == nil {
			t.Fatalf("archive %s: no package loaded", name)
		}
	}
	return out
}

// findingLine renders a finding of a package loaded from dir as a line,
// with paths relative to dir, and says whether it is an error.
func findingLine(fset *token.FileSet, dir string, f finding.Finding) string {
	pos := fset.Position(f.Pos)
	rel, err := filepath.Rel(dir, pos.Filename)
	if err != nil {
		rel = pos.Filename
	}
	kind := "warning"
	if f.Error {
		kind = "error"
	}
	msg := strings.ReplaceAll(f.Message, dir+string(filepath.Separator), "")
	return fmt.Sprintf("%s:%d:%d: %s: %s (%s)\n", filepath.ToSlash(rel), pos.Line, pos.Column, f.Category, msg, kind)
}

// writeArchiveFile writes the file f of a txtar archive below dir.
func writeArchiveFile(t *testing.T, dir string, f txtar.File) {
	t.Helper()
	path := filepath.Join(dir, filepath.FromSlash(f.Name))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, f.Data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// writeModule makes dir the module example.com/x, which requires what
// mcptag requires, the go-sdk among them, at the same versions: the
// packages of the archives import the go-sdk, and the module cache has
// it once mcptag is built.
func writeModule(t *testing.T, dir string) {
	t.Helper()
	mod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	mod = regexp.MustCompile(`(?m)^module .*$`).ReplaceAll(mod, []byte("module example.com/x"))
	sum, err := os.ReadFile("../../go.sum")
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"go.mod": mod, "go.sum": sum} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// checkDecls compares what p, the package of the archive ar in file,
// declares and reports with the archive's sections, or writes them into
// file under -update.
func checkDecls(t *testing.T, file string, ar *txtar.Archive, p *generate.Package) {
	var err error
	want := map[string][]byte{}
	for _, f := range ar.Files {
		if slices.Contains(declSections, f.Name) {
			want[f.Name] = f.Data
		}
	}
	got := map[string][]byte{}
	if !p.Errors() && !p.Empty() {
		if got["snapshot.json"], err = emit.Snapshot(p.Package); err != nil {
			t.Fatal(err)
		}
	}
	if !p.Errors() && len(p.Forms) > 0 {
		got["forms.json"] = formsJSON(t, p.Package)
	}
	var fb strings.Builder
	for _, f := range p.Findings {
		checkErrorFails(t, p.Fset, f)
		fb.WriteString(findingLine(p.Fset, p.Dir, f))
	}
	if fb.Len() > 0 {
		got["findings"] = []byte(fb.String())
	}
	if *update {
		var out []txtar.File
		for _, f := range ar.Files {
			if _, ok := want[f.Name]; !ok && !slices.Contains(declSections, f.Name) {
				out = append(out, f)
			}
		}
		for _, name := range declSections {
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
	for _, name := range declSections {
		if d := cmp.Diff(string(want[name]), string(got[name])); d != "" {
			t.Errorf("%s differs (-want +got):\n%s", name, d)
		}
	}
}

// declSections are the sections of a testdata/decls archive that the
// test computes, in their order.
var declSections = []string{"snapshot.json", "forms.json", "findings"}

// formsJSON renders the requested schemas of p's forms, by name, indented.
func formsJSON(t *testing.T, p *analyzer.Package) []byte {
	t.Helper()
	schemas, err := emit.FormSchemas(p)
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.MarshalIndent(schemas, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return append(data, '\n')
}
