package inputprop

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"log/slog"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
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
	"echo_node":        {mcptagEchoNode, reflect.TypeFor[Node]()},
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
	cs := connect(t)
	ctx := context.Background()
	schemas := map[string]*jsonschema.Resolved{}
	for tool, err := range cs.Tools(ctx, nil) {
		if err != nil {
			t.Fatal(err)
		}
		wire, err := json.Marshal(tool.InputSchema)
		if err != nil {
			t.Fatal(err)
		}
		var s jsonschema.Schema
		if err := json.Unmarshal(wire, &s); err != nil {
			t.Fatalf("%s: %v", tool.Name, err)
		}
		r, err := s.Resolve(nil)
		if err != nil {
			t.Fatalf("%s: resolving %s: %v", tool.Name, wire, err)
		}
		schemas[tool.Name] = r
	}
	if len(schemas) != len(tools) {
		t.Fatalf("tools/list has %d tools, the test knows %d", len(schemas), len(tools))
	}
	for name, tool := range tools {
		t.Run(name, func(t *testing.T) {
			schema := schemas[name]
			if schema == nil {
				t.Fatalf("tools/list has no %s", name)
			}
			g := &generator{rng: rand.New(rand.NewPCG(2, uint64(len(name))))}
			failures := 0
			for i := 0; i < valuesPerTool && failures < 3; i++ {
				g.zero = i == 0 // the first value is the zero value
				v := g.value(tool.args, 0)
				args, err := json.Marshal(v.Interface())
				if err != nil {
					t.Fatalf("marshalling %#v: %v", v.Interface(), err)
				}
				if msg := check(ctx, cs, name, tool.handler, tool.args, schema, args, i%clientEvery == 1); msg != "" {
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

// connect serves the package's tools over the go-sdk's in-memory
// transport and connects a go-sdk client to them.
func connect(t *testing.T) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	s := mcp.NewServer(&mcp.Implementation{Name: "inputprop", Version: "v0"},
		&mcp.ServerOptions{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	RegisterTools(s)
	ct, st := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "inputprop", Version: "v0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// A generator makes random values of any type by reflection, favouring
// the edges: nil and empty containers, zero and extreme numbers, odd
// strings, deep nesting. Enum types get only their declared constants.
type generator struct {
	rng *rand.Rand
	// zero makes the zero value, but for enum types: their first
	// constant, since their zero value is no valid argument.
	zero bool
}

const maxDepth = 6

// enumValues lists the constants of each enum type: a value of an enum
// type is one of them (the schema says so, and toolrt checks it).
var enumValues = map[reflect.Type][]any{
	reflect.TypeFor[Unit]():         {Celsius, Fahrenheit},
	reflect.TypeFor[Priority]():     {Low, Normal, High},
	reflect.TypeFor[time.Month]():   {time.January, time.June, time.December},
	reflect.TypeFor[time.Weekday](): {time.Sunday, time.Saturday},
	reflect.TypeFor[Symbol]():       {SymEmpty, SymSpace, SymQuote, SymUni, SymEscape},
	reflect.TypeFor[Big]():          {BigMin, BigZero, BigMax},
}

var (
	timeType   = reflect.TypeFor[time.Time]()
	numberType = reflect.TypeFor[json.Number]()
	rawType    = reflect.TypeFor[json.RawMessage]()
	customType = reflect.TypeFor[Custom]()
	modeType   = reflect.TypeFor[fs.FileMode]()
)

var strs = []string{
	"", "a", "Overcast", "héllo wörld", "日本語", "emoji 🌧️", "quote \" and \\ backslash",
	"<html>&amp;</html>", "line\nbreak\ttab\r", "\x00\x1f control \x7f", "\xff\xfe invalid utf-8",
	"\u2028\u2029", "\ufeffbom", "\U0010FFFF", "123", "-0", "1e5", "null", "true", "{}", "[", "\"", "\\u0041",
	strings.Repeat("long ", 200),
}

var zones = []*time.Location{
	time.UTC, time.FixedZone("", 0), time.FixedZone("IST", 5*3600+1800),
	time.FixedZone("", -8*3600), time.FixedZone("", 14*3600), time.FixedZone("", -12*3600-45*60),
}

func (g *generator) value(t reflect.Type, depth int) reflect.Value {
	v := reflect.New(t).Elem()
	if consts, ok := enumValues[t]; ok {
		if g.zero {
			v.Set(reflect.ValueOf(consts[0]))
		} else {
			v.Set(reflect.ValueOf(consts[g.rng.IntN(len(consts))]))
		}
		return v
	}
	if g.zero {
		switch t.Kind() {
		case reflect.Struct:
			for i := 0; i < t.NumField(); i++ {
				if f := v.Field(i); f.CanSet() {
					f.Set(g.value(t.Field(i).Type, depth+1))
				}
			}
		case reflect.Array:
			for i := 0; i < v.Len(); i++ {
				v.Index(i).Set(g.value(t.Elem(), depth+1))
			}
		}
		return v
	}
	switch t {
	case timeType:
		sec := g.rng.Int64N(253402300799+62135596800) - 62135596800 // years 1 to 9999
		var ns int64
		switch g.rng.IntN(3) {
		case 1:
			ns = g.rng.Int64N(1e9)
		case 2:
			ns = g.rng.Int64N(1000) * 1e6
		}
		tm := time.Unix(sec, ns).In(zones[g.rng.IntN(len(zones))])
		if g.rng.IntN(8) == 0 {
			tm = time.Time{}
		}
		v.Set(reflect.ValueOf(tm))
		return v
	case numberType:
		nums := []json.Number{"", "0", "-0", "-1", "3.25", "1e21", "-2.5E-8", "1E+2", "0.000001",
			"18446744073709551616", "-9223372036854775809", "1e400"}
		v.SetString(string(nums[g.rng.IntN(len(nums))]))
		return v
	case rawType:
		raws := []string{"", "null", "1", "-0.5e3", `"s"`, `{"a":[1,2,{}]}`, "[]", "true", "{ \"sp\" : [ 1 , 2 ] }"}
		if r := raws[g.rng.IntN(len(raws))]; r != "" {
			v.SetBytes([]byte(r))
		}
		return v
	case customType:
		v.Set(reflect.ValueOf(Custom{V: g.rng.IntN(2001) - 1000}))
		return v
	case modeType:
		v.SetUint(uint64([]fs.FileMode{0, 0o644, fs.ModeDir | 0o755, fs.ModeSymlink, math.MaxUint32}[g.rng.IntN(5)]))
		return v
	}
	if depth > maxDepth {
		return v // zero: nil pointers, slices and maps end recursion
	}
	switch t.Kind() {
	case reflect.Bool:
		v.SetBool(g.rng.IntN(2) == 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		bits := t.Bits()
		lo, hi := int64(-1)<<(bits-1), int64(1)<<(bits-1)-1
		v.SetInt([]int64{0, 1, -1, lo, hi, lo + 1, hi - 1, g.rng.Int64() >> (64 - bits)}[g.rng.IntN(8)])
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		hi := uint64(math.MaxUint64) >> (64 - t.Bits())
		v.SetUint([]uint64{0, 1, hi, hi - 1, hi >> 1, hi>>1 + 1, g.rng.Uint64() & hi}[g.rng.IntN(7)])
	case reflect.Float32:
		fs := []float64{0, math.Copysign(0, -1), 1.5, -273.15, 1e21, 1e20, 1e-6, 1e-7, math.MaxFloat32, -math.MaxFloat32,
			math.SmallestNonzeroFloat32, 16777217, float64(g.rng.Float32()) * 1e6}
		v.SetFloat(fs[g.rng.IntN(len(fs))])
	case reflect.Float64:
		fs := []float64{0, math.Copysign(0, -1), 1.5, -273.15, 1e21, 1e20, 1e-6, 1e-7, 5e-324, math.MaxFloat64,
			-math.MaxFloat64, 1 << 53, 1<<53 + 1, 9007199254740993, math.MaxInt64, g.rng.NormFloat64() * 1e6}
		v.SetFloat(fs[g.rng.IntN(len(fs))])
	case reflect.String:
		v.SetString(strs[g.rng.IntN(len(strs))])
	case reflect.Pointer:
		if g.rng.IntN(3) > 0 {
			v.Set(g.value(t.Elem(), depth+1).Addr())
		}
	case reflect.Slice:
		switch g.rng.IntN(4) {
		case 0: // nil
		case 1:
			v.Set(reflect.MakeSlice(t, 0, 0))
		default:
			n := 1 + g.rng.IntN(3)
			v.Set(reflect.MakeSlice(t, n, n))
			for i := 0; i < n; i++ {
				v.Index(i).Set(g.value(t.Elem(), depth+1))
			}
		}
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			v.Index(i).Set(g.value(t.Elem(), depth+1))
		}
	case reflect.Map:
		switch g.rng.IntN(4) {
		case 0: // nil
		case 1:
			v.Set(reflect.MakeMap(t))
		default:
			v.Set(reflect.MakeMap(t))
			for i := 1 + g.rng.IntN(3); i > 0; i-- {
				v.SetMapIndex(g.value(t.Key(), depth+1), g.value(t.Elem(), depth+1))
			}
		}
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if f := v.Field(i); f.CanSet() {
				f.Set(g.value(t.Field(i).Type, depth+1))
			}
		}
	case reflect.Interface:
		options := []any{nil, 0.0, -1.5, 1e300, "s", "\u2028", true, false, []any{}, map[string]any{},
			map[string]any{"k": []any{1.0, nil, "x"}, "": map[string]any{"n": nil}}, []any{[]any{[]any{}}}}
		if x := options[g.rng.IntN(len(options))]; x != nil && reflect.TypeOf(x).Implements(t) {
			v.Set(reflect.ValueOf(x))
		}
	default:
		panic("generator: unsupported kind " + t.Kind().String())
	}
	return v
}
