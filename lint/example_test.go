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
	for _, tc := range []struct {
		name     string
		suppress bool
	}{{"suppressed", true}, {"unsuppressed", false}} {
		t.Run(tc.name, func(t *testing.T) {
			text := string(src)
			if !tc.suppress {
				var lines []string
				for _, l := range strings.Split(text, "\n") {
					if !strings.HasPrefix(l, ignore) {
						lines = append(lines, l)
					}
				}
				text = strings.Join(lines, "\n")
			}
			dir := t.TempDir()
			if err := os.MkdirAll(filepath.Join(dir, "src", "weather"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "src", "weather", "weather.go"), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			// The copy has no // want comments: ignore analysistest's
			// complaints and look at the diagnostics themselves.
			results := analysistest.Run(quiet{}, dir, lint.Analyzer, "weather")
			var found []string
			for _, r := range results {
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
			}
			switch {
			case tc.suppress && len(found) > 0:
				t.Errorf("suppressed get_station still reported: %q", found)
			case !tc.suppress && len(found) != 1:
				t.Errorf("get_station reported %d times, want once: %q", len(found), found)
			}
		})
	}
}

type quiet struct{}

func (quiet) Errorf(string, ...any) {}
