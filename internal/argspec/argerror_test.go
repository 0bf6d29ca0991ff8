package argspec

import (
	"errors"
	"testing"
)

// TestArgErrorParts: every refusal carries its kind, its argument and,
// where its message says them, what was wanted and what was got, read
// from the very message a model reads.
func TestArgErrorParts(t *testing.T) {
	sp := &Spec{Tool: "book", Args: []Arg{
		{Name: "guests", Required: true, Kind: KindInteger, Rules: []Rule{{Op: Maximum, Num: 12}}},
		{Name: "unit", Kind: KindString, Enum: []string{"celsius", "Celsius"}},
	}}
	for _, c := range []struct {
		raw  string
		want ArgError
	}{
		{`{}`, ArgError{Kind: Missing, Path: "guests"}},
		{`{"guests":1,"gusts":2}`, ArgError{Kind: Unknown, Path: "gusts", Want: "guests"}},
		{`{"guests":1,"guests":2}`, ArgError{Kind: Duplicate, Path: "guests"}},
		{`{"guests":"two"}`, ArgError{Kind: Invalid, Path: "guests", Want: "integer", Got: `"two"`}},
		{`{"guests":13}`, ArgError{Kind: Invalid, Path: "guests", Want: "at most 12", Got: "13"}},
		{`{"guests":1,"unit":"CELSIUS"}`, ArgError{Kind: Invalid, Path: "unit", Want: `one of "celsius", "Celsius" as spelled`, Got: `"CELSIUS"`}},
		{`[1]`, ArgError{Kind: Malformed}},
		{`{"guests":`, ArgError{Kind: Malformed}},
		{`{"guests":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}`, ArgError{Kind: Malformed, Path: "guests"}},
	} {
		_, err := sp.Parse([]byte(c.raw))
		var got *ArgError
		if !errors.As(err, &got) {
			t.Fatalf("%s: %v, want an *ArgError", c.raw, err)
		}
		c.want.Tool, c.want.Message = "book", got.Message
		if *got != c.want {
			t.Errorf("%s: %+v, want %+v", c.raw, *got, c.want)
		}
	}
}
