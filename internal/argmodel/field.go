package argmodel

import (
	"encoding/json"
	"errors"
	"fmt"
	"go/token"
	"strconv"
	"strings"

	"github.com/mcptag/mcptag/internal/argspec"
)

// ApplyTag applies a jsonschema tag (or, inDoc, a doc list item's
// constraints) to a property: its description, title, constraints,
// default and examples; at tells the source position of an offset in
// text. It returns every problem, at its offset in the tag: a tag never
// silently means less than it says.
func ApplyTag(f *Field, text string, inDoc bool, at func(off int) token.Pos) []TagError {
	parse := ParseTag
	if inDoc {
		parse = parseDocConstraints
	}
	tag, errs := parse(text)
	if tag.Description != "" {
		f.Value.Description = tag.Description
	}
	if tag.Title != "" {
		f.Value.Title = tag.Title
	}
	errs = append(errs, constrain(f.Value, tag.pairs)...)
	placeHeader(f.Value, tag.pairs, at) // header.go
	if tag.Required {
		f.Required = true
	}
	if tag.EnumNames {
		f.Value.EnumNamesPos = at(tag.enumNamesOff)
	}
	if f.Value.Default != nil || (f.Value.Items != nil && f.Value.Items.Default != nil) {
		if tag.Required {
			errs = append(errs, TagError{0, "required and default: a default applies to an argument that is absent, which required forbids", nil})
		}
		f.Required = false
		if err := checkValue(f, f.Value.Default); err != "" {
			errs = append(errs, TagError{0, "default " + string(f.Value.Default) + " " + err, nil})
		}
	}
	for _, e := range f.Value.Enum {
		raw, _ := json.Marshal(e)
		if err := checkValue(f, raw); err != "" {
			errs = append(errs, TagError{0, "enum value " + string(raw) + " " + err, nil})
		}
	}
	if msg := contradiction(f.Value); msg != "" {
		errs = append(errs, TagError{0, msg, nil})
	}
	return errs
}

// contradiction says why no value can meet v's constraints, or "".
func contradiction(v *Value) string {
	for _, w := range []*Value{v, v.Items} {
		if w == nil {
			continue
		}
		if w.numeric() && w.noNumber() {
			return "no number meets " + w.bounds()
		}
		switch {
		case w.MinLength != nil && w.MaxLength != nil && *w.MinLength > *w.MaxLength:
			return fmt.Sprintf("minLength %d is more than maxLength %d", *w.MinLength, *w.MaxLength)
		case !w.Fixed && w.MinItems != nil && w.MaxItems != nil && *w.MinItems > *w.MaxItems:
			return fmt.Sprintf("minItems %d is more than maxItems %d", *w.MinItems, *w.MaxItems)
		}
	}
	return ""
}

// checkValue runs a value that a tag declares for a property (a default,
// an enum value) through the checks of the generated handler, and says why
// they reject it, or that the property's Go type cannot hold it, or "".
func checkValue(f *Field, raw json.RawMessage) string {
	if bits := f.Value.FloatBits; bits > 0 {
		if _, err := strconv.ParseFloat(string(raw), bits); err != nil {
			return fmt.Sprintf("is beyond what a float%d holds", bits)
		}
	}
	sp := &argspec.Spec{Tool: "default", Strict: true, Args: []argspec.Arg{f.arg(nil)}}
	sp.Args[0].Required = true
	name, _ := json.Marshal(f.Name)
	_, err := sp.Parse([]byte(`{` + string(name) + `:` + string(raw) + `}`))
	if err == nil {
		return ""
	}
	var ae *argspec.ArgError
	msg := err.Error()
	if errors.As(err, &ae) {
		msg = ae.Message
		if _, after, ok := strings.Cut(msg, ": "); ok && strings.HasPrefix(msg, "argument ") {
			msg = after
		}
	}
	return "fails the property's own constraints: " + msg
}
