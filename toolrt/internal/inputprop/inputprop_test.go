package inputprop

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/mcptag/mcptag/internal/testcorpus"
	"github.com/mcptag/mcptag/internal/valuegen"
)

// valuesPerTool is how many random values each tool is called with;
// every clientEvery-th of them also goes through a go-sdk client.
const (
	valuesPerTool = 300
	clientEvery   = 15
)

// tools are the generated handlers, with the type whose JSON form is the
// arguments object: the struct parameter, or for the plain style the
// struct the tool returns its parameters in.
var tools = map[string]struct {
	handler mcp.ToolHandler
	args    reflect.Type
}{
	"echo_scalars":     {mcptagEchoScalars, reflect.TypeFor[Scalars]()},
	"echo_quoted":      {mcptagEchoQuoted, reflect.TypeFor[Quoted]()},
	"echo_nullables":   {mcptagEchoNullables, reflect.TypeFor[Nullables]()},
	"echo_embeds":      {mcptagEchoEmbeds, reflect.TypeFor[Embeds]()},
	"echo_tagged":      {mcptagEchoTagged, reflect.TypeFor[Tagged]()},
	"echo_specials":    {mcptagEchoSpecials, reflect.TypeFor[Specials]()},
	"echo_maps":        {mcptagEchoMaps, reflect.TypeFor[Maps]()},
	"echo_node":        {mcptagEchoNode, reflect.TypeFor[testcorpus.Node]()},
	"echo_generic":     {mcptagEchoGeneric, reflect.TypeFor[Generic]()},
	"echo_enums":       {mcptagEchoEnums, reflect.TypeFor[Enums]()},
	"echo_everything":  {mcptagEchoEverything, reflect.TypeFor[Everything]()},
	"plain_scalars":    {mcptagPlainScalars, reflect.TypeFor[PlainScalarsArgs]()},
	"plain_pointers":   {mcptagPlainPointers, reflect.TypeFor[PlainPointersArgs]()},
	"plain_mixed":      {mcptagPlainMixed, reflect.TypeFor[PlainMixedArgs]()},
	"plain_one":        {mcptagPlainOne, reflect.TypeFor[PlainOneArgs]()},
	"plain_struct_ptr": {mcptagPlainStructPtr, reflect.TypeFor[PlainStructPtrArgs]()},
}

// TestInputProperty sends every tool what encoding/json writes for many
// random values of its argument types, as a client would send them, and
// checks that
//
//  1. the generated handler accepts them (no isError),
//  2. the tool gets the very value that was sent (it echoes it back;
//     both sides are compared after a JSON round trip, which maps a nil
//     slice and an empty one alike where encoding/json does), and
//  3. the published input schema, as tools/list gives it, validates them.
//
// Any failure is a bug in toolrt's checking, in emit's Spec or in the
// analyzer's input schemas.
func TestInputProperty(t *testing.T) {
	cs := mcptest.Session(t, RegisterTools)
	ctx := context.Background()
	schemas := mcptest.InputSchemas(t, cs)
	if len(schemas) != len(tools) {
		t.Fatalf("tools/list has %d tools, the test knows %d", len(schemas), len(tools))
	}
	for name, tool := range tools {
		t.Run(name, func(t *testing.T) {
			schema, ok := schemas[name]
			if !ok {
				t.Fatalf("tools/list has no %s", name)
			}
			g := generator(name)
			failures := 0
			for i := 0; i < valueCount() && failures < 3; i++ {
				v := g.Zero(tool.args) // the first value is the zero value, enums aside
				if i > 0 {
					v = g.Value(tool.args)
				}
				args, err := json.Marshal(v.Interface())
				if err != nil {
					t.Fatalf("marshalling %#v: %v", v.Interface(), err)
				}
				args = withoutOptionalNulls(args, schema.Raw)
				if msg := check(ctx, cs, name, tool.handler, tool.args, schema.Resolved, args, i%clientEvery == 1); msg != "" {
					failures++
					t.Errorf("value %d: %s\narguments: %s", i, msg, args)
				}
			}
		})
	}
}

// check calls the tool with args directly, and through the client too
// when viaClient, and reports the first failure of the three properties.
func check(ctx context.Context, cs *mcp.ClientSession, name string, h mcp.ToolHandler, typ reflect.Type, schema *jsonschema.Resolved, args []byte, viaClient bool) string {
	want := reflect.New(typ)
	if err := json.Unmarshal(args, want.Interface()); err != nil {
		return "encoding/json cannot read back what it wrote: " + err.Error()
	}
	// jsonschema-go validates decoded values. A json.Number too large
	// for a float64 cannot be decoded so; the handler still gets it.
	// The go-sdk client fails on it likewise, decoding the echo.
	var instance any
	if json.Unmarshal(args, &instance) == nil {
		if err := schema.Validate(instance); err != nil {
			return "the input schema rejects it: " + err.Error()
		}
	} else {
		viaClient = false
	}
	res, err := h(ctx, &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: name, Arguments: args}})
	if err != nil {
		return "handler error: " + err.Error()
	}
	structured, _ := res.StructuredContent.(json.RawMessage)
	if msg := compare(res, structured, typ, want); msg != "" {
		return "direct call: " + msg
	}
	if !viaClient {
		return ""
	}
	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: json.RawMessage(args)})
	if err != nil {
		return "client: " + err.Error()
	}
	// The client decodes structuredContent into float64s, losing digits;
	// the text content is the same JSON, indented (which a RawMessage
	// would keep).
	var echo bytes.Buffer
	if err := json.Compact(&echo, []byte(resultText(res))); err != nil && !res.IsError {
		return "through the client: " + err.Error()
	}
	if msg := compare(res, echo.Bytes(), typ, want); msg != "" {
		return "through the client: " + msg
	}
	return ""
}

