package lint_test

import (
	"os"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/lint"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestCategories has a package per category (or two) in testdata/src,
// with the expected diagnostics in // want comments.
func TestCategories(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), lint.Analyzer,
		"unstructured", "unsupported", "marshaler", "undocumented", "names",
		"signature", "jsontag", "stale", "stalesecond", "leftover", "unknownoption", "suppress", "paramdocs", "prompts", "protocol", "views", "apps")
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
