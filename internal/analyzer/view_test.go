package analyzer_test

import (
	"maps"
	"testing"

	"github.com/mcptag/mcptag/internal/finding"
)

// TestViews checks the schemas and findings of the packages in
// testdata/views, as TestSchemas does: the output schemas pruned to
// view=, the fields argument, and every error and warning of a view.
func TestViews(t *testing.T) {
	categories := maps.Clone(schemaCategories)
	categories[finding.CatDirective] = true
	categories[finding.CatRedundant] = true
	runSchemaArchives(t, "testdata/views/*.txtar", categories)
}
