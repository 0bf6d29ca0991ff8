package budget

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
)

// A node is a parsed JSON value that keeps its object members in order
// and its scalars as they were written (a schema rendered with
// json.Marshal spells "<" as "\u003c", and so does tools/list), so that
// it can be written back exactly as tools/list sends it.
type node struct {
	members []member        // an object's members, in order
	items   []*node         // an array's elements
	scalar  json.RawMessage // a string, number, true, false or null
	object  bool
	array   bool
}

type member struct {
	key   string          // decoded
	raw   json.RawMessage // as written
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

// A parser reads one JSON value into nodes.
type parser struct {
	data []byte
	dec  *json.Decoder
}

// parse parses one JSON value.
func parse(data []byte) (*node, error) {
	if !json.Valid(data) { // also bounds the nesting depth for value
		return nil, errors.New("not valid JSON")
	}
	p := &parser{data: data, dec: json.NewDecoder(bytes.NewReader(data))}
	p.dec.UseNumber()
	return p.value()
}

// token returns the next token and the text it was read from.
func (p *parser) token() (json.Token, json.RawMessage, error) {
	start := p.dec.InputOffset()
	tok, err := p.dec.Token()
	if err != nil {
		return nil, nil, err
	}
	// The text since the previous token holds the separator before this one.
	raw := bytes.TrimLeft(p.data[start:p.dec.InputOffset()], " \t\r\n:,")
	return tok, raw, nil
}

func (p *parser) value() (*node, error) {
	tok, raw, err := p.token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('{'):
		n := &node{object: true}
		for p.dec.More() {
			key, rawKey, err := p.token()
			if err != nil {
				return nil, err
			}
			v, err := p.value()
			if err != nil {
				return nil, err
			}
			n.members = append(n.members, member{key.(string), rawKey, v})
		}
		_, _, err := p.token() // '}'
		return n, err
	case json.Delim('['):
		n := &node{array: true}
		for p.dec.More() {
			v, err := p.value()
			if err != nil {
				return nil, err
			}
			n.items = append(n.items, v)
		}
		_, _, err := p.token() // ']'
		return n, err
	}
	return &node{scalar: raw}, nil
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
		w.object(n.members, func(m member) { w.value(m.value) })
	case n.array:
		w.array(n.items, w.value)
	default:
		w.buf.Write(n.scalar)
	}
}

// object writes an object of the members, each value with write.
func (w *writer) object(members []member, write func(member)) {
	w.buf.WriteByte('{')
	for i, m := range members {
		if i > 0 {
			w.buf.WriteByte(',')
		}
		w.buf.Write(m.raw)
		w.buf.WriteByte(':')
		write(m)
	}
	w.buf.WriteByte('}')
}

// array writes an array of the items, each with write.
func (w *writer) array(items []*node, write func(*node)) {
	w.buf.WriteByte('[')
	for i, v := range items {
		if i > 0 {
			w.buf.WriteByte(',')
		}
		write(v)
	}
	w.buf.WriteByte(']')
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
	members := n.members
	if w.dropDescriptions {
		members = slices.DeleteFunc(slices.Clone(members), func(m member) bool { return m.key == "description" })
	}
	w.object(members, func(m member) {
		v := m.value
		switch {
		case schemaMapKeywords[m.key] && v.object:
			w.object(v.members, func(sub member) { w.schema(sub.value) })
		case schemaArrayKeywords[m.key] && v.array:
			w.array(v.items, w.schema)
		case subschemaKeywords[m.key]:
			w.schema(v)
		default:
			w.value(v)
		}
	})
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
