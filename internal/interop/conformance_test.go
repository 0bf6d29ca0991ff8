package interop

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestConformanceResults reads the results the suite writes as it
// writes them: a requirements file's scored server scenarios (not its
// client ones, nor those it does not score), and each scenario's
// checks.json, whose FAILURE checks fail it; a required scenario that did
// not run is an error.
func TestConformanceResults(t *testing.T) {
	dir := t.TempDir()
	requirements := filepath.Join(dir, "2026-07-28.yaml")
	write(t, requirements, `# The scenarios.
server:
  - server-stateless
  - tools-list

client:
  - tools_call

not_scored:
  - scenario: tasks-lifecycle
    leg: server
    reason: extension
`)
	scored, err := scoredScenarios(requirements)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]string{"server-stateless", "tools-list"}, scored); d != "" {
		t.Errorf("scored (-want +got):\n%s", d)
	}

	out := filepath.Join(dir, "out")
	write(t, filepath.Join(out, "server-tools-list-2026-12-01T09-05-26-253Z", "checks.json"),
		`[{"id":"tools-list","status":"SUCCESS"},{"id":"tools-name-format","status":"INFO"}]`)
	write(t, filepath.Join(out, "server-tasks-lifecycle-2026-12-01T09-05-27-001Z", "checks.json"),
		`[{"id":"a","status":"SUCCESS"},{"id":"b","status":"FAILURE","errorMessage":"no tasks"},{"id":"c","status":"WARNING"}]`)
	got, err := readScenarios(out, scored)
	if err != nil {
		t.Fatal(err)
	}
	want := []Scenario{
		{Name: "tasks-lifecycle", Passed: 1, Failed: 1, Failures: []string{"b: no tasks"}},
		{Name: "tools-list", Scored: true, Passed: 1},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("scenarios (-want +got):\n%s", d)
	}
	if err := allRan(got, scored); err == nil || err.Error() != "required scenarios did not run: server-stateless" {
		t.Errorf("allRan: %v, want server-stateless missing", err)
	}
}

func write(t *testing.T, file, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
