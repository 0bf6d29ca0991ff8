package profiles

import (
	"context"
	"encoding/json"
	"go/parser"
	"go/token"
	"maps"
	"net/http"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcptag/mcptag/internal/emit"
	"github.com/mcptag/mcptag/internal/generate"
	"github.com/mcptag/mcptag/internal/genopts"
	"github.com/mcptag/mcptag/internal/interop"
	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/mcptag/mcptag/toolrt"
)

// serveEnv, set in the environment of the test binary, makes it serve
// the package's tools on stdio instead of testing: the server the
// TypeScript client starts.
const serveEnv = "MCPTAG_PROFILES_SERVE"

func TestMain(m *testing.M) {
	if os.Getenv(serveEnv) == "1" {
		server := mcp.NewServer(&mcp.Implementation{Name: "profiles", Version: "v0"}, nil)
		Register(server)
		if err := server.Run(context.Background(), &toolrt.StdioTransport{}); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// leftOut are arguments of each tool that leave every optional argument
// out, nested ones too.
var leftOut = map[string]string{
	"check_numbers": `{"price": 1.5}`,
	"check_strings": `{"name": "Ada"}`,
	"check_lists":   `{"tags": ["a"], "points": [{"x": 1}], "origin": {"x": 2}}`,
	"check_plain":   `{"city": "Oslo"}`,
	"check_header":  `{"region": "eu", "zone": "z1"}`,
}

// TestStrictModelArguments sends each tool what a model in OpenAI's strict
// mode sends, every optional argument as null, nested ones too, and the
// same arguments left out: the served input schema takes the first, and
// the tool gets the same arguments either way (null is absent, and takes
// the default).
func TestStrictModelArguments(t *testing.T) {
	cs := mcptest.Session(t, Register)
	schemas := inputSchemas(t, cs)
	if len(schemas) != len(leftOut) {
		t.Fatalf("the package serves %d tools, the test knows %d", len(schemas), len(leftOut))
	}
	for name, args := range leftOut {
		served := schemas[name]
		var absent map[string]any
		if err := json.Unmarshal([]byte(args), &absent); err != nil {
			t.Fatal(err)
		}
		strict := withNulls(served, absent).(map[string]any)
		validate(t, name, served, strict)
		got, want := call(t, cs, name, strict), call(t, cs, name, absent)
		if got != want {
			t.Errorf("%s: with nulls %s, the tool gets\n%s\nleft out:\n%s", name, mustJSON(strict), got, want)
		}
	}
}

// TestTypeScriptClient has the strict TypeScript client list the tools,
// whose input schemas a profile fitted, and call each with a strict
// model's nulls and with them left out: it takes the list, and each tool
// answers the same both ways.
func TestTypeScriptClient(t *testing.T) {
	schemas := inputSchemas(t, mcptest.Session(t, Register))
	type call struct {
		Name      string         `json:"name"`
		Arguments map[string]any `json:"arguments"`
	}
	var calls []call
	for _, name := range slices.Sorted(maps.Keys(leftOut)) {
		var absent map[string]any
		if err := json.Unmarshal([]byte(leftOut[name]), &absent); err != nil {
			t.Fatal(err)
		}
		calls = append(calls, call{name, withNulls(schemas[name], absent).(map[string]any)}, call{name, absent})
	}
	t.Setenv(serveEnv, "1")
	lines, err := interop.Run(t, mustJSON(calls), os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != 1+len(calls) {
		t.Fatalf("%d lines for %d calls: %q", len(lines), len(calls), lines)
	}
	for i := 1; i < len(lines); i += 2 {
		if lines[i] != lines[i+1] {
			t.Errorf("%s: with nulls\n%s\nleft out\n%s", calls[i-1].Name, lines[i], lines[i+1])
		}
	}
}

// termsField is the Terms field of a generated toolrt.Tool.
var termsField = regexp.MustCompile(`(?s)\n\t+Terms: &toolrt\.SearchTerms\{\n.*?\n\t+\},\n\t+\},`)

// withoutTerms returns decl without the Terms fields of its tools.
func withoutTerms(decl string) string { return termsField.ReplaceAllString(decl, "") }

// TestHandlerFromDeclaration generates the package's code with and
// without its profile: only the recorded options and the input schemas
// differ, so the handler checks the same arguments the same way whatever
// the schema says. The files are compared declaration by declaration,
// so that a schema split over lines counts once.
func TestHandlerFromDeclaration(t *testing.T) {
	code := func(given ...string) (string, []string) {
		pkgs, err := generate.Packages(".", genopts.Options{Given: given}, ".")
		if err != nil || len(pkgs) != 1 {
			t.Fatalf("%d packages, %v", len(pkgs), err)
		}
		data, err := emit.Go(pkgs[0].Package)
		if err != nil {
			t.Fatal(err)
		}
		return strings.SplitN(string(data), "\n", 3)[1], declarations(t, data)
	}
	options, with := code()
	_, without := code("-profile=")
	if !strings.HasPrefix(options, "// mcptag options: -profile=") {
		t.Fatalf("generated with the profile, the code's second line is %q", options)
	}
	if len(with) != len(without) {
		t.Fatalf("%d declarations with the profile, %d without", len(with), len(without))
	}
	schemas := 0
	for i := range with {
		switch {
		case with[i] == without[i]:
		case strings.HasPrefix(with[i], "var mcptag") && strings.Contains(with[i], "Input = json.RawMessage("):
			schemas++
		case withoutTerms(with[i]) == withoutTerms(without[i]):
			// The search terms come from the input schemas as listed,
			// whose descriptions the profile adds words to.
		default:
			t.Errorf("declaration %d differs:\n%s\n%s", i+1, with[i], without[i])
		}
	}
	if schemas != len(leftOut) {
		t.Errorf("%d input schemas differ, want %d", schemas, len(leftOut))
	}
}

// declarations returns the source of each top-level declaration of the
// Go file src, in order.
func declarations(t *testing.T, src []byte) []string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "gen.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var decls []string
	for _, d := range f.Decls {
		decls = append(decls, string(src[fset.Position(d.Pos()).Offset:fset.Position(d.End()).Offset]))
	}
	return decls
}

// TestWordsStillEnforced calls the tools with values that break the
// constraints a profile moved into the description: the handler refuses
// each, naming the argument.
func TestWordsStillEnforced(t *testing.T) {
	cs := mcptest.Session(t, Register)
	for _, c := range []struct{ tool, args, arg string }{
		{"check_numbers", `{"price": 0}`, "price"},                                  // exclusiveMinimum
		{"check_numbers", `{"price": 1.005}`, "price"},                              // multipleOf
		{"check_numbers", `{"price": 1, "ratio": 1}`, "ratio"},                      // exclusiveMaximum
		{"check_numbers", `{"price": 1, "step": 7}`, "step"},                        // multipleOf
		{"check_numbers", `{"price": 1, "level": 3}`, "level"},                      // an enum of integers
		{"check_strings", `{"name": ""}`, "name"},                                   // minLength
		{"check_strings", `{"name": "abcdefghijklmnopqrstu"}`, "name"},              // maxLength
		{"check_strings", `{"name": "Ada", "email": "nobody"}`, "email"},            // format email
		{"check_strings", `{"name": "Ada", "id": "not-a-uuid"}`, "id"},              // format uuid
		{"check_strings", `{"name": "Ada", "blob": "!!"}`, "blob"},                  // contentEncoding
		{"check_lists", `{"tags": ["a", "a"]}`, "tags"},                             // uniqueItems
		{"check_lists", `{"tags": ["a"], "scores": [0.3]}`, "scores"},               // multipleOf on items
		{"check_plain", `{"city": ""}`, "city"},                                     // minLength
		{"check_plain", `{"city": "Oslo", "days": 9}`, "days"},                      // maximum, carried
		{"check_strings", `{"name": "Ada", "site": "not a uri at all"}`, "site"},    // format uri
		{"check_lists", `{"tags": ["a"], "points": [{"x": 1, "y": "z"}]}`, "point"}, // nested, by type
	} {
		res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: c.tool, Arguments: json.RawMessage(c.args)})
		if err != nil {
			t.Fatalf("%s %s: %v", c.tool, c.args, err)
		}
		text := strings.Join(mcptest.Texts(res), "\n")
		if !res.IsError || !strings.Contains(text, c.arg) {
			t.Errorf("%s %s: isError %v, %q; want an error naming %q", c.tool, c.args, res.IsError, text, c.arg)
		}
	}
}

