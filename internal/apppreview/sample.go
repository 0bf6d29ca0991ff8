// Package apppreview writes the preview of an MCP App's page: one HTML
// file, a host of the page, that shows it in a sandboxed frame and hands
// it a tool call's input and result through the messages a host sends
// (docs/apps.md, "Previewing a page"). A sample call is made from the
// tool's schemas when no real one is given.
package apppreview

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
)

// sampleItems is how many elements a sample array has when its schema
// leaves it open: enough for a chart or a list to show its shape.
const sampleItems = 3

// maxDepth bounds a recursive schema's sample: below it an object has
// only its required properties, an array no elements.
const maxDepth = 6

// Sample makes a value that schema accepts, to stand for a tool's
// arguments or structured result. It takes a schema's own value first:
// its const, the first of its examples, its default, the first of its
// enum. Otherwise an object has all its properties, an array three
// elements (within minItems and maxItems), a number a value within its
// bounds that differs from one number to the next, a string its
// property's name (within minLength and maxLength) or a value of its
// format. A pattern is not followed. A nil schema gives nil.
func Sample(schema *jsonschema.Schema) (any, error) {
	if schema == nil {
		return nil, nil
	}
	data, err := json.Marshal(schema)
	if err != nil {
		return nil, fmt.Errorf("apppreview: %v", err)
	}
	var root map[string]any
	if err := json.Unmarshal(data, &root); err != nil {
		return nil, fmt.Errorf("apppreview: %v", err)
	}
	s := &sampler{root: root}
	return s.value(root, "value", 0), nil
}

// A sampler walks one schema, resolving its local references.
type sampler struct {
	root map[string]any
	n    int // the numbers made so far, which vary the next
}

func (s *sampler) value(sch map[string]any, name string, depth int) any {
	sch = s.resolve(sch, 0)
	if v, ok := given(sch); ok {
		return v
	}
	for _, k := range []string{"anyOf", "oneOf", "allOf"} {
		if alts, ok := sch[k].([]any); ok && len(alts) > 0 {
			if alt, ok := alts[0].(map[string]any); ok {
				return s.value(alt, name, depth)
			}
		}
	}
	switch schemaType(sch) {
	case "object":
		return s.object(sch, depth)
	case "array":
		return s.array(sch, name, depth)
	case "integer":
		return math.Round(s.number(sch))
	case "number":
		return s.number(sch)
	case "boolean":
		return true
	case "string":
		return sampleString(sch, name)
	case "null":
		return nil
	}
	if _, ok := sch["properties"]; ok {
		return s.object(sch, depth)
	}
	return nil
}

// resolve follows a reference of the form #/$defs/NAME (or
// #/definitions/NAME) to its schema, a few times at most.
func (s *sampler) resolve(sch map[string]any, hops int) map[string]any {
	ref, ok := sch["$ref"].(string)
	if !ok || hops > 8 {
		return sch
	}
	for _, prefix := range []string{"#/$defs/", "#/definitions/"} {
		if name, ok := strings.CutPrefix(ref, prefix); ok {
			defs, _ := s.root[strings.Trim(prefix[1:], "/")].(map[string]any)
			if def, ok := defs[name].(map[string]any); ok {
				return s.resolve(def, hops+1)
			}
		}
	}
	if ref == "#" {
		return s.root
	}
	return map[string]any{}
}

// given is the value a schema names itself, if any.
func given(sch map[string]any) (any, bool) {
	if v, ok := sch["const"]; ok {
		return v, true
	}
	for _, k := range []string{"examples", "enum"} {
		if vs, ok := sch[k].([]any); ok && len(vs) > 0 {
			if k == "enum" {
				if d, ok := sch["default"]; ok {
					return d, true
				}
			}
			return vs[0], true
		}
	}
	if d, ok := sch["default"]; ok {
		return d, true
	}
	return nil, false
}

