package finding_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/internal/finding"
)

// TestCategoriesDocumented holds docs/lint.md's table of lint categories
// to finding.Categories, row by row: a category added, renamed or
// changed without its documentation fails here.
func TestCategoriesDocumented(t *testing.T) {
	readme, err := os.ReadFile("../../docs/lint.md")
	if err != nil {
		t.Fatal(err)
	}
	const header = "| category | fails by default | go generate | what |\n|---|---|---|---|\n"
	_, table, ok := strings.Cut(string(readme), header)
	if !ok {
		t.Fatalf("docs/lint.md has no table starting %q", header)
	}
	table, _, _ = strings.Cut(table, "\n\n")
	var want []string
	for _, c := range finding.Categories {
		if c.Name == "" || c.Doc == "" {
			t.Errorf("category %+v: want a name and a one-line doc", c)
		}
		fails := "no"
		if c.Fails {
			fails = "yes"
		}
		want = append(want, fmt.Sprintf("| `%s` | %s | %s | %s |", c.Name, fails, c.Generation, c.Doc))
	}
	got := strings.Split(strings.TrimSpace(table), "\n")
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("docs/lint.md's category table:\n%s\nwant, from finding.Categories:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestGenerationReportsFailing holds the rule that generation reports
// every category lint fails on by default, but for stale, which it
// replaces; and reports nothing of the advice categories, which stay
// lint's.
func TestGenerationReportsFailing(t *testing.T) {
	for _, c := range finding.Categories {
		reported := c.Generation != finding.LintOnly
		if want := c.Fails && c.Name != finding.CatStale; reported != want {
			t.Errorf("category %s: fails by default %v, but generation %s", c.Name, c.Fails, c.Generation)
		}
	}
}
