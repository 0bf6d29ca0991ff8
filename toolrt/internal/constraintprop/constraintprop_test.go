package constraintprop

import (
	"bytes"
	"context"
	"encoding/json"
	"github.com/mcptag/mcptag/internal/mcptest"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// valuesPerTool is how many random argument objects each tool is called
// with; every clientEvery-th of them also goes through a go-sdk client.
const (
	valuesPerTool = 300
	clientEvery   = 15
)

// TestValidValues sends every tool random arguments that meet their
// constraints, some left out where they have a default or are optional,
// and checks that
//
//  1. the published input schema, as tools/list gives it, accepts them,
//  2. the generated handler accepts them (no isError), and
//  3. the tool gets the very values that were sent, and the default of
//     each argument left out (it echoes them back; both sides are
//     compared after a JSON round trip).
func TestValidValues(t *testing.T) {
	cs := mcptest.Session(t, RegisterTools)
	schemas := listSchemas(t, cs)
	for name, tl := range tools {
		t.Run(name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, uint64(len(name))))
			failures := 0
			for i := 0; i < valuesPerTool && failures < 3; i++ {
				sent, want := tl.validObject(rng)
				if msg := tl.schemaVerdict(schemas[name], sent, true); msg != "" {
					failures++
					t.Errorf("value %d: %s\narguments: %s", i, msg, marshal(t, sent))
					continue
				}
				if msg := tl.call(cs, name, marshal(t, sent), marshal(t, want), i%clientEvery == 1); msg != "" {
					failures++
					t.Errorf("value %d: %s\narguments: %s", i, msg, marshal(t, sent))
				}
			}
		})
	}
}

// TestOutsideValues sends every tool, for each of its bad values, random
// valid arguments with that one argument replaced, and checks that the
// handler answers with exactly the message written beside the value, and
// that the published input schema rejects the arguments too.
func TestOutsideValues(t *testing.T) {
	cs := mcptest.Session(t, RegisterTools)
	schemas := listSchemas(t, cs)
	for name, tl := range tools {
		t.Run(name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(11, uint64(len(name))))
			for _, a := range tl.args {
				for _, b := range a.bad {
					sent, _ := tl.validObject(rng)
					sent[a.name] = b.value
					args := marshal(t, sent)
					if !b.format {
						if msg := tl.schemaVerdict(schemas[name], sent, false); msg != "" {
							t.Errorf("%s = %s: %s", a.name, marshal(t, b.value), msg)
						}
					}
					want := name + ": " + b.message
					for _, viaClient := range []bool{false, true} {
						res := callTool(t, cs, tl.handler, name, args, viaClient)
						if got := resultText(res); !res.IsError || got != want {
							t.Errorf("%s = %s (through the client: %v):\ngot  %s (isError %v)\nwant %s",
								a.name, marshal(t, b.value), viaClient, got, res.IsError, want)
						}
					}
				}
			}
		})
	}
}

// TestDefaults leaves out every argument that has a default: the tool
// gets the defaults, which are those the published schema shows.
func TestDefaults(t *testing.T) {
	cs := mcptest.Session(t, RegisterTools)
	schemas := listSchemas(t, cs)
	for name, tl := range tools {
		sent, want := map[string]any{}, map[string]any{}
		rng := rand.New(rand.NewPCG(13, 0))
		for _, a := range tl.args {
			switch {
			case a.def != nil:
				want[a.name] = a.def
			case a.optional:
			default:
				v := a.valid(rng)
				sent[a.name], want[a.name] = v, v
			}
			props := schemas[name].Raw.Properties
			if got, wantDef := string(props[a.name].Default), string(marshal(t, a.def)); a.def != nil && got != wantDef {
				t.Errorf("%s: the schema's default of %s is %s, the test's %s", name, a.name, got, wantDef)
			}
		}
		if msg := tl.call(cs, name, marshal(t, sent), marshal(t, want), true); msg != "" {
			t.Errorf("%s: %s\narguments: %s", name, msg, marshal(t, sent))
		}
	}
}

