package views

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/emit"
	"github.com/mcptag/mcptag/internal/generate"
	"github.com/mcptag/mcptag/internal/genopts"
	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/mcptag/mcptag/internal/testcorpus"
	"github.com/mcptag/mcptag/internal/valuegen"
)

// valuesPerTool is how many random values, each with a random selection
// of the view's paths where the tool has fields, each tool is called
// with; every clientEvery-th call also goes through a go-sdk client.
const (
	valuesPerTool = 300
	clientEvery   = 25
)

// tools are the package's tools: the function, whose result type the
// test makes values of, and the generated handler.
var tools = map[string]struct {
	fn      any
	handler mcp.ToolHandler
}{
	"get_scalars":           {GetScalars, mcptagGetScalars},
	"get_quoted":            {GetQuoted, mcptagGetQuoted},
	"get_nullables":         {GetNullables, mcptagGetNullables},
	"get_embeds":            {GetEmbeds, mcptagGetEmbeds},
	"get_embeds_ptr":        {GetEmbedsPtr, mcptagGetEmbedsPtr},
	"get_specials":          {GetSpecials, mcptagGetSpecials},
	"get_specials_ptr":      {GetSpecialsPtr, mcptagGetSpecialsPtr},
	"get_specials_by_value": {GetSpecialsByValue, mcptagGetSpecialsByValue},
	"get_maps":              {GetMaps, mcptagGetMaps},
	"get_node":              {GetNode, mcptagGetNode},
	"get_node_ptr_ptr":      {GetNodePtrPtr, mcptagGetNodePtrPtr},
	"get_generic":           {GetGeneric, mcptagGetGeneric},
	"get_exotic":            {GetExotic, mcptagGetExotic},
	"get_forecast":          {GetForecast, mcptagGetForecast},
	"get_by_id":             {GetByID, mcptagGetByID},
	"get_triple":            {GetTriple, mcptagGetTriple},
	"get_triple_ptr":        {GetTriplePtr, mcptagGetTriplePtr},
	"get_dir":               {GetDir, mcptagGetDir},
	"get_page":              {GetPage, mcptagGetPage},
	"get_enums":             {GetEnums, mcptagGetEnums},
	"get_tagged":            {GetTagged, mcptagGetTagged},
	"get_items_by_name":     {GetItemsByName, mcptagGetItemsByName},
	"get_zeros":             {GetZeros, mcptagGetZeros},
	"get_keyed":             {GetKeyed, mcptagGetKeyed},
	"find_node":             {FindNode, mcptagFindNode},
	"get_node_sdk":          {GetNodeSDK, mcptagGetNodeSDK},
}

// TestViewProperty checks the rule of views on every tool of the package:
// for random values of its result type and random selections of its
// view's paths (all of them, for a tool without fields), the generated
// handler's structuredContent is byte for byte the full value's JSON, as
// the tool would send it without a view, with everything outside the
// selection removed (in encoding/json's order, so no canonical form is
// needed); its text contents are the same JSON; a value encoding/json
// cannot write is a tool error either way; and every result validates
// against the view's output schema.
func TestViewProperty(t *testing.T) {
	pkgs, err := generate.Packages(".", genopts.Options{}, ".")
	if err != nil {
		t.Fatal(err)
	}
	p := pkgs[0]
	for _, f := range p.Findings {
		if f.Error {
			t.Fatalf("%s: %s", p.Fset.Position(f.Pos), f.Message)
		}
	}
	cs := mcptest.Session(t, RegisterTools)
	for _, tool := range p.Tools {
		tc, ok := tools[tool.Name]
		if !ok {
			t.Errorf("the test has no tool %s", tool.Name)
			continue
		}
		if tool.View == nil {
			t.Errorf("%s has no view", tool.Name)
			continue
		}
		t.Run(tool.Name, func(t *testing.T) {
			fn := reflect.TypeOf(tc.fn)
			checkView(t, tool, fn.Out(fn.NumOut()-1-boolInt(tool.Result.Error)), tc.handler, cs)
		})
	}
	if len(p.Tools) != len(tools) {
		t.Errorf("the package has %d tools, the test %d", len(p.Tools), len(tools))
	}
}

