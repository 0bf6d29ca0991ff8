package apppreview

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
)

// TestSample: a schema's own values first, then values each keyword
// bounds; references followed, a recursive schema cut off.
func TestSample(t *testing.T) {
	for _, tc := range []struct{ name, schema, want string }{
		{"given values", `{"type":"object","properties":{
			"c":{"const":"k"},"d":{"type":"integer","default":4},"e":{"type":"string","enum":["x","y"]},
			"ed":{"type":"string","enum":["x","y"],"default":"y"},"x":{"type":"string","examples":["London"]}}}`,
			`{"c":"k","d":4,"e":"x","ed":"y","x":"London"}`},
		{"bounds", `{"type":"object","properties":{
			"a":{"type":"number","minimum":0,"maximum":1},"b":{"type":"integer","minimum":100},
			"s":{"type":"string","minLength":5},"t":{"type":"string","maxLength":2},
			"l":{"type":"array","items":{"type":"boolean"},"maxItems":2}}}`,
			`{"a":0.55,"b":107,"l":[true,true],"s":"sxxxx","t":"t"}`},
		{"formats and nullable", `{"type":"object","properties":{
			"at":{"type":"string","format":"date-time"},"n":{"type":["null","string"]},"z":{"type":"null"}}}`,
			`{"at":"2026-03-14T15:09:26Z","n":"n","z":null}`},
		{"references", `{"type":"object","properties":{"r":{"type":"array","items":{"$ref":"#/$defs/D"},"minItems":4}},
			"$defs":{"D":{"type":"object","properties":{"v":{"type":"number"}}}}}`,
			`{"r":[{"v":11},{"v":7},{"v":16},{"v":9}]}`},
		{"anyOf", `{"anyOf":[{"type":"integer","minimum":2,"maximum":2},{"type":"string"}]}`, `2`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := sample(t, tc.schema)
			if got != tc.want {
				t.Errorf("Sample = %s, want %s", got, tc.want)
			}
		})
	}
}

// TestSampleRecursive: a schema that refers to itself gives a finite
// sample, its optional properties dropped below a depth.
func TestSampleRecursive(t *testing.T) {
	got := sample(t, `{"$ref":"#/$defs/N","$defs":{"N":{"type":"object","required":["name"],
		"properties":{"name":{"type":"string"},"kids":{"type":"array","items":{"$ref":"#/$defs/N"}}}}}}`)
	if !strings.HasPrefix(got, `{"kids":[{"kids":[`) || strings.Count(got, `"name":"name"`) < 3 {
		t.Errorf("Sample = %.200s, want nested kids, each named", got)
	}
}

func sample(t *testing.T, schema string) string {
	t.Helper()
	var s jsonschema.Schema
	if err := json.Unmarshal([]byte(schema), &s); err != nil {
		t.Fatal(err)
	}
	v, err := Sample(&s)
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
