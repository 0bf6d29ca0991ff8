package emit_test

import (
	"regexp"
	"strings"
	"testing"
)

// TestViewTestsNilOnce: a property that omitempty leaves out when it is
// nil is written only when it is not, so its writer does not test it for
// nil a second time (to write null, which cannot happen).
func TestViewTestsNilOnce(t *testing.T) {
	// if !(x == nil) {, or if !(len(x) == 0) {, then w.Name(...), then
	// if p := x; p == nil {.
	omitted := regexp.MustCompile(`^\s*if !\((?:len\((.+?)\) == 0|(.+?) == nil)[ )]`)
	nilTest := regexp.MustCompile(`^\s*if \w+ := (.+); \w+ == nil \{$`)
	views := 0
	for _, f := range endToEnd(t).Files {
		lines := strings.Split(string(f.Data), "\n")
		for i := 2; i < len(lines); i++ {
			m := omitted.FindStringSubmatch(lines[i-2])
			if m == nil {
				continue
			}
			views++
			if n := nilTest.FindStringSubmatch(lines[i]); n != nil && (n[1] == m[1] || n[1] == m[2]) {
				t.Errorf("%s:%d: %s tests for nil after omitempty did", f.Path, i+1, strings.TrimSpace(lines[i]))
			}
		}
	}
	if views == 0 {
		t.Fatal("no generated view leaves out a nil property: the test tests nothing")
	}
}
