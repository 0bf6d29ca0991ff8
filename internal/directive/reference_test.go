package directive

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/internal/argmodel"
)

var update = flag.Bool("update", false, "rewrite docs/reference.md from the option tables")

// referencePage is docs/reference.md as the tables write it: the
// directives, then the keys of a constraint tag.
func referencePage() string { return Reference() + argmodel.TagReference() }

// referenceFile is the generated directive reference.
var referenceFile = filepath.Join("..", "..", "docs", "reference.md")

// TestReference holds docs/reference.md to what the option tables write
// (referencePage): an option added, removed or documented differently
// without the page regenerated fails here (-update rewrites it).
func TestReference(t *testing.T) {
	want := referencePage()
	if *update {
		if err := os.WriteFile(referenceFile, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(referenceFile)
	if err != nil {
		t.Fatalf("%v (go test ./internal/directive -run TestReference -update writes it)", err)
	}
	if string(got) != want {
		t.Errorf("docs/reference.md is stale: rerun go test ./internal/directive -run TestReference -update\n%s", firstDifference(string(got), want))
	}
}

// TestReferenceDocumentsEveryOption holds the documentation tables to the
// option tables, both ways, and each documented example to the parser,
// which must accept it.
func TestReferenceDocumentsEveryOption(t *testing.T) {
	for _, k := range directiveKinds {
		if _, ok := kindDocs[k.name]; !ok {
			t.Errorf("//mcp:%s has no entry in kindDocs", k.name)
		}
		for _, o := range k.options {
			od, ok := optionDocs[k.name][o.key]
			if !ok {
				t.Errorf("option %s of //mcp:%s has no entry in optionDocs", o.key, k.name)
				continue
			}
			if od.values == "" || od.doc == "" {
				t.Errorf("option %s of //mcp:%s: want its values and a line of documentation", o.key, k.name)
			}
			value, hasValue := strings.CutPrefix(od.example, "=")
			if problem := o.set(&Directive{}, o.key, strings.Trim(value, `"`), hasValue); problem != "" {
				t.Errorf("the example %s%s of //mcp:%s is refused: %s", o.key, od.example, k.name, problem)
			}
		}
		for key := range optionDocs[k.name] {
			if directiveKindNamed(k.name).option(key) == nil {
				t.Errorf("optionDocs documents %s of //mcp:%s, which takes no such option", key, k.name)
			}
		}
	}
	if len(kindDocs) != len(directiveKinds) || len(optionDocs) > len(directiveKinds) {
		t.Errorf("kindDocs or optionDocs document a kind of directive that does not exist")
	}
}

// firstDifference shows the first line where got and want differ.
func firstDifference(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range max(len(g), len(w)) {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return fmt.Sprintf("line %d:\n  have %s\n  want %s", i+1, gl, wl)
		}
	}
	return ""
}
