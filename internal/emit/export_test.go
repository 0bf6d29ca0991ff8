package emit

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/mcptag/mcptag/internal/analyzer"
)

// GoSource prints a package's code from tools, as Go does after Tools:
// for benchmarks of the printer alone.
var GoSource = goSource

// RawJSON is the Go expression of the schema s, at the top level of the
// file.
func RawJSON(s string) string {
	g := newGenFile(&analyzer.Package{Path: "example.com/p", Name: "p"})
	return g.rawJSON(json.RawMessage(s))
}

// ReferenceSchemaJSON is SchemaJSON as it was written before it encoded
// a level at a time: json.Marshal of the whole schema, whose tokens are
// then read again to write {} for true. Its cost is quadratic in the
// depth; its output is what SchemaJSON must write.
func ReferenceSchemaJSON(s *jsonschema.Schema) ([]byte, error) {
	data, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := rewriteSchema(dec, &out); err != nil {
		return nil, fmt.Errorf("rewriting schema: %w", err)
	}
	return out.Bytes(), nil
}

// Keywords whose value is one schema, an array of schemas, or an object
// of schemas; a true anywhere else is a plain boolean.
var (
	schemaValued = set("items", "additionalProperties", "propertyNames", "not", "contains",
		"if", "then", "else", "unevaluatedItems", "unevaluatedProperties", "additionalItems", "contentSchema")
	schemaArrays = set("allOf", "anyOf", "oneOf", "prefixItems")
	schemaMaps   = set("properties", "$defs", "definitions", "patternProperties", "dependentSchemas")
)

func set(words ...string) map[string]bool {
	m := map[string]bool{}
	for _, w := range words {
		m[w] = true
	}
	return m
}

// rewriteSchema copies one schema from dec to out, replacing the boolean
// schema true by {}.
func rewriteSchema(dec *json.Decoder, out *bytes.Buffer) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	if tok == true {
		out.WriteString("{}")
		return nil
	}
	if tok != json.Delim('{') {
		return writeToken(out, tok) // false, the only other boolean schema
	}
	out.WriteByte('{')
	for first := true; dec.More(); first = false {
		keyTok, err := dec.Token()
		if err != nil {
			return err
		}
		key := keyTok.(string)
		if !first {
			out.WriteByte(',')
		}
		writeToken(out, key)
		out.WriteByte(':')
		switch {
		case schemaValued[key]:
			err = rewriteSchema(dec, out)
		case schemaArrays[key]:
			err = rewriteContainer(dec, out, '[', false)
		case schemaMaps[key]:
			err = rewriteContainer(dec, out, '{', true)
		default:
			err = copyValue(dec, out)
		}
		if err != nil {
			return err
		}
	}
	if _, err := dec.Token(); err != nil { // '}'
		return err
	}
	out.WriteByte('}')
	return nil
}

// rewriteContainer copies an array of schemas or an object of schemas.
func rewriteContainer(dec *json.Decoder, out *bytes.Buffer, open byte, keyed bool) error {
	if _, err := dec.Token(); err != nil {
		return err
	}
	out.WriteByte(open)
	for first := true; dec.More(); first = false {
		if !first {
			out.WriteByte(',')
		}
		if keyed {
			key, err := dec.Token()
			if err != nil {
				return err
			}
			writeToken(out, key)
			out.WriteByte(':')
		}
		if err := rewriteSchema(dec, out); err != nil {
			return err
		}
	}
	if _, err := dec.Token(); err != nil {
		return err
	}
	out.WriteByte(open + 2) // '[' + 2 == ']', '{' + 2 == '}'
	return nil
}

func copyValue(dec *json.Decoder, out *bytes.Buffer) error {
	var v json.RawMessage
	if err := dec.Decode(&v); err != nil {
		return err
	}
	out.Write(v)
	return nil
}

func writeToken(out *bytes.Buffer, tok json.Token) error {
	data, err := json.Marshal(tok)
	if err != nil {
		return err
	}
	out.Write(data)
	return nil
}
