package main

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mcptag/mcptag/internal/interop"
)

// inspectorResult is the part of a tools/call result the Inspector prints
// that the tests read.
type inspectorResult struct {
	Content []struct {
		Type, Text string
	}
	StructuredContent json.RawMessage
	IsError           bool
}

// TestInspectorListsEveryTool checks that the MCP Inspector's command-line
// mode lists the tools of the snapshot, get_weather with its icon and the
// arguments of save_city and forget_city with their parameter headers.
func TestInspectorListsEveryTool(t *testing.T) {
	skipShort(t)
	out, err := interop.Inspector(t, serverBinary, "--method", "tools/list")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(snapshotToolNames(t), toolNames(t, out)); diff != "" {
		t.Errorf("tools/list through the Inspector (-snapshot +listed):\n%s", diff)
	}
	var list struct {
		Tools []struct {
			Name        string
			Icons       []struct{ Src, MIMEType string }
			InputSchema struct {
				Properties map[string]map[string]any
			}
		}
	}
	if err := json.Unmarshal(out, &list); err != nil {
		t.Fatal(err)
	}
	for _, tool := range list.Tools {
		hasIcon := len(tool.Icons) == 1 && strings.HasPrefix(tool.Icons[0].Src, "data:image/png;base64,") && tool.Icons[0].MIMEType == "image/png"
		if hasIcon != (tool.Name == "get_weather") {
			t.Errorf("%s: icons %+v", tool.Name, tool.Icons)
		}
		header := tool.InputSchema.Properties["user"]["x-mcp-header"]
		if wantHeader := tool.Name == "save_city" || tool.Name == "forget_city"; wantHeader != (header == "User") {
			t.Errorf("%s: argument user has x-mcp-header %v", tool.Name, header)
		}
	}
}

// TestInspectorCallsEveryTool calls every tool through the MCP Inspector's
// command-line mode, whose --tool-arg values are text: it sends a value
// that parses as JSON as that JSON, and converts any other by the type of
// the argument's schema. Every tool is called, every kind of argument the
// example has is given as text, and no call may be answered isError but
// forget_city's: the Inspector's command line cannot show a form.
func TestInspectorCallsEveryTool(t *testing.T) {
	skipShort(t)
	tests := []struct {
		name       string
		tool       string
		args       []string // --tool-arg values
		structured string   // JSON, or "" for none
		texts      []string // the content, one text each
		isError    bool
	}{{
		name:       "string",
		tool:       "get_temperature",
		args:       []string{"city=London"},
		structured: `{"result": 16}`,
		texts:      []string{"16"},
	}, {
		name:       "string to object",
		tool:       "get_weather",
		args:       []string{"city=Cairo"},
		structured: `{"temperature": 34.1, "humidity": 0.83, "conditions": "Overcast"}`,
		texts:      []string{`{"temperature":34.1,"humidity":0.83,"conditions":"Overcast"}`},
	}, {
		name:       "integer",
		tool:       "get_forecast",
		args:       []string{"city=Cairo", "days=2"},
		structured: `{"result": [{"temperature": 34.1, "humidity": 0.83, "conditions": "Overcast"}, {"temperature": 35.1, "humidity": 0.83, "conditions": "Overcast"}]}`,
		texts: []string{
			`{"temperature":34.1,"humidity":0.83,"conditions":"Overcast"}`,
			`{"temperature":35.1,"humidity":0.83,"conditions":"Overcast"}`,
		},
	}, {
		name:       "array",
		tool:       "get_temperatures",
		args:       []string{`cities=["Cairo","London"]`},
		structured: `{"Cairo": 34.1, "London": 16.2}`,
		texts:      []string{`{"Cairo":34.1,"London":16.2}`},
	}, {
		name:  "text result",
		tool:  "weather_report",
		args:  []string{"city=New York"},
		texts: []string{"New York: 17 degrees, overcast, light rain easing by evening."},
	}, {
		name:  "text result of a String method",
		tool:  "get_station",
		args:  []string{"name=Heathrow"},
		texts: []string{"station Heathrow (online)"},
	}, {
		// Digits parse as a JSON number, which the string schema does not
		// turn back into text: a name of digits is sent quoted.
		name:  "string of digits",
		tool:  "get_station",
		args:  []string{`name="42"`},
		texts: []string{"station 42 (online)"},
	}, {
		name:       "no arguments",
		tool:       "last_updated",
		structured: `{"result": "2026-11-30T06:00:00Z"}`,
		texts:      []string{"2026-11-30T06:00:00Z"},
	}, {
		name:       "a parameter header",
		tool:       "save_city",
		args:       []string{"user=inspector", "city=London"},
		structured: `{"result": ["London"]}`,
		texts:      []string{"London"},
	}, {
		name:    "a form, which the Inspector cannot show",
		tool:    "forget_city",
		args:    []string{"user=inspector", "city=London"},
		texts:   []string{"Confirmation: asking for the form: client does not support elicitation"},
		isError: true,
	}}
	called := map[string]bool{}
	for _, tc := range tests {
		called[tc.tool] = true
	}
	for _, name := range snapshotToolNames(t) {
		if !called[name] {
			t.Errorf("tool %s is in the snapshot but not called by this test", name)
		}
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			res := inspectorCall(t, tc.tool, tc.args...)
			if res.IsError != tc.isError {
				t.Errorf("isError %v, content %q", res.IsError, res.Content)
			}
			var texts []string
			for _, c := range res.Content {
				if c.Type != "text" {
					t.Fatalf("content of type %q, want text", c.Type)
				}
				texts = append(texts, c.Text)
			}
			if diff := cmp.Diff(tc.texts, texts); diff != "" {
				t.Errorf("content (-want +got):\n%s", diff)
			}
			checkInspectorStructured(t, res.StructuredContent, tc.structured)
		})
	}
}

