package emit

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
)

// TestArgFromSchema checks the toolrt.Arg fields derived from the
// schema forms the analyzer writes for inputs.
func TestArgFromSchema(t *testing.T) {
	w := &argWriter{defIndex: map[string]int{"Filter": 1}}
	for _, tc := range []struct{ schema, want string }{
		{`{}`, ``},
		{`{"type":"string"}`, `Kind: toolrt.KindString`},
		{`{"type":["array","null"],"items":{"type":"string"}}`, `Kind: toolrt.KindArray, Nullable: true, Elem: &toolrt.Arg{Kind: toolrt.KindString}`},
		{`{"type":"integer","minimum":0,"maximum":255}`, `Kind: toolrt.KindInteger, Range: toolrt.RangeUint8`},
		{`{"type":"integer","minimum":-32768,"maximum":32767}`, `Kind: toolrt.KindInteger, Range: toolrt.RangeInt16`},
		{`{"type":"integer","minimum":0}`, `Kind: toolrt.KindInteger, Range: toolrt.RangeUint64`},
		{`{"type":"integer","minimum":1,"maximum":7}`, `Kind: toolrt.KindInteger`},
		{`{"type":"integer","enum":[1,2,3]}`, `Kind: toolrt.KindInteger, Enum: []string{"1", "2", "3"}`},
		{`{"type":["string","null"],"enum":["a","b",null]}`, `Kind: toolrt.KindString, Nullable: true, Enum: []string{"a", "b"}`},
		{`{"type":["integer","string"]}`, `Kind: toolrt.KindInteger | toolrt.KindString`},
		{`{"type":"string","format":"date-time"}`, `Kind: toolrt.KindString, Format: toolrt.DateTime`},
		{`{"type":["string","null"],"contentEncoding":"base64"}`, `Kind: toolrt.KindString, Nullable: true, Format: toolrt.Base64`},
		{`{"type":"string","enum":["false","true"]}`, `Kind: toolrt.KindString, Enum: []string{"false", "true"}`},
		{`{"type":"string","pattern":"^-?[0-9]+$"}`, `Kind: toolrt.KindString, Format: toolrt.DecimalInt`},
		{`{"type":"array","items":{"type":"integer"},"minItems":3,"maxItems":3}`, `Kind: toolrt.KindArray, Elem: &toolrt.Arg{Kind: toolrt.KindInteger}, Fixed: true, Len: 3`},
		{`{"type":"object","additionalProperties":{"type":"number"},"propertyNames":{"type":"string","pattern":"^[0-9]+$"}}`, `Kind: toolrt.KindObject, Elem: &toolrt.Arg{Kind: toolrt.KindNumber}, Keys: toolrt.DecimalUint`},
		{`{"type":"object","properties":{},"additionalProperties":{"not":{}}}`, `Kind: toolrt.KindObject, Closed: true`},
		{`{"type":"object"}`, `Kind: toolrt.KindObject`},
		{`{"$ref":"#/$defs/Filter"}`, `Ref: 1`},
		{`{"$ref":"#/$defs/Filter","description":"d"}`, `Ref: 1`},
		{`{"anyOf":[{"$ref":"#/$defs/Filter"},{"type":"null"}]}`, `Ref: 1, Nullable: true`},
		{`{"anyOf":[{"type":"string"},{"type":"integer"}]}`, ``},
		{`{"$ref":"#/$defs/Missing"}`, ``},
	} {
		var s jsonschema.Schema
		if err := json.Unmarshal([]byte(tc.schema), &s); err != nil {
			t.Fatal(err)
		}
		if got := w.arg(&s); got != tc.want {
			t.Errorf("%s:\ngot  %s\nwant %s", tc.schema, got, tc.want)
		}
	}
}

// TestArgSpecDefs checks that $defs become Spec.Defs in name order,
// referred to by index, so that a recursive type is a cycle of indexes.
func TestArgSpecDefs(t *testing.T) {
	var s jsonschema.Schema
	in := `{"type":"object","properties":{"root":{"$ref":"#/$defs/Node"},"z":{"$ref":"#/$defs/A"}},"required":["root"],
		"additionalProperties":{"not":{}},
		"$defs":{"Node":{"type":"object","properties":{"kids":{"type":["array","null"],"items":{"$ref":"#/$defs/Node"}}},"additionalProperties":{"not":{}}},
		"A":{"type":"string"}}}`
	if err := json.Unmarshal([]byte(in), &s); err != nil {
		t.Fatal(err)
	}
	got := argSpec("tree", &s)
	for _, want := range []string{
		`{Name: "root", Required: true, Ref: 2}`,
		`{Name: "z", Ref: 1}`,
		"/* A */ {Kind: toolrt.KindString}",
		`/* Node */ {Kind: toolrt.KindObject, Fields: []toolrt.Arg{` + "\n" + `{Name: "kids", Kind: toolrt.KindArray, Nullable: true, Elem: &toolrt.Arg{Ref: 2}},`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("spec lacks %s:\n%s", want, got)
		}
	}
}
