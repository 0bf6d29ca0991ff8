// Package argmodel models what a tool accepts for its arguments. A Value
// describes the JSON values that encoding/json decodes into a Go type,
// narrowed by the constraints of a jsonschema tag or a doc list item,
// which the tag grammar reads (ParseTag, ApplyTag). A tool's input schema
// and the generated handler's checks (argspec.Spec) are both rendered from
// it, so they cannot disagree.
package argmodel

import (
	"encoding/json"
	"fmt"
	"go/token"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mcptag/mcptag/internal/argspec"
)

// A Value describes the JSON values a tool accepts for an argument, or
// for a value inside one: what encoding/json decodes into the Go type,
// narrowed by the constraints the developer declared. A tool's input
// schema and the generated handler's checks (argspec.Spec) are both
// rendered from it, so they cannot disagree.
type Value struct {
	// Kind is the JSON type of the value; KindAny accepts any value.
	Kind Kind
	// OrString also accepts a string (an IntOrString's).
	OrString bool
	// NullOK says that encoding/json decodes null here (into a nil
	// pointer, slice, map or interface). Null is accepted only where the
	// value is optional, as if it were absent.
	NullOK             bool
	Description, Title string
	// Enum lists the accepted values: strings or int64s, from the
	// constants of a named type or from a tag.
	Enum     []any
	TypeEnum bool // Enum comes from the type's constants
	Default  json.RawMessage
	Examples []json.RawMessage
	// Header is the HTTP header that carries the value, Mcp-Param-Header
	// (header=, header.go), and HeaderPos where the tag or doc list item
	// says so.
	Header    string
	HeaderPos token.Pos
	// EnumNamesPos is where the tag's enumNames flag is, NoPos without
	// one: a form writes the field's titled enum as enum and enumNames
	// (the analysis' elicit.go), and nothing else takes the flag.
	EnumNamesPos token.Pos

	// Numbers.
	Range                                                argspec.IntRange // the Go type's range
	Minimum, Maximum, ExclusiveMinimum, ExclusiveMaximum *float64
	MultipleOf                                           float64
	FloatBits                                            int // 32 or 64 for a float type, else 0

	// Strings.
	Format               string         // a JSON Schema format, from the type or a tag
	Base64               bool           // contentEncoding base64: a []byte
	Decimal              argspec.Format // a string holding a decimal number: a ",string" field
	MinLength, MaxLength *int
	Pattern              string

	// Arrays.
	Items              *Value
	MinItems, MaxItems *int
	UniqueItems        bool
	Fixed              bool // a Go array: exactly MinItems items

	// Objects.
	Fields []Field // a struct's properties, in encoding/json's order
	Closed bool    // no other property is accepted
	Values *Value  // a map's values
	Keys   argspec.Format

	// Ref names the entry of Input.Defs that describes the value: a
	// recursive type's, or a named type's that the arguments use more
	// than once. Of the other fields only Description, Title and NullOK,
	// the referrer's own, are then used.
	Ref string
	// Shared is the type key of the named struct type whose description
	// this value shares with the type's other uses: their Fields are one
	// slice, built once, so that a type reached along many paths costs
	// its size once. The analyzer turns the value into a Ref when the
	// type is used more than once.
	Shared string
}

// A Kind is the JSON type of a value.
type Kind int

// The kinds of value.
const (
	KindAny     Kind = iota // any JSON value
	KindBoolean             // true or false
	KindInteger             // a whole number
	KindNumber              // any number
	KindString              // a string
	KindArray               // an array
	KindObject              // an object
)

var kindNames = [...]string{"any value", "booleans", "integers", "numbers", "strings", "arrays", "objects"}

func (v *Value) kindName() string { return kindNames[v.Kind] }

func (v *Value) numeric() bool { return v.Kind == KindInteger || v.Kind == KindNumber }

// A Field is one property of an object.
type Field struct {
	Name     string
	Required bool
	Value    *Value
	Pos      token.Pos // the Go field or parameter
}

// An Input is a tool's arguments: an object, and the values of the
// recursive types it refers to.
type Input struct {
	Root *Value
	Defs map[string]*Value
}

// Schema renders the input as a JSON Schema for a client to fill: every
// type one string (a client fills an argument by its type), objects
// inlined but for recursive types, which stay in $defs.
func (in *Input) Schema() *jsonschema.Schema {
	s := in.Root.Schema()
	if len(in.Defs) > 0 {
		s.Defs = map[string]*jsonschema.Schema{}
		for name, d := range in.Defs {
			s.Defs[name] = d.Schema()
		}
	}
	return s
}

var schemaTypes = [...]string{"", "boolean", "integer", "number", "string", "array", "object"}

// KindOfType returns the Kind of the JSON Schema type typ ("string"), and
// false for a type name that is none.
func KindOfType(typ string) (Kind, bool) {
	for kind, name := range schemaTypes {
		if name == typ && name != "" {
			return Kind(kind), true
		}
	}
	return KindAny, false
}