// TestInspectorArgumentNotText shows what a person meets who passes a
// name of digits unquoted: the Inspector sends a number, and the server
// answers with an error that names the argument and what it got.
func TestInspectorArgumentNotText(t *testing.T) {
	skipShort(t)
	res := inspectorCall(t, "get_station", "name=42")
	want := `get_station: argument "name": want string, got 42`
	if !res.IsError || len(res.Content) != 1 || res.Content[0].Text != want {
		t.Errorf("got isError %v, content %q; want isError and %q", res.IsError, res.Content, want)
	}
}

// TestInspectorUnconvertibleArgument shows what the README warns of: the
// Inspector sends null for a --tool-arg it cannot convert to the
// argument's type (days=five for an integer), and days, which has a
// default, takes null as absent: the call is answered as if days had been
// left out, with the default's three days, and looks accepted.
func TestInspectorUnconvertibleArgument(t *testing.T) {
	skipShort(t)
	res := inspectorCall(t, "get_forecast", "city=Cairo", "days=five")
	if res.IsError || len(res.Content) != 3 {
		t.Errorf("got isError %v, content %q; want the default's 3 days", res.IsError, res.Content)
	}
}

// TestInspectorUnknownTool checks that a call the server refuses fails the
// Inspector, and so interop.Inspector.
func TestInspectorUnknownTool(t *testing.T) {
	skipShort(t)
	out, err := interop.Inspector(t, serverBinary, "--method", "tools/call", "--tool-name", "get_humidity")
	if err == nil || !strings.Contains(err.Error(), `unknown tool "get_humidity"`) {
		t.Errorf("err = %v, want the server's unknown tool error; stdout:\n%s", err, out)
	}
}

// inspectorCall calls tool through the Inspector with args as --tool-arg
// values and decodes the result it prints.
func inspectorCall(t *testing.T, tool string, args ...string) inspectorResult {
	t.Helper()
	options := []string{"--method", "tools/call", "--tool-name", tool}
	for _, a := range args {
		options = append(options, "--tool-arg", a)
	}
	out, err := interop.Inspector(t, serverBinary, options...)
	if err != nil {
		t.Fatal(err)
	}
	var res inspectorResult
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("decoding the Inspector's output: %v\n%s", err, out)
	}
	return res
}

