package budget

import (
	"math"
	"strings"
	"unicode/utf8"
)

// Tokens estimates how many tokens the o200k_base BPE (the vocabulary of
// GPT-4o and later models) encodes s into. It splits s as the tokenizer
// does and prices each piece by its shape, with no vocabulary; see
// docs/budget.md for the rules and their measured error.
func Tokens(s string) int {
	var sum float64
	chunks(s, func(c chunk) { sum += cost(c) })
	return int(math.Round(sum))
}

// cost estimates the tokens of one chunk.
func cost(c chunk) float64 {
	switch c.kind {
	case word:
		return wordCost(c)
	case punct:
		return punctCost(c.text)
	case space:
		// A run of up to 79 spaces is one token.
		return float64(1 + (utf8.RuneCountInString(c.text)-1)/79)
	}
	return 1 // digits come in threes, each one token
}

// The word rules, fitted to o200k on JSON schemas and English prose.
// Common words are one token whatever their length, rarer ones are split,
// and a word's shape tells which is likelier: a lower-case JSON key or
// enum value ("description", "additional") is almost always whole, a
// capitalised or space-led word a little less, an acronym rarely.
const (
	wordFree        = 6   // letters a space-led or capitalised word gets in its first token
	bareLowerFree   = 11  // the same for a lower-case word with nothing before it
	perExtraLetter  = 0.1 // tokens per letter beyond those
	acronymFree     = 3   // letters an all-capitals word gets in its first token
	perAcronymExtra = 0.4 // tokens per capital beyond those
	punctLead       = 0.4 // a word led by punctuation ("/Pod", "_at") is often split there
	contractionCost = 0.5 // "'s" is its own token after most nouns
	perNonASCII     = 0.3 // a letter outside ASCII costs more bytes to encode
	spaceLead       = ' ' // the lead that merges with almost any word
)

// wordCost estimates the tokens of a word chunk.
func wordCost(c chunk) float64 {
	body, lead := c.text, rune(0)
	if c.prefix {
		r, n := utf8.DecodeRuneInString(body)
		body, lead = body[n:], r
	}
	tokens := 1.0
	if i := strings.IndexByte(body, '\''); i > 0 {
		body = body[:i]
		tokens += contractionCost
	}
	letters, upper, nonASCII := 0, 0, 0
	for _, r := range body {
		letters++
		if isUpper(r) {
			upper++
		}
		if r >= utf8.RuneSelf {
			nonASCII++
		}
	}
	first, _ := utf8.DecodeRuneInString(body)
	switch {
	case letters > 1 && upper == letters:
		tokens += float64(max(0, letters-acronymFree)) * perAcronymExtra
	case lead == 0 && !isUpper(first):
		tokens += float64(max(0, letters-bareLowerFree)) * perExtraLetter
	default:
		tokens += float64(max(0, letters-wordFree)) * perExtraLetter
	}
	if lead != 0 && lead != spaceLead {
		tokens += punctLead
	}
	return tokens + float64(nonASCII)*perNonASCII
}

// The punctuation rules. o200k has single tokens for the junctions of
// compact JSON: a separator with the quote or bracket around it (`":"`,
// `","`, `":{"`, `":["`, `.","`, `},"`). What closes a value before the
// separator merges in pairs (`"}`, `"]`, `}}`), one character of it
// with the separator; more than one opening bracket after it costs a
// token each. Other punctuation merges about three characters a token.
const (
	perGenericChar = 1. / 3 // tokens per character of other punctuation, after the first
	perWideRune    = 0.5    // tokens per UTF-8 byte beyond two (emoji and the like)
)

// punctCost estimates the tokens of a punctuation chunk.
func punctCost(s string) float64 {
	if len(s) > 1 && s[0] == ' ' {
		s = s[1:] // a leading space merges with what follows
	}
	for len(s) > 0 && (s[len(s)-1] == '\r' || s[len(s)-1] == '\n') {
		s = s[:len(s)-1]
	}
	tokens, other := 0.0, 0
	for i := 0; i < len(s); {
		start := i
		for i < len(s) && isClosing(s[i]) {
			i++
		}
		if i == len(s) || !isSeparator(s[i]) {
			// Not a junction: the closers and the character after
			// them are ordinary punctuation.
			if i < len(s) {
				_, n := utf8.DecodeRuneInString(s[i:])
				i += n
			}
			other += utf8.RuneCountInString(s[start:i])
			continue
		}
		end := i + 1
		openers := 0
		for end < len(s) && isOpening(s[end]) {
			end, openers = end+1, openers+1
		}
		if end < len(s) && s[end] == '"' {
			end++
		}
		if !strings.ContainsAny(s[start:end], "\"{}[]") {
			other += end - start // a bare ":" or "," as in "://" or "),"
			i = end
			continue
		}
		tokens += genericCost(other) + junctionCost(s[start:i], openers)
		other, i = 0, end
	}
	tokens += genericCost(other) + float64(wideBytes(s))*perWideRune
	return max(1, tokens)
}

// wideBytes counts the bytes of s's UTF-8 characters beyond two each.
func wideBytes(s string) int {
	wide := 0
	for i := 0; i < len(s); {
		_, n := utf8.DecodeRuneInString(s[i:])
		wide += max(0, n-2)
		i += n
	}
	return wide
}

// junctionCost estimates the tokens of a JSON junction: the characters
// closing one value, a separator, and after it openers opening brackets
// (and maybe a quote).
func junctionCost(closing string, openers int) float64 {
	switch {
	case strings.HasSuffix(closing, `."`):
		closing = closing[:len(closing)-2]
	case closing != "":
		closing = closing[:len(closing)-1]
	}
	return float64(1 + (len(closing)+1)/2 + max(0, openers-1))
}

// genericCost estimates the tokens of n characters of punctuation that
// is not a JSON junction.
func genericCost(n int) float64 {
	if n == 0 {
		return 0
	}
	return 1 + float64(n-1)*perGenericChar
}

func isClosing(b byte) bool   { return b == '.' || b == '"' || b == '}' || b == ']' }
func isSeparator(b byte) bool { return b == ',' || b == ':' }
func isOpening(b byte) bool   { return b == '{' || b == '[' }
