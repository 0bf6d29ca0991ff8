package shrink

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
)

// TestApply cuts a schema to one hop and first sentences: a nested object
// (here a reference) becomes {"type":"object"} with the first sentence of
// its description, null kept where it was allowed; a $defs entry is cut
// as seen from the shallowest place that refers to it. The cut is the
// same whatever order the properties are listed in.
func TestApply(t *testing.T) {
	const doc = `{
		"type": "object",
		"properties": {
			"a": {"type": "object", "description": "A. More.", "properties": {"deep": {"$ref": "#/$defs/Node"}}},
			"b": {"$ref": "#/$defs/Node"},
			"c": {"type": "string", "description": "C. More."}
		},
		"$defs": {
			"Node": {"type": "object", "description": "A node. It nests.",
				"properties": {"child": {"anyOf": [{"$ref": "#/$defs/Node"}, {"type": "null"}]}}}
		}
	}`
	const want = `{
		"type": "object",
		"properties": {
			"a": {"type": "object", "description": "A.", "properties": {"deep": {"type": "object", "description": "A node."}}},
			"b": {"$ref": "#/$defs/Node"},
			"c": {"type": "string", "description": "C."}
		},
		"$defs": {
			"Node": {"type": "object", "description": "A node.",
				"properties": {"child": {"type": ["object", "null"], "description": "A node."}}}
		}
	}`
	depth := 1
	cut := Options{Depth: &depth, Descriptions: "first"}
	for _, order := range [][]string{{"a", "b", "c"}, {"c", "b", "a"}} {
		var s jsonschema.Schema
		if err := json.Unmarshal([]byte(doc), &s); err != nil {
			t.Fatal(err)
		}
		s.PropertyOrder = slices.Clone(order)
		cut.Apply(&s, false)
		if got, want := asJSON(t, &s), asJSON(t, json.RawMessage(want)); !reflect.DeepEqual(got, want) {
			t.Errorf("properties in the order %v: got %v, want %v", order, got, want)
		}
	}
}

// asJSON is v as JSON values, which compare whatever the order of their
// members.
func asJSON(t *testing.T, v any) any {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	return out
}
