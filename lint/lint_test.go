package lint_test

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mcptag/mcptag/lint"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestCategories has a package per category (or two) in testdata/src,
// with the expected diagnostics in // want comments.
func TestCategories(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), lint.Analyzer,
		"unstructured", "unsupported", "marshaler", "undocumented", "names",
		"signature", "jsontag", "stale", "stalesecond", "leftover", "unknownoption", "suppress", "paramdocs", "prompts", "protocol", "views", "apps", "placeholders", "lenient", "tasks")
}

// TestSuggestedFixes applies the fixes and compares with the .golden files.
func TestSuggestedFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), lint.Analyzer, "directives", "nullable")
}

// TestDiagnosticEnds: diagnostics about a struct tag run from the field's
// name to the end of its tag, those about a directive over the whole
// comment, so that an editor underlines all of it.
func TestDiagnosticEnds(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), lint.Analyzer, "jsontag", "directives")
	checked := map[string]int{}
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if d.Category != "json-tag" && d.Category != "directive" {
				continue
			}
			if !d.End.IsValid() || d.End <= d.Pos {
				t.Errorf("%s: %s: no end", r.Pass.Fset.Position(d.Pos), d.Message)
				continue
			}
			file := r.Pass.Fset.File(d.Pos)
			src, err := os.ReadFile(file.Name())
			if err != nil {
				t.Fatal(err)
			}
			text := string(src[file.Offset(d.Pos):file.Offset(d.End)])
			switch {
			case strings.Contains(text, "\n"):
				t.Errorf("%s: %s: underlines %q, more than a line", r.Pass.Fset.Position(d.Pos), d.Message, text)
			case d.Category == "directive" && !strings.Contains(d.Message, "option") && !strings.Contains(d.Message, "needs quotes"):
				if !strings.HasPrefix(text, "//") {
					t.Errorf("%s: %s: underlines %q, want the comment", r.Pass.Fset.Position(d.Pos), d.Message, text)
				}
			case d.Category == "json-tag" && strings.Contains(text, "`"):
				if !strings.HasSuffix(text, "`") {
					t.Errorf("%s: %s: underlines %q, want the field through its tag", r.Pass.Fset.Position(d.Pos), d.Message, text)
				}
			}
			checked[d.Category]++
		}
	}
	if checked["json-tag"] == 0 || checked["directive"] == 0 {
		t.Errorf("checked %v: want diagnostics of both categories", checked)
	}
}

// TestSize reports a tool over its budget at its directive, and a package
// whose tools together take more than the package budget.
func TestSize(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), lint.New(lint.Config{PackageBudget: 150}), "size")
}

// TestSourceDocs: an Analyzer that reads other packages' descriptions
// from their files (Config.SourceDocs, as mcptag lint runs it) reports
// what one that reads them from facts reports, on packages whose tools
// reach documented and undocumented types of another package.
func TestSourceDocs(t *testing.T) {
	pkgs := []string{"undocumented"}
	fromFacts := diagnostics(analysistest.Run(quiet{}, analysistest.TestData(), lint.Analyzer, pkgs...))
	fromFiles := diagnostics(analysistest.Run(quiet{}, analysistest.TestData(), lint.New(lint.Config{SourceDocs: true}), pkgs...))
	if diff := cmp.Diff(fromFacts, fromFiles); diff != "" {
		t.Errorf("diagnostics from facts (-) and from files (+) differ:\n%s", diff)
	}
	if !slices.ContainsFunc(fromFiles, func(d string) bool { return strings.Contains(d, "docsdep.Place.Code") }) {
		t.Errorf("no diagnostic about a field of package docsdep's type, in:\n%s", strings.Join(fromFiles, "\n"))
	}
}

// diagnostics lists the diagnostics of results, each as "file:line:col:
// message".
func diagnostics(results []*analysistest.Result) []string {
	var out []string
	for _, r := range results {
		for _, d := range r.Diagnostics {
			out = append(out, r.Pass.Fset.Position(d.Pos).String()+": "+d.Message)
		}
	}
	slices.Sort(out)
	return out
}

// TestProfile reports, at each declaration, where a provider that
// -profile names would refuse a tool's input schema as served, or drop a
// constraint without a word.
func TestProfile(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), lint.New(lint.Config{Profile: []string{"openai", "gemini"}}), "profile")
}