// schemaType is the schema's type, the first but null of a list.
func schemaType(sch map[string]any) string {
	switch t := sch["type"].(type) {
	case string:
		return t
	case []any:
		for _, e := range t {
			if e, ok := e.(string); ok && e != "null" {
				return e
			}
		}
		return "null"
	}
	return ""
}

func (s *sampler) object(sch map[string]any, depth int) any {
	props, _ := sch["properties"].(map[string]any)
	required := map[string]bool{}
	if rs, ok := sch["required"].([]any); ok {
		for _, r := range rs {
			if r, ok := r.(string); ok {
				required[r] = true
			}
		}
	}
	names := make([]string, 0, len(props))
	for name := range props {
		names = append(names, name)
	}
	sort.Strings(names) // a sample that is the same from run to run
	obj := map[string]any{}
	for _, name := range names {
		p, ok := props[name].(map[string]any)
		if !ok || (depth >= maxDepth && !required[name]) {
			continue
		}
		obj[name] = s.value(p, name, depth+1)
	}
	return obj
}

func (s *sampler) array(sch map[string]any, name string, depth int) any {
	n := sampleItems
	if lo, ok := sch["minItems"].(float64); ok && int(lo) > n {
		n = int(lo)
	}
	if hi, ok := sch["maxItems"].(float64); ok && int(hi) < n {
		n = int(hi)
	}
	if depth >= maxDepth {
		n = 0
	}
	out := make([]any, 0, n)
	items, _ := sch["items"].(map[string]any)
	prefix, _ := sch["prefixItems"].([]any)
	for i := range n {
		item := items
		if i < len(prefix) {
			item, _ = prefix[i].(map[string]any)
		}
		if item == nil {
			item = map[string]any{"type": "string"}
		}
		out = append(out, s.value(item, name, depth+1))
	}
	return out
}

// fractions are where the successive numbers of a sample fall between
// their bounds: apart, so that a chart of them is not flat.
var fractions = []float64{0.55, 0.35, 0.8, 0.45, 0.65, 0.25}

// number is a value within the schema's bounds, the next of fractions
// between them; unbounded, around 10.
func (s *sampler) number(sch map[string]any) float64 {
	f := fractions[s.n%len(fractions)]
	s.n++
	lo, hasLo := bound(sch, "minimum", "exclusiveMinimum")
	hi, hasHi := bound(sch, "maximum", "exclusiveMaximum")
	switch {
	case hasLo && hasHi:
		return lo + (hi-lo)*f
	case hasLo:
		return lo + 20*f
	case hasHi:
		return hi - 20*(1-f)
	}
	return math.Round(200*f) / 10
}

func bound(sch map[string]any, inclusive, exclusive string) (float64, bool) {
	if v, ok := sch[inclusive].(float64); ok {
		return v, true
	}
	v, ok := sch[exclusive].(float64)
	return v, ok
}

// formats are sample strings of the formats JSON Schema names.
var formats = map[string]string{
	"date-time": "2026-03-14T15:09:26Z",
	"date":      "2026-03-14",
	"time":      "15:09:26Z",
	"duration":  "PT1H30M",
	"email":     "ada@example.com",
	"hostname":  "example.com",
	"ipv4":      "192.0.2.1",
	"ipv6":      "2001:db8::1",
	"uri":       "https://example.com/",
	"uuid":      "123e4567-e89b-12d3-a456-426614174000",
}

// sampleString is the schema's format's sample or the property's name,
// fitted to minLength and maxLength.
func sampleString(sch map[string]any, name string) string {
	if f, ok := formats[fmt.Sprint(sch["format"])]; ok {
		return f
	}
	s := []rune(name)
	if hi, ok := sch["maxLength"].(float64); ok && len(s) > int(hi) {
		s = s[:int(hi)]
	}
	if lo, ok := sch["minLength"].(float64); ok {
		for len(s) < int(lo) {
			s = append(s, 'x')
		}
	}
	return string(s)
}
