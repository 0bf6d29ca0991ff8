package budget

import (
	"unicode"
	"unicode/utf8"
)

// A chunk is one piece of text that a BPE tokenizer encodes on its own:
// o200k splits text with a regular expression first and never merges
// across the pieces, so a word's cost does not depend on its neighbours.
type chunk struct {
	kind   chunkKind
	text   string
	prefix bool // a word led by one space or punctuation character
}

type chunkKind uint8

const (
	word   chunkKind = iota // letters: "properties", " The", "\"Pod", "HTTPServer"
	digits                  // up to three digits
	punct                   // punctuation, maybe led by a space: "\":{\"", " ("
	space                   // whitespace
)

// chunks calls yield with each chunk of s, in order, as o200k's
// pre-tokenizer splits it:
//
//	[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+('s|'t|'re|'ve|'m|'ll|'d)?
//	[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*('s|'t|'re|'ve|'m|'ll|'d)?
//	\p{N}{1,3}
//	 ?[^\s\p{L}\p{N}]+[\r\n/]*
//	\s*[\r\n]+
//	\s+(?!\S)
//	\s+
//
// The first alternative that matches at a position wins. Modifier and
// other letters (Lm, Lo) and marks (M) are in both the upper- and the
// lower-case class of a word; a mark is also punctuation, and can lead a
// word as a space does.
func chunks(s string, yield func(chunk)) {
	for i := 0; i < len(s); {
		c, n := scan(s[i:])
		c.text = s[i : i+n]
		yield(c)
		i += n
	}
}

// scan returns the kind and length of the chunk at the start of s.
func scan(s string) (chunk, int) {
	r, n := utf8.DecodeRuneInString(s)
	// A word, by the first alternative if it can match, else the second;
	// each with the optional lead character if it can, else without.
	var ledFirst, ledSecond int
	if r != '\r' && r != '\n' && !unicode.IsLetter(r) && !isDigit(r) {
		ledFirst, ledSecond = words(s[n:])
	}
	first, second := words(s)
	switch {
	case ledFirst > 0:
		return chunk{kind: word, prefix: true}, n + ledFirst
	case first > 0:
		return chunk{kind: word}, first
	case ledSecond > 0:
		return chunk{kind: word, prefix: true}, n + ledSecond
	case second > 0:
		return chunk{kind: word}, second
	case isDigit(r):
		end := n
		for k := 1; k < 3 && end < len(s); k++ {
			r2, n2 := utf8.DecodeRuneInString(s[end:])
			if !isDigit(r2) {
				break
			}
			end += n2
		}
		return chunk{kind: digits}, end
	case isPunct(r):
		return chunk{kind: punct}, n + punctuation(s[n:])
	case r == ' ':
		if r2, _ := utf8.DecodeRuneInString(s[n:]); isPunct(r2) {
			return chunk{kind: punct}, n + punctuation(s[n:])
		}
	}
	return chunk{kind: space}, whitespace(s)
}

// words returns the lengths of the words that the expression's first and
// second alternatives match at the start of s, without a lead character
// (0 if one does not match): characters of the upper-case class then of
// the lower-case class; upper case then maybe lower case. Each with a
// contraction after it.
func words(s string) (first, second int) {
	// The upper-case class: Lu and Lt, and those in both classes.
	upperEnd, lastBoth := 0, 0
	for upperEnd < len(s) {
		r, n := utf8.DecodeRuneInString(s[upperEnd:])
		c := letterClass(r)
		if c != upperOnly && c != bothCases {
			break
		}
		upperEnd += n
		if c == bothCases {
			lastBoth = upperEnd
		}
	}
	// The lower-case class after it, which can only start with Ll: the
	// upper-case run took any character of both classes.
	end := upperEnd
	for end < len(s) {
		r, n := utf8.DecodeRuneInString(s[end:])
		if c := letterClass(r); c != lowerOnly && c != bothCases {
			break
		}
		end += n
	}
	switch {
	case end > upperEnd:
		first = end
	case lastBoth > 0:
		// No lower case follows: the expression backtracks until the
		// lower-case part is the run's last character of both classes.
		first = lastBoth
	}
	if first > 0 {
		first += contraction(s[first:])
	}
	if upperEnd > 0 {
		second = end + contraction(s[end:])
	}
	return first, second
}

