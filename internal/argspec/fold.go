package argspec

// Case-insensitive enums: models often get the case of an enum value
// wrong ("open" for "OPEN"), so unless the tool is strict, a string that
// matches exactly one value ignoring case is taken for that value, as a
// string holding a number is taken for the number.

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// enumMatch is how a string matched a's Enum.
type enumMatch uint8

const (
	noMatch   enumMatch = iota
	exactly             // s is a value
	folded              // s is one value ignoring case
	ambiguous           // s is more than one value ignoring case
)

// enumValue returns the value of a's Enum that s stands for, and how it
// matched: s itself, or unless the tool is strict, the one value equal
// to s ignoring case (Unicode simple folding, as strings.EqualFold).
func (sp *Spec) enumValue(a *Arg, s string) (string, enumMatch) {
	if sp.inEnum(a, s) {
		return s, exactly
	}
	if sp.Strict {
		return "", noMatch
	}
	if len(a.Enum) > linearFields {
		return sp.foldedLookup(a, s)
	}
	value, match := "", noMatch
	for _, v := range a.Enum {
		if strings.EqualFold(v, s) {
			if match == folded {
				return "", ambiguous
			}
			value, match = v, folded
		}
	}
	return value, match
}

// A foldIndex maps the fold keys of a long enum's values to them.
type foldIndex struct {
	values   map[string]string // fold key to value; "" and ambiguous for two
	ambig    map[string]bool
	maxRunes int // the longest value's characters: a longer s matches none
}

// foldedLookup looks s up in the fold index of a long enum, built with
// the exact one: a long s costs one count of its characters, a short one
// a fold of it and a hash, however many values the enum has.
func (sp *Spec) foldedLookup(a *Arg, s string) (string, enumMatch) {
	sp.indexOnce.Do(sp.buildIndex)
	idx := sp.folds[&a.Enum[0]]
	if idx == nil || utf8.RuneCountInString(s) > idx.maxRunes {
		return "", noMatch
	}
	key := foldKey(s)
	if idx.ambig[key] {
		return "", ambiguous
	}
	if v, ok := idx.values[key]; ok {
		return v, folded
	}
	return "", noMatch
}

// newFoldIndex indexes values by their fold keys.
func newFoldIndex(values []string) *foldIndex {
	idx := &foldIndex{values: make(map[string]string, len(values)), ambig: map[string]bool{}}
	for _, v := range values {
		key := foldKey(v)
		if prev, ok := idx.values[key]; ok && prev != v {
			idx.ambig[key] = true
		}
		idx.values[key] = v
		idx.maxRunes = max(idx.maxRunes, utf8.RuneCountInString(v))
	}
	return idx
}

// foldKey is s with each character replaced by the least of the
// characters equal to it ignoring case: two strings have the same key
// exactly when strings.EqualFold holds for them. A fold keeps the number
// of characters.
func foldKey(s string) string {
	if ascii(s) {
		// The least of an ASCII letter's equals is its upper case
		// (K and S included, whose others are not ASCII).
		return strings.ToUpper(s)
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		least := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			least = min(least, f)
		}
		b.WriteRune(least)
	}
	return b.String()
}

// caseMatches are the values equal to s ignoring case, for the message
// that refuses an s that is more than one.
func caseMatches(values []string, s string) []string {
	var matches []string
	for _, v := range values {
		if strings.EqualFold(v, s) {
			matches = append(matches, v)
		}
	}
	return matches
}

func ascii(s string) bool {
	for i := range len(s) {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// quoteJSON is the JSON string of s, an enum value that replaces a
// string sent in another case.
func quoteJSON(s string) []byte {
	if ascii(s) && !strings.ContainsFunc(s, func(r rune) bool { return r < ' ' || r == 0x7f || r == '<' || r == '>' || r == '&' }) {
		return strconv.AppendQuote(nil, s) // the same as JSON's for these
	}
	data, _ := json.Marshal(s)
	return data
}
