package budget

import (
	"slices"
	"strings"
	"testing"
)

func split(s string) []string {
	var out []string
	chunks(s, func(c chunk) { out = append(out, c.text) })
	return out
}

// TestChunks checks the split against o200k's pre-tokenizer expression,
// case by case (see the comment on chunks).
func TestChunks(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{`{"type":"object","description":"A pod's name."}`,
			[]string{`{"`, `type`, `":"`, `object`, `","`, `description`, `":"`, `A`, ` pod's`, ` name`, `."}`}},
		// A capital run takes the lower-case letters after it; a capital
		// after lower-case letters starts a new word.
		{"HTTPServer initContainers", []string{"HTTPServer", " init", "Containers"}},
		{"iPhone eTag", []string{"i", "Phone", " e", "Tag"}},
		// One space or punctuation character leads a word.
		{"/api/v1 $ref", []string{"/api", "/v", "1", " $", "ref"}},
		// The last space of a run leads the next word; newlines end a run.
		{"a   b\n\n  c", []string{"a", "  ", " b", "\n\n", " ", " c"}},
		{"a \t\n", []string{"a", " \t\n"}},
		// Digits go in threes; a space before them stands alone.
		{"x 1234567", []string{"x", " ", "123", "456", "7"}},
		// Punctuation takes the newlines and slashes after it.
		{"a,\nb): //c", []string{"a", ",\n", "b", "):", " //", "c"}},
		{`\"quoted\"`, []string{`\"`, `quoted`, `\"`}},
		// Contractions, in any case, but not every apostrophe.
		{"it's WE'RE o'clock", []string{"it's", " WE'RE", " o", "'clock"}},
		{"Ünïcödé 日本語", []string{"Ünïcödé", " 日本語"}},
		{"\xff\xfeab", []string{"\xff\xfe", "ab"}},
		{"", nil},
	} {
		if got := split(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("chunks(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// FuzzTokens checks that the chunks cover the input exactly, and that the
// estimate is at least one token for any text and at most one per byte,
// as for a byte-level BPE.
func FuzzTokens(f *testing.F) {
	for _, s := range []string{"", " ", `{"a":[{"b":"c"}]}`, "it's 123 HTTPServer", "\xff\n\n  x", "🌧️ ünï"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := split(s)
		if strings.Join(got, "") != s {
			t.Fatalf("chunks(%q) = %q, which do not add up to the input", s, got)
		}
		if slices.Contains(got, "") {
			t.Fatalf("chunks(%q) = %q has an empty chunk", s, got)
		}
		n := Tokens(s)
		if n > len(s) || (n == 0) != (s == "") {
			t.Fatalf("Tokens(%q) = %d, want 1 to %d", s, n, len(s))
		}
	})
}
