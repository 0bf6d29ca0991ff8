package analyzer_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/jsonschema-go/jsonschema"
	"golang.org/x/tools/txtar"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/emit"
	"github.com/mcptag/mcptag/internal/finding"
	"github.com/mcptag/mcptag/internal/generate"
	"github.com/mcptag/mcptag/internal/genopts"
)

var update = flag.Bool("update", false, "rewrite the want.json and findings sections of testdata/schemas/*.txtar")

// TestSchemas checks the schemas and findings of the small packages in
// testdata/schemas. Each archive holds a module (go.mod and Go files), an
// optional "flags" section (-titles, -closed), the wanted schemas of every
// tool in wire form ("want.json"), the wanted findings ("findings") and,
// where the archive has the section, the tools' descriptions
// ("descriptions").
func TestSchemas(t *testing.T) {
	runSchemaArchives(t, "testdata/schemas/*.txtar", schemaCategories)
}

// A schemaArchive is one archive of TestSchemas' form.
type schemaArchive struct {
	file, name string
	ar         *txtar.Archive
	opts       analyzer.Options
	flags      string // the "flags" section
	goMod      string // the go.mod section
	nested     bool   // it holds packages, or a module, in directories of their own
}

// readSchemaArchive reads the archive in file.
func readSchemaArchive(t *testing.T, file string) *schemaArchive {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	a := &schemaArchive{file: file, name: archiveName(file), ar: ar}
	for _, f := range ar.Files {
		switch {
		case f.Name == "flags":
			a.flags = string(f.Data)
			var rest []string
			a.opts, rest, err = genopts.Parse(a.opts, strings.Fields(a.flags))
			if err != nil || len(rest) > 0 {
				t.Fatalf("%s: flags: %v %q", file, err, rest)
			}
		case f.Name == "go.mod":
			a.goMod = string(f.Data)
		case strings.Contains(f.Name, "/") && (strings.HasSuffix(f.Name, ".go") || strings.HasSuffix(f.Name, "/go.mod")):
			a.nested = true
		}
	}
	return a
}

// runSchemaArchives checks each archive that pattern matches, in a
// subtest named after it, reporting the findings of the categories given.
//
// The archives that have the same go.mod and flags, and one package, are
// loaded at once, each package a directory of that module named
// after its archive: a load each was most of the test's time, each load
// asking the go command for its packages.
func runSchemaArchives(t *testing.T, pattern string, categories map[string]bool) {
	files, err := filepath.Glob(pattern)
	if err != nil || len(files) == 0 {
		t.Fatalf("no %s: %v", pattern, err)
	}
	var archives []*schemaArchive
	groups := map[string][]*schemaArchive{}
	var order []string
	for _, file := range files {
		a := readSchemaArchive(t, file)
		archives = append(archives, a)
		key := a.goMod + "\x00" + a.flags
		if a.nested {
			key = a.file
		}
		if groups[key] == nil {
			order = append(order, key)
		}
		groups[key] = append(groups[key], a)
	}
	loaded := map[*schemaArchive]*generate.Package{}
	for _, key := range order {
		maps.Copy(loaded, loadSchemaArchives(t, groups[key]))
	}
	for _, a := range archives {
		t.Run(a.name, func(t *testing.T) { checkSchemaArchive(t, a, loaded[a], categories) })
	}
}

// loadSchemaArchives loads the packages of archives, which share their
// go.mod and flags: the one archive's module as it is, or several as
// directories of one module (loadArchiveDirs). It generates each package's
// files that has no errors, as mcptag would.
func loadSchemaArchives(t *testing.T, archives []*schemaArchive) map[*schemaArchive]*generate.Package {
	dir := t.TempDir()
	opts := genopts.Options{Base: archives[0].opts}
	sources := map[string][]txtar.File{}
	for _, a := range archives {
		for _, f := range a.ar.Files {
			switch f.Name {
			case "flags", "want.json", "findings", "descriptions":
			case "go.mod":
				writeArchiveFile(t, dir, f)
			default:
				sources[a.name] = append(sources[a.name], f)
			}
		}
	}
	var loaded map[string]*generate.Package
	if len(archives) == 1 {
		// Its own module, at the root: a replace in its go.mod names
		// the directories beside it.
		a := archives[0]
		for _, f := range sources[a.name] {
			writeArchiveFile(t, dir, f)
		}
		pkgs, err := generate.Packages(dir, opts, ".")
		if err != nil {
			t.Fatal(err)
		}
		if len(pkgs) != 1 {
			t.Fatalf("%s: loaded %d packages, want 1", a.file, len(pkgs))
		}
		loaded = map[string]*generate.Package{a.name: pkgs[0]}
	} else {
		loaded = loadArchiveDirs(t, dir, opts, sources)
	}
	out := map[*schemaArchive]*generate.Package{}
	for _, a := range archives {
		p := loaded[a.name]
		if !p.Errors() {
			if _, err := emit.Files(p.Dir, p.Package); err != nil {
				t.Fatalf("%s: %v", a.file, err)
			}
		}
		out[a] = p
	}
	return out
}

