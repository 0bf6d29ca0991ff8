// Package emit renders an analyzed package: the Go registration code
// (mcp_tools_gen.go) and the schema snapshot (mcp_tools.json). It does no
// type analysis of its own.
package emit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/google/jsonschema-go/jsonschema"
)

// SchemaJSON returns the wire form of s, compact. It differs from
// jsonschema-go's own encoding in one way: an unconstrained subschema is
// written {} and never true, because the TypeScript client rejects a whole
// tools/list with a boolean property schema.
//
// It encodes the schema one level at a time, each level with its
// subschemas left as holes that the subschemas' own encodings fill, so
// that its cost is linear in the schema's size however deep it nests:
// json.Marshal of the whole schema hands each level's JSON from
// jsonschema-go's MarshalJSON back to encoding/json, which compacts it
// again at every enclosing level.
func SchemaJSON(s *jsonschema.Schema) ([]byte, error) {
	var out bytes.Buffer
	if _, err := writeSchema(&out, s, true); err != nil {
		return nil, fmt.Errorf("encoding schema: %w", err)
	}
	return out.Bytes(), nil
}

// holeMark starts the title of the schema that stands for a subschema in
// the encoding of one level; the hole's number follows it.
const holeMark = "\x00mcptag-hole:"

// holePrefix is how a hole starts in the encoding of its level.
var holePrefix = func() []byte {
	data, err := json.Marshal(&jsonschema.Schema{Title: holeMark})
	if err != nil {
		panic(err)
	}
	return data[:len(data)-2] // less the closing `"}`
}()

// A level is one schema with its subschemas replaced by holes.
type level struct {
	holes []*jsonschema.Schema
	// keepTrue marks the holes below which true stays true: the values
	// of draft 7's dependencies, which are not schemas only.
	keepTrue []bool
}

func (l *level) hole(s *jsonschema.Schema, keepTrue bool) *jsonschema.Schema {
	if s == nil {
		return nil
	}
	l.holes, l.keepTrue = append(l.holes, s), append(l.keepTrue, keepTrue)
	return &jsonschema.Schema{Title: holeMark + strconv.Itoa(len(l.holes)-1)}
}

func (l *level) holeSlice(ss []*jsonschema.Schema) []*jsonschema.Schema {
	if ss == nil {
		return nil
	}
	out := make([]*jsonschema.Schema, len(ss))
	for i, s := range ss {
		out[i] = l.hole(s, false)
	}
	return out
}

func (l *level) holeMap(m map[string]*jsonschema.Schema, keepTrue bool) map[string]*jsonschema.Schema {
	if m == nil {
		return nil
	}
	out := make(map[string]*jsonschema.Schema, len(m))
	for k, s := range m {
		out[k] = l.hole(s, keepTrue)
	}
	return out
}

// shallow returns s with every subschema replaced by a hole of l.
func (l *level) shallow(s *jsonschema.Schema) *jsonschema.Schema {
	c := *s
	c.Defs, c.Definitions = l.holeMap(s.Defs, false), l.holeMap(s.Definitions, false)
	c.DependencySchemas = l.holeMap(s.DependencySchemas, true)
	c.PrefixItems, c.ItemsArray = l.holeSlice(s.PrefixItems), l.holeSlice(s.ItemsArray)
	c.Items, c.AdditionalItems, c.Contains, c.UnevaluatedItems = l.hole(s.Items, false), l.hole(s.AdditionalItems, false), l.hole(s.Contains, false), l.hole(s.UnevaluatedItems, false)
	c.Properties, c.PatternProperties = l.holeMap(s.Properties, false), l.holeMap(s.PatternProperties, false)
	c.AdditionalProperties, c.PropertyNames, c.UnevaluatedProperties = l.hole(s.AdditionalProperties, false), l.hole(s.PropertyNames, false), l.hole(s.UnevaluatedProperties, false)
	c.AllOf, c.AnyOf, c.OneOf = l.holeSlice(s.AllOf), l.holeSlice(s.AnyOf), l.holeSlice(s.OneOf)
	c.Not, c.If, c.Then, c.Else = l.hole(s.Not, false), l.hole(s.If, false), l.hole(s.Then, false), l.hole(s.Else, false)
	c.DependentSchemas = l.holeMap(s.DependentSchemas, false)
	c.ContentSchema = l.hole(s.ContentSchema, false)
	return &c
}

// writeSchema writes the encoding of s to out, an unconstrained schema
// in it as {} when rewrite is set, else as jsonschema-go writes it
// (true); it reports whether s is unconstrained.
func writeSchema(out *bytes.Buffer, s *jsonschema.Schema, rewrite bool) (unconstrained bool, err error) {
	var l level
	data, err := json.Marshal(l.shallow(s))
	if err != nil {
		return false, err
	}
	if string(data) == "true" { // jsonschema-go's {}
		if rewrite {
			out.WriteString("{}")
		} else {
			out.WriteString("true")
		}
		return true, nil
	}
	start := out.Len()
	notOnly := len(l.holes) == 1 && s.Not != nil && string(data) == `{"not":`+string(holePrefix)+`0"}}`
	for len(data) > 0 {
		i := bytes.Index(data, holePrefix)
		if i < 0 {
			out.Write(data)
			break
		}
		out.Write(data[:i])
		rest := data[i+len(holePrefix):]
		end := bytes.IndexByte(rest, '"')
		n, err := strconv.Atoi(string(rest[:end]))
		if err != nil || n >= len(l.holes) {
			return false, fmt.Errorf("a subschema's place is lost")
		}
		childTrue, err := writeSchema(out, l.holes[n], rewrite && !l.keepTrue[n])
		if err != nil {
			return false, err
		}
		if notOnly && childTrue { // jsonschema-go's {"not": {}}
			out.Truncate(start)
			out.WriteString("false")
			return false, nil
		}
		data = rest[end+len(`"}`):]
	}
	return false, nil
}
