package analyzer_test

import (
	"maps"
	"slices"
	"testing"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/finding"
)

// TestViews checks the schemas and findings of the packages in
// testdata/views, as TestSchemas does: the output schemas pruned to
// view=, the fields argument, and every error and warning of a view.
func TestViews(t *testing.T) {
	categories := maps.Clone(schemaCategories)
	categories[finding.CatDirective] = true
	categories[finding.CatRedundant] = true
	runArchives(t, "testdata/views/*.txtar", func(t *testing.T, file string) {
		runGoldenOf(t, file, categories)
	})
}

// TestValueOffsets maps the bytes of an option's value to where the
// source has them, through quotes and escapes.
func TestValueOffsets(t *testing.T) {
	for raw, want := range map[string][]int{
		`view=ab`:            {5, 6},
		`view="ab"`:          {6, 7},
		`view="a\u00e9b"`:    {6, 7, 7, 13},
		`view="\x41\101b"`:   {6, 10, 14},
		`view=a"b c"d`:       {5, 7, 8, 9, 11},
		`view="unterminated`: nil,
	} {
		if got := analyzer.ValueOffsets(raw); !slices.Equal(got, want) {
			t.Errorf("%s: %v, want %v", raw, got, want)
		}
	}
}
