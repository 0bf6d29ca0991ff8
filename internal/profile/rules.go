package profile

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
)

// A keyword is a JSON Schema keyword that some provider cannot carry in
// a function's parameters, and how it reads in words instead. Where a
// provider's rule comes from is docs/profiles.md's.
type keyword struct {
	name string
	// handler says what the generated handler does with the keyword's
	// value whatever the schema says ("checks it"), "" for an annotation.
	handler string
	// carried lists the providers that carry the keyword. Anthropic
	// carries every keyword: its only rule is the root's.
	carried []Provider
	has     func(s *jsonschema.Schema) bool
	words   func(s *jsonschema.Schema) string
	drop    func(s *jsonschema.Schema)
}

// keywords is the table of keywords a provider may not carry, in the
// order their words are written. The keywords an input schema has and no
// row names (type, properties, required, items, minimum, maximum,
// minItems, maxItems, pattern, title, description) every provider
// carries; format, enum, $ref, additionalProperties and a missing type
// have rules of their own (special).
var keywords = []keyword{
	{"exclusiveMinimum", "checks it", []Provider{OpenAI, Anthropic},
		func(s *jsonschema.Schema) bool { return s.ExclusiveMinimum != nil },
		func(s *jsonschema.Schema) string { return "Greater than " + number(*s.ExclusiveMinimum) + "." },
		func(s *jsonschema.Schema) { s.ExclusiveMinimum = nil }},
	{"exclusiveMaximum", "checks it", []Provider{OpenAI, Anthropic},
		func(s *jsonschema.Schema) bool { return s.ExclusiveMaximum != nil },
		func(s *jsonschema.Schema) string { return "Less than " + number(*s.ExclusiveMaximum) + "." },
		func(s *jsonschema.Schema) { s.ExclusiveMaximum = nil }},
	{"multipleOf", "checks it", []Provider{OpenAI, Anthropic},
		func(s *jsonschema.Schema) bool { return s.MultipleOf != nil },
		func(s *jsonschema.Schema) string { return "A multiple of " + number(*s.MultipleOf) + "." },
		func(s *jsonschema.Schema) { s.MultipleOf = nil }},
	{"minLength", "checks it", []Provider{Gemini, Anthropic},
		func(s *jsonschema.Schema) bool { return s.MinLength != nil },
		func(s *jsonschema.Schema) string { return "At least " + characters(*s.MinLength) + "." },
		func(s *jsonschema.Schema) { s.MinLength = nil }},
	{"maxLength", "checks it", []Provider{Gemini, Anthropic},
		func(s *jsonschema.Schema) bool { return s.MaxLength != nil },
		func(s *jsonschema.Schema) string { return "At most " + characters(*s.MaxLength) + "." },
		func(s *jsonschema.Schema) { s.MaxLength = nil }},
	{"contentEncoding", "checks it", []Provider{Anthropic},
		func(s *jsonschema.Schema) bool { return s.ContentEncoding != "" },
		func(s *jsonschema.Schema) string { return encoded(s.ContentEncoding) },
		func(s *jsonschema.Schema) { s.ContentEncoding = "" }},
	{"uniqueItems", "checks it", []Provider{Anthropic},
		func(s *jsonschema.Schema) bool { return s.UniqueItems },
		func(*jsonschema.Schema) string { return "Unique items." },
		func(s *jsonschema.Schema) { s.UniqueItems = false }},
	{"propertyNames", "checks it", []Provider{Anthropic},
		func(s *jsonschema.Schema) bool { return s.PropertyNames != nil },
		func(s *jsonschema.Schema) string { return keysWords(s.PropertyNames) },
		func(s *jsonschema.Schema) { s.PropertyNames = nil }},
	{"default", "applies it", []Provider{Gemini, Anthropic},
		func(s *jsonschema.Schema) bool { return s.Default != nil },
		func(s *jsonschema.Schema) string { return "Defaults to " + string(s.Default) + "." },
		func(s *jsonschema.Schema) { s.Default = nil }},
	{"examples", "", []Provider{Anthropic},
		func(s *jsonschema.Schema) bool { return len(s.Examples) > 0 },
		func(s *jsonschema.Schema) string { return "For example: " + jsonList(s.Examples, ", ") + "." },
		func(s *jsonschema.Schema) { s.Examples = nil }},
}

// formats lists the string formats each provider carries; another
// format moves into words.
var formats = map[Provider][]string{
	OpenAI: {"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"},
	Gemini: {"date-time"},
}

// carriesFormat reports whether p carries format f.
func carriesFormat(p Provider, f string) bool {
	list, ok := formats[p]
	return !ok || slices.Contains(list, f)
}

// carriesEnum reports whether p carries the enum of s: Gemini's enum
// lists strings of a string.
func carriesEnum(p Provider, s *jsonschema.Schema) bool {
	if p != Gemini {
		return true
	}
	if s.Type != "string" {
		return false
	}
	for _, e := range s.Enum {
		if _, ok := e.(string); !ok {
			return false
		}
	}
	return true
}

// number writes a JSON number as JSON does, without an exponent where
// Go's %v would write one.
func number(f float64) string {
	return strconv.FormatFloat(f, 'f', -1, 64)
}

func characters(n int) string {
	if n == 1 {
		return "1 character"
	}
	return strconv.Itoa(n) + " characters"
}

func encoded(enc string) string {
	if enc == "base64" {
		return "Base64-encoded."
	}
	return "Encoded as " + enc + "."
}

// keysWords says what a map's keys must be.
func keysWords(names *jsonschema.Schema) string {
	if names.Pattern != "" {
		return "Keys match " + names.Pattern + "."
	}
	return "Keys are strings."
}

// jsonList writes values as JSON, separated by sep.
func jsonList(values []any, sep string) string {
	parts := make([]string, len(values))
	for i, v := range values {
		data, err := json.Marshal(v)
		if err != nil {
			data = []byte(strconv.Quote(string(data)))
		}
		parts[i] = string(data)
	}
	return strings.Join(parts, sep)
}

// withWords appends sentences to a description.
func withWords(desc string, sentences []string) string {
	words := strings.Join(sentences, " ")
	switch {
	case desc == "":
		return words
	case strings.HasSuffix(desc, ".") || strings.HasSuffix(desc, "!") || strings.HasSuffix(desc, "?"):
		return desc + " " + words
	}
	return desc + ". " + words
}
