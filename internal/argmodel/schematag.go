package argmodel

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

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
	pairs              []tagPair
}

// A tagPair is one key=value of a structured tag.
type tagPair struct {
	Key, Value string
	Off        int // byte offset of the key in the tag
}

// A tagKey is one key of a structured tag: the values it applies to, how
// it reads its value and what it sets, as the directive options' tables
// do for a directive.
type tagKey struct {
	name string
	// kinds are the kinds of value the key constrains, which noun names
	// in a message; nil for any (set says what it cannot take).
	kinds []Kind
	noun  string
	// onArray says that on an array the key constrains the array itself;
	// any other constrains its items, as invopop/jsonschema applies it.
	onArray bool
	// set reads the key's value, text, and sets it on v, or says what is
	// wrong with it.
	set func(v *Value, text string) error
	// text, for the keys of the property's words rather than of its
	// values (description, title), sets the value on the tag.
	text func(t *Tag, value string)
}

// The kinds of value that keys constrain.
var (
	numberKinds = []Kind{KindInteger, KindNumber}
	stringKinds = []Kind{KindString}
	arrayKinds  = []Kind{KindArray}
)

// tagKeys are the keys a structured tag may hold, in the order messages
// list them.
var tagKeys = []tagKey{
	bound("minimum", func(v *Value) **float64 { return &v.Minimum }),
	bound("maximum", func(v *Value) **float64 { return &v.Maximum }),
	bound("exclusiveMinimum", func(v *Value) **float64 { return &v.ExclusiveMinimum }),
	bound("exclusiveMaximum", func(v *Value) **float64 { return &v.ExclusiveMaximum }),
	{name: "multipleOf", kinds: numberKinds, noun: "numbers", set: setMultipleOf},
	count("minLength", stringKinds, "strings", func(v *Value) **int { return &v.MinLength }),
	count("maxLength", stringKinds, "strings", func(v *Value) **int { return &v.MaxLength }),
	{name: "pattern", kinds: stringKinds, noun: "strings", set: setPattern},
	{name: "format", kinds: stringKinds, noun: "strings", set: setFormat},
	count("minItems", arrayKinds, "arrays", func(v *Value) **int { return &v.MinItems }),
	count("maxItems", arrayKinds, "arrays", func(v *Value) **int { return &v.MaxItems }),
	{name: "uniqueItems", kinds: arrayKinds, noun: "arrays", onArray: true, set: setUniqueItems},
	{name: "enum", kinds: []Kind{KindString, KindInteger}, noun: "strings and integers", set: addEnum},
	{name: "default", onArray: true, set: setDefault},
	{name: "example", set: addExample},
	{name: "description", text: func(t *Tag, value string) { t.Description = value }},
	{name: "title", text: func(t *Tag, value string) { t.Title = value }},
	{name: "header", onArray: true, set: (*Value).setHeader}, // header.go
}

// tagKeyNames are the names of tagKeys, for suggestions and messages.
var tagKeyNames = func() []string {
	names := make([]string, len(tagKeys))
	for i, k := range tagKeys {
		names[i] = k.name
	}
	return names
}()

// tagKeyNamed returns the key called name, or nil.
func tagKeyNamed(name string) *tagKey {
	for i := range tagKeys {
		if tagKeys[i].name == name {
			return &tagKeys[i]
		}
	}
	return nil
}

