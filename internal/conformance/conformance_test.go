package main

import (
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/internal/interop"
)

// eras are the protocol revisions the suite is run at, each at its wire:
// sessions through 2025-11-25, none from 2026-07-28 on.
var eras = []struct {
	name      string
	stateless bool
}{
	{"2025-11-25", false},
	{"2026-07-28", true},
}

// TestConformance runs the official conformance suite against the server
// on loopback, at each revision, every server scenario it requires or
// runs unscored. Every scenario the revision requires passes, as many as
// docs/protocol.md says (its full score); one it does not require must
// pass unless docs/protocol.md lists it as one that fails, for that
// revision, and one it lists must still fail, so that the list stays
// true.
func TestConformance(t *testing.T) {
	interop.RequireConformance(t)
	expected := expectedFailures(t)
	scores := statedScores(t)
	for _, era := range eras {
		t.Run(era.name, func(t *testing.T) {
			t.Parallel()
			srv := httptest.NewServer(newHandler(era.stateless))
			defer srv.Close()
			scenarios, err := interop.Conformance(t, srv.URL+"/mcp", era.name)
			if err != nil {
				t.Fatal(err)
			}
			var scored, unscored tally
			for _, s := range scenarios {
				listed := expected[era.name][s.Name]
				switch {
				case s.Failed > 0 && s.Scored:
					t.Errorf("%s fails, and %s requires it:\n\t%s", s.Name, era.name, strings.Join(s.Failures, "\n\t"))
				case s.Failed > 0 && !listed:
					t.Errorf("%s fails, and docs/protocol.md does not list it:\n\t%s", s.Name, strings.Join(s.Failures, "\n\t"))
				case s.Failed == 0 && listed:
					t.Errorf("%s passes: take it out of docs/protocol.md's list of scenarios that fail", s.Name)
				}
				if s.Scored {
					scored.add(s)
				} else {
					unscored.add(s)
				}
			}
			t.Logf("%s: %s; not scored: %s", era.name, scored, unscored)
			if want := scores[era.name]; scored.passed != want || scored.failed != 0 {
				t.Errorf("%s: %d of %d required scenarios pass; docs/protocol.md says %d of %d", era.name, scored.passed, scored.passed+scored.failed, want, want)
			}
		})
	}
}

// statedScore matches docs/protocol.md's statement of a revision's score:
// "N of N at REVISION".
var statedScore = regexp.MustCompile(`(\d+)\s+of\s+(\d+)\s+at\s+(\d{4}-\d\d-\d\d)`)

// statedScores reads, from docs/protocol.md's section "Conformance", how
// many scenarios each revision requires, all of which pass.
func statedScores(t *testing.T) map[string]int {
	t.Helper()
	out := map[string]int{}
	for _, m := range statedScore.FindAllStringSubmatch(conformanceSection(t), -1) {
		if m[1] != m[2] {
			t.Fatalf("docs/protocol.md says %s of %s at %s: every required scenario passes", m[1], m[2], m[3])
		}
		out[m[3]], _ = strconv.Atoi(m[1])
	}
	for _, era := range eras {
		if out[era.name] == 0 {
			t.Fatalf("docs/protocol.md's section Conformance says no score at %s", era.name)
		}
	}
	return out
}

// A tally counts scenarios that pass and fail, and names those that
// fail.
type tally struct {
	passed, failed int
	failing        []string
}

func (t *tally) add(s interop.Scenario) {
	if s.Failed > 0 {
		t.failed++
		t.failing = append(t.failing, s.Name)
		return
	}
	t.passed++
}

func (t tally) String() string {
	s := fmt.Sprintf("%d passed, %d failed", t.passed, t.failed)
	if len(t.failing) > 0 {
		s += " (" + strings.Join(t.failing, ", ") + ")"
	}
	return s
}

// expectedRow matches a row of docs/protocol.md's table of the scenarios
// that fail: | `scenario` | revision, or both | why |.
var expectedRow = regexp.MustCompile("^\\| `([a-z0-9-]+)` \\| (2025-11-25|2026-07-28|both) \\|")

// conformanceSection is docs/protocol.md's section "Conformance".
func conformanceSection(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "protocol.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), "\n## Conformance\n")
	if !ok {
		t.Fatal("docs/protocol.md has no section Conformance")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	return section
}

// expectedFailures reads, from docs/protocol.md's section "Conformance",
// the scenarios that fail, by revision.
func expectedFailures(t *testing.T) map[string]map[string]bool {
	t.Helper()
	section := conformanceSection(t)
	out := map[string]map[string]bool{}
	for _, era := range eras {
		out[era.name] = map[string]bool{}
	}
	for _, line := range strings.Split(section, "\n") {
		m := expectedRow.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		for _, era := range eras {
			if m[2] == "both" || m[2] == era.name {
				out[era.name][m[1]] = true
			}
		}
	}
	return out
}