func checkView(t *testing.T, tool *analyzer.Tool, typ reflect.Type, handler mcp.ToolHandler, cs *mcp.ClientSession) {
	schema := resolvedOutput(t, tool)
	rng := rand.New(rand.NewPCG(7, uint64(len(tool.Name))))
	g := &valuegen.Generator{
		Rand:     rng,
		Enum:     func(t reflect.Type) []any { return testcorpus.EnumValues[t] },
		MaxDepth: 4,
		Interfaces: []any{nil, 1.5, "s", true, map[string]any{"k": []any{1, nil}}, []int(nil), (*int)(nil),
			&testcorpus.Named{N: 3}, &PtrZero{N: 1}, &PtrZero{N: 2}, (*PtrZero)(nil), Odd(1), Odd(2)},
		FiniteNumbers: true,
		// A NaN now and then: encoding/json cannot write it, nor can the view.
		Special: func(rng *rand.Rand, t reflect.Type) (any, bool) {
			if t == reflect.TypeFor[float64]() && rng.IntN(200) == 0 {
				return math.NaN(), true
			}
			return nil, false
		},
	}
	failures := 0
	for i := 0; i < valuesPerTool && failures < 3; i++ {
		v := reflect.New(typ).Elem()
		if i > 0 { // the first value is the zero value
			v = g.Value(typ)
		}
		Value = v.Interface()
		sel, args := selection(rng, tool.View)
		full, fullErr := fullJSON(tool.Result, v)
		res, err := handler(context.Background(), &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: tool.Name, Arguments: args}})
		if err != nil {
			t.Fatal(err)
		}
		if fullErr != nil {
			// What fails may lie outside the view, which then succeeds;
			// a view that fails is checked below.
			if !res.IsError {
				validateView(t, schema, res)
			}
			continue
		}
		if res.IsError {
			failures++
			t.Errorf("value %d (%s): %v\nfull: %s", i, args, res.Content[0].(*mcp.TextContent).Text, full)
			continue
		}
		got := []byte(res.StructuredContent.(json.RawMessage))
		want, err := mcptest.PruneView(full, tool.Result, tool.View, sel)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			failures++
			t.Errorf("value %d, fields %s:\nview: %s\nwant: %s\nfull: %s", i, args, got, want, full)
			continue
		}
		checkText(t, tool.Result, res, want)
		if !validateView(t, schema, res) {
			failures++
		}
		if i%clientEvery == 0 {
			checkClient(t, cs, tool.Name, args, want)
		}
	}
}

// checkClient makes the call through a go-sdk client, which decodes the
// result into maps: its structuredContent must be want, in canonical key
// order.
func checkClient(t *testing.T, cs *mcp.ClientSession, name string, args json.RawMessage, want []byte) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("through the client: %v", err)
	}
	got, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	var canonical any
	if err := json.Unmarshal(want, &canonical); err != nil {
		t.Fatal(err)
	}
	if w, _ := json.Marshal(canonical); res.IsError || !bytes.Equal(got, w) {
		t.Errorf("through the client: %s, want %s", got, w)
	}
}

