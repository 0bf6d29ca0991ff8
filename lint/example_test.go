package lint_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/lint"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestExampleStation proves that the example's get_station, which
// example/weather suppresses with a reason, is reported as degrading to
// unstructured text at its declaration once the suppression is gone.
func TestExampleStation(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "example", "weather", "weather.go"))
	if err != nil {
		t.Fatal(err)
	}
	const ignore = "//mcptag:ignore unstructured "
	if !strings.Contains(string(src), ignore) {
		t.Fatalf("example/weather/weather.go no longer suppresses get_station's finding with %q", ignore)
	}
	// Both copies are loaded at once, to load the packages they import
	// once, and analyzed as mcptag lint analyzes them, without facts:
	// on these packages alone, not on the go-sdk under them too. They
	// have no // want comments: ignore analysistest's complaints and look
	// at the diagnostics themselves.
	texts := map[string]string{"suppressed": string(src), "unsuppressed": withoutLines(string(src), ignore)}
	dir := t.TempDir()
	for name, text := range texts {
		if err := os.MkdirAll(filepath.Join(dir, "src", name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "src", name, "weather.go"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	results := analysistest.Run(quiet{}, dir, lint.New(lint.Config{SourceDocs: true}), "suppressed", "unsuppressed")
	if len(results) != len(texts) {
		t.Fatalf("%d results, want one for each of %d packages", len(results), len(texts))
	}
	for _, r := range results {
		name := r.Pass.Pkg.Path()
		t.Run(name, func(t *testing.T) {
			text := texts[name]
			var found []string
			for _, d := range r.Diagnostics {
				if d.Category != "unstructured" {
					continue
				}
				p := r.Pass.Fset.Position(d.Pos)
				line := strings.Split(text, "\n")[p.Line-1]
				if !strings.HasPrefix(line, "func GetStation(") || !strings.Contains(d.Message, "unstructured: get_station: result type Station degrades to unstructured text") {
					t.Errorf("unexpected finding at %s (%q): %s", p, line, d.Message)
				}
				found = append(found, d.Message)
			}
			switch suppressed := name == "suppressed"; {
			case suppressed && len(found) > 0:
				t.Errorf("suppressed get_station still reported: %q", found)
			case !suppressed && len(found) != 1:
				t.Errorf("get_station reported %d times, want once: %q", len(found), found)
			}
		})
	}
}

// withoutLines returns text without the lines that start with prefix.
func withoutLines(text, prefix string) string {
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		if !strings.HasPrefix(l, prefix) {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
}

type quiet struct{}

func (quiet) Errorf(string, ...any) {}