// Schema renders v as a JSON Schema, as Input.Schema renders each value.
func (v *Value) Schema() *jsonschema.Schema {
	if v.Ref != "" {
		return &jsonschema.Schema{Ref: "#/$defs/" + v.Ref, Title: v.Title, Description: v.Description}
	}
	s := &jsonschema.Schema{Type: schemaTypes[v.Kind], Title: v.Title, Description: v.Description}
	if v.OrString {
		s = &jsonschema.Schema{AnyOf: []*jsonschema.Schema{{Type: s.Type}, {Type: "string"}}, Title: v.Title, Description: v.Description}
	}
	if len(v.Enum) > 0 {
		s.Enum = v.Enum
	}
	if v.Default != nil {
		s.Default = v.Default
	}
	for _, e := range v.Examples {
		s.Examples = append(s.Examples, e)
	}
	if v.Header != "" {
		s.Extra = map[string]any{HeaderKeyword: v.Header}
	}
	switch v.Kind {
	case KindInteger, KindNumber:
		v.numberSchema(s)
	case KindString:
		v.stringSchema(s)
	case KindArray:
		s.Items = v.Items.Schema()
		s.MinItems, s.MaxItems, s.UniqueItems = v.MinItems, v.MaxItems, v.UniqueItems
	case KindObject:
		v.objectSchema(s)
	}
	return s
}

// numberSchema sets the bounds of a number: the Go type's range, or the
// developer's where it is tighter.
func (v *Value) numberSchema(s *jsonschema.Schema) {
	lo, hi, bounded := argspec.Bounds(v.Range)
	s.Minimum, s.Maximum = v.Minimum, v.Maximum
	if bounded {
		if s.Minimum == nil || *s.Minimum < float64(lo) {
			f := float64(lo)
			s.Minimum = &f
		}
		if v.Range != argspec.RangeUint64 && (s.Maximum == nil || *s.Maximum > float64(hi)) {
			f := float64(hi)
			s.Maximum = &f
		}
	}
	s.ExclusiveMinimum, s.ExclusiveMaximum = v.ExclusiveMinimum, v.ExclusiveMaximum
	if v.MultipleOf > 0 {
		m := v.MultipleOf
		s.MultipleOf = &m
	}
}

func (v *Value) stringSchema(s *jsonschema.Schema) {
	s.Format = v.Format
	if v.Base64 {
		s.ContentEncoding = "base64"
	}
	s.MinLength, s.MaxLength = v.MinLength, v.MaxLength
	s.Pattern = v.Pattern
	if p := argspec.DecimalPattern(v.Decimal); p != "" {
		s.Pattern = p
	}
}

func (v *Value) objectSchema(s *jsonschema.Schema) {
	// properties is always present, even empty: some clients need it.
	s.Properties = map[string]*jsonschema.Schema{}
	s.PropertyOrder = []string{}
	for _, f := range v.Fields {
		s.Properties[f.Name] = f.Value.Schema()
		s.PropertyOrder = append(s.PropertyOrder, f.Name)
		if f.Required {
			s.Required = append(s.Required, f.Name)
		}
	}
	switch {
	case v.Closed:
		s.AdditionalProperties = &jsonschema.Schema{Not: &jsonschema.Schema{}}
	case v.Values != nil:
		s.AdditionalProperties = v.Values.Schema()
	}
	if p := argspec.DecimalPattern(v.Keys); p != "" {
		s.PropertyNames = &jsonschema.Schema{Type: "string", Pattern: p}
	}
}

// Spec renders the input as the description of the arguments that the
// generated handler checks a call against.
func (in *Input) Spec(tool string, strict bool) *argspec.Spec {
	sp := &argspec.Spec{Tool: tool, Strict: strict}
	names := make([]string, 0, len(in.Defs))
	for name := range in.Defs {
		names = append(names, name)
	}
	sort.Strings(names)
	refs := map[string]int{}
	for i, name := range names {
		refs[name] = i + 1
	}
	for _, name := range names {
		sp.Defs = append(sp.Defs, in.Defs[name].arg(refs, false))
	}
	for _, f := range in.Root.Fields {
		sp.Args = append(sp.Args, f.arg(refs))
	}
	return sp
}

func (f Field) arg(refs map[string]int) argspec.Arg {
	a := f.Value.arg(refs, !f.Required)
	a.Name, a.Required = f.Name, f.Required
	return a
}

var argKinds = [...]argspec.Kind{0, argspec.KindBoolean, argspec.KindInteger, argspec.KindNumber, argspec.KindString, argspec.KindArray, argspec.KindObject}