// compare checks a result: not an error, and the echo in data the value
// want points to.
func compare(res *mcp.CallToolResult, data json.RawMessage, typ reflect.Type, want reflect.Value) string {
	if res.IsError {
		return "isError: " + resultText(res)
	}
	got := reflect.New(typ)
	if err := json.Unmarshal(data, got.Interface()); err != nil {
		return "reading the echo: " + err.Error()
	}
	if !reflect.DeepEqual(got.Interface(), want.Interface()) {
		wantJSON, _ := json.Marshal(want.Interface())
		gotJSON, _ := json.Marshal(got.Interface())
		return "the tool got another value\nwant " + string(wantJSON) + "\ngot  " + string(gotJSON)
	}
	return ""
}

func resultText(res *mcp.CallToolResult) string {
	var text []string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			text = append(text, tc.Text)
		}
	}
	return strings.Join(text, "\n")
}

// enumValues lists the constants of each enum type: a value of an enum
// type is one of them (the schema says so, and toolrt checks it).
var enumValues = map[reflect.Type][]any{
	reflect.TypeFor[testcorpus.Unit]():     {testcorpus.Celsius, testcorpus.Fahrenheit},
	reflect.TypeFor[testcorpus.Priority](): {testcorpus.Low, testcorpus.Normal, testcorpus.High},
	reflect.TypeFor[time.Month]():          {time.January, time.June, time.December},
	reflect.TypeFor[time.Weekday]():        {time.Sunday, time.Saturday},
	reflect.TypeFor[Symbol]():              {SymEmpty, SymSpace, SymQuote, SymUni, SymEscape},
	reflect.TypeFor[Big]():                 {BigMin, BigZero, BigMax},
}

// generator makes the arguments for the tool called name, seeded by it.
func generator(name string) *valuegen.Generator {
	return &valuegen.Generator{
		Rand:     rand.New(rand.NewPCG(2, uint64(len(name)))),
		Enum:     func(t reflect.Type) []any { return enumValues[t] },
		MaxDepth: 6,
		// The input schema accepts null nowhere.
		NonNil: true,
		// Custom reads back only what it writes for small values.
		Special: func(rng *rand.Rand, t reflect.Type) (any, bool) {
			if t == reflect.TypeFor[Custom]() {
				return Custom{V: rng.IntN(2001) - 1000}, true
			}
			return nil, false
		},
		// Only values that decode back equal: float64s, no typed nils.
		Interfaces: []any{nil, 0.0, -1.5, 1e300, "s", "\u2028", true, false, []any{}, map[string]any{},
			map[string]any{"k": []any{1.0, nil, "x"}, "": map[string]any{"n": nil}}, []any{[]any{[]any{}}}},
	}
}

// withoutOptionalNulls drops from the arguments the null members of
// optional properties, which encoding/json writes for a nil pointer that
// no omitempty leaves out: the input schema says to leave such a
// property out instead, and the handler reads both alike. (The generator
// makes no other null but where a type refers to itself through a
// pointer, which must end somewhere.)
func withoutOptionalNulls(args []byte, root *jsonschema.Schema) []byte {
	dec := json.NewDecoder(bytes.NewReader(args))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil {
		return args
	}
	var walk func(v any, s *jsonschema.Schema)
	walk = func(v any, s *jsonschema.Schema) {
		for s != nil && s.Ref != "" {
			s = root.Defs[strings.TrimPrefix(s.Ref, "#/$defs/")]
		}
		if s == nil {
			return
		}
		switch v := v.(type) {
		case map[string]any:
			for k, e := range v {
				p, declared := s.Properties[k]
				if e == nil && declared && !slices.Contains(s.Required, k) {
					delete(v, k)
					continue
				}
				if !declared {
					p = s.AdditionalProperties
				}
				walk(e, p)
			}
		case []any:
			for _, e := range v {
				walk(e, s.Items)
			}
		}
	}
	walk(v, root)
	out, err := json.Marshal(v)
	if err != nil {
		return args
	}
	return out
}

// valueCount is valuesPerTool, or a tenth of it under -short, the inner
// loop: go test without -short checks them all.
func valueCount() int {
	if testing.Short() {
		return valuesPerTool / 10
	}
	return valuesPerTool
}
