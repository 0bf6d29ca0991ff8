package analyzer

import "testing"

// TestWithValues: a prompt argument's description lists its values.
func TestWithValues(t *testing.T) {
	many := make([]any, 32)
	for i := range many {
		many[i] = int64(i)
	}
	for _, tc := range []struct {
		desc string
		enum []any
		want string
	}{
		{"the city", nil, "the city"},
		{"the city", []any{"Cairo", "London"}, "the city (one of: Cairo, London)"},
		{"The city.", []any{"Cairo"}, "The city. One of: Cairo."},
		{"", []any{"a,b", "", " x", `say "hi"`, "New York"}, `One of: "a,b", "", " x", "say \"hi\"", New York.`},
		{"a number", many, "a number (one of: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, and 2 more)"},
	} {
		if got := withValues(tc.desc, tc.enum); got != tc.want {
			t.Errorf("withValues(%q, %v) = %q, want %q", tc.desc, tc.enum, got, tc.want)
		}
	}
}
