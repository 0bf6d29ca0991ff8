package directive

import (
	"slices"
	"testing"
)

// TestValueOffsets maps the bytes of an option's value to where the
// source has them, through quotes and escapes.
func TestValueOffsets(t *testing.T) {
	for raw, want := range map[string][]int{
		`view=ab`:            {5, 6},
		`view="ab"`:          {6, 7},
		`view="a\u00e9b"`:    {6, 7, 7, 13},
		`view="\x41\101b"`:   {6, 10, 14},
		`view=a"b c"d`:       {5, 7, 8, 9, 11},
		`view="unterminated`: nil,
	} {
		if got := (Span{Raw: raw}).ValueOffsets(); !slices.Equal(got, want) {
			t.Errorf("%s: %v, want %v", raw, got, want)
		}
	}
}
