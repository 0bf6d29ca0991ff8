package budget

import (
	"bytes"
	"encoding/json"
	"errors"
)

// A node is a parsed JSON value that keeps its object members in order,
// so that it can be written back exactly as tools/list sends it.
type node struct {
	members []member        // an object's members, in order
	items   []*node         // an array's elements
	scalar  json.RawMessage // a string, number, true, false or null, compact
	object  bool
	array   bool
}

type member struct {
	key   string
	value *node
}

// get returns the value of the object member key, or nil.
func (n *node) get(key string) *node {
	for _, m := range n.members {
		if m.key == key {
			return m.value
		}
	}
	return nil
}

// parse parses one JSON value.
func parse(data []byte) (*node, error) {
	if !json.Valid(data) { // also bounds the nesting depth for parseValue
		return nil, errors.New("not valid JSON")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return parseValue(dec)
}

func parseValue(dec *json.Decoder) (*node, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('{'):
		n := &node{object: true}
		for dec.More() {
			key, err := dec.Token()
			if err != nil {
				return nil, err
			}
			v, err := parseValue(dec)
			if err != nil {
				return nil, err
			}
			n.members = append(n.members, member{key.(string), v})
		}
		_, err := dec.Token() // '}'
		return n, err
	case json.Delim('['):
		n := &node{array: true}
		for dec.More() {
			v, err := parseValue(dec)
			if err != nil {
				return nil, err
			}
			n.items = append(n.items, v)
		}
		_, err := dec.Token() // ']'
		return n, err
	}
	raw, err := marshal(tok)
	return &node{scalar: raw}, err
}

// marshal encodes v as compact JSON the way the go-sdk writes messages:
// without escaping <, > and &.
func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// A writer writes nodes as compact JSON.
type writer struct {
	buf bytes.Buffer
	// dropDescriptions leaves out the description keyword of every schema.
	dropDescriptions bool
}

// compact returns n as compact JSON.
func compact(n *node) string {
	var w writer
	w.value(n)
	return w.buf.String()
}

func (w *writer) value(n *node) {
	switch {
	case n.object:
		w.buf.WriteByte('{')
		for i, m := range n.members {
			w.member(i, m)
			w.value(m.value)
		}
		w.buf.WriteByte('}')
	case n.array:
		w.buf.WriteByte('[')
		for i, v := range n.items {
			if i > 0 {
				w.buf.WriteByte(',')
			}
			w.value(v)
		}
		w.buf.WriteByte(']')
	default:
		w.buf.Write(n.scalar)
	}
}

// member writes the key of the i'th member of an object written so far.
func (w *writer) member(i int, m member) {
	if i > 0 {
		w.buf.WriteByte(',')
	}
	key, _ := marshal(m.key) // a string always encodes
	w.buf.Write(key)
	w.buf.WriteByte(':')
}

// The keywords of JSON Schema (2020-12 and draft 7) whose values are
// schemas, objects of schemas by name, or arrays of schemas. Everything
// else in a schema is data (enum, const, default, examples, ...), where a
// member named "description" is not a description.
var (
	subschemaKeywords = set("items", "additionalProperties", "additionalItems", "not", "if", "then", "else",
		"contains", "propertyNames", "unevaluatedItems", "unevaluatedProperties")
	schemaMapKeywords   = set("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
	schemaArrayKeywords = set("allOf", "anyOf", "oneOf", "prefixItems", "items")
)

func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// schema writes a schema, leaving out its descriptions if w says so.
func (w *writer) schema(n *node) {
	if !n.object {
		w.value(n) // true, false, or not a schema
		return
	}
	w.buf.WriteByte('{')
	i := 0
	for _, m := range n.members {
		if w.dropDescriptions && m.key == "description" {
			continue
		}
		w.member(i, m)
		i++
		v := m.value
		switch {
		case schemaMapKeywords[m.key] && v.object:
			w.buf.WriteByte('{')
			for j, sub := range v.members {
				w.member(j, sub)
				w.schema(sub.value)
			}
			w.buf.WriteByte('}')
		case schemaArrayKeywords[m.key] && v.array:
			w.buf.WriteByte('[')
			for j, sub := range v.items {
				if j > 0 {
					w.buf.WriteByte(',')
				}
				w.schema(sub)
			}
			w.buf.WriteByte(']')
		case subschemaKeywords[m.key]:
			w.schema(v)
		default:
			w.value(v)
		}
	}
	w.buf.WriteByte('}')
}

// withoutDescriptions returns schema n as compact JSON with no
// description keyword anywhere.
func withoutDescriptions(n *node) string {
	w := writer{dropDescriptions: true}
	w.schema(n)
	return w.buf.String()
}

// stringValue returns the value of a JSON string node, or "".
func stringValue(n *node) string {
	var s string
	if n != nil && n.scalar != nil && json.Unmarshal(n.scalar, &s) == nil {
		return s
	}
	return ""
}
