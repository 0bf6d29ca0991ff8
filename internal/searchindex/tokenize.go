package searchindex

import (
	"strings"
	"unicode"
)

// Words returns the words of s, lower cased, in order: s is cut at every
// character that is neither a letter nor a digit (so snake_case and
// kebab-case names fall apart), and at each camelCase hump ("getUserID"
// is get, user, id). Stop words are left in: Terms and the query drop
// them after matching phrases of the related-word table.
func Words(s string) []string {
	var words []string
	rs := []rune(s)
	start := -1
	for i, r := range rs {
		alnum := unicode.IsLetter(r) || unicode.IsDigit(r)
		if start >= 0 && (!alnum || hump(rs, i)) {
			words = append(words, strings.ToLower(string(rs[start:i])))
			start = -1
		}
		if alnum && start < 0 {
			start = i
		}
	}
	if start >= 0 {
		words = append(words, strings.ToLower(string(rs[start:])))
	}
	return words
}

// hump reports whether a camelCase word starts at rs[i]: a capital after
// a lower-case letter or a digit, or the last capital of a run that a
// lower-case letter follows ("HTTPServer" is http, server).
func hump(rs []rune, i int) bool {
	if i == 0 || !unicode.IsUpper(rs[i]) {
		return false
	}
	prev := rs[i-1]
	if unicode.IsLower(prev) || unicode.IsDigit(prev) {
		return true
	}
	return unicode.IsUpper(prev) && i+1 < len(rs) && unicode.IsLower(rs[i+1])
}

// stop are words too common in tool descriptions and questions to tell
// one tool from another.
var stop = map[string]bool{
	"a": true, "an": true, "the": true, "and": true, "or": true, "of": true, "to": true,
	"in": true, "on": true, "for": true, "by": true, "with": true, "from": true, "at": true,
	"as": true, "is": true, "are": true, "be": true, "it": true, "its": true, "this": true,
	"that": true, "these": true, "those": true, "if": true, "into": true, "their": true,
	"them": true, "they": true, "my": true, "me": true, "i": true, "we": true, "our": true,
	"you": true, "your": true, "can": true, "do": true, "does": true, "what": true,
	"which": true, "who": true, "how": true, "please": true, "want": true, "need": true,
	"some": true, "any": true, "all": true, "was": true, "were": true, "has": true,
	"have": true, "had": true, "not": true, "no": true, "so": true, "than": true,
	"then": true, "when": true, "where": true, "there": true, "here": true, "one": true,
	"returns": true, "return": true, "given": true, "s": true,
}

// Stop reports whether w, a word as Words returns it, is a stop word.
func Stop(w string) bool { return stop[w] }
