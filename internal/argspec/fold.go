package argspec

// Case-insensitive enums: models often get the case of an enum value
// wrong ("open" for "OPEN"), so unless the tool is strict, a string that
// matches exactly one value ignoring case is taken for that value, as a
// string holding a number is taken for the number.

import (
	"encoding/json"
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

// enumValue returns the index in a's Enum of the value that s stands
// for, and how it matched: s itself, or unless the tool is strict, the
// one value equal to s ignoring case (Unicode simple folding, as
// strings.EqualFold). A string not sent as spelled is looked up in an
// index built with the exact one: it costs a count of its characters, a
// fold of it and a hash, however many values the enum has.
func (sp *Spec) enumValue(a *Arg, s string) (int, enumMatch) {
	if sp.inEnum(a, s) {
		return -1, exactly
	}
	if sp.Strict || len(a.Enum) == 0 {
		return -1, noMatch
	}
	sp.indexOnce.Do(sp.buildIndex)
	idx := sp.folds[&a.Enum[0]]
	if idx == nil || utf8.RuneCountInString(s) > idx.maxRunes {
		return -1, noMatch
	}
	var scratch [64]byte
	i, ok := idx.byKey[string(appendFoldKey(scratch[:0], s))]
	switch {
	case !ok:
		return -1, noMatch
	case i < 0:
		return -1, ambiguous
	}
	return i, folded
}

// A foldIndex maps the fold keys of an enum's values to their indexes,
// -1 for a key of two values, and holds each value's JSON, which replaces
// a string sent in another case.
type foldIndex struct {
	byKey    map[string]int
	quoted   [][]byte
	maxRunes int // the longest value's characters: a longer s matches none
}

// newFoldIndex indexes values by their fold keys.
func newFoldIndex(values []string) *foldIndex {
	idx := &foldIndex{byKey: make(map[string]int, len(values)), quoted: make([][]byte, len(values))}
	for i, v := range values {
		key := string(appendFoldKey(nil, v))
		if j, ok := idx.byKey[key]; ok && (j < 0 || values[j] != v) {
			idx.byKey[key] = -1
		} else if !ok {
			idx.byKey[key] = i
		}
		idx.quoted[i], _ = json.Marshal(v)
		idx.maxRunes = max(idx.maxRunes, utf8.RuneCountInString(v))
	}
	return idx
}

// enumJSON is the JSON of the value at index i of a's Enum, once
// enumValue found it.
func (sp *Spec) enumJSON(a *Arg, i int) []byte { return sp.folds[&a.Enum[0]].quoted[i] }

// appendFoldKey appends to dst s with each character replaced by the
// least of the characters equal to it ignoring case: two strings have the
// same key exactly when strings.EqualFold holds for them. A fold keeps
// the number of characters.
func appendFoldKey(dst []byte, s string) []byte {
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			// The least of an ASCII letter's equals is its upper case
			// (K and S included, whose others are not ASCII).
			if 'a' <= c && c <= 'z' {
				c -= 'a' - 'A'
			}
			dst = append(dst, c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		least := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			least = min(least, f)
		}
		dst = utf8.AppendRune(dst, least)
		i += size
	}
	return dst
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

// Lookup returns a function that finds the value of values a string
// stands for, as a string enum of a tool that is not strict takes it: the
// value itself, or the one value equal to it ignoring case. The function
// returns the value's index, or -1 when the string is none of them, or
// more than one ignoring case.
func Lookup(values []string) func(s string) int {
	exact := make(map[string]int, len(values))
	for i := len(values) - 1; i >= 0; i-- {
		exact[values[i]] = i // the first of equal values wins
	}
	folds := newFoldIndex(values)
	return func(s string) int {
		if i, ok := exact[s]; ok {
			return i
		}
		if utf8.RuneCountInString(s) > folds.maxRunes {
			return -1
		}
		var scratch [64]byte
		if i, ok := folds.byKey[string(appendFoldKey(scratch[:0], s))]; ok {
			return i
		}
		return -1
	}
}
