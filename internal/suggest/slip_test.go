package suggest

import "testing"

func TestSlipOf(t *testing.T) {
	for _, tc := range []struct {
		typed, meant string
		want         Slip
	}{
		{"fileds", "fields", Swapped},
		{"strcit", "strict", Swapped},
		{"Fiedls", "fields", Swapped},
		{"ifelds", "fields", Swapped},
		{"fielsd", "fields", Swapped},
		{"strictt", "strict", Doubled},
		{"sstrict", "strict", Doubled},
		{"keeep", "keep", Doubled},
		{"closd", "closed", Dropped},
		{"cosed", "closed", Dropped},
		{"fielxds", "fields", Added},
		// Other words: an ending or a first letter changed, a letter
		// changed, two slips, the word itself.
		{"close", "closed", NoSlip},
		{"losed", "closed", NoSlip},
		{"titles", "title", NoSlip},
		{"stitle", "title", NoSlip},
		{"test", "text", NoSlip},
		{"scores", "scopes", NoSlip},
		{"fields", "fields", NoSlip},
		{"flieds", "fields", NoSlip},
		{"filedss", "fields", NoSlip},
		{"", "a", NoSlip},
		{"a", "", NoSlip},
		{"", "", NoSlip},
	} {
		if got := SlipOf(tc.typed, tc.meant); got != tc.want {
			t.Errorf("SlipOf(%q, %q) = %d, want %d", tc.typed, tc.meant, got, tc.want)
		}
	}
}