// A TagError is a problem at an offset of a tag.
type TagError struct {
	Off int
	Msg string
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
	for _, p := range parts {
		if !inDoc && strings.TrimLeft(p.text, " \t") != p.text {
			errs = append(errs, TagError{p.off, fmt.Sprintf("no spaces in a tag: remove the space before %q", strings.TrimSpace(p.text))})
			continue
		}
		key, value, hasValue := strings.Cut(p.text, "=")
		k := tagKeyNamed(key)
		switch {
		case key == "required" && !hasValue:
			t.Required = true
		case key == "required":
			errs = append(errs, TagError{p.off, "required is a flag: write it alone, without =" + value})
		case k == nil:
			errs = append(errs, TagError{p.off, unknownKey(key)})
		case !hasValue:
			errs = append(errs, TagError{p.off, fmt.Sprintf("jsonschema tag key %q needs a value: %s=...", key, key)})
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
	if s := suggest.Closest(key, tagKeyNames); s != "" {
		return msg + fmt.Sprintf(" (did you mean %q?)", s)
	}
	return msg + "; keys are " + strings.Join(tagKeyNames, ", ") + " and the flag required"
}

// structured reports whether the first part of a tag makes it a
// structured one: a known key, with a value or not (which ParseTag
// reports), or the required flag.
func structured(first string) bool {
	key, _, _ := strings.Cut(first, "=")
	return tagKeyNamed(key) != nil || key == "required"
}

// misspelledKey reports whether the first part of a tag is shaped
// key=value with a key that is a likely misspelling of a known one (in
// edit distance, or in case), spaces around it or not.
func misspelledKey(first string) bool {
	key, _, hasValue := strings.Cut(strings.TrimSpace(first), "=")
	return hasValue && keyShape.MatchString(key) &&
		(suggest.Closest(key, tagKeyNames) != "" || suggest.Closest(key, []string{"required"}) != "")
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
	return TagError{p.Off, p.Key + "=" + Truncate(p.Value) + ": " + fmt.Sprintf(format, args...)}
}

// Truncate shortens s, a value that a message about it quotes (a tag
// pair's, a directive option's), to 40 bytes.
func Truncate(s string) string {
	if len(s) > 40 {
		return s[:37] + "..."
	}
	return s
}

// constrain applies the pairs of a structured tag to v, by v's kind. An
// array's string and number constraints apply to its items, as
// invopop/jsonschema applies them.
func constrain(v *Value, pairs []tagPair) []TagError {
	var errs []TagError
	for _, p := range pairs {
		k := tagKeyNamed(p.Key)
		target := v
		if v.Kind == KindArray && v.Items != nil && !k.onArray {
			target = v.Items
		}
		if err := target.apply(k, p); err != nil {
			errs = append(errs, *err)
		}
	}
	return errs
}

// apply sets one constraint, the pair p of key k, on v.
func (v *Value) apply(k *tagKey, p tagPair) *TagError {
	var err error
	if k.kinds != nil && !slices.Contains(k.kinds, v.Kind) {
		err = fmt.Errorf("%s applies to %s, not to %s", k.name, k.noun, v.kindName())
	} else {
		err = k.set(v, p.Value)
	}
	if err != nil {
		e := pairError(p, "%v", err)
		return &e
	}
	return nil
}

// bound is a key that sets a bound of a number.
func bound(name string, field func(v *Value) **float64) tagKey {
	return tagKey{name: name, kinds: numberKinds, noun: "numbers", set: func(v *Value, text string) error {
		f, err := parseNumber(text)
		if err != nil {
			return err
		}
		*field(v) = &f
		return nil
	}}
}

// parseNumber reads a number as JSON writes it, and as a float64 holds
// it.
func parseNumber(text string) (float64, error) {
	f, err := strconv.ParseFloat(text, 64)
	if err != nil || math.IsInf(f, 0) || !isJSONNumber(text) {
		return 0, errors.New("want a number")
	}
	return f, nil
}

// setMultipleOf sets multipleOf: a number greater than 0.
func setMultipleOf(v *Value, text string) error {
	f, err := parseNumber(text)
	if err != nil {
		return err
	}
	if f <= 0 {
		return errors.New("want a number greater than 0")
	}
	v.MultipleOf = f
	return nil
}

// count is a key that sets a length or a number of items: a whole
// number, 0 or more; a Go array's exactly its length. A number of items
// constrains an array itself.
func count(name string, kinds []Kind, noun string, field func(v *Value) **int) tagKey {
	onArray := slices.Equal(kinds, arrayKinds)
	return tagKey{name: name, kinds: kinds, noun: noun, onArray: onArray, set: func(v *Value, text string) error {
		n, err := strconv.Atoi(text)
		if err != nil || n < 0 {
			return errors.New("want a whole number, 0 or more")
		}
		if v.Fixed && n != *v.MinItems {
			return fmt.Errorf("a Go array has exactly %d items", *v.MinItems)
		}
		*field(v) = &n
		return nil
	}}
}

// setUniqueItems sets uniqueItems: true or false.
func setUniqueItems(v *Value, text string) error {
	b, err := strconv.ParseBool(text)
	if err != nil {
		return errors.New("want true or false")
	}
	v.UniqueItems = b
	return nil
}

// errFixedForm is the problem of a pattern or format on a string whose Go
// type already fixes its form (a time, a []byte, a ",string" number).
var errFixedForm = errors.New("the field's type already fixes the form of its strings")

// setPattern sets pattern: a regular expression that a client and the
// generated handler read alike.
func setPattern(v *Value, text string) error {
	if v.Format != "" || v.Decimal != 0 || v.Base64 || v.Pattern != "" {
		return errFixedForm
	}
	if err := checkPattern(text); err != nil {
		return err
	}
	v.Pattern = text
	return nil
}

// setFormat sets format: one of the formats mcptag checks.
func setFormat(v *Value, text string) error {
	if v.Format != "" || v.Decimal != 0 || v.Base64 {
		return errFixedForm
	}
	if !slices.Contains(Formats, text) {
		return fmt.Errorf("mcptag checks the formats %s", strings.Join(Formats, ", "))
	}
	v.Format = text
	return nil
}

// addEnum adds a value to the values v accepts, which the tag lists one
// enum= each.
func addEnum(v *Value, text string) error {
	if v.TypeEnum {
		return errors.New("the constants of the field's type already list its values")
	}
	if _, err := v.literal(text); err != nil {
		return err
	}
	var value any
	if v.Kind == KindInteger {
		value, _ = strconv.ParseInt(text, 10, 64)
	} else {
		value = text
	}
	if slices.Contains(v.Enum, value) {
		return errors.New("listed twice")
	}
	v.Enum = append(v.Enum, value)
	return nil
}

// setDefault sets v's default; an array's default lists its items, one
// default= each.
func setDefault(v *Value, text string) error {
	if v.Kind == KindArray && v.Items != nil {
		raw, err := v.Items.literal(text)
		if err != nil {
			return err
		}
		var items []json.RawMessage
		if v.Default != nil {
			_ = json.Unmarshal(v.Default, &items) // the list so far, ours
		}
		v.Default, _ = json.Marshal(append(items, raw))
		return nil
	}
	raw, err := v.literal(text)
	if err != nil {
		return err
	}
	v.Default = raw
	return nil
}

// addExample adds an example, one example= each.
func addExample(v *Value, text string) error {
	raw, err := v.literal(text)
	if err != nil {
		return err
	}
	v.Examples = append(v.Examples, raw)
	return nil
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
var isJSONNumber = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`).MatchString

// Formats are the string formats mcptag checks.
var Formats = []string{"date-time", "date", "time", "email", "uri", "uuid", "ipv4", "ipv6", "hostname"}

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
