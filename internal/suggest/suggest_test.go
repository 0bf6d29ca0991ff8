package suggest

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// directiveOptions are the options of //mcp:tool, the candidates of the
// generator's hints.
var directiveOptions = []string{"title", "structured", "closed", "readonly", "destructive", "idempotent", "openworld"}

func TestClosest(t *testing.T) {
	args := []string{"city", "days", "units"}
	places := []string{"home", "work"}
	units := []string{"celsius", "fahrenheit"}
	for _, tc := range []struct {
		word       string
		candidates []string
		want       string
	}{
		// Typos.
		{"cty", args, "city"},
		{"City", args, "city"},
		{"ctiy", args, "city"},
		{"day", args, "days"},
		{"unit", args, "units"},
		{"readonyl", directiveOptions, "readonly"},
		{"idempotnet", directiveOptions, "idempotent"},
		{"ReadOnly", directiveOptions, "readonly"},
		{"celcius", units, "celsius"},
		// Other words.
		{"home", []string{"work"}, ""},
		{"work", places[:1], ""},
		{"cached", directiveOptions, ""},
		{"kelvin", units, ""},
		{"temperature", args, ""},
		{"x", []string{"y"}, ""},
		{"", args, ""},
		{"zzzzzzzz", args, ""},
		// A word too long for a hint, even one edit from a candidate.
		{strings.Repeat("a", maxWord+1), []string{strings.Repeat("a", maxWord)}, ""},
		{strings.Repeat("a", maxWord), []string{strings.Repeat("a", maxWord-1)}, strings.Repeat("a", maxWord-1)},
		// The nearest wins, the first of equals.
		{"dayz", []string{"daze", "days", "day"}, "days"},
		{"cityy", []string{"cities", "city"}, "city"},
	} {
		if got := Closest(tc.word, tc.candidates); got != tc.want {
			t.Errorf("Closest(%.20q, %q) = %q, want %q", tc.word, tc.candidates, got, tc.want)
		}
	}
}

func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"", "abc", 3},
		{"kitten", "sitting", 3},
		{"readonyl", "readonly", 2},
		{"City", "city", 1},
		{strings.Repeat("a", 200), strings.Repeat("b", 100), 200},
	} {
		if got := Distance(tc.a, tc.b); got != tc.want {
			t.Errorf("Distance(%.20q, %.20q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
		if got := Distance(tc.b, tc.a); got != tc.want {
			t.Errorf("Distance(%.20q, %.20q) = %d, want %d", tc.b, tc.a, got, tc.want)
		}
	}
}

// TestClosestAllocates checks that a hint allocates nothing, whatever the
// word and however many candidates.
func TestClosestAllocates(t *testing.T) {
	candidates := slices.Repeat(directiveOptions, 100)
	for _, word := range []string{"readonyl", strings.Repeat("Q", maxWord), strings.Repeat("Q", 1<<20)} {
		if n := testing.AllocsPerRun(10, func() { Closest(word, candidates) }); n != 0 {
			t.Errorf("Closest(%.20q): %v allocations, want 0", word, n)
		}
	}
}

// FuzzClosest checks Closest against the full edit distance, and bounds
// its time: the word comes from whoever calls a tool, so a hint must cost
// next to nothing however long the word. Words are repeated up to a few
// megabytes. The bound (100 ms for one call) is generous on purpose: a
// bounded hint takes microseconds, an unbounded one took seconds for such
// a word, so only a lost bound trips it, not a busy machine.
func FuzzClosest(f *testing.F) {
	f.Add("cty", uint32(1), "city")
	f.Add("readonyl", uint32(1), "")
	f.Add("Aa", uint32(2<<20), "aA")
	f.Add("x", uint32(maxWord), "xx")
	f.Fuzz(func(t *testing.T, word string, repeat uint32, candidate string) {
		word = strings.Repeat(word, int(repeat%(4<<20))/max(1, len(word))+1)
		candidates := append(slices.Clone(directiveOptions), candidate, strings.Repeat(candidate, 1000))
		start := time.Now()
		got := Closest(word, candidates)
		if d := time.Since(start); d > 100*time.Millisecond {
			t.Fatalf("Closest on a %d-byte word took %v", len(word), d)
		}
		if got == "" {
			for _, c := range candidates {
				// A candidate longer than this is too many insertions away.
				comparable := len(c) <= maxWord+maxDistance(maxWord)
				if comparable && len(word) <= maxWord && len(word) > 0 && Distance(lowerASCII(word), lowerASCII(c)) <= maxDistance(len(word)) {
					t.Fatalf("Closest(%q) = \"\", but %q is near", word, c)
				}
			}
			return
		}
		if !slices.Contains(candidates, got) {
			t.Fatalf("Closest(%q) = %q, not a candidate", word, got)
		}
		d := Distance(lowerASCII(word), lowerASCII(got))
		if len(word) > maxWord || d > maxDistance(len(word)) {
			t.Fatalf("Closest(%q) = %q, %d edits away", word, got, d)
		}
		for _, c := range candidates[:slices.Index(candidates, got)] {
			if len(c) > maxWord+maxDistance(maxWord) {
				continue
			}
			if dc := Distance(lowerASCII(word), lowerASCII(c)); dc <= d {
				t.Fatalf("Closest(%q) = %q, %d edits away, but %q is %d edits away and before it", word, got, d, c, dc)
			}
		}
	})
}

// lowerASCII lower-cases the ASCII letters of s, byte by byte.
func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		b[i] = lower(c)
	}
	return string(b)
}
