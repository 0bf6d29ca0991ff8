package analyzer

import (
	"slices"
	"strings"
	"unicode"

	"github.com/mcptag/mcptag/internal/naming"
)

// A form (//mcp:elicit) must never collect a secret, as the protocol
// says, and a secret sent as a parameter header is logged by every proxy
// on its way. Whether a field holds one is read from its names, so the
// finding (category sensitive) is advice: silence a false alarm with
// //mcptag:ignore sensitive and the reason.

// sensitiveWords are the words of a name that say it holds a secret.
var sensitiveWords = []string{
	"password", "passwd", "passphrase", "secret", "token", "apikey", "credential", "credentials",
	"authorization", "cookie", "cvv", "cvc", "ssn", "pin",
}

// sensitivePairs are the pairs of consecutive words that do.
var sensitivePairs = [][2]string{
	{"api", "key"}, {"access", "key"}, {"private", "key"}, {"secret", "key"}, {"signing", "key"},
	{"credit", "card"}, {"card", "number"}, {"security", "code"}, {"social", "security"},
}

// sensitiveWord returns the word or words of the first of names that
// say it holds a secret, or "".
func sensitiveWord(names ...string) string {
	for _, name := range names {
		words := nameWords(name)
		for i, w := range words {
			if slices.Contains(sensitiveWords, w) {
				return w
			}
			for _, p := range sensitivePairs {
				if i+1 < len(words) && w == p[0] && words[i+1] == p[1] {
					return p[0] + " " + p[1]
				}
			}
		}
	}
	return ""
}

// nameWords splits a name into its words, in lower case: at punctuation
// and spaces (api_key, X-Api-Key, "api key") and by its case (apiKey,
// APIKey).
func nameWords(name string) []string {
	var words []string
	for _, part := range strings.FieldsFunc(name, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		for _, w := range naming.Words(part) {
			words = append(words, strings.ToLower(w))
		}
	}
	return words
}