// TestLenientScalars sends numbers and booleans as strings: a tool takes
// them as the numbers and booleans they hold, checked as those, unless
// it is strict. The published schema says "integer" or "number": the
// leniency is the handler's own, so the schema is not asked.
func TestLenientScalars(t *testing.T) {
	cs := mcptest.Session(t, RegisterTools)
	for _, tc := range []struct {
		tool, arg string
		sent      string // a JSON string
		want      any    // what the tool gets, or nil for an error
		message   string
	}{
		{tool: "echo_numbers", arg: "days", sent: `"5"`, want: 5},
		{tool: "echo_numbers", arg: "small", sent: `"-100"`, want: -100},
		{tool: "echo_numbers", arg: "count", sent: `"1000"`, want: 1000},
		{tool: "echo_numbers", arg: "level", sent: `"2"`, want: 2},
		{tool: "echo_numbers", arg: "ratio", sent: `"0.25"`, want: 0.25},
		{tool: "echo_numbers", arg: "open", sent: `"-1e-3"`, want: -1e-3},
		{tool: "echo_decimals", arg: "cents", sent: `"0.1"`, want: 0.1},
		{tool: "echo_defaults", arg: "flag", sent: `"false"`, want: false},
		{tool: "echo_defaults", arg: "ptr", sent: `"9"`, want: 9},
		{tool: "book", arg: "guests", sent: `"12"`, want: 12},
		{tool: "book", arg: "vip", sent: `"true"`, want: true},
		{tool: "book", arg: "seats", sent: `"2"`, want: 2},
		// A string holding a number is checked as the number.
		{tool: "echo_numbers", arg: "days", sent: `"9"`, message: `argument "days": want at most 7, got 9`},
		{tool: "echo_numbers", arg: "above", sent: `"100"`, message: `argument "above": want less than 100, got 100`},
		{tool: "echo_numbers", arg: "step", sent: `"7"`, message: `argument "step": want a multiple of 5, got 7`},
		{tool: "echo_numbers", arg: "level", sent: `"4"`, message: `argument "level": want one of 1, 2, 3, got "4"`},
		{tool: "echo_numbers", arg: "small", sent: `"-129"`, message: `argument "small": want integer from -128 to 127, got "-129"`},
		{tool: "book", arg: "seats", sent: `"1"`, message: `argument "seats": want at least 2, got 1`},
		// A whole number is an integer, however written.
		{tool: "echo_numbers", arg: "days", sent: `"5.0"`, want: 5},
		{tool: "echo_numbers", arg: "days", sent: `"5.5"`, message: `argument "days": want integer, got "5.5"`},
		// Only what JSON writes as a number is one.
		{tool: "echo_numbers", arg: "days", sent: `" 5"`, message: `argument "days": want integer, got " 5"`},
		{tool: "echo_numbers", arg: "days", sent: `"+5"`, message: `argument "days": want integer, got "+5"`},
		{tool: "echo_numbers", arg: "ratio", sent: `".5"`, message: `argument "ratio": want number, got ".5"`},
		{tool: "echo_defaults", arg: "flag", sent: `"True"`, message: `argument "flag": want boolean, got "True"`},
		// Strict tools take no strings for numbers or booleans.
		{tool: "echo_strict", arg: "days", sent: `"5"`, message: `argument "days": want integer, got "5"`},
		{tool: "echo_strict", arg: "f", sent: `"1.5"`, message: `argument "f": want number, got "1.5"`},
		{tool: "echo_strict", arg: "b", sent: `"true"`, message: `argument "b": want boolean, got "true"`},
		{tool: "plain_strict", arg: "n", sent: `"5"`, message: `argument "n": want integer, got "5"`},
		// An integer written with a point or an exponent is one, strict
		// or not, as JSON Schema says.
		{tool: "echo_strict", arg: "days", sent: `5.0`, want: 5},
		{tool: "plain_strict", arg: "n", sent: `1e1`, want: 10},
		{tool: "plain_strict", arg: "n", sent: `1.5`, message: `argument "n": want integer, got 1.5`},
		{tool: "plain_strict", arg: "f", sent: `"2.5"`, message: `argument "f": want number, got "2.5"`},
		{tool: "plain_strict", arg: "b", sent: `"false"`, message: `argument "b": want boolean, got "false"`},
	} {
		tl := tools[tc.tool]
		rng := rand.New(rand.NewPCG(17, 0))
		sent, want := tl.validObject(rng)
		sent[tc.arg] = json.RawMessage(tc.sent)
		if tc.want == nil {
			res := callTool(t, cs, tl.handler, tc.tool, marshal(t, sent), false)
			if got := tc.tool + ": " + tc.message; !res.IsError || resultText(res) != got {
				t.Errorf("%s %s = %s:\ngot  %s (isError %v)\nwant %s", tc.tool, tc.arg, tc.sent, resultText(res), res.IsError, got)
			}
			continue
		}
		want[tc.arg] = tc.want
		if msg := tl.call(cs, tc.tool, marshal(t, sent), marshal(t, want), true); msg != "" {
			t.Errorf("%s %s = %s: %s", tc.tool, tc.arg, tc.sent, msg)
		}
	}
}