// TestHeadersFound calls a tool with header arguments over HTTP with the
// go-sdk client on the protocol that mirrors them in headers: the
// client, which reads each property's type as one string, still finds
// the headers of a schema fitted to OpenAI, whose optional properties
// are nullable (as unions with null, not type arrays, in a tool with
// headers).
func TestHeadersFound(t *testing.T) {
	server := mcp.NewServer(&mcp.Implementation{Name: "profiles", Version: "v0"}, nil)
	Register(server)
	handler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, &mcp.StreamableHTTPOptions{Stateless: true})
	cs, headers := mcptest.HTTPSession(t, handler, &mcptest.User{}, nil)
	args := map[string]any{"region": "eu", "zone": "z1", "limit": nil}
	if got := call(t, cs, "check_header", args); !strings.Contains(got, `"zone":"z1"`) {
		t.Errorf("check_header got %s", got)
	}
	for name, want := range map[string]string{"Mcp-Param-Region": "eu", "Mcp-Param-Zone": "z1"} {
		if got := headers("check_header").Get(name); got != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
}

func inputSchemas(t *testing.T, cs *mcp.ClientSession) map[string]map[string]any {
	t.Helper()
	res, err := cs.ListTools(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	schemas := map[string]map[string]any{}
	for _, tool := range res.Tools {
		var s map[string]any
		if err := json.Unmarshal([]byte(mustJSON(tool.InputSchema)), &s); err != nil {
			t.Fatal(err)
		}
		schemas[tool.Name] = s
	}
	return schemas
}

// withNulls returns v with null for every property that schema lists and
// v leaves out, at every depth: what a strict-mode model sends.
func withNulls(schema map[string]any, v any) any {
	if branches, ok := schema["anyOf"].([]any); ok && len(branches) > 0 {
		schema = branches[0].(map[string]any)
	}
	switch v := v.(type) {
	case map[string]any:
		props, _ := schema["properties"].(map[string]any)
		out := map[string]any{}
		for name, p := range props {
			if x, ok := v[name]; ok {
				out[name] = withNulls(p.(map[string]any), x)
			} else {
				out[name] = nil
			}
		}
		return out
	case []any:
		items, _ := schema["items"].(map[string]any)
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = withNulls(items, x)
		}
		return out
	}
	return v
}

// validate checks args against the tool's input schema as served.
func validate(t *testing.T, tool string, schema map[string]any, args map[string]any) {
	t.Helper()
	var s jsonschema.Schema
	if err := json.Unmarshal([]byte(mustJSON(schema)), &s); err != nil {
		t.Fatal(err)
	}
	resolved, err := s.Resolve(nil)
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	if err := resolved.Validate(args); err != nil {
		t.Errorf("%s: the served input schema refuses a strict model's arguments %s: %v", tool, mustJSON(args), err)
	}
}

// call calls tool with args and returns what it received; a tool error
// fails the test.
func call(t *testing.T, cs *mcp.ClientSession, tool string, args map[string]any) string {
	t.Helper()
	res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	if res.IsError {
		t.Fatalf("%s %s: %q", tool, mustJSON(args), mcptest.Texts(res))
	}
	var echo Echo
	if err := json.Unmarshal([]byte(mustJSON(res.StructuredContent)), &echo); err != nil || reflect.ValueOf(echo).IsZero() {
		t.Fatalf("%s: structured content %s: %v", tool, mustJSON(res.StructuredContent), err)
	}
	return echo.Received
}

func mustJSON(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(data)
}
