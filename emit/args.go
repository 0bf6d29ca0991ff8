package emit

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
)

// argSpec renders the toolrt.Spec literal describing a tool's arguments,
// derived from its input schema: what the generated handler checks a call
// against, with no schema machinery at run time. The schema's $defs
// become Spec.Defs, referred to by index, so recursive types need no
// pointer cycles in the literal.
func argSpec(tool string, in *jsonschema.Schema) string {
	w := &argWriter{defIndex: map[string]int{}}
	for name := range in.Defs {
		w.defNames = append(w.defNames, name)
	}
	sort.Strings(w.defNames)
	for i, name := range w.defNames {
		w.defIndex[name] = i + 1
	}
	var b strings.Builder
	fmt.Fprintf(&b, "&toolrt.Spec{\nTool: %q,\n", tool)
	if fields := w.fields(in); fields != "" {
		fmt.Fprintf(&b, "Args: %s,\n", fields)
	}
	if len(w.defNames) > 0 {
		b.WriteString("Defs: []toolrt.Arg{\n")
		for _, name := range w.defNames {
			fmt.Fprintf(&b, "/* %s */ {%s},\n", commentSafe(name), w.arg(in.Defs[name]))
		}
		b.WriteString("},\n")
	}
	b.WriteString("}")
	return b.String()
}

type argWriter struct {
	defNames []string
	defIndex map[string]int // $defs name → 1 + index in Spec.Defs
}

// fields renders the properties of an object schema as a []toolrt.Arg,
// or "" when it has none.
func (w *argWriter) fields(s *jsonschema.Schema) string {
	if len(s.Properties) == 0 {
		return ""
	}
	names := append([]string(nil), s.PropertyOrder...)
	var extra []string
	for name := range s.Properties {
		if !slices.Contains(names, name) {
			extra = append(extra, name)
		}
	}
	sort.Strings(extra)
	names = append(names, extra...)
	var b strings.Builder
	b.WriteString("[]toolrt.Arg{\n")
	for _, name := range names {
		p, ok := s.Properties[name]
		if !ok {
			continue
		}
		parts := []string{"Name: " + strconv.Quote(name)}
		if slices.Contains(s.Required, name) {
			parts = append(parts, "Required: true")
		}
		if a := w.arg(p); a != "" {
			parts = append(parts, a)
		}
		fmt.Fprintf(&b, "{%s},\n", strings.Join(parts, ", "))
	}
	b.WriteString("}")
	return b.String()
}

// arg renders the fields of the toolrt.Arg describing values of schema s.
func (w *argWriter) arg(s *jsonschema.Schema) string {
	if s == nil {
		return ""
	}
	if name, ok := strings.CutPrefix(s.Ref, "#/$defs/"); ok {
		if i, ok := w.defIndex[name]; ok {
			return fmt.Sprintf("Ref: %d", i)
		}
		return "" // an unknown reference: accept anything
	}
	if len(s.AnyOf) > 0 {
		// withNull's form: [S, {"type": "null"}].
		var other []*jsonschema.Schema
		null := false
		for _, alt := range s.AnyOf {
			if alt.Type == "null" {
				null = true
			} else {
				other = append(other, alt)
			}
		}
		if len(other) != 1 {
			return ""
		}
		a := w.arg(other[0])
		if a == "" || !null || strings.Contains(a, "Nullable: true") {
			return a
		}
		return a + ", Nullable: true"
	}
	types := s.Types
	if s.Type != "" {
		types = []string{s.Type}
	}
	var kinds []string
	var parts []string
	nullable := false
	for _, t := range types {
		switch t {
		case "null":
			nullable = true
		case "boolean":
			kinds = append(kinds, "toolrt.KindBoolean")
		case "integer":
			kinds = append(kinds, "toolrt.KindInteger")
			if r := intRange(s); r != "" {
				parts = append(parts, "Range: toolrt."+r)
			}
		case "number":
			kinds = append(kinds, "toolrt.KindNumber")
		case "string":
			kinds = append(kinds, "toolrt.KindString")
			if f := stringFormat(s); f != "" {
				parts = append(parts, "Format: toolrt."+f)
			}
		case "array":
			kinds = append(kinds, "toolrt.KindArray")
			if e := w.arg(s.Items); e != "" {
				parts = append(parts, "Elem: &toolrt.Arg{"+e+"}")
			}
			if s.MinItems != nil && s.MaxItems != nil && *s.MinItems == *s.MaxItems {
				parts = append(parts, fmt.Sprintf("Fixed: true, Len: %d", *s.MinItems))
			}
		case "object":
			kinds = append(kinds, "toolrt.KindObject")
			if f := w.fields(s); f != "" {
				parts = append(parts, "Fields: "+f)
			}
			if isFalseSchema(s.AdditionalProperties) {
				parts = append(parts, "Closed: true")
			} else if e := w.arg(s.AdditionalProperties); e != "" {
				parts = append(parts, "Elem: &toolrt.Arg{"+e+"}")
			}
			if s.PropertyNames != nil {
				switch s.PropertyNames.Pattern {
				case `^-?[0-9]+$`:
					parts = append(parts, "Keys: toolrt.DecimalInt")
				case `^[0-9]+$`:
					parts = append(parts, "Keys: toolrt.DecimalUint")
				}
			}
		}
	}
	if len(kinds) == 0 {
		return "" // {}: anything, null included
	}
	if enum := enumValues(s.Enum); enum != "" {
		parts = append(parts, "Enum: "+enum)
	}
	head := "Kind: " + strings.Join(kinds, " | ")
	if nullable {
		head += ", Nullable: true"
	}
	return strings.Join(append([]string{head}, parts...), ", ")
}

