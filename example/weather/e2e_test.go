package main

import (
	"context"
	"debug/buildinfo"
	"encoding/json"
	"flag"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mcptag/mcptag/internal/interop"
	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// serverBinary is the example built as a user builds it, once per run,
// with the race detector when the test has it.
var serverBinary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "weather-e2e")
	if err != nil {
		panic(err)
	}
	serverBinary = filepath.Join(dir, "weather")
	flag.Parse()
	// The servers the tests run in process log every call: not to the
	// test's output (TestCallsAreLogged reads its own log).
	callLog = log.New(io.Discard, "", 0)
	if !testing.Short() {
		if out, err := exec.Command("go", buildArgs(serverBinary)...).CombinedOutput(); err != nil {
			panic("building the example: " + err.Error() + "\n" + string(out))
		}
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// buildArgs are the arguments of the go command that builds the server.
func buildArgs(out string) []string {
	args := []string{"build", "-o", out}
	if raceEnabled {
		args = append(args, "-race")
	}
	return append(args, ".")
}

// TestServerBuiltLikeTheTest checks that the server runs under the race
// detector exactly when the test does, so that go test -race covers the
// server's side of every end-to-end call.
func TestServerBuiltLikeTheTest(t *testing.T) {
	skipShort(t)
	info, err := buildinfo.ReadFile(serverBinary)
	if err != nil {
		t.Fatal(err)
	}
	race := false
	for _, s := range info.Settings {
		if s.Key == "-race" {
			race = s.Value == "true"
		}
	}
	if race != raceEnabled {
		t.Errorf("server built with -race=%v, the test runs with -race=%v", race, raceEnabled)
	}
}

// connect starts the server binary and connects a go-sdk client over
// stdio, whose user declines every form. The client declares MCP Apps,
// so that it is listed get_forecast's page as the snapshot records it.
func connect(t *testing.T) *mcp.ClientSession {
	t.Helper()
	decline := func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
		return &mcp.ElicitResult{Action: "decline"}, nil
	}
	caps := &mcp.ClientCapabilities{}
	caps.AddExtension("io.modelcontextprotocol/ui", map[string]any{"mimeTypes": []string{pageMIMEType}})
	client := mcp.NewClient(&mcp.Implementation{Name: "e2e", Version: "v0"}, &mcp.ClientOptions{ElicitationHandler: decline, Capabilities: caps})
	cs, err := client.Connect(context.Background(), &mcp.CommandTransport{Command: exec.Command(serverBinary)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func listTools(t *testing.T, cs *mcp.ClientSession) map[string]*mcp.Tool {
	t.Helper()
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	tools := map[string]*mcp.Tool{}
	for _, tool := range res.Tools {
		tools[tool.Name] = tool
	}
	return tools
}

// TestListsAreTheSnapshot proves the committed snapshot, less the
// "$comment" that marks it as generated, is exactly what tools/list,
// prompts/list, resources/list and resources/templates/list serve.
func TestListsAreTheSnapshot(t *testing.T) {
	skipShort(t)
	mcptest.ServesSnapshot(t, connect(t), "mcp_tools.json")
}

func TestCallEveryTool(t *testing.T) {
	skipShort(t)
	cs := connect(t)
	tools := listTools(t, cs)
	tests := []struct {
		tool       string
		args       map[string]any
		structured string   // JSON, or "" for none
		texts      []string // the content, one text each
		isError    bool
	}{{
		tool:       "get_temperature",
		args:       map[string]any{"city": "London"},
		structured: `{"result": 16}`,
		texts:      []string{"16"},
	}, {
		tool:       "get_weather",
		args:       map[string]any{"city": "London"},
		structured: `{"temperature": 16.2, "humidity": 0.83, "conditions": "Overcast"}`,
		texts:      []string{`{"temperature":16.2,"humidity":0.83,"conditions":"Overcast"}`},
	}, {
		tool:       "get_forecast",
		args:       map[string]any{"city": "Cairo", "days": 2},
		structured: `{"result": [{"temperature": 34.1, "humidity": 0.83, "conditions": "Overcast"}, {"temperature": 35.1, "humidity": 0.83, "conditions": "Overcast"}]}`,
		texts: []string{
			`{"temperature":34.1,"humidity":0.83,"conditions":"Overcast"}`,
			`{"temperature":35.1,"humidity":0.83,"conditions":"Overcast"}`,
		},
	}, {
		tool:       "get_temperatures",
		args:       map[string]any{"cities": []string{"London", "Reykjavik", "Atlantis"}},
		structured: `{"London": 16.2, "Reykjavik": 4.4}`,
		texts:      []string{`{"London":16.2,"Reykjavik":4.4}`},
	}, {
		tool:  "weather_report",
		args:  map[string]any{"city": "London"},
		texts: []string{"London: 17 degrees, overcast, light rain easing by evening."},
	}, {
		tool:  "get_station",
		args:  map[string]any{"name": "Heathrow"},
		texts: []string{"station Heathrow (online)"},
	}, {
		tool:       "last_updated",
		args:       map[string]any{},
		structured: `{"result": "2026-11-30T06:00:00Z"}`,
		texts:      []string{"2026-11-30T06:00:00Z"},
	}, {
		tool:       "refresh_forecasts",
		args:       map[string]any{"cities": []string{"Cairo", "Atlantis"}},
		structured: `{"result": ["Cairo"]}`,
		texts:      []string{"Cairo"},
	}, {
		tool:       "summarize_climate",
		args:       map[string]any{"city": "Cairo", "years": 1},
		structured: `{"city": "Cairo", "years": 1, "meanTemperature": 12}`,
		texts:      []string{`{"city":"Cairo","years":1,"meanTemperature":12}`},
	}, {
		tool:    "get_weather",
		args:    map[string]any{"city": "Atlantis"},
		texts:   []string{`no readings for "Atlantis"`},
		isError: true,
	}, {
		// days has a default, 3, and a bound the handler checks.
		tool:       "get_forecast",
		args:       map[string]any{"city": "Reykjavik"},
		structured: `{"result": [{"temperature": 4.4, "humidity": 0.83, "conditions": "Overcast"}, {"temperature": 5.4, "humidity": 0.83, "conditions": "Overcast"}, {"temperature": 6.4, "humidity": 0.83, "conditions": "Overcast"}]}`,
		texts: []string{
			`{"temperature":4.4,"humidity":0.83,"conditions":"Overcast"}`,
			`{"temperature":5.4,"humidity":0.83,"conditions":"Overcast"}`,
			`{"temperature":6.4,"humidity":0.83,"conditions":"Overcast"}`,
		},
	}, {
		// A number sent as a string is taken as the number.
		tool:       "get_forecast",
		args:       map[string]any{"city": "Cairo", "days": "1"},
		structured: `{"result": [{"temperature": 34.1, "humidity": 0.83, "conditions": "Overcast"}]}`,
		texts:      []string{`{"temperature":34.1,"humidity":0.83,"conditions":"Overcast"}`},
	}, {
		tool:    "get_forecast",
		args:    map[string]any{"city": "Cairo", "days": 0},
		texts:   []string{`get_forecast: argument "days": want at least 1, got 0`},
		isError: true,
	}, {
		tool:    "get_temperatures",
		args:    map[string]any{"cities": []string{"Cairo", "Cairo"}},
		texts:   []string{`get_temperatures: argument "cities": want unique items, got "Cairo" at [0] and [1]`},
		isError: true,
	}, {
		tool:    "get_forecast",
		args:    map[string]any{"city": "Atlantis", "days": 3},
		texts:   []string{`no readings for "Atlantis"`},
		isError: true,
	}, {
		tool:       "save_city",
		args:       map[string]any{"user": "every-tool", "city": "Reykjavik"},
		structured: `{"result": ["Reykjavik"]}`,
		texts:      []string{"Reykjavik"},
	}, {
		// The user declines the form: the city stays.
		tool:       "forget_city",
		args:       map[string]any{"user": "every-tool", "city": "Reykjavik"},
		structured: `{"cities": ["Reykjavik"], "forgotten": false}`,
		texts:      []string{`{"cities":["Reykjavik"],"forgotten":false}`},
	}}
	called := map[string]bool{}
	for _, tc := range tests {
		t.Run(tc.tool, func(t *testing.T) {
			tool := tools[tc.tool]
			if tool == nil {
				t.Fatalf("tools/list has no %s", tc.tool)
			}
			called[tc.tool] = true
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tc.tool, Arguments: tc.args})
			if err != nil {
				t.Fatal(err)
			}
			if res.IsError != tc.isError {
				t.Errorf("isError = %v, want %v", res.IsError, tc.isError)
			}
			var texts []string
			for _, c := range res.Content {
				tc, ok := c.(*mcp.TextContent)
				if !ok {
					t.Fatalf("content %T, want text", c)
				}
				texts = append(texts, tc.Text)
			}
			if diff := cmp.Diff(tc.texts, texts); diff != "" {
				t.Errorf("content (-want +got):\n%s", diff)
			}
			checkStructured(t, tool, res, tc.structured)
		})
	}
	for name := range tools {
		if !called[name] {
			t.Errorf("tool %s is listed but not called by this test", name)
		}
	}
}

// checkStructured asserts the structured channel: present exactly when the
// tool has an output schema and succeeded, equal to want, and valid
// against the schema, whose root is an object.
func checkStructured(t *testing.T, tool *mcp.Tool, res *mcp.CallToolResult, want string) {
	t.Helper()
	if want == "" {
		if res.StructuredContent != nil {
			t.Errorf("structuredContent = %v, want none", res.StructuredContent)
		}
		if !res.IsError && tool.OutputSchema != nil {
			t.Errorf("tool has an outputSchema but sent no structuredContent")
		}
		return
	}
	got := mustJSON(t, res.StructuredContent)
	if diff := cmp.Diff(decode(t, []byte(want)), decode(t, got)); diff != "" {
		t.Errorf("structuredContent (-want +got):\n%s", diff)
	}
	var schema jsonschema.Schema
	if err := json.Unmarshal(mustJSON(t, tool.OutputSchema), &schema); err != nil {
		t.Fatal(err)
	}
	if schema.Type != "object" {
		t.Errorf("outputSchema root type = %q, want object", schema.Type)
	}
	resolved, err := schema.Resolve(nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := resolved.Validate(decode(t, got)); err != nil {
		t.Errorf("structuredContent does not validate against the outputSchema: %v", err)
	}
}

// TestStrictTypeScriptClient lists and calls every tool, gets the
// prompt, reads the resources and completes a city with the TypeScript
// SDK's client, which rejects non-object output schemas, validates every
// structuredContent against its schema and every other result against
// the protocol's. It speaks protocol 2025-11-25, so forget_city asks for
// its form while the call waits, and the client validates the request
// and the answer: all but the e-mail format, which the tool's check of
// the answer catches.
func TestStrictTypeScriptClient(t *testing.T) {
	skipShort(t)
	calls := `[
		{"name": "get_temperature", "arguments": {"city": "London"}},
		{"name": "get_weather", "arguments": {"city": "Cairo"}},
		{"name": "get_weather", "arguments": {"city": "Atlantis"}, "expectError": true},
		{"name": "get_forecast", "arguments": {"city": "Reykjavik"}},
		{"name": "get_forecast", "arguments": {"city": "Reykjavik", "days": 8}, "expectError": true},
		{"name": "get_temperatures", "arguments": {"cities": ["London", "Cairo"]}},
		{"name": "get_temperatures", "arguments": {"cities": []}, "expectError": true},
		{"name": "weather_report", "arguments": {"city": "London"}},
		{"name": "get_station", "arguments": {"name": "Heathrow"}},
		{"name": "last_updated", "arguments": {}},
		{"method": "prompts/get", "name": "plan_trip", "arguments": {"city": "Cairo", "days": "3"}},
		{"method": "prompts/get", "name": "plan_trip", "arguments": {"city": "Atlantis", "days": "3"}, "expectError": true},
		{"method": "resources/read", "uri": "weather://cities"},
		{"method": "resources/read", "uri": "weather://London/current"},
		{"method": "resources/read", "uri": "weather://Atlantis/current", "expectError": true},
		{"method": "completion/complete", "ref": {"type": "ref/resource", "uri": "weather://{city}/current"}, "argument": {"name": "city", "value": "r"}},
		{"method": "completion/complete", "ref": {"type": "ref/prompt", "name": "plan_trip"}, "argument": {"name": "days", "value": "1"}},
		{"method": "completion/complete", "ref": {"type": "ref/prompt", "name": "plan_trip"}, "argument": {"name": "", "value": "1"}, "expectError": true},
		{"name": "save_city", "arguments": {"user": "ts", "city": "Cairo"}},
		{"name": "forget_city", "arguments": {"user": "ts", "city": "Cairo"}, "elicit": {"action": "decline"}},
		{"name": "forget_city", "arguments": {"user": "ts", "city": "Cairo"}, "elicit": {"action": "accept", "content": {"forget": true, "notify_email": "not an address"}}, "expectError": true},
		{"name": "forget_city", "arguments": {"user": "ts", "city": "Cairo"}, "elicit": {"action": "accept", "content": {"forget": true}}},
		{"method": "resources/read", "uri": "` + forecastPageURI + `"},
		{"name": "refresh_forecasts", "arguments": {"cities": ["London", "Atlantis", "Cairo"]}, "progress": true},
		{"name": "summarize_climate", "arguments": {"city": "Cairo", "years": 2}}
	]`
	lines, err := interop.Run(t, calls, serverBinary)
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != 26 {
		t.Fatalf("got %d lines, want the lists and 25 calls:\n%s", len(lines), strings.Join(lines, "\n"))
	}
	want := `{"tools":["forget_city","get_forecast","get_station","get_temperature","get_temperatures","get_weather","last_updated","refresh_forecasts","save_city","summarize_climate","weather_report"],` +
		`"prompts":["plan_trip"],"resources":["` + forecastPageURI + `","weather://cities"],"resourceTemplates":["weather://{city}/current"]}`
	if lines[0] != want {
		t.Errorf("lists: %s\nwant %s", lines[0], want)
	}
	var forecast struct {
		StructuredContent struct{ Result []map[string]any }
		Content           []any
	}
	if err := json.Unmarshal([]byte(lines[4]), &forecast); err != nil {
		t.Fatal(err)
	}
	if len(forecast.StructuredContent.Result) != 3 || len(forecast.Content) != 3 {
		t.Errorf("get_forecast for the default 3 days: %s", lines[4])
	}
	if !strings.Contains(lines[5], `want at most 7, got 8`) {
		t.Errorf("get_forecast for 8 days: %s", lines[5])
	}
	for i, want := range map[int]string{
		11: `{"method":"prompts/get","result":{"messages":[{"role":"user","content":{"type":"text","text":"Plan a 3-day trip to Cairo. It is 34 °C there now: for each day, suggest what to do and what to wear."}}]}}`,
		12: `{"method":"prompts/get","error":{"code":-32602,"message":"MCP error -32602: plan_trip: argument \"city\": want one of \"Cairo\", \"London\", \"Reykjavik\", got \"Atlantis\""}}`,
		13: `{"method":"resources/read","result":{"contents":[{"uri":"weather://cities","mimeType":"application/json","text":"[\"Cairo\",\"London\",\"Reykjavik\"]"}],"ttlMs":3600000,"cacheScope":"public"}}`,
		14: `{"method":"resources/read","result":{"contents":[{"uri":"weather://London/current","mimeType":"application/json","text":"{\"temperature\":16.2,\"humidity\":0.83,\"conditions\":\"Overcast\"}"}],"ttlMs":0,"cacheScope":"public"}}`,
		16: `{"method":"completion/complete","result":{"completion":{"values":["Reykjavik"]}}}`,
		17: `{"method":"completion/complete","result":{"completion":{"values":[]}}}`,
		18: `{"method":"completion/complete","error":{"code":-32602,"message":"MCP error -32602: invalid params: missing required 'argument.name' field"}}`,
		19: `{"name":"save_city","isError":false,"structuredContent":{"result":["Cairo"]},"content":[{"type":"text","text":"Cairo"}]}`,
		20: `{"name":"forget_city","isError":false,"structuredContent":{"cities":["Cairo"],"forgotten":false},"content":[{"type":"text","text":"{\"cities\":[\"Cairo\"],\"forgotten\":false}"}],"elicited":[` + tsForm + `]}`,
		21: `{"name":"forget_city","isError":true,"structuredContent":null,"content":[{"type":"text","text":"Confirmation form: argument \"notify_email\": want an e-mail address, got \"not an address\""}],"elicited":[` + tsForm + `]}`,
		22: `{"name":"forget_city","isError":false,"structuredContent":{"forgotten":true},"content":[{"type":"text","text":"{\"forgotten\":true}"}],"elicited":[` + tsForm + `]}`,
		25: `{"name":"summarize_climate","isError":false,"structuredContent":{"city":"Cairo","years":2,"meanTemperature":12.5},"content":[{"type":"text","text":"{\"city\":\"Cairo\",\"years\":2,\"meanTemperature\":12.5}"}]}`,
	} {
		if lines[i] != want {
			t.Errorf("line %d: %s\nwant    %s", i, lines[i], want)
		}
	}
	if !strings.Contains(lines[15], `"code":-32602`) {
		t.Errorf("reading the weather of a city with no readings: %s, want invalid params", lines[15])
	}
	var page struct{ Result struct{ Contents []content } }
	if err := json.Unmarshal([]byte(lines[23]), &page); err != nil {
		t.Fatalf("reading get_forecast's page, a line of %d bytes: %v", len(lines[23]), err)
	}
	checkPage(t, page.Result.Contents)
	checkTSProgress(t, lines[24])
}

// checkTSProgress checks refresh_forecasts' line of the TypeScript
// client, which asked for progress. The client hands a notification to
// its handler a moment after it reads it, and a response at once, and
// forgets the call's progress handler with the response: it drops the
// progress the server sends just before its result. What it keeps is
// the progress sent before, in order.
func checkTSProgress(t *testing.T, line string) {
	t.Helper()
	var refresh struct {
		Name              string
		IsError           bool
		StructuredContent json.RawMessage
		Progress          []json.RawMessage
	}
	if err := json.Unmarshal([]byte(line), &refresh); err != nil {
		t.Fatal(err)
	}
	if refresh.Name != "refresh_forecasts" || refresh.IsError || string(refresh.StructuredContent) != `{"result":["London","Cairo"]}` {
		t.Errorf("refresh_forecasts: %s", line)
	}
	want := []string{`{"progress":1,"total":3,"message":"refreshed London"}`, `{"progress":3,"total":3,"message":"refreshed Cairo"}`}
	if len(refresh.Progress) == 0 || len(refresh.Progress) > len(want) {
		t.Fatalf("refresh_forecasts: progress %s, want the first of %q at least", refresh.Progress, want)
	}
	for i, p := range refresh.Progress {
		if string(p) != want[i] {
			t.Errorf("refresh_forecasts: progress %d is %s, want %s", i, p, want[i])
		}
	}
}

// The page of get_forecast, an MCP App: its resource's URI and MIME type.
const (
	forecastPageURI = "ui://weather/get_forecast"
	pageMIMEType    = "text/html;profile=mcp-app"
)

// A content is one of a resources/read result's contents, as a client
// decodes it.
type content struct{ URI, MIMEType, Text string }

// checkPage checks what a client read of get_forecast's page: one
// content, the text of forecast.html.
func checkPage(t *testing.T, contents []content) {
	t.Helper()
	want, err := os.ReadFile("forecast.html")
	if err != nil {
		t.Fatal(err)
	}
	if len(contents) != 1 || contents[0] != (content{forecastPageURI, pageMIMEType, string(want)}) {
		for _, c := range contents {
			t.Logf("content %s %s, %d bytes", c.URI, c.MIMEType, len(c.Text))
		}
		t.Errorf("%s: %d contents, want one: %s, the %d bytes of forecast.html", forecastPageURI, len(contents), pageMIMEType, len(want))
	}
}

// tsForm is forget_city's form as the TypeScript client gets it, on
// protocol 2025-11-25: asked while the call waits.
const tsForm = `{"message":"Forget Cairo from the cities ts saved?","requestedSchema":{"type":"object","properties":{"forget":{"type":"boolean","description":"Forget the city."},"notify_email":{"type":"string","description":"An address to tell once it is done, if any.","format":"email"}},"required":["forget"]}}`

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func decode(t *testing.T, data []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("%v: %s", err, data)
	}
	return v
}

// skipShort skips a test under -short, the inner loop: it runs the example as a process, built by TestMain.
func skipShort(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("it runs the example as a process, built by TestMain; go test without -short runs it")
	}
}
