package argmodel

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/mcptag/mcptag/internal/argspec"
	"github.com/mcptag/mcptag/internal/suggest"
)

// A Tag is what a field's jsonschema tag, or a plain parameter's
// doc list item, says of its schema.
//
// A tag that does not begin with a known key ("minimum=1,...") or flag
// ("required") is a description, as the go-sdk reads it. One that does is
// read with invopop/jsonschema's grammar: comma-separated key=value pairs
// (a comma inside a value is written \,), enum and example repeated.
type Tag struct {
	Description, Title string
	Required           bool // the required flag
	// EnumNames is the enumNames flag, at the offset enumNamesOff: a
	// form's titled enum written in the deprecated form, enum beside
	// enumNames, for clients that read only that one (elicit.go).
	EnumNames    bool
	enumNamesOff int
	pairs        []tagPair
}

// tagFlags are the keys of a tag that take no value.
var tagFlags = []string{"required", "enumNames"}

// A tagPair is one key=value of a structured tag.
type tagPair struct {
	Key, Value string
	Off        int // byte offset of the key in the tag
}

// A TagError is a problem at an offset of a tag.
type TagError struct {
	Off int
	Msg string
	Fix *TagFix // the one obvious correction, if any
}

// A TagFix replaces the bytes Off to End of a tag's value with Text.
type TagFix struct {
	Off, End int
	Text     string
}

// ParseTag reads the value of a jsonschema tag.
//
// A tag whose first word is shaped key=value with a key close to a known
// one ("minimun=1", "Minimum=1", "fromat=date") is a misspelled
// structured tag, not a description that a model would read: its key is
// an error. A description that must begin that way is written with the
// description key: "description=ratio=a/b\, rounded".
func ParseTag(text string) (Tag, []TagError) {
	parts := splitTag(text, false)
	if len(parts) == 0 || !(structured(parts[0].text) || misspelledKey(parts[0].text)) {
		return Tag{Description: text}, nil
	}
	return readPairs(parts, false)
}

// parseDocConstraints reads the parenthesized constraints of a doc list
// item: always pairs, never a description, and a space may follow each
// comma.
func parseDocConstraints(text string) (Tag, []TagError) {
	return readPairs(splitTag(text, true), true)
}

// readPairs reads the key=value pairs of a structured tag, or of a doc
// list item's constraints (inDoc).
func readPairs(parts []tagPart, inDoc bool) (Tag, []TagError) {
	var t Tag
	var errs []TagError
	for i, p := range parts {
		if !inDoc && strings.TrimLeft(p.text, " \t") != p.text {
			errs = append(errs, TagError{p.off, fmt.Sprintf("no spaces in a tag: remove the space before %q", strings.TrimSpace(p.text)), nil})
			continue
		}
		key, value, hasValue := strings.Cut(p.text, "=")
		k := tagKeyNamed(key)
		switch {
		case key == "required" && !hasValue:
			t.Required = true
		case key == "enumNames" && !hasValue:
			t.EnumNames, t.enumNamesOff = true, p.off
		case slices.Contains(tagFlags, key):
			errs = append(errs, TagError{p.off, key + " is a flag: write it alone, without =" + value, nil})
		case k == nil && i > 0 && !keyShape.MatchString(key):
			errs = append(errs, TagError{p.off, unescapedComma(parts[i-1].text, p.text, inDoc), escapeFix(p.off-1, inDoc)})
		case k == nil:
			errs = append(errs, TagError{p.off, unknownKey(key), keyFix(key, p.off)})
		case !hasValue:
			errs = append(errs, TagError{p.off, fmt.Sprintf("jsonschema tag key %q needs a value: %s=...", key, key), nil})
		case k.text != nil:
			k.text(&t, value)
		default:
			t.pairs = append(t.pairs, tagPair{key, value, p.off})
		}
	}
	return t, errs
}

// unknownKey says that key is no key of a tag, and which it may be meant
// as.
func unknownKey(key string) string {
	msg := fmt.Sprintf("unknown jsonschema tag key %q", key)
	if s := closestKey(key); s != "" {
		return msg + fmt.Sprintf(" (did you mean %q?)", s)
	}
	return msg + "; keys are " + strings.Join(tagKeyNames, ", ") + " and the flags " + strings.Join(tagFlags, ", ")
}

// keyFix corrects key, at off, to the key it is likely meant as.
func keyFix(key string, off int) *TagFix {
	if s := closestKey(key); s != "" {
		return &TagFix{off, off + len(key), s}
	}
	return nil
}

// escapeFix escapes the comma at off: \, in a doc list item, \\, in a
// struct tag, whose quotes take a backslash escaped.
func escapeFix(off int, inDoc bool) *TagFix {
	if inDoc {
		return &TagFix{off, off + 1, `\,`}
	}
	return &TagFix{off, off + 1, `\\,`}
}

// closestKey returns the key that key is likely meant as: one close to
// it in edit distance or case ("minimun", "Minimum"), or the first that
// it abbreviates ("min" for minimum, "maxLen" for maxLength); else "".
func closestKey(key string) string {
	if s := suggest.Closest(key, slices.Concat(tagKeyNames, tagFlags)); s != "" {
		return s
	}
	if len(key) < 3 {
		return ""
	}
	for _, name := range tagKeyNames {
		if len(name) > len(key) && strings.EqualFold(name[:len(key)], key) {
			return name
		}
	}
	return ""
}

// unescapedComma says that part, which follows prev in a tag, is no key
// but the rest of prev's value, cut at a comma that is not escaped
// ("pattern=^[A-Z]{3,5}$"); in a struct tag the escape's backslash is
// itself escaped.
func unescapedComma(prev, part string, inDoc bool) string {
	escape := `\\,`
	if inDoc {
		escape = `\,`
	}
	return fmt.Sprintf("%q is no key but the rest of %s: a comma inside a value is written %s (%s%s%s)",
		part, Truncate(prev), escape, Truncate(prev), escape, Truncate(part))
}