// arg renders v for the checker. optional says that v is an optional
// property, where null stands for absent.
func (v *Value) arg(refs map[string]int, optional bool) argspec.Arg {
	if v.Ref != "" {
		return argspec.Arg{Ref: refs[v.Ref], Nullable: optional && v.NullOK}
	}
	a := argspec.Arg{
		Kind:     argKinds[v.Kind],
		Nullable: optional && v.NullOK,
		Range:    v.Range,
		Format:   argFormat(v),
		Default:  []byte(v.Default),
		Fixed:    v.Fixed,
		Closed:   v.Closed,
		Keys:     v.Keys,
	}
	if v.OrString {
		a.Kind |= argspec.KindString
	}
	if v.Fixed && v.MinItems != nil {
		a.Len = *v.MinItems
	}
	for _, e := range v.Enum {
		a.Enum = append(a.Enum, EnumText(e))
	}
	a.Rules = v.rules()
	if v.Items != nil {
		items := v.Items.arg(refs, false)
		a.Elem = &items
	}
	if v.Values != nil {
		values := v.Values.arg(refs, false)
		a.Elem = &values
	}
	for _, f := range v.Fields {
		a.Fields = append(a.Fields, f.arg(refs))
	}
	if v.Kind == KindObject && a.Fields == nil && v.Closed {
		a.Fields = []argspec.Arg{}
	}
	return a
}

func argFormat(v *Value) argspec.Format {
	switch {
	case v.Decimal != argspec.NoFormat:
		return v.Decimal
	case v.Base64:
		return argspec.Base64
	}
	return argspec.FormatNamed(v.Format)
}

// EnumText is an enum value as text: a string as it is, a number as JSON
// writes it.
func EnumText(e any) string {
	switch e := e.(type) {
	case string:
		return e
	default:
		data, _ := json.Marshal(e)
		return string(data)
	}
}

// rules lists the constraints the developer declared, for the checker.
func (v *Value) rules() []argspec.Rule {
	var rules []argspec.Rule
	num := func(op argspec.Op, f *float64) {
		if f != nil {
			rules = append(rules, argspec.Rule{Op: op, Num: *f})
		}
	}
	count := func(op argspec.Op, n *int) {
		if n != nil {
			rules = append(rules, argspec.Rule{Op: op, Count: *n})
		}
	}
	num(argspec.Minimum, v.Minimum)
	num(argspec.Maximum, v.Maximum)
	num(argspec.ExclusiveMinimum, v.ExclusiveMinimum)
	num(argspec.ExclusiveMaximum, v.ExclusiveMaximum)
	if v.MultipleOf > 0 {
		num(argspec.MultipleOf, &v.MultipleOf)
	}
	count(argspec.MinLength, v.MinLength)
	count(argspec.MaxLength, v.MaxLength)
	if v.Pattern != "" {
		rules = append(rules, argspec.Rule{Op: argspec.Pattern, Text: v.Pattern})
	}
	if !v.Fixed {
		count(argspec.MinItems, v.MinItems)
		count(argspec.MaxItems, v.MaxItems)
	}
	if v.UniqueItems {
		rules = append(rules, argspec.Rule{Op: argspec.UniqueItems})
	}
	return rules
}

// noNumber reports whether no number meets v's bounds: the developer's,
// exclusive ones included, and the range of v's Go type; for an integer,
// no whole number.
func (v *Value) noNumber() bool {
	lo, loOpen := math.Inf(-1), false
	hi, hiOpen := math.Inf(1), false
	raise := func(f float64, open bool) {
		if f > lo || f == lo && open {
			lo, loOpen = f, open
		}
	}
	lower := func(f float64, open bool) {
		if f < hi || f == hi && open {
			hi, hiOpen = f, open
		}
	}
	if tlo, thi, bounded := argspec.Bounds(v.Range); bounded {
		raise(float64(tlo), false)
		if v.Range != argspec.RangeUint64 {
			lower(float64(thi), false)
		}
	}
	if v.Minimum != nil {
		raise(*v.Minimum, false)
	}
	if v.ExclusiveMinimum != nil {
		raise(*v.ExclusiveMinimum, true)
	}
	if v.Maximum != nil {
		lower(*v.Maximum, false)
	}
	if v.ExclusiveMaximum != nil {
		lower(*v.ExclusiveMaximum, true)
	}
	if v.Kind == KindInteger {
		// The least and greatest whole numbers within.
		first, last := math.Ceil(lo), math.Floor(hi)
		if loOpen && first == lo {
			first++
		}
		if hiOpen && last == hi {
			last--
		}
		return first > last
	}
	return lo > hi || lo == hi && (loOpen || hiOpen)
}

// bounds describes v's bounds, for a message.
func (v *Value) bounds() string {
	var parts []string
	add := func(name string, f *float64) {
		if f != nil {
			parts = append(parts, name+"="+strconv.FormatFloat(*f, 'g', -1, 64))
		}
	}
	add("minimum", v.Minimum)
	add("exclusiveMinimum", v.ExclusiveMinimum)
	add("maximum", v.Maximum)
	add("exclusiveMaximum", v.ExclusiveMaximum)
	if lo, hi, bounded := argspec.Bounds(v.Range); bounded {
		r := fmt.Sprintf("the Go type's range, %d to %d", lo, hi)
		if v.Range == argspec.RangeUint64 {
			r = fmt.Sprintf("the Go type's range, %d and up", lo)
		}
		parts = append(parts, r)
	}
	return strings.Join(parts, " and ")
}
