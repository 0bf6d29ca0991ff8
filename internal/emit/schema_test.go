package emit_test

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mcptag/mcptag/internal/emit"
	"github.com/mcptag/mcptag/internal/generate"
	"github.com/mcptag/mcptag/internal/genopts"
)

// TestSchemaJSONAsReference checks that SchemaJSON, a level at a time,
// writes the very bytes of json.Marshal of the whole schema with {} for
// true, on random schemas that use every keyword holding subschemas, the
// unconstrained schema and its negation in every place among them: 3,000
// of them, or a tenth under -short, the inner loop.
func TestSchemaJSONAsReference(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	n := 3000
	if testing.Short() {
		n /= 10
	}
	for i := range n {
		s := randomSchema(r, 4)
		want, wantErr := emit.ReferenceSchemaJSON(s)
		got, err := emit.SchemaJSON(s)
		if (err != nil) != (wantErr != nil) {
			t.Fatalf("schema %d: error %v, want %v", i, err, wantErr)
		}
		if string(got) != string(want) {
			t.Fatalf("schema %d:\ngot  %s\nwant %s", i, got, want)
		}
	}
}

// TestSchemaJSONOnCorpus compares SchemaJSON with the reference on every
// schema of the packages the tests generate.
func TestSchemaJSONOnCorpus(t *testing.T) {
	corpus, err := generate.Run(filepath.Join("..", ".."), genopts.Options{}, "./internal/testcorpus", "./example/weather")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []*generate.Result{endToEnd(t), corpus} {
		for _, p := range r.Packages {
			var schemas []*jsonschema.Schema
			for _, tool := range p.Tools {
				schemas = append(schemas, tool.Input, tool.Output)
			}
			for _, f := range p.Forms {
				schemas = append(schemas, f.Schema)
			}
			for i, s := range schemas {
				if s == nil {
					continue
				}
				want, _ := emit.ReferenceSchemaJSON(s)
				if got, err := emit.SchemaJSON(s); err != nil || string(got) != string(want) {
					t.Errorf("%s: schema %d: %v\ngot  %s\nwant %s", p.Dir, i, err, got, want)
				}
			}
		}
	}
}

// randomSchema returns a schema nested at most depth deep.
func randomSchema(r *rand.Rand, depth int) *jsonschema.Schema {
	switch r.IntN(8) {
	case 0:
		return &jsonschema.Schema{} // true
	case 1:
		return &jsonschema.Schema{Not: &jsonschema.Schema{}} // false
	}
	s := &jsonschema.Schema{}
	if r.IntN(2) == 0 {
		s.Type = []string{"object", "string", "integer", "array"}[r.IntN(4)]
	}
	if r.IntN(3) == 0 {
		s.Description = []string{"a <b> & c", "line\u2028break", "ñandú", `quote " and \ slash`}[r.IntN(4)]
	}
	if r.IntN(4) == 0 {
		s.Enum = []any{"x", 1, nil}
	}
	if r.IntN(5) == 0 {
		s.Extra = map[string]any{"x-mcp-header": "Name"}
	}
	if depth == 0 {
		return s
	}
	sub := func() *jsonschema.Schema {
		if r.IntN(3) == 0 {
			return nil
		}
		return randomSchema(r, depth-1)
	}
	subs := func() []*jsonschema.Schema {
		if r.IntN(3) == 0 {
			return nil
		}
		var out []*jsonschema.Schema
		for range r.IntN(3) {
			out = append(out, randomSchema(r, depth-1))
		}
		return out
	}
	subMap := func() map[string]*jsonschema.Schema {
		if r.IntN(3) == 0 {
			return nil
		}
		m := map[string]*jsonschema.Schema{}
		for i := range r.IntN(3) {
			m[fmt.Sprintf("k%d", i)] = randomSchema(r, depth-1)
		}
		return m
	}
	switch r.IntN(6) {
	case 0:
		s.Properties = subMap()
		if len(s.Properties) > 1 && r.IntN(2) == 0 {
			s.PropertyOrder = []string{"k1", "k0"}
		}
		s.AdditionalProperties = sub()
		s.Defs = subMap()
	case 1:
		s.Items = sub()
		s.PrefixItems = subs()
		s.Contains = sub()
	case 2:
		s.AnyOf, s.AllOf, s.OneOf = subs(), subs(), subs()
	case 3:
		s.Not = sub()
	case 4:
		s.If, s.Then, s.Else = sub(), sub(), sub()
		s.DependentSchemas = subMap()
	case 5:
		s.DependencySchemas = subMap()
		s.PatternProperties = subMap()
		s.PropertyNames, s.UnevaluatedProperties = sub(), sub()
	}
	return s
}
