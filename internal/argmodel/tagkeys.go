package argmodel

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

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
