package argtest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// handlers are the generated handlers, by tool name. Each call of add
// binds a new Counter, so that no call, and no run of a test, sees what
// another added.
var handlers = map[string]mcp.ToolHandler{
	"search":      mcptagSearch,
	"greet":       mcptagGreet,
	"count_nodes": mcptagCountNodes,
	"crash":       mcptagCrash,
	"echo":        mcptagEcho,
	"ping":        mcptagPing,
	"add":         addToNewCounter,
	"sum":         mcptagSum,
}

// addToNewCounter is add's handler, bound to a new Counter.
func addToNewCounter(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcptagCounterAdd(&Counter{})(ctx, req)
}

// callHandler calls a generated handler directly with raw arguments, as
// the go-sdk does, so that even bytes no client would send reach it.
func callHandler(t testing.TB, tool string, args []byte) *mcp.CallToolResult {
	t.Helper()
	h := handlers[tool]
	req := &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: tool, Arguments: args}}
	res, err := h(context.Background(), req)
	if err != nil {
		t.Fatalf("%s: handler error %v: want a tool result", tool, err)
	}
	if res == nil {
		t.Fatalf("%s: nil result", tool)
	}
	return res
}

func resultText(res *mcp.CallToolResult) string {
	var parts []string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			parts = append(parts, tc.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// badInput is every class of argument a model can get wrong, each with
// the exact message the generated handler answers.
var badInput = []struct {
	name, tool, args, want string
}{
	// The arguments object itself.
	{"malformed JSON", "search", `{"query": }`, `search: arguments are not valid JSON: invalid character '}' looking for beginning of value (at byte 11)`},
	{"truncated JSON", "search", `{"query": "a"`, `search: arguments are not valid JSON: unexpected end of JSON input (at byte 13)`},
	{"trailing data", "search", `{"query": "a"} {}`, `search: arguments are not valid JSON: invalid character '{' after top-level value (at byte 16)`},
	{"array root", "search", `["query"]`, `search: arguments must be a JSON object, got an array`},
	{"string root", "search", `"query"`, `search: arguments must be a JSON object, got a string`},
	{"number root", "greet", `42`, `greet: arguments must be a JSON object, got a number`},
	{"boolean root", "ping", `true`, `ping: arguments must be a JSON object, got a boolean`},
	{"null root, required argument", "search", `null`, `search: missing required argument "query"`},
	{"absent arguments, required argument", "greet", ``, `greet: missing required argument "name"`},

	// Required, unknown and duplicate arguments.
	{"missing required", "search", `{}`, `search: missing required argument "query"`},
	{"missing required, plain", "greet", `{"name": "Ada", "unit": "celsius", "tags": []}`, `greet: missing required argument "times"`},
	{"missing required, nested", "search", `{"query": "q", "filters": [{"city": "Oslo"}, {"country": "NO"}]}`, `search: missing required argument "filters[1].city"`},
	{"missing required, recursive", "count_nodes", `{"name": "a", "children": [{"name": "b", "children": [{}]}]}`, `count_nodes: missing required argument "children[0].children[0].name"`},
	{"unknown, suggested", "search", `{"qeury": "q"}`, `search: unknown argument "qeury" (did you mean "query"?)`},
	{"unknown, wrong case", "greet", `{"Name": "Ada"}`, `greet: unknown argument "Name" (did you mean "name"?)`},
	{"unknown, no suggestion", "greet", `{"zzzzzzzz": 1}`, `greet: unknown argument "zzzzzzzz"; the arguments are "name", "times", "loud", "unit", "tags"`},
	{"unknown, no arguments", "ping", `{"x": 1}`, `ping: unknown argument "x": it takes no arguments`},
	{"unknown, nested suggested", "search", `{"query": "q", "filters": [{"city": "a"}, {"city": "b"}, {"cty": "c"}]}`, `search: unknown argument "filters[2].cty" (did you mean "filters[2].city"?)`},
	{"unknown, nested", "search", `{"query": "q", "home": {"city": "a", "zzzzzzz": 1}}`, `search: unknown argument "home.zzzzzzz"; "home" has "city", "country", "tags"`},
	{"duplicate", "search", `{"query": "a", "query": "b"}`, `search: duplicate argument "query"`},
	{"duplicate, nested", "search", `{"query": "a", "home": {"city": "a", "city": "b"}}`, `search: duplicate argument "home.city"`},

	// Types.
	{"string for integer", "greet", `{"name": "Ada", "times": "two", "unit": "celsius", "tags": []}`, `greet: argument "times": want integer, got "two"`},
	{"integer for string", "greet", `{"name": 3, "times": 1, "unit": "celsius", "tags": []}`, `greet: argument "name": want string, got 3`},
	{"fraction for integer", "greet", `{"name": "Ada", "times": 1.5, "unit": "celsius", "tags": []}`, `greet: argument "times": want integer, got 1.5`},
	{"fraction with an exponent for integer", "greet", `{"name": "Ada", "times": 1.25e1, "unit": "celsius", "tags": []}`, `greet: argument "times": want integer, got 1.25e1`},
	{"tiny exponent for integer", "greet", `{"name": "Ada", "times": 1e-999999999, "unit": "celsius", "tags": []}`, `greet: argument "times": want integer, got 1e-999999999`},
	{"string for boolean", "greet", `{"name": "Ada", "times": 1, "loud": "yes", "unit": "celsius", "tags": []}`, `greet: argument "loud": want boolean, got "yes"`},
	{"object for array", "greet", `{"name": "Ada", "times": 1, "unit": "celsius", "tags": {"a": 1}}`, `greet: argument "tags": want array, got {"a": 1}`},
	{"array for object", "search", `{"query": "q", "home": ["Oslo"]}`, `search: argument "home": want object, got ["Oslo"]`},
	{"nested element", "search", `{"query": "q", "filters": [{"city": "a"}, {"city": "b"}, {"city": 3}]}`, `search: argument "filters[2].city": want string, got 3`},
	{"nested slice element", "search", `{"query": "q", "filters": [{"city": "a", "tags": ["x", false]}]}`, `search: argument "filters[0].tags[1]": want string, got false`},
	{"map value", "search", `{"query": "q", "labels": {"a": "x", "b": 2}}`, `search: argument "labels.b": want string, got 2`},
	{"map value, odd key", "search", `{"query": "q", "labels": {"a b": 2}}`, `search: argument "labels[\"a b\"]": want string, got 2`},
	{"map key not an integer", "search", `{"query": "q", "by_day": {"monday": 1}}`, `search: argument "by_day": want an object whose keys are integer, got key "monday"`},
	{"fixed array length", "search", `{"query": "q", "window": [1, 2, 3]}`, `search: argument "window": want array of 2 items, got 3 items: [1, 2, 3]`},
	{"long value cut short", "greet", `{"name": ["` + strings.Repeat("a", 100) + `"], "times": 1, "unit": "celsius", "tags": []}`, `greet: argument "name": want string, got ["aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...`},

	// null.
	{"null for string", "greet", `{"name": null, "times": 1, "unit": "celsius", "tags": []}`, `greet: argument "name": want string, got null`},
	{"null for required slice", "greet", `{"name": "Ada", "times": 1, "unit": "celsius", "tags": null}`, `greet: argument "tags": want array, got null`},
	{"null for struct element", "search", `{"query": "q", "filters": [null]}`, `search: argument "filters[0]": want object, got null`},
	{"null for a required field", "search", `{"query": "q", "home": {"city": null}}`, `search: argument "home.city": want string, got null`},

	// Enums.
	{"string enum, no suggestion", "search", `{"query": "q", "unit": "kelvin"}`, `search: argument "unit": want one of "celsius", "fahrenheit", got "kelvin"`},
	{"string enum, suggested", "greet", `{"name": "Ada", "times": 1, "unit": "celcius", "tags": []}`, `greet: argument "unit": want one of "celsius", "fahrenheit", got "celcius" (did you mean "celsius"?)`},
	{"integer enum", "search", `{"query": "q", "priority": 7}`, `search: argument "priority": want one of 1, 2, 3, got 7`},
	{"integer enum, wrong type", "search", `{"query": "q", "priority": "high"}`, `search: argument "priority": want integer, got "high"`},

	// Numbers out of range.
	{"uint8 too large", "search", `{"query": "q", "level": 300}`, `search: argument "level": want integer from 0 to 255, got 300`},
	{"uint8 negative", "search", `{"query": "q", "level": -1}`, `search: argument "level": want integer from 0 to 255, got -1`},
	{"int32 too large", "search", `{"query": "q", "offset": 2147483648}`, `search: argument "offset": want integer from -2147483648 to 2147483647, got 2147483648`},
	{"int64 too large, struct", "search", `{"query": "q", "limit": 9223372036854775808}`, `search: argument "limit": want integer that fits int, got 9223372036854775808`},
	{"int too large, plain", "greet", `{"name": "Ada", "times": 99999999999999999999, "unit": "celsius", "tags": []}`, `greet: argument "times": want integer that fits int, got 99999999999999999999`},
	{"int too large, method", "add", `{"n": -99999999999999999999}`, `add: argument "n": want integer that fits int, got -99999999999999999999`},
	{"whole number too large for int", "greet", `{"name": "Ada", "times": 1e400, "unit": "celsius", "tags": []}`, `greet: argument "times": want integer that fits int, got 1e400`},
	{"whole number too large for int, huge exponent", "greet", `{"name": "Ada", "times": 1e999999999, "unit": "celsius", "tags": []}`, `greet: argument "times": want integer that fits int, got 1e999999999`},
	{"whole number too large for int, written out", "greet", `{"name": "Ada", "times": 9.3e18, "unit": "celsius", "tags": []}`, `greet: argument "times": want integer that fits int, got 9.3e18`},
	{"whole number too large for uint8", "search", `{"query": "q", "level": 2.56e2}`, `search: argument "level": want integer from 0 to 255, got 2.56e2`},
	{"whole number too large for uint8, huge exponent", "search", `{"query": "q", "level": 1e400}`, `search: argument "level": want integer from 0 to 255, got 1e400`},
	{"whole number not in an integer enum", "search", `{"query": "q", "priority": 7.0}`, `search: argument "priority": want one of 1, 2, 3, got 7.0`},
	{"float32 overflow", "search", `{"query": "q", "scale": 1e39}`, `search: argument "scale": want number that fits float32, got 1e39`},
	{"float64 overflow", "sum", `{"numbers": [1, 2, 1e400]}`, `sum: argument "numbers[2]": want number that fits float64, got 1e400`},
	{"string-encoded int64", "search", `{"query": "q", "id": "12x"}`, `search: argument "id": want a string holding a decimal integer, got "12x"`},
	{"string-encoded int64 with a plus", "search", `{"query": "q", "id": "+12"}`, `search: argument "id": want a string holding a decimal integer, got "+12"`},
	{"string-encoded int64, number", "search", `{"query": "q", "id": 12}`, `search: argument "id": want string, got 12`},

	// Strings with a format.
	{"date-time", "search", `{"query": "q", "since": "yesterday"}`, `search: argument "since": want date-time string (RFC 3339, like "2006-01-02T15:04:05Z"), got "yesterday"`},
	{"base64", "search", `{"query": "q", "data": "not base64!"}`, `search: argument "data": want base64 string, got "not base64!"`},

	// Hostile input.
	{"invalid UTF-8 in a string", "greet", "{\"name\": \"Ad\xff\", \"times\": 1, \"unit\": \"celsius\", \"tags\": []}", `greet: argument "name": string is not valid UTF-8`},
	{"invalid UTF-8 in a name", "greet", "{\"n\xffme\": \"Ada\"}", `greet: an argument name is not valid UTF-8`},
	{"invalid UTF-8 in an any value", "echo", "{\"value\": {\"a\": [\"\xc3\"]}}", `echo: argument "value": string is not valid UTF-8`},
	{"deep nesting in an any value", "echo", `{"value": ` + strings.Repeat("[", 10000) + strings.Repeat("]", 10000) + `}`, `echo: argument "value" nests deeper than 64 levels`},
	{"deep nesting beyond encoding/json's limit", "echo", `{"value": ` + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + `}`, `echo: argument "value" nests deeper than 64 levels`},
	{"deep nesting, malformed", "echo", `{"value": ` + strings.Repeat("[", 20000) + `}`, `echo: argument "value" nests deeper than 64 levels`},
	{"deep nesting at the root", "echo", strings.Repeat("[", 100), `echo: arguments nest deeper than 64 levels`},
	{"deep nesting in an array root", "echo", `["value", ` + strings.Repeat("[", 100) + strings.Repeat("]", 100) + `]`, `echo: arguments nest deeper than 64 levels`},
	{"deep recursion in a recursive type", "count_nodes", `{"name": "a", "children": [` + strings.Repeat(`{"name": "a", "children": [`, 5000) + strings.Repeat(`]}`, 5000) + `]}`, `count_nodes: argument "children" nests deeper than 64 levels`},
	{"deep nesting of an unknown argument", "ping", `{"x": ` + strings.Repeat("[", 10000) + strings.Repeat("]", 10000) + `}`, `ping: argument "x" nests deeper than 64 levels`},
	{"deep nesting of an unknown argument" + ", shallow", "ping", `{"x": [[[]]]}`, `ping: unknown argument "x": it takes no arguments`},
	{"long unknown name", "greet", `{"` + strings.Repeat("L", 10000) + `": 1}`, `greet: unknown argument "` + strings.Repeat("L", 61) + `..."; the arguments are "name", "times", "loud", "unit", "tags"`},
	{"long map key in a path", "search", `{"query": "q", "labels": {"` + strings.Repeat("k", 100) + `": 1}}`, `search: argument "labels.` + strings.Repeat("k", 61) + `...": want string, got 1`},
	{"long number", "search", `{"query": "q", "limit": ` + strings.Repeat("9", 10000) + `}`, `search: argument "limit": want a number of at most 512 characters, got 10000: 9999999999999999999999999999999999999...`},
	{"too large", "echo", `{"value": "` + strings.Repeat("a", 8<<20) + `"}`, fmt.Sprintf("echo: arguments too large: %d bytes, the limit is 4194304", 8<<20+len(`{"value": ""}`))},
	{"many elements, too large", "sum", `{"numbers": [` + strings.Repeat("1,", 3<<20) + `1]}`, fmt.Sprintf("sum: arguments too large: %d bytes, the limit is 4194304", 6<<20+len(`{"numbers": [1]}`))},
}

func TestBadInput(t *testing.T) {
	for _, tc := range badInput {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			res := callHandler(t, tc.tool, []byte(tc.args))
			if d := time.Since(start); d > time.Second {
				t.Errorf("took %v", d)
			}
			if !res.IsError {
				t.Fatalf("isError not set; result %q", resultText(res))
			}
			if res.StructuredContent != nil {
				t.Errorf("an error with structuredContent %v", res.StructuredContent)
			}
			if got := resultText(res); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

// goodInput are calls that must succeed, with the text they answer.
var goodInput = []struct {
	name, tool, args, want string
}{
	{"no arguments", "ping", ``, `pong`},
	{"null arguments", "ping", `null`, `pong`},
	{"empty object", "ping", ` { } `, `pong`},
	{"plain, all", "greet", `{"name": "Ada", "times": 2, "loud": true, "unit": "fahrenheit", "tags": ["a"]}`, `greet[fahrenheit] HELLO ADA HELLO ADA  [a]`},
	{"plain, optional pointer absent", "greet", `{"name": "Ada", "times": 1, "unit": "celsius", "tags": []}`, `greet[celsius] hello Ada  []`},
	{"plain, null for optional pointer: absent", "greet", `{"name": "Ada", "times": 1, "loud": null, "unit": "celsius", "tags": []}`, `greet[celsius] hello Ada  []`},
	{"plain, escapes", "greet", `{"name": "A\u0064a\n", "times": 1, "unit": "cel\u0073ius", "tags": []}`, "greet[celsius] hello Ada\n  []"},
	{"method", "add", `{"n": 5}`, `5`},
	{"recursive", "count_nodes", `{"name": "a", "children": [{"name": "b", "children": [{"name": "c"}]}, {"name": "d", "children": null}]}`, `4`},
	{"any value", "echo", `{"value": {"a": [1, null, "x", {"b": true}]}}`, `{"a":[1,null,"x",{"b":true}]}`},
	{"any value null", "echo", `{"value": null}`, `null`},
	{"struct, null for optional fields: absent", "search", `{"query": "q", "unit": null, "level": null, "scale": null, "since": null, "window": null, "id": null, "home": null}`,
		`{"request":{"query":"q"}}`},
	{"go-sdk shape", "sum", `{"numbers": [1, 2.5, -0.5]}`, `{"total":3}`},
	{"lone surrogate escape", "echo", `{"value": "\ud800"}`, "\ufffd"},
}

func TestGoodInput(t *testing.T) {
	for _, tc := range goodInput {
		t.Run(tc.name, func(t *testing.T) {
			res := callHandler(t, tc.tool, []byte(tc.args))
			if res.IsError {
				t.Fatalf("isError: %s", resultText(res))
			}
			if got := resultText(res); got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}

// TestSearchDecodes checks that every argument of the struct style
// reaches the tool as sent.
func TestSearchDecodes(t *testing.T) {
	args := `{"query": "rain", "filters": [{"city": "Oslo", "tags": ["a"]}, {"city": "Bergen", "country": "NO"}],
		"unit": "celsius", "priority": 3, "limit": 10, "level": 255, "offset": -2147483648, "scale": 0.5,
		"since": "2026-11-30T06:00:00Z", "labels": {"k": "v"}, "by_day": {"-1": 1.5, "2": 3},
		"data": "aGk=", "window": [1, 2], "id": "9223372036854775807", "extra": {"any": [1]}, "home": {"city": "Oslo"}}`
	r := searchRequest(t, args)
	limit := 10
	want := SearchRequest{
		Query:   "rain",
		Filters: []Filter{{City: "Oslo", Tags: []string{"a"}}, {City: "Bergen", Country: "NO"}},
		Unit:    Celsius, Priority: High, Limit: &limit, Level: 255, Offset: -2147483648, Scale: 0.5,
		Since:  time.Date(2026, 11, 30, 6, 0, 0, 0, time.UTC),
		Labels: map[string]string{"k": "v"}, ByDay: map[int]float64{-1: 1.5, 2: 3},
		Data: []byte("hi"), Window: [2]int{1, 2}, ID: 9223372036854775807,
		Extra: json.RawMessage(`{"any":[1]}`), Home: &Filter{City: "Oslo"},
	}
	if diff := cmp.Diff(want, r); diff != "" {
		t.Errorf("decoded differently (-want +got):\n%s", diff)
	}
}

// searchRequest calls search with args, which it must accept, and
// returns the request the tool received.
func searchRequest(t *testing.T, args string) SearchRequest {
	t.Helper()
	res := callHandler(t, "search", []byte(args))
	if res.IsError {
		t.Fatal(resultText(res))
	}
	var got SearchResult
	data, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	return got.Request
}

// TestWholeNumbersDecode checks that an integer argument sent with a
// point or an exponent reaches the tool as the integer it is.
func TestWholeNumbersDecode(t *testing.T) {
	args := `{"query": "q", "priority": 3.0, "limit": 1e1, "level": 2.55e2, "offset": -2.147483648e9,
		"window": [-0.0, 1.0e2], "by_day": {"1": 2.0}}`
	limit := 10
	want := SearchRequest{Query: "q", Priority: High, Limit: &limit, Level: 255, Offset: -2147483648,
		Window: [2]int{0, 100}, ByDay: map[int]float64{1: 2}}
	if diff := cmp.Diff(want, searchRequest(t, args)); diff != "" {
		t.Errorf("decoded differently (-want +got):\n%s", diff)
	}
}

// TestPanic checks that a panicking tool answers a short error, and that
// its stack goes to the server's log only.
func TestPanic(t *testing.T) {
	var log bytes.Buffer
	old := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&log, nil)))
	defer slog.SetDefault(old)
	for _, reason := range []string{"boom", "index"} {
		res := callHandler(t, "crash", []byte(`{"reason": "`+reason+`"}`))
		if !res.IsError {
			t.Fatalf("isError not set: %s", resultText(res))
		}
		if got, want := resultText(res), "crash: internal error: the tool panicked"; got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	}
	if !strings.Contains(log.String(), "crash: boom") || !strings.Contains(log.String(), "index out of range") ||
		!strings.Contains(log.String(), "argtest.Crash") {
		t.Errorf("the log lacks the panics and their stacks:\n%s", log.String())
	}
}
