package emit

import (
	"testing"

	"github.com/mcptag/mcptag/internal/analyzer"
)

// TestDurationExpr: a resource's ttl= is written as a time.Duration
// expression in the largest unit that divides it, not in milliseconds.
func TestDurationExpr(t *testing.T) {
	for ms, want := range map[int]string{
		3600000:  "time.Hour",
		86400000: "24*time.Hour",
		60000:    "time.Minute",
		90000:    "90*time.Second",
		1500:     "1500*time.Millisecond",
		1:        "time.Millisecond",
		0:        "0",
		5400000:  "90*time.Minute",
	} {
		g := newGenFile(&analyzer.Package{Path: "example.com/p", Name: "p"})
		if got := g.durationExpr(ms); got != want {
			t.Errorf("durationExpr(%d) = %q, want %q", ms, got, want)
		}
	}
}
