package analyzer_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"go/token"
	"os"
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
	runArchives(t, "testdata/schemas/*.txtar", runGolden)
}

func runGolden(t *testing.T, file string) { runGoldenOf(t, file, schemaCategories) }

// runGoldenOf runs one archive of TestSchemas' form, whose findings are
// those of the categories given.
func runGoldenOf(t *testing.T, file string, categories map[string]bool) {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var opts analyzer.Options
	var wantJSON, wantFindings, wantDescriptions []byte
	haveJSON, haveFindings, haveDescriptions := false, false, false
	for _, f := range ar.Files {
		switch f.Name {
		case "flags":
			var rest []string
			opts, rest, err = genopts.Parse(opts, strings.Fields(string(f.Data)))
			if err != nil || len(rest) > 0 {
				t.Fatalf("flags: %v %q", err, rest)
			}
		case "want.json":
			wantJSON, haveJSON = f.Data, true
		case "findings":
			wantFindings, haveFindings = f.Data, true
		case "descriptions":
			wantDescriptions, haveDescriptions = f.Data, true
		default:
			writeArchiveFile(t, dir, f)
		}
	}
	r, err := generate.Run(dir, genopts.Options{Base: opts}, ".")
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Packages) != 1 {
		t.Fatalf("loaded %d packages, want 1", len(r.Packages))
	}
	p := r.Packages[0]
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