// validateView checks a result against the view's output schema.
func validateView(t *testing.T, schema *jsonschema.Resolved, res *mcp.CallToolResult) bool {
	t.Helper()
	got := res.StructuredContent.(json.RawMessage)
	var instance any
	if err := json.Unmarshal(got, &instance); err != nil {
		t.Fatal(err)
	}
	if err := schema.Validate(instance); err != nil {
		t.Errorf("a result does not validate against the view's schema: %v\nvalue: %s", err, got)
		return false
	}
	return true
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// selection picks the paths of one call: every one (nil, and no fields
// argument) for a tool without fields and now and then for one with it,
// else a random non-empty subset of them.
func selection(rng *rand.Rand, view *analyzer.View) (map[string]bool, json.RawMessage) {
	if !view.Fields || rng.IntN(5) == 0 {
		return nil, json.RawMessage(`{}`)
	}
	sel := map[string]bool{}
	var fields []string
	for len(fields) == 0 {
		for _, p := range view.Paths {
			if rng.IntN(3) == 0 {
				sel[p] = true
				fields = append(fields, p)
			}
		}
	}
	rng.Shuffle(len(fields), func(i, j int) { fields[i], fields[j] = fields[j], fields[i] })
	args, _ := json.Marshal(map[string]any{"fields": fields})
	return sel, args
}

// fullJSON is the structuredContent the tool would send without a view,
// by the rules of docs/results.md: structs and maps as they are (a nil
// map as {}), a nil pointer as its zero value, anything else in
// {"result": ...}, a slice element by element (a nil slice as []).
func fullJSON(r analyzer.Result, v reflect.Value) ([]byte, error) {
	if r.Pointer {
		if v.IsNil() {
			v = reflect.New(v.Type().Elem())
		}
		if r.Kind == analyzer.ResultWrapped {
			v = v.Elem()
		}
	}
	if r.Kind != analyzer.ResultWrapped {
		data, err := json.Marshal(v.Interface())
		if string(data) == "null" {
			data = []byte("{}")
		}
		return data, err
	}
	if !r.Slice {
		data, err := json.Marshal(v.Interface())
		return []byte(`{"result":` + string(data) + `}`), err
	}
	var items []string
	for i := 0; i < v.Len(); i++ {
		data, err := json.Marshal(v.Index(i).Interface())
		if err != nil {
			return nil, err
		}
		items = append(items, string(data))
	}
	return []byte(`{"result":[` + strings.Join(items, ",") + `]}`), nil
}

// htmlEscaped escapes <, > and & as encoding/json does: in JSON text, the
// characters occur only in strings, where it always escapes them.
var htmlEscaped = strings.NewReplacer("<", `\u003c`, ">", `\u003e`, "&", `\u0026`)

// htmlChars counts the <, > and & of s.
func htmlChars(s string) int {
	return strings.Count(s, "<") + strings.Count(s, ">") + strings.Count(s, "&")
}

// decodedText is the JSON value data written again without HTML
// escapes (its object members in another order, perhaps).
func decodedText(t *testing.T, data string) string {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// checkText checks that the text contents mirror the structured content,
// as compact JSON: one per element for a slice result, with <, > and &
// as themselves where structuredContent has encoding/json's escapes.
func checkText(t *testing.T, r analyzer.Result, res *mcp.CallToolResult, structured []byte) {
	t.Helper()
	var want []string
	switch {
	case r.Slice:
		var wrapper struct{ Result []json.RawMessage }
		if err := json.Unmarshal(structured, &wrapper); err != nil {
			t.Fatal(err)
		}
		for _, item := range wrapper.Result {
			want = append(want, string(item))
		}
		if len(want) == 0 {
			want = []string{"[]"}
		}
	case r.Kind == analyzer.ResultWrapped:
		var wrapper struct{ Result json.RawMessage }
		if err := json.Unmarshal(structured, &wrapper); err != nil {
			t.Fatal(err)
		}
		want = []string{string(wrapper.Result)}
	default:
		want = []string{string(structured)}
	}
	var got []string
	for _, c := range res.Content {
		text := c.(*mcp.TextContent).Text
		if i := len(got); i < len(want) && htmlChars(text) != htmlChars(decodedText(t, want[i])) {
			t.Errorf("text content %q escapes <, > or &", text)
		}
		got = append(got, htmlEscaped.Replace(text))
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("text contents %q, want %q", got, want)
	}
}

func resolvedOutput(t *testing.T, tool *analyzer.Tool) *jsonschema.Resolved {
	t.Helper()
	wire, err := emit.SchemaJSON(tool.Output)
	if err != nil {
		t.Fatal(err)
	}
	var s jsonschema.Schema
	if err := json.Unmarshal(wire, &s); err != nil {
		t.Fatal(err)
	}
	resolved, err := s.Resolve(nil)
	if err != nil {
		t.Fatalf("%v: %s", err, wire)
	}
	return resolved
}

// TestFieldsChecked checks that the fields argument is checked as any
// argument is: its values among the view's paths, unique, at least one;
// null and absent select everything.
func TestFieldsChecked(t *testing.T) {
	Value = testcorpus.Node{Name: "n", Parent: &testcorpus.Node{Name: "p"}}
	call := func(args string) *mcp.CallToolResult {
		t.Helper()
		res, err := mcptagGetNode(context.Background(), &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "get_node", Arguments: json.RawMessage(args)}})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	for args, want := range map[string]string{
		`{"fields":["nmae"]}`:        `get_node: argument "fields[0]": want one of "name", "children.name", "children.children.name", "parent.name", "parent.parent.name", got "nmae" (did you mean "name"?)`,
		`{"fields":["name","name"]}`: `get_node: argument "fields": want unique items, got "name" at [0] and [1]`,
		`{"fields":[]}`:              `get_node: argument "fields": want at least 1 item, got 0`,
		`{"fields":"name"}`:          `get_node: argument "fields": want array, got "name"`,
		`{"Fields":["name"]}`:        `get_node: unknown argument "Fields" (did you mean "fields"?)`,
		`{"fields":["name","NAME"]}`: `get_node: argument "fields": want unique items, got "NAME" at [0] and [1]`,
	} {
		res := call(args)
		if got := res.Content[0].(*mcp.TextContent).Text; !res.IsError || got != want {
			t.Errorf("%s: isError %v, %q\nwant %q", args, res.IsError, got, want)
		}
	}
	// A struct of arguments is decoded beside fields.
	res, err := mcptagFindNode(context.Background(), &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "find_node",
		Arguments: json.RawMessage(`{"fields":["name"],"name":"x"}`)}})
	if err != nil {
		t.Fatal(err)
	}
	if got := string(res.StructuredContent.(json.RawMessage)); res.IsError || got != `{"name":"x"}` {
		t.Errorf("find_node: %s, want {\"name\":\"x\"}", got)
	}
	for args, want := range map[string]string{
		`{}`:                                  `{"name":"n","parent":{"name":"p","parent":null}}`,
		`{"fields":null}`:                     `{"name":"n","parent":{"name":"p","parent":null}}`,
		`{"fields":["parent.parent.name"]}`:   `{"parent":{"parent":null}}`,
		`{"fields":["parent.name","name"]}`:   `{"name":"n","parent":{"name":"p"}}`,
		`{"fields":["children.name","name"]}`: `{"name":"n"}`,
		// A path sent in another case is the path, as any enum value is.
		`{"fields":["PARENT.Name"]}`: `{"parent":{"name":"p"}}`,
	} {
		res := call(args)
		if res.IsError {
			t.Errorf("%s: %s, want %s", args, res.Content[0].(*mcp.TextContent).Text, want)
			continue
		}
		if got := string(res.StructuredContent.(json.RawMessage)); got != want {
			t.Errorf("%s: %s, want %s", args, got, want)
		}
	}
}