// isFalseSchema reports whether s accepts nothing: {"not": {}}, as the
// analyzer closes input objects.
func isFalseSchema(s *jsonschema.Schema) bool {
	if s == nil || s.Not == nil {
		return false
	}
	data, err := json.Marshal(s.Not)
	return err == nil && (string(data) == "true" || string(data) == "{}")
}

// intRange names the toolrt.IntRange of an integer schema's bounds.
func intRange(s *jsonschema.Schema) string {
	lo, hi := math.NaN(), math.NaN()
	if s.Minimum != nil {
		lo = *s.Minimum
	}
	if s.Maximum != nil {
		hi = *s.Maximum
	}
	ranges := []struct {
		name   string
		lo, hi float64
	}{
		{"RangeInt8", math.MinInt8, math.MaxInt8},
		{"RangeInt16", math.MinInt16, math.MaxInt16},
		{"RangeInt32", math.MinInt32, math.MaxInt32},
		{"RangeUint8", 0, math.MaxUint8},
		{"RangeUint16", 0, math.MaxUint16},
		{"RangeUint32", 0, math.MaxUint32},
	}
	for _, r := range ranges {
		if lo == r.lo && hi == r.hi {
			return r.name
		}
	}
	if lo == 0 && s.Maximum == nil {
		return "RangeUint64"
	}
	return ""
}

// stringFormat names the toolrt.Format a string schema requires.
func stringFormat(s *jsonschema.Schema) string {
	switch {
	case s.Format == "date-time":
		return "DateTime"
	case s.ContentEncoding == "base64":
		return "Base64"
	}
	switch s.Pattern {
	case `^-?[0-9]+$`:
		return "DecimalInt"
	case `^[0-9]+$`:
		return "DecimalUint"
	case `^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`:
		return "DecimalFloat"
	}
	return ""
}

// enumValues renders an enum as a []string literal: strings as they are,
// integers in decimal; null is the Nullable flag's business.
func enumValues(values []any) string {
	if len(values) == 0 {
		return ""
	}
	var q []string
	for _, v := range values {
		switch v := v.(type) {
		case nil:
		case string:
			q = append(q, strconv.Quote(v))
		case int64:
			q = append(q, strconv.Quote(strconv.FormatInt(v, 10)))
		case int:
			q = append(q, strconv.Quote(strconv.Itoa(v)))
		case float64:
			if v != math.Trunc(v) {
				return "" // not an enum toolrt can check
			}
			q = append(q, strconv.Quote(strconv.FormatFloat(v, 'f', -1, 64)))
		case json.Number:
			q = append(q, strconv.Quote(v.String()))
		default:
			return ""
		}
	}
	return "[]string{" + strings.Join(q, ", ") + "}"
}

func commentSafe(s string) string { return strings.ReplaceAll(s, "*/", "* /") }