// checkInspectorStructured compares the structuredContent the Inspector
// printed with want, JSON or "" for none.
func checkInspectorStructured(t *testing.T, got json.RawMessage, want string) {
	t.Helper()
	if want == "" {
		if got != nil {
			t.Errorf("structuredContent = %s, want none", got)
		}
		return
	}
	if got == nil {
		t.Fatalf("no structuredContent, want %s", want)
	}
	if diff := cmp.Diff(decode(t, []byte(want)), decode(t, got)); diff != "" {
		t.Errorf("structuredContent (-want +got):\n%s", diff)
	}
}

// snapshotToolNames returns the names of the tools in mcp_tools.json, sorted.
func snapshotToolNames(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile("mcp_tools.json")
	if err != nil {
		t.Fatal(err)
	}
	return toolNames(t, data)
}

// toolNames returns the sorted names of the tools in a tools/list result.
func toolNames(t *testing.T, data []byte) []string {
	t.Helper()
	var list struct{ Tools []struct{ Name string } }
	if err := json.Unmarshal(data, &list); err != nil {
		t.Fatalf("decoding a tools/list result: %v\n%s", err, data)
	}
	var names []string
	for _, tool := range list.Tools {
		names = append(names, tool.Name)
	}
	slices.Sort(names)
	return names
}

// TestInspectorGetsThePrompt gets the prompt through the MCP Inspector's
// command-line mode, whose --prompt-args values are text (days=3 parses
// as the number 3, which the Inspector sends as the string "3"), and
// shows that a bad argument fails the Inspector with the server's
// message.
func TestInspectorGetsThePrompt(t *testing.T) {
	skipShort(t)
	out, err := interop.Inspector(t, serverBinary, "--method", "prompts/get", "--prompt-name", "plan_trip", "--prompt-args", "city=London", "days=3")
	if err != nil {
		t.Fatal(err)
	}
	var res struct {
		Messages []struct {
			Role    string
			Content struct{ Type, Text string }
		}
	}
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("decoding the Inspector's output: %v\n%s", err, out)
	}
	want := "Plan a 3-day trip to London. It is 16 °C there now: for each day, suggest what to do and what to wear."
	if len(res.Messages) != 1 || res.Messages[0].Role != "user" || res.Messages[0].Content.Text != want {
		t.Errorf("messages %+v, want one from the user: %q", res.Messages, want)
	}

	out, err = interop.Inspector(t, serverBinary, "--method", "prompts/get", "--prompt-name", "plan_trip", "--prompt-args", "city=Paris", "days=3")
	if err == nil || !strings.Contains(err.Error(), `plan_trip: argument "city": want one of "Cairo", "London", "Reykjavik", got "Paris"`) {
		t.Errorf("err = %v, want the server's invalid params error; stdout:\n%s", err, out)
	}
}

// TestInspectorReadsTheResources lists the prompt, the resources and the
// template through the Inspector, and reads the static resource and the
// template.
func TestInspectorReadsTheResources(t *testing.T) {
	skipShort(t)
	for method, want := range map[string]string{
		"prompts/list":             `"name": "plan_trip"`,
		"resources/list":           `"uri": "weather://cities"`,
		"resources/templates/list": `"uriTemplate": "weather://{city}/current"`,
	} {
		out, err := interop.Inspector(t, serverBinary, "--method", method)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(out), want) {
			t.Errorf("%s: %s, want %s", method, out, want)
		}
	}
	for uri, text := range map[string]string{
		"weather://cities":            `["Cairo","London","Reykjavik"]`,
		"weather://Reykjavik/current": `{"temperature":4.4,"humidity":0.83,"conditions":"Overcast"}`,
	} {
		out, err := interop.Inspector(t, serverBinary, "--method", "resources/read", "--uri", uri)
		if err != nil {
			t.Fatal(err)
		}
		var res struct {
			Contents []struct{ URI, MIMEType, Text string }
		}
		if err := json.Unmarshal(out, &res); err != nil {
			t.Fatalf("decoding the Inspector's output: %v\n%s", err, out)
		}
		if len(res.Contents) != 1 || res.Contents[0].URI != uri || res.Contents[0].MIMEType != "application/json" || res.Contents[0].Text != text {
			t.Errorf("%s: contents %+v, want application/json %s", uri, res.Contents, text)
		}
	}
}