// checkSchemaArchive compares the schemas, findings (of the categories
// given) and descriptions of p, the package of a, with a's sections, or
// writes them into a's file under -update.
func checkSchemaArchive(t *testing.T, a *schemaArchive, p *generate.Package, categories map[string]bool) {
	var wantJSON, wantFindings, wantDescriptions []byte
	haveJSON, haveFindings, haveDescriptions := false, false, false
	for _, f := range a.ar.Files {
		switch f.Name {
		case "want.json":
			wantJSON, haveJSON = f.Data, true
		case "findings":
			wantFindings, haveFindings = f.Data, true
		case "descriptions":
			wantDescriptions, haveDescriptions = f.Data, true
		}
	}
	dir, ar, file := p.Dir, a.ar, a.file
	gotJSON := toolsJSON(t, p.Tools)
	var fb strings.Builder
	for _, f := range p.Findings {
		checkErrorFails(t, p.Fset, f)
		if !categories[f.Category] {
			continue // the lint checks' business, not the schemas'
		}
		fb.WriteString(findingLine(p.Fset, dir, f))
	}
	gotFindings := []byte(fb.String())
	gotDescriptions := descriptions(p.Tools)

	if *update {
		var out []txtar.File
		for _, f := range ar.Files {
			if f.Name != "want.json" && f.Name != "findings" && f.Name != "descriptions" {
				out = append(out, f)
			}
		}
		if haveDescriptions {
			out = append(out, txtar.File{Name: "descriptions", Data: gotDescriptions})
		}
		out = append(out, txtar.File{Name: "want.json", Data: gotJSON})
		if len(gotFindings) > 0 {
			out = append(out, txtar.File{Name: "findings", Data: gotFindings})
		}
		ar.Files = out
		if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !haveJSON {
		t.Fatalf("no want.json section; run go test -update")
	}
	if d := cmp.Diff(string(wantJSON), string(gotJSON)); d != "" {
		t.Errorf("schemas differ (-want +got):\n%s", d)
	}
	if haveDescriptions {
		if d := cmp.Diff(string(wantDescriptions), string(gotDescriptions)); d != "" {
			t.Errorf("descriptions differ (-want +got):\n%s", d)
		}
	}
	if !haveFindings {
		wantFindings = nil
	}
	if d := cmp.Diff(string(wantFindings), string(gotFindings)); d != "" {
		t.Errorf("findings differ (-want +got):\n%s", d)
	}
}

// schemaCategories are the findings that schema building reports.
var schemaCategories = map[string]bool{
	finding.CatUnsupported:     true,
	finding.CatUntyped:         true,
	finding.CatCustomMarshaler: true,
	finding.CatNullable:        true,
	finding.CatJSONTag:         true,
	finding.CatUnstructured:    true,
	finding.CatDeepInput:       true,
	finding.CatName:            true, // a doc list item naming a misspelled parameter
}

// checkErrorFails holds an error to a category that lint fails on by
// default: an error stops generation, and lint must not pass what
// generation refuses.
func checkErrorFails(t *testing.T, fset *token.FileSet, f finding.Finding) {
	t.Helper()
	if c, _ := finding.LookupCategory(f.Category); f.Error && !c.Fails {
		t.Errorf("%s: an error of category %s, which lint does not fail on by default: %s", fset.Position(f.Pos), f.Category, f.Message)
	}
}

// descriptions renders the tools' descriptions, in source order: each
// tool's name, then its description's lines quoted with "> ".
func descriptions(tools []*analyzer.Tool) []byte {
	var b bytes.Buffer
	for _, tool := range tools {
		fmt.Fprintf(&b, "%s:\n", tool.Name)
		for _, line := range strings.Split(tool.Description, "\n") {
			b.WriteString(strings.TrimRight("> "+line, " ") + "\n")
		}
	}
	return b.Bytes()
}

// toolsJSON renders the tools' schemas in wire form, in source order:
// {"tool": {"input": ..., "output": ...}, ...}.
func toolsJSON(t *testing.T, tools []*analyzer.Tool) []byte {
	t.Helper()
	var buf bytes.Buffer
	buf.WriteString("{")
	for i, tool := range tools {
		if i > 0 {
			buf.WriteString(",")
		}
		name, _ := json.Marshal(tool.Name)
		fmt.Fprintf(&buf, "\n  %s: {\n    \"input\": %s", name, wire(t, tool.Input))
		if tool.Output != nil {
			fmt.Fprintf(&buf, ",\n    \"output\": %s", wire(t, tool.Output))
		}
		buf.WriteString("\n  }")
	}
	buf.WriteString("\n}\n")
	return buf.Bytes()
}

func wire(t *testing.T, s *jsonschema.Schema) string {
	t.Helper()
	data, err := emit.SchemaJSON(s)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := json.Indent(&out, data, "    ", "  "); err != nil {
		t.Fatal(err)
	}
	return out.String()
}
