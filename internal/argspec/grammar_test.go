package argspec

import (
	"regexp"
	"testing"
)

// numberTexts are strings at the edges of JSON's number grammar, and of
// what strconv reads but JSON does not.
var numberTexts = []string{
	"0", "-0", "7", "-7", "10", "0.5", "-0.5", "1e5", "1E5", "1e+5", "1e-5", "1.5e-300",
	"123456789012345678901234567890", "0e0",
	"", "-", "+1", "01", "-01", "00", ".5", "5.", "-.5", "1e", "1e+", "1e-", "e5", "1.e5",
	"0x1", "1_000", "Inf", "NaN", " 1", "1 ", "1.5.5", "1e5e5", "--1", "٣",
}

// TestIsJSONNumberIsNumberPattern: IsJSONNumber accepts what the schema
// pattern NumberPattern matches, and only that.
func TestIsJSONNumberIsNumberPattern(t *testing.T) {
	re := regexp.MustCompile(NumberPattern)
	for _, s := range numberTexts {
		if got, want := IsJSONNumber(s), re.MatchString(s); got != want {
			t.Errorf("IsJSONNumber(%q) = %v, NumberPattern says %v", s, got, want)
		}
	}
}

// FuzzIsJSONNumber holds IsJSONNumber to NumberPattern on any string.
func FuzzIsJSONNumber(f *testing.F) {
	for _, s := range numberTexts {
		f.Add(s)
	}
	re := regexp.MustCompile(NumberPattern)
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := IsJSONNumber(s), re.MatchString(s); got != want {
			t.Errorf("IsJSONNumber(%q) = %v, NumberPattern says %v", s, got, want)
		}
	})
}

// TestValidDecimalIsDecimalPattern: the checker accepts the strings the
// schema's pattern of each decimal format matches, numbers out of the
// range of a Go integer included (encoding/json reports those).
func TestValidDecimalIsDecimalPattern(t *testing.T) {
	texts := append([]string{"18446744073709551616", "-9223372036854775809", "1e400"}, numberTexts...)
	for _, f := range []Format{DecimalInt, DecimalUint, DecimalFloat} {
		re := regexp.MustCompile(DecimalPattern(f))
		for _, s := range texts {
			if got, want := validDecimal(s, f), re.MatchString(s); got != want {
				t.Errorf("%s: validDecimal(%q) = %v, DecimalPattern says %v", FormatIdent(f), s, got, want)
			}
		}
	}
	if p := DecimalPattern(Email); p != "" {
		t.Errorf("DecimalPattern(Email) = %q, want none", p)
	}
}