// contraction returns the length of 's, 't, 're, 've, 'm, 'll or 'd at
// the start of s, matched without regard to case.
func contraction(s string) int {
	if len(s) < 2 || s[0] != '\'' {
		return 0
	}
	switch lowerASCII(s[1]) {
	case 's', 't', 'm', 'd':
		return 2
	case 'r', 'v':
		if len(s) >= 3 && lowerASCII(s[2]) == 'e' {
			return 3
		}
	case 'l':
		if len(s) >= 3 && lowerASCII(s[2]) == 'l' {
			return 3
		}
	}
	return 0
}

func lowerASCII(b byte) byte {
	if 'A' <= b && b <= 'Z' {
		return b + 'a' - 'A'
	}
	return b
}

// punctuation returns the length of the punctuation run at the start of
// s, with the newlines and slashes that follow it.
func punctuation(s string) int {
	i := 0
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if !isPunct(r) {
			break
		}
		i += n
	}
	for i < len(s) && (s[i] == '\r' || s[i] == '\n' || s[i] == '/') {
		i++
	}
	return i
}

// whitespace returns the length of the whitespace chunk at the start of
// s: through its last newline if it has one; else all of it, except that
// a run followed by a non-space leaves its last space to lead what follows.
func whitespace(s string) int {
	end, lastNewline := 0, -1
	for end < len(s) {
		r, n := utf8.DecodeRuneInString(s[end:])
		if !isSpace(r) {
			break
		}
		if r == '\r' || r == '\n' {
			lastNewline = end + n
		}
		end += n
	}
	switch {
	case lastNewline > 0:
		return lastNewline
	case end == len(s):
		return end
	}
	if _, n := utf8.DecodeLastRuneInString(s[:end]); end > n {
		return end - n
	}
	return end
}

// The classes of ASCII characters, looked up before the unicode tables:
// most of a schema is ASCII.
const (
	asciiLower = 1 << iota
	asciiUpper
	asciiDigit
	asciiSpace
)

var asciiClass = func() (c [utf8.RuneSelf]uint8) {
	for r := range rune(utf8.RuneSelf) {
		switch {
		case unicode.IsLower(r):
			c[r] = asciiLower
		case unicode.IsUpper(r):
			c[r] = asciiUpper
		case unicode.IsNumber(r):
			c[r] = asciiDigit
		case unicode.IsSpace(r):
			c[r] = asciiSpace
		}
	}
	return c
}()

// The classes of the characters of a word.
const (
	notLetter = iota
	upperOnly // Lu, Lt
	lowerOnly // Ll
	bothCases // Lm, Lo, M
)

func letterClass(r rune) int {
	switch {
	case r < utf8.RuneSelf:
		switch asciiClass[r] {
		case asciiUpper:
			return upperOnly
		case asciiLower:
			return lowerOnly
		}
		return notLetter
	case unicode.IsUpper(r) || unicode.IsTitle(r):
		return upperOnly
	case unicode.IsLower(r):
		return lowerOnly
	case unicode.IsLetter(r) || unicode.IsMark(r):
		return bothCases
	}
	return notLetter
}

// isUpper reports whether r is an upper-case or title-case letter.
func isUpper(r rune) bool { return letterClass(r) == upperOnly }

func isDigit(r rune) bool {
	if r < utf8.RuneSelf {
		return asciiClass[r]&asciiDigit != 0
	}
	return unicode.IsNumber(r)
}

func isSpace(r rune) bool {
	if r < utf8.RuneSelf {
		return asciiClass[r]&asciiSpace != 0
	}
	return unicode.IsSpace(r)
}

// isPunct reports whether r is neither space, letter nor digit: a mark is
// punctuation, and so is a byte that is not UTF-8 (utf8.RuneError).
func isPunct(r rune) bool {
	if r < utf8.RuneSelf {
		return asciiClass[r] == 0
	}
	return !unicode.IsSpace(r) && !unicode.IsLetter(r) && !unicode.IsNumber(r)
}