// A tool is a generated handler, the type it echoes its arguments in,
// and its arguments.
type tool struct {
	handler mcp.ToolHandler
	echo    reflect.Type
	args    []arg
}

// An arg is one argument of a tool: how to make a value that meets its
// constraints, its default, and values just outside them.
type arg struct {
	name  string
	valid func(rng *rand.Rand) any
	// def is what the tool gets when the argument is left out; nil when
	// it has no default.
	def any
	// optional says the argument may be left out without a default.
	optional bool
	// inexact says that the argument's multipleOf is a decimal that a
	// float64 holds only nearly, such as 0.1. jsonschema-go divides in
	// floating point (0.3 / 0.1 = 2.9999999999999996) and so rejects
	// multiples of the decimal that the handler, which divides exactly,
	// accepts: the schema is not asked about the argument's valid values.
	inexact bool
	bad     []bad
}

// A bad value breaks one constraint of its argument.
type bad struct {
	value   any    // json.RawMessage for an exact literal
	message string // the handler's message, after the tool's name
	// format says the value breaks only a format, which jsonschema-go
	// does not check: the schema is not asked.
	format bool
}

// validObject makes arguments that meet the constraints: sent, and what
// the tool should get (sent with the defaults of what was left out).
func (tl tool) validObject(rng *rand.Rand) (sent, want map[string]any) {
	sent, want = map[string]any{}, map[string]any{}
	for _, a := range tl.args {
		if (a.def != nil || a.optional) && rng.IntN(3) == 0 {
			if a.def != nil {
				want[a.name] = a.def
			}
			continue
		}
		v := a.valid(rng)
		sent[a.name], want[a.name] = v, v
	}
	return sent, want
}

// A schema is a tool's published input schema, resolved.
// schemaVerdict asks the schema about the arguments sent, and says how
// its answer differs from accept, or "".
func (tl tool) schemaVerdict(s mcptest.Schema, sent map[string]any, accept bool) string {
	instance := map[string]any{}
	for k, v := range sent {
		instance[k] = v
	}
	if accept {
		for _, a := range tl.args {
			if a.inexact {
				delete(instance, a.name)
			}
		}
	}
	// Validate the arguments as a client decodes them.
	data, err := json.Marshal(instance)
	if err != nil {
		return err.Error()
	}
	var decoded any
	if err := json.Unmarshal(data, &decoded); err != nil {
		return err.Error()
	}
	err = s.Resolved.Validate(decoded)
	switch {
	case accept && err != nil:
		return "the input schema rejects them: " + err.Error()
	case !accept && err == nil:
		return "the input schema accepts them"
	}
	return ""
}

