package analyzer_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/emit"
	"github.com/mcptag/mcptag/internal/generate"
	"github.com/mcptag/mcptag/internal/genopts"
	"github.com/mcptag/mcptag/internal/shrink"
	"github.com/mcptag/mcptag/internal/testcorpus"
	"github.com/mcptag/mcptag/internal/valuegen"
)

// valuesPerTool is how many random values each corpus tool is checked with.
const valuesPerTool = 400

// TestOutputSchemaProperty checks every output schema of the corpus
// against the bytes encoding/json writes for many values of its type.
//
// Soundness: every marshalled value validates against the wire form of
// the schema. Precision: a property that every value had is required, and
// a property the schema lets be null was null for some value.
//
// It runs twice, the second time with every output object closed, so that
// a property encoding/json writes but the schema does not declare fails
// too.
func TestOutputSchemaProperty(t *testing.T) {
	for _, closed := range []bool{false, true} {
		if testing.Short() && !closed {
			continue // the inner loop checks one variant: closed, the stricter
		}
		t.Run(map[bool]string{false: "open", true: "closed"}[closed], func(t *testing.T) {
			testOutputSchemas(t, analyzer.Options{Closed: closed}, true)
		})
	}
}

// TestShrunkSchemasSound checks that every value of the full type still
// validates against the output schemas cut down by -depth and
// -descriptions: shrinking loses precision, never soundness.
func TestShrunkSchemasSound(t *testing.T) {
	depth := func(n int) *int { return &n }
	for _, tc := range []struct {
		name   string
		shrink shrink.Options
	}{
		{"depth=0", shrink.Options{Depth: depth(0)}},
		{"depth=1", shrink.Options{Depth: depth(1)}},
		{"depth=2,descriptions=first", shrink.Options{Depth: depth(2), Descriptions: "first"}},
		{"descriptions=none", shrink.Options{Descriptions: "none"}},
	} {
		if testing.Short() && tc.name != "depth=2,descriptions=first" {
			continue // the inner loop checks one variant, which cuts both
		}
		t.Run(tc.name, func(t *testing.T) {
			testOutputSchemas(t, analyzer.Options{Closed: true, Shrink: tc.shrink}, false)
		})
	}
}

// testOutputSchemas checks the tools of the corpus, loaded with opts; the
// precision of their schemas too when precise.
func testOutputSchemas(t *testing.T, opts analyzer.Options, precise bool) {
	pkgs, err := generate.Packages("../testcorpus", genopts.Options{Base: opts}, ".")
	if err != nil {
		t.Fatal(err)
	}
	p := pkgs[0]
	for _, f := range p.Findings {
		if f.Error {
			t.Errorf("%s: %s: %s", p.Fset.Position(f.Pos), f.Category, f.Message)
		}
	}
	seen := map[string]bool{}
	for _, tool := range p.Tools {
		seen[tool.Name] = true
		fn, ok := testcorpus.ToolFuncs[tool.Name]
		if !ok {
			t.Errorf("testcorpus.ToolFuncs has no %s", tool.Name)
			continue
		}
		if tool.Output == nil {
			continue // unstructured: nothing to validate
		}
		t.Run(tool.Name, func(t *testing.T) {
			checkTool(t, tool, reflect.TypeOf(fn).Out(0), precise)
		})
	}
	for name := range testcorpus.ToolFuncs {
		if !seen[name] {
			t.Errorf("testcorpus.ToolFuncs has %s, which the analyzer did not find", name)
		}
	}
}

func checkTool(t *testing.T, tool *analyzer.Tool, typ reflect.Type, precise bool) {
	wire, err := emit.SchemaJSON(tool.Output)
	if err != nil {
		t.Fatal(err)
	}
	var schema jsonschema.Schema
	if err := json.Unmarshal(wire, &schema); err != nil {
		t.Fatal(err)
	}
	resolved, err := schema.Resolve(nil)
	if err != nil {
		t.Fatalf("resolving %s: %v", wire, err)
	}
	g := &valuegen.Generator{
		Rand:     rand.New(rand.NewPCG(1, uint64(len(tool.Name)))),
		Enum:     func(t reflect.Type) []any { return testcorpus.EnumValues[t] },
		MaxDepth: 4,
		// Values that encoding/json writes as null belong here: an
		// output schema must admit them.
		Interfaces:    []any{nil, 1.5, "s", true, map[string]any{"k": []any{1, nil}}, []int(nil), (*int)(nil)},
		FiniteNumbers: true, // the test decodes what was written into an any
	}
	stats := newPrecision(&schema)
	failures := 0
	for i := 0; i < valueCount() && failures < 3; i++ {
		v := reflect.New(typ).Elem()
		if i > 0 { // the first value is the zero value
			v = g.Value(typ)
		}
		data, err := send(tool, v)
		if err != nil {
			t.Fatalf("marshalling %#v: %v", v.Interface(), err)
		}
		var instance any
		if err := json.Unmarshal(data, &instance); err != nil {
			t.Fatal(err)
		}
		if err := resolved.Validate(instance); err != nil {
			failures++
			t.Errorf("value %d does not validate: %v\nvalue:  %s\nschema: %s", i, err, data, wire)
			continue
		}
		stats.visit(&schema, instance, "")
	}
	if failures == 0 && precise {
		for _, msg := range stats.report() {
			t.Errorf("imprecise schema: %s\nschema: %s", msg, wire)
		}
	}
}

