package profile

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestApply fits the schema of each testdata/*.txtar archive ("in.json")
// to its profile ("profile"), and holds the result ("out.json") and the
// problems found ("problems") to the archive. Applied again to its own
// result, a profile finds nothing and changes nothing.
func TestApply(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no archives: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			testArchive(t, file)
		})
	}
}

func testArchive(t *testing.T, file string) {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	sections := map[string][]byte{}
	for _, f := range ar.Files {
		sections[f.Name] = f.Data
	}
	var set Set
	if err := set.Set(strings.TrimSpace(string(sections["profile"]))); err != nil {
		t.Fatal(err)
	}
	s := parse(t, sections["in.json"])
	problems := Apply(s, nil, 0, set)
	out := indent(t, s)
	var report strings.Builder
	for _, p := range problems {
		fmt.Fprintf(&report, "%s %v fatal=%v: %s\n", p.Keyword, p.Providers, p.Fatal, p)
	}
	if *update {
		for i, f := range ar.Files {
			switch f.Name {
			case "out.json":
				ar.Files[i].Data = out
			case "problems":
				ar.Files[i].Data = []byte(report.String())
			}
		}
		if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if got, want := string(out), string(sections["out.json"]); got != want {
		t.Errorf("out.json:\ngot:\n%s\nwant:\n%s", got, want)
	}
	if got, want := report.String(), string(sections["problems"]); got != want {
		t.Errorf("problems:\ngot:\n%s\nwant:\n%s", got, want)
	}
	again := parse(t, out)
	if ps := Apply(again, nil, 0, set); len(Fatal(ps)) != len(ps) {
		t.Errorf("applied again, the profile finds %v", ps)
	}
	if got := indent(t, again); !bytes.Equal(got, out) {
		t.Errorf("applied again, the profile changes the schema:\n%s", got)
	}
}

func parse(t *testing.T, data []byte) *jsonschema.Schema {
	t.Helper()
	var s jsonschema.Schema
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	return &s
}

func indent(t *testing.T, s *jsonschema.Schema) []byte {
	t.Helper()
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return append(data, '\n')
}
