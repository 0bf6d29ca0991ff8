package titles

import (
	"encoding/json"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
)

// TestAdd titles a schema as pydantic does: the root as asked, each
// property by its name title-cased (field_name.title().replace("_", " ")),
// but for a reference to a model, nullable or not, and each $defs entry by
// its name; a title already there stays.
func TestAdd(t *testing.T) {
	const doc = `{
		"type": "object",
		"properties": {
			"city_name": {"type": "string"},
			"x2y": {"type": "integer"},
			"kept": {"type": "string", "title": "Mine"},
			"owner": {"$ref": "#/$defs/User"},
			"maybe": {"anyOf": [{"$ref": "#/$defs/User"}, {"type": "null"}]}
		},
		"$defs": {"User": {"type": "object", "properties": {"full_NAME": {"type": "string"}}}}
	}`
	var s jsonschema.Schema
	if err := json.Unmarshal([]byte(doc), &s); err != nil {
		t.Fatal(err)
	}
	Add(&s, "get_weatherArguments")
	for _, tc := range []struct{ what, got, want string }{
		{"root", s.Title, "get_weatherArguments"},
		{"city_name", s.Properties["city_name"].Title, "City Name"},
		{"x2y", s.Properties["x2y"].Title, "X2Y"},
		{"kept", s.Properties["kept"].Title, "Mine"},
		{"owner", s.Properties["owner"].Title, ""},
		{"maybe", s.Properties["maybe"].Title, ""},
		{"User", s.Defs["User"].Title, "User"},
		{"User.full_NAME", s.Defs["User"].Properties["full_NAME"].Title, "Full Name"},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: title %q, want %q", tc.what, tc.got, tc.want)
		}
	}
}