// send marshals v exactly as the generated code sends a result of this
// kind (see toolimpl): structs and maps as they are (a nil map as {}), a
// pointer result that is nil as its zero value, a slice element by
// element into {"result": [...]} (a nil slice as []), anything else as
// {"result": v}.
func send(tool *analyzer.Tool, v reflect.Value) ([]byte, error) {
	r := tool.Result
	if r.Pointer {
		if v.IsNil() {
			v = reflect.New(v.Type().Elem())
		}
		if r.Kind != analyzer.ResultObject && r.Kind != analyzer.ResultMap {
			v = v.Elem() // toolimpl.Wrapped(*out), toolimpl.Slice(*out)
		}
	}
	switch r.Kind {
	case analyzer.ResultObject, analyzer.ResultMap:
		data, err := json.Marshal(v.Interface())
		if string(data) == "null" {
			data = []byte("{}")
		}
		return data, err
	case analyzer.ResultWrapped:
		var buf bytes.Buffer
		buf.WriteString(`{"result":`)
		if r.Slice {
			buf.WriteByte('[')
			for i := 0; i < v.Len(); i++ {
				data, err := json.Marshal(v.Index(i).Interface())
				if err != nil {
					return nil, err
				}
				if i > 0 {
					buf.WriteByte(',')
				}
				buf.Write(data)
			}
			buf.WriteByte(']')
		} else {
			data, err := json.Marshal(v.Interface())
			if err != nil {
				return nil, err
			}
			buf.Write(data)
		}
		buf.WriteByte('}')
		return buf.Bytes(), nil
	}
	return nil, fmt.Errorf("result kind %v has no structured content", r.Kind)
}

// precision records, for each property of each object schema, how often
// the object was seen, the property present, and the property null.
type precision struct {
	defs  map[string]*jsonschema.Schema
	props map[string]*propStats
}

type propStats struct {
	objects, present, null int
	required, nullable     bool
}

func newPrecision(root *jsonschema.Schema) *precision {
	return &precision{defs: root.Defs, props: map[string]*propStats{}}
}

// visit walks instance along schema s, which is known to validate it; at
// is the schema's location, naming the statistics.
func (p *precision) visit(s *jsonschema.Schema, instance any, at string) {
	if name, ok := strings.CutPrefix(s.Ref, "#/$defs/"); ok {
		p.visit(p.defs[name], instance, "#/$defs/"+name)
		return
	}
	for i, alt := range s.AnyOf {
		if alt.Type != "null" {
			p.visit(alt, instance, fmt.Sprintf("%s/anyOf/%d", at, i))
		}
	}
	switch x := instance.(type) {
	case map[string]any:
		for name, prop := range s.Properties {
			key := at + "/properties/" + name
			st := p.props[key]
			if st == nil {
				st = &propStats{required: slices.Contains(s.Required, name), nullable: acceptsNull(prop)}
				p.props[key] = st
			}
			st.objects++
			if v, ok := x[name]; ok {
				st.present++
				if v == nil {
					st.null++
				} else {
					p.visit(prop, v, key)
				}
			}
		}
		if s.AdditionalProperties != nil {
			for name, v := range x {
				if _, declared := s.Properties[name]; !declared && v != nil {
					p.visit(s.AdditionalProperties, v, at+"/additionalProperties")
				}
			}
		}
	case []any:
		if s.Items != nil {
			for _, v := range x {
				if v != nil {
					p.visit(s.Items, v, at+"/items")
				}
			}
		}
	}
}

// report lists the properties whose schema says more than the values
// showed: optional but always present, or nullable but never null.
func (p *precision) report() []string {
	var msgs []string
	for key, st := range p.props {
		if st.objects < 20 {
			continue // too few samples to judge
		}
		if st.present == st.objects && !st.required {
			msgs = append(msgs, fmt.Sprintf("%s: present in all %d values, but not required", key, st.objects))
		}
		if st.nullable && st.null == 0 {
			msgs = append(msgs, fmt.Sprintf("%s: nullable, but null in none of %d values", key, st.objects))
		}
	}
	sort.Strings(msgs)
	return msgs
}

// acceptsNull reports whether s explicitly admits null. {} admits it too,
// but says nothing, so it is not counted.
func acceptsNull(s *jsonschema.Schema) bool {
	if s.Type == "null" || slices.Contains(s.Types, "null") {
		return true
	}
	for _, alt := range s.AnyOf {
		if alt.Type == "null" {
			return true
		}
	}
	return false
}

// valueCount is valuesPerTool, or a tenth of it under -short, the inner
// loop: go test without -short checks them all.
func valueCount() int {
	if testing.Short() {
		return valuesPerTool / 10
	}
	return valuesPerTool
}