// structured reports whether the first part of a tag makes it a
// structured one: a known key, with a value or not (which ParseTag
// reports), or a flag.
func structured(first string) bool {
	key, _, _ := strings.Cut(first, "=")
	return tagKeyNamed(key) != nil || slices.Contains(tagFlags, key)
}

// misspelledKey reports whether the first part of a tag is shaped
// key=value with a key that is a likely misspelling of a known one (in
// edit distance, or in case), spaces around it or not.
func misspelledKey(first string) bool {
	key, _, hasValue := strings.Cut(strings.TrimSpace(first), "=")
	return hasValue && keyShape.MatchString(key) &&
		closestKey(key) != ""
}

// keyShape matches what can be a key of a tag.
var keyShape = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*$`)

// LooksLikeConstraints reports whether the parenthesized text after a doc
// list item's name is constraints rather than words of its description:
// it holds an "=", or is the required flag.
func LooksLikeConstraints(text string) bool {
	return strings.Contains(text, "=") || strings.TrimSpace(text) == "required"
}

type tagPart struct {
	text string
	off  int
}

// splitTag splits a tag at the commas not preceded by a backslash, as
// invopop/jsonschema does, dropping the backslash of an escaped comma.
// With trim, the white space around each part goes (a doc list item's
// constraints may have a space after each comma), the offset of each part
// still that of its first byte.
func splitTag(text string, trim bool) []tagPart {
	var parts []tagPart
	var b strings.Builder
	start := 0
	add := func() {
		part := tagPart{b.String(), start}
		if trim {
			lead := len(part.text) - len(strings.TrimLeft(part.text, " \t"))
			part.text, part.off = strings.TrimSpace(part.text), part.off+lead
		}
		parts = append(parts, part)
		b.Reset()
	}
	for i := 0; i < len(text); i++ {
		switch {
		case text[i] == '\\' && i+1 < len(text) && text[i+1] == ',':
			b.WriteByte(',')
			i++
		case text[i] == ',':
			add()
			start = i + 1
		default:
			b.WriteByte(text[i])
		}
	}
	add()
	return parts
}

// A constraint problem is reported at the pair it comes from.
func pairError(p tagPair, format string, args ...any) TagError {
	return TagError{p.Off, p.Key + "=" + Truncate(p.Value) + ": " + fmt.Sprintf(format, args...), nil}
}

// Truncate shortens s, a value that a message about it quotes (a tag
// pair's, a directive option's), to 40 bytes.
func Truncate(s string) string {
	if len(s) > 40 {
		return s[:37] + "..."
	}
	return s
}

// literal turns the text of a value in a tag into the JSON of a value of
// v: a string as it is, a number or boolean as written.
func (v *Value) literal(text string) (json.RawMessage, error) {
	switch v.Kind {
	case KindString:
		return json.Marshal(text)
	case KindInteger:
		if _, err := strconv.ParseInt(text, 10, 64); err != nil {
			return nil, fmt.Errorf("want an integer")
		}
		if !isJSONNumber(text) { // strconv reads "+1" and "01"; JSON does not
			return nil, fmt.Errorf("want an integer as JSON writes it, with no + or leading 0")
		}
	case KindNumber:
		if !isJSONNumber(text) {
			return nil, fmt.Errorf("want a number")
		}
	case KindBoolean:
		if text != "true" && text != "false" {
			return nil, fmt.Errorf("want true or false")
		}
	default:
		return nil, fmt.Errorf("a value of %s cannot be written in a tag", v.kindName())
	}
	return json.RawMessage(text), nil
}

// isJSONNumber reports whether s is a number by JSON's grammar.
var isJSONNumber = argspec.IsJSONNumber

// Formats are the string formats mcptag checks.
var Formats = argspec.FormatNames()

// checkPattern reports why pattern cannot be both a JSON Schema pattern
// (ECMA-262, what a client checks) and a Go regular expression (what the
// generated handler checks), or nil.
func checkPattern(pattern string) error {
	for _, c := range []struct{ syntax, why string }{
		{"(?=", "lookahead"}, {"(?!", "lookahead"}, {"(?<=", "lookbehind"}, {"(?<!", "lookbehind"},
		{"(?P<", "a Go-only named group: write (?<name>...)"}, {`\A`, `\A is Go only: write ^`},
		{`\z`, `\z is Go only: write $`}, {`\Q`, `\Q...\E is Go only`}, {"[[:", "POSIX classes are Go only"},
	} {
		if strings.Contains(pattern, c.syntax) {
			return fmt.Errorf("not a pattern both ECMA-262 and Go accept: %s", c.why)
		}
	}
	if flags := regexp.MustCompile(`\(\?[imsU-]+[:)]`).FindString(pattern); flags != "" {
		return fmt.Errorf("not a pattern both ECMA-262 and Go accept: the flags %s are Go only", flags)
	}
	if regexp.MustCompile(`\\[pP][^{]`).MatchString(pattern) {
		return fmt.Errorf(`not a pattern both ECMA-262 and Go accept: write \p{...}`)
	}
	if _, err := regexp.Compile(pattern); err != nil {
		msg := strings.TrimPrefix(err.Error(), "error parsing regexp: ")
		if strings.Contains(pattern, `\`) && regexp.MustCompile(`\\[1-9]`).MatchString(pattern) {
			msg = "backreferences are not supported"
		}
		return fmt.Errorf("not a valid pattern: %s", msg)
	}
	return nil
}
