package suggest

import "testing"

func TestClosest(t *testing.T) {
	names := []string{"city", "days", "units"}
	for _, tc := range []struct{ word, want string }{
		{"cty", "city"},
		{"City", "city"},
		{"day", "days"},
		{"unit", "units"},
		{"temperature", ""},
		{"", ""},
	} {
		if got := Closest(tc.word, names); got != tc.want {
			t.Errorf("Closest(%q) = %q, want %q", tc.word, got, tc.want)
		}
	}
}
