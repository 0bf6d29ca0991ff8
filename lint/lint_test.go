package lint_test

import (
	"testing"

	"github.com/mcptag/mcptag/lint"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestCategories has a package per category (or two) in testdata/src,
// with the expected diagnostics in // want comments.
func TestCategories(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), lint.Analyzer,
		"unstructured", "unsupported", "marshaler", "undocumented", "names",
		"signature", "jsontag", "stale", "leftover", "suppress")
}

// TestSuggestedFixes applies the fixes and compares with the .golden files.
func TestSuggestedFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), lint.Analyzer, "directives", "nullable")
}
