// Package naming holds how mcptag names what it serves: the default name of
// a tool or prompt, made from its Go function's name (SnakeCase), the words
// of a Go identifier (Words), and the rule that MCP tool names follow
// (Valid, Fault).
package naming

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// Valid matches the names the MCP tool name grammar allows.
var Valid = regexp.MustCompile(`^[A-Za-z0-9_.-]{1,128}$`)

// Fault says how name breaks the name rule (Valid), as the go-sdk's
// validateToolName words it (mcp/tool.go): its length, or the characters
// it may not hold, in the order they appear.
func Fault(name string) string {
	switch n := len(name); {
	case n == 0:
		return "it is empty"
	case n > 128:
		return fmt.Sprintf("it has %d bytes, the most is 128", n)
	}
	var bad []string
	for _, r := range name {
		if q := strconv.Quote(string(r)); !Valid.MatchString(string(r)) && !slices.Contains(bad, q) {
			bad = append(bad, q)
		}
	}
	return "it contains " + strings.Join(bad, ", ")
}

// SnakeCase turns a Go identifier into the default tool name, a word at
// a time in lower case: GetWeather → get_weather, HTTPServer →
// http_server, GetV2API → get_v2_api, ListURLs → list_urls, NaNReading →
// nan_reading, IPv4Address → ipv4_address.
func SnakeCase(name string) string {
	return strings.ToLower(strings.Join(Words(name), "_"))
}

// mixedCaseWords are words written in mixed case that a reader takes as
// one word, where the case changes inside them would split them.
var mixedCaseWords = []string{
	"NaN", "IPv4", "IPv6", "OAuth2", "OAuth", "OpenAPI", "OpenID", "GitHub", "GitLab",
	"GraphQL", "gRPC", "iOS", "macOS", "MySQL", "PostgreSQL", "WebSocket", "WebSockets",
	"JavaScript", "TypeScript", "YouTube", "LinkedIn", "eBPF", "WiFi",
}

// Words splits a Go identifier into its words: a capital starts a
// word; a run of capitals is one word (an initialism), whose last capital
// starts the next word when a lower-case letter follows, unless that is
// the plural s ending the run (URLs); digits stay with the word before
// them; the words of mixedCaseWords stay whole.
func Words(name string) []string {
	var words []string
	rs := []rune(name)
	start := 0
	cut := func(i int) {
		if i > start {
			words = append(words, string(rs[start:i]))
		}
		start = i
	}
	isUpper := func(i int) bool { return i < len(rs) && unicode.IsUpper(rs[i]) }
	isLower := func(i int) bool { return i < len(rs) && unicode.IsLower(rs[i]) }
	for i := 0; i < len(rs); {
		if w := mixedCaseWordAt(rs, i); w > 0 {
			cut(i)
			i += w
			cut(i)
			continue
		}
		switch {
		case i > 0 && isUpper(i) && !isUpper(i-1):
			cut(i) // fooBar, v2Api
		case i > 0 && isUpper(i) && isLower(i+1) && !pluralAt(rs, i+1):
			cut(i) // HTTPServer: the S starts Server
		}
		i++
	}
	cut(len(rs))
	return words
}

// pluralAt reports whether rs[i] is the s that makes the initialism
// before it plural: an s after two capitals or more, ending the word.
func pluralAt(rs []rune, i int) bool {
	if rs[i] != 's' || i < 2 || !unicode.IsUpper(rs[i-1]) || !unicode.IsUpper(rs[i-2]) {
		return false
	}
	return i+1 == len(rs) || !unicode.IsLower(rs[i+1])
}

// mixedCaseWordAt returns the length of a word of mixedCaseWords at rs[i]
// that stands as a word of its own there, or 0.
func mixedCaseWordAt(rs []rune, i int) int {
	if i > 0 && unicode.IsLower(rs[i]) && unicode.IsLetter(rs[i-1]) {
		return 0 // the middle of a word: myiOS is not my_ios
	}
	for _, w := range mixedCaseWords {
		wr := []rune(w)
		end := i + len(wr)
		if end <= len(rs) && string(rs[i:end]) == w && (end == len(rs) || !unicode.IsLower(rs[end])) {
			return len(wr)
		}
	}
	return 0
}
