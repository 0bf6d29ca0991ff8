package argspec

// The grammar of JSON numbers, and of the decimal strings that hold a
// number for encoding/json (",string" fields and integer map keys): the
// checker, toolimpl's writer of views and the schemas mcptag generates all
// read it here.

import (
	"errors"
	"strconv"
)

// NumberPattern is the grammar of a JSON number (RFC 8259, section 6) as
// a JSON Schema pattern: what IsJSONNumber accepts.
const NumberPattern = `^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`

// IsJSONNumber reports whether s is a number by JSON's grammar: no "+",
// no ".5", no "01", no "0x". It reads s once, without a regular
// expression, for it runs on every number a call sends as a string.
func IsJSONNumber(s string) bool {
	i := 0
	digits := func() int {
		start := i
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
		}
		return i - start
	}
	if i < len(s) && s[i] == '-' {
		i++
	}
	if i < len(s) && s[i] == '0' {
		i++
	} else if digits() == 0 {
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}

// DecimalPattern returns the JSON Schema pattern of a string holding a
// decimal number of the format f, DecimalInt, DecimalUint or
// DecimalFloat, as encoding/json reads it; "" for any other format.
func DecimalPattern(f Format) string {
	switch f {
	case DecimalInt:
		return `^-?[0-9]+$`
	case DecimalUint:
		return `^[0-9]+$`
	case DecimalFloat:
		return NumberPattern
	}
	return ""
}

// validDecimal reports whether s matches DecimalPattern(f), read without
// a regular expression. A number beyond the range of a Go integer or
// float matches: encoding/json reports the range, with its own message.
func validDecimal(s string, f Format) bool {
	if s == "" || !(s[0] == '-' && f != DecimalUint || '0' <= s[0] && s[0] <= '9') {
		return false
	}
	var err error
	switch f {
	case DecimalInt:
		_, err = strconv.ParseInt(s, 10, 64)
	case DecimalUint:
		_, err = strconv.ParseUint(s, 10, 64)
	case DecimalFloat:
		if !IsJSONNumber(s) {
			return false
		}
		_, err = strconv.ParseFloat(s, 64)
	}
	if errors.Is(err, strconv.ErrRange) {
		return true // the syntax is right; encoding/json reports the range
	}
	return err == nil
}