// call calls the tool with args directly, and through the client too
// when viaClient, and reports how the result is not want, or "".
func (tl tool) call(cs *mcp.ClientSession, name string, args, want []byte, viaClient bool) string {
	wantValue := reflect.New(tl.echo)
	if err := json.Unmarshal(want, wantValue.Interface()); err != nil {
		return "reading the wanted value: " + err.Error()
	}
	ctx := context.Background()
	res, err := tl.handler(ctx, &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: name, Arguments: args}})
	if err != nil {
		return "handler error: " + err.Error()
	}
	structured, _ := res.StructuredContent.(json.RawMessage)
	if msg := tl.compare(res, structured, wantValue); msg != "" {
		return "direct call: " + msg
	}
	if !viaClient {
		return ""
	}
	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: json.RawMessage(args)})
	if err != nil {
		return "client: " + err.Error()
	}
	// The text content is the structured content's JSON, indented.
	var echo bytes.Buffer
	if err := json.Compact(&echo, []byte(resultText(res))); err != nil && !res.IsError {
		return "through the client: " + err.Error()
	}
	if msg := tl.compare(res, echo.Bytes(), wantValue); msg != "" {
		return "through the client: " + msg
	}
	return ""
}

// compare checks a result: not an error, and the echo in data the value
// want points to.
func (tl tool) compare(res *mcp.CallToolResult, data json.RawMessage, want reflect.Value) string {
	if res.IsError {
		return "isError: " + resultText(res)
	}
	got := reflect.New(tl.echo)
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

// callTool calls a tool with args, directly or through the client.
func callTool(t *testing.T, cs *mcp.ClientSession, h mcp.ToolHandler, name string, args []byte, viaClient bool) *mcp.CallToolResult {
	t.Helper()
	ctx := context.Background()
	var res *mcp.CallToolResult
	var err error
	if viaClient {
		res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: json.RawMessage(args)})
	} else {
		res, err = h(ctx, &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: name, Arguments: args}})
	}
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return res
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

// marshal writes v as a client does: without escaping <, > and &, as
// encoding/json does by default.
func marshal(t *testing.T, v any) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatalf("marshalling %#v: %v", v, err)
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// listSchemas gets the tools' input schemas through the client, as a
// client gets them, and checks that the test knows every tool and that
// an inexact argument is optional (the schema is asked about the
// arguments without it).
func listSchemas(t *testing.T, cs *mcp.ClientSession) map[string]mcptest.Schema {
	t.Helper()
	schemas := mcptest.InputSchemas(t, cs)
	if len(schemas) != len(tools) {
		t.Fatalf("tools/list has %d tools, the test knows %d", len(schemas), len(tools))
	}
	for name, tl := range tools {
		s, ok := schemas[name]
		if !ok {
			t.Fatalf("tools/list has no %s", name)
		}
		for _, a := range tl.args {
			if a.inexact && slices.Contains(s.Raw.Required, a.name) {
				t.Fatalf("%s: inexact argument %s is required", name, a.name)
			}
		}
	}
	return schemas
}

// TestNullIsAbsent sends null for optional arguments with a default that
// encoding/json can decode null into: null stands for absent there, so
// the tool gets the default.
func TestNullIsAbsent(t *testing.T) {
	cs := mcptest.Session(t, RegisterTools)
	for _, tc := range []struct{ tool, arg string }{
		{"echo_defaults", "tags"},
		{"echo_defaults", "ptr"},
		{"book", "seats"},
	} {
		tl := tools[tc.tool]
		sent, want := tl.validObject(rand.New(rand.NewPCG(19, 0)))
		sent[tc.arg] = nil
		for _, a := range tl.args {
			if a.name == tc.arg {
				want[tc.arg] = a.def
			}
		}
		if msg := tl.call(cs, tc.tool, marshal(t, sent), marshal(t, want), false); msg != "" {
			t.Errorf("%s %s = null: %s", tc.tool, tc.arg, msg)
		}
	}
}
