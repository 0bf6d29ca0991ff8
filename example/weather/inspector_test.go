package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/mcptag/mcptag/internal/interop"
)

// inspectorEras are the protocol eras the Inspector's --protocol-era
// negotiates over stdio: legacy (2025-11-25 and before) and modern
// (2026-07-28).
var inspectorEras = []string{"legacy", "modern"}

// forEachEra runs test once for each of inspectorEras, in parallel.
func forEachEra(t *testing.T, test func(t *testing.T, era string)) {
	for _, era := range inspectorEras {
		t.Run(era, func(t *testing.T) {
			t.Parallel()
			test(t, era)
		})
	}
}

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
// arguments of save_city and forget_city with their parameter headers, in
// both eras.
func TestInspectorListsEveryTool(t *testing.T) {
	skipShort(t)
	forEachEra(t, func(t *testing.T, era string) {
		out, err := interop.Inspector(t, serverBinary, "--protocol-era", era, "--method", "tools/list")
		if err != nil {
			t.Fatal(err)
		}
		checkInspectorTools(t, out)
	})
}

// checkInspectorTools checks a tools/list result the Inspector printed.
func checkInspectorTools(t *testing.T, out []byte) {
	t.Helper()
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
// example has is given as text, and no call may be answered isError; on
// both eras.
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
		// The Inspector asks for no progress: the tool's reports are not sent.
		name:       "a long call",
		tool:       "refresh_forecasts",
		args:       []string{`cities=["Reykjavik"]`},
		structured: `{"result": ["Reykjavik"]}`,
		texts:      []string{"Reykjavik"},
	}, {
		// On 2026-07-28 the call becomes a task, which the Inspector's
		// tasks client polls to this result (TestInspectorRunsATask); on
		// the legacy era it runs at once.
		name:       "a task tool",
		tool:       "summarize_climate",
		args:       []string{"city=Reykjavik", "years=2"},
		structured: `{"city": "Reykjavik", "years": 2, "meanTemperature": 12.5}`,
		texts:      []string{`{"city":"Reykjavik","years":2,"meanTemperature":12.5}`},
	}, {
		name:       "a parameter header",
		tool:       "save_city",
		args:       []string{"user=inspector", "city=London"},
		structured: `{"result": ["London"]}`,
		texts:      []string{"London"},
	}}
	called := map[string]bool{"forget_city": true} // TestInspectorCannotShowAForm
	for _, tc := range tests {
		called[tc.tool] = true
	}
	for _, name := range snapshotToolNames(t) {
		if !called[name] {
			t.Errorf("tool %s is in the snapshot but not called by this test", name)
		}
	}
	forEachEra(t, func(t *testing.T, era string) {
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				t.Parallel()
				res := inspectorCall(t, era, tc.tool, tc.args...)
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
	})
}

// TestInspectorArgumentNotText shows what a person meets who passes a
// name of digits unquoted: the Inspector sends a number, and the server
// answers with an error that names the argument and what it got.
func TestInspectorArgumentNotText(t *testing.T) {
	skipShort(t)
	forEachEra(t, func(t *testing.T, era string) {
		res := inspectorCall(t, era, "get_station", "name=42")
		want := `get_station: argument "name": want string, got 42`
		if !res.IsError || len(res.Content) != 1 || res.Content[0].Text != want {
			t.Errorf("got isError %v, content %q; want isError and %q", res.IsError, res.Content, want)
		}
	})
}

// TestInspectorUnconvertibleArgument shows what CONTRIBUTING.md warns of: the
// Inspector sends null for a --tool-arg it cannot convert to the
// argument's type (days=five for an integer), and days, which has a
// default, takes null as absent: the call is answered as if days had been
// left out, with the default's three days, and looks accepted.
func TestInspectorUnconvertibleArgument(t *testing.T) {
	skipShort(t)
	forEachEra(t, func(t *testing.T, era string) {
		res := inspectorCall(t, era, "get_forecast", "city=Cairo", "days=five")
		if res.IsError || len(res.Content) != 3 {
			t.Errorf("got isError %v, content %q; want the default's 3 days", res.IsError, res.Content)
		}
	})
}

// TestInspectorUnknownTool checks that a call of a tool the server does
// not list fails the Inspector, and so interop.Inspector: the Inspector
// lists the tools first and refuses the call itself (exit 5, code
// tool_not_found), without asking the server.
func TestInspectorUnknownTool(t *testing.T) {
	skipShort(t)
	forEachEra(t, func(t *testing.T, era string) {
		out, err := interop.Inspector(t, serverBinary, "--protocol-era", era, "--method", "tools/call", "--tool-name", "get_humidity")
		ierr, ok := errors.AsType[*interop.InspectorError](err)
		if !ok || ierr.Exit != 5 || ierr.Code != "tool_not_found" || ierr.Message != "Tool 'get_humidity' not found on server." {
			t.Errorf("err = %v, want the Inspector's tool_not_found; stdout:\n%s", err, out)
		}
	})
}

// TestInspectorCannotShowAForm: the Inspector's command line declares no
// elicitation capability, so forget_city does not ask it for its form: on
// both eras the call is refused at once with the protocol's error for a
// missing client capability, which the Inspector prints (exit 1).
func TestInspectorCannotShowAForm(t *testing.T) {
	skipShort(t)
	forEachEra(t, func(t *testing.T, era string) {
		out, err := interop.Inspector(t, serverBinary, "--protocol-era", era, "--method", "tools/call", "--tool-name", "forget_city", "--tool-arg", "user=inspector", "--tool-arg", "city=London")
		ierr, ok := errors.AsType[*interop.InspectorError](err)
		if want := "Confirmation: the client declared no form elicitation capability"; !ok || ierr.Exit != 1 || !strings.Contains(ierr.Message, want) {
			t.Errorf("err = %v, want the error %q; stdout:\n%s", err, want, out)
		}
	})
}

// inspectorCall calls tool through the Inspector, negotiating era, with
// args as --tool-arg values, and decodes the result it prints.
func inspectorCall(t *testing.T, era, tool string, args ...string) inspectorResult {
	t.Helper()
	options := []string{"--protocol-era", era, "--method", "tools/call", "--tool-name", tool}
	for _, a := range args {
		options = append(options, "--tool-arg", a)
	}
	out, err := interop.Inspector(t, serverBinary, options...)
	if err != nil {
		t.Fatal(err)
	}
	return decodeInspectorResult(t, out)
}

// decodeInspectorResult decodes the tools/call result the Inspector printed.
func decodeInspectorResult(t *testing.T, out []byte) inspectorResult {
	t.Helper()
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
// message (a JSON-RPC error, which the Inspector prints with the code
// "error" and the message as the server sent it), in both eras.
func TestInspectorGetsThePrompt(t *testing.T) {
	skipShort(t)
	forEachEra(t, inspectorGetsThePrompt)
}

func inspectorGetsThePrompt(t *testing.T, era string) {
	out, err := interop.Inspector(t, serverBinary, "--protocol-era", era, "--method", "prompts/get", "--prompt-name", "plan_trip", "--prompt-args", "city=London", "days=3")
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

	out, err = interop.Inspector(t, serverBinary, "--protocol-era", era, "--method", "prompts/get", "--prompt-name", "plan_trip", "--prompt-args", "city=Paris", "days=3")
	ierr, ok := errors.AsType[*interop.InspectorError](err)
	if !ok || ierr.Exit != 1 || ierr.Code != "error" || ierr.Message != `plan_trip: argument "city": want one of "Cairo", "London", "Reykjavik", got "Paris"` {
		t.Errorf("err = %v, want the server's invalid params error; stdout:\n%s", err, out)
	}
}

// TestInspectorReadsTheResources lists the prompt, the resources and the
// template through the Inspector, and reads the static resource, the
// template and get_forecast's page, in both eras.
func TestInspectorReadsTheResources(t *testing.T) {
	skipShort(t)
	forEachEra(t, inspectorReadsTheResources)
}

func inspectorReadsTheResources(t *testing.T, era string) {
	for method, want := range map[string]string{
		"prompts/list":             `"name": "plan_trip"`,
		"resources/list":           `"uri": "weather://cities"`,
		"resources/templates/list": `"uriTemplate": "weather://{city}/current"`,
	} {
		out, err := interop.Inspector(t, serverBinary, "--protocol-era", era, "--method", method)
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
		out, err := interop.Inspector(t, serverBinary, "--protocol-era", era, "--method", "resources/read", "--uri", uri)
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
	out, err := interop.Inspector(t, serverBinary, "--protocol-era", era, "--method", "resources/read", "--uri", forecastPageURI)
	if err != nil {
		t.Fatal(err)
	}
	var page struct{ Contents []content }
	if err := json.Unmarshal(out, &page); err != nil {
		t.Fatalf("decoding the Inspector's output: %v\n%.300s", err, out)
	}
	checkPage(t, page.Contents)
}

// TestInspectorOverHTTP runs the Inspector's HTTP form, --cli URL
// --transport http, against the example's -http mode: legacy against
// its sessions, modern (2026-07-28, parameter headers) against
// -stateless, which the go-sdk requires of it. Each era's call names its
// protocol version, 2025-11-25 or 2026-07-28, and the modern one carries
// its user argument's parameter header. A modern client of the server
// with sessions is refused, not moved down to 2025-11-25.
func TestInspectorOverHTTP(t *testing.T) {
	skipShort(t)
	for _, tc := range []struct {
		era   string
		flags []string
		call  callHeaders // save_city's
	}{
		{"legacy", nil, callHeaders{version: "2025-11-25"}},
		{"modern", []string{"-stateless"}, callHeaders{version: "2026-07-28", user: "inspector"}},
	} {
		t.Run(tc.era, func(t *testing.T) {
			t.Parallel()
			url, lastCall := recordCallHeaders(t, serveHTTPBinary(t, tc.flags...))
			out, err := interop.Inspector(t, url, "--transport", "http", "--protocol-era", tc.era, "--method", "tools/list")
			if err != nil {
				t.Fatal(err)
			}
			checkInspectorTools(t, out)
			out, err = interop.Inspector(t, url, "--transport", "http", "--protocol-era", tc.era, "--method", "tools/call", "--tool-name", "save_city", "--tool-arg", "user=inspector", "city=Cairo")
			if err != nil {
				t.Fatal(err)
			}
			checkInspectorStructured(t, decodeInspectorResult(t, out).StructuredContent, `{"result": ["Cairo"]}`)
			if got := lastCall(); got != tc.call {
				t.Errorf("tools/call with headers %+v, want %+v", got, tc.call)
			}
		})
	}
	t.Run("modern with sessions", func(t *testing.T) {
		t.Parallel()
		out, err := interop.Inspector(t, serveHTTPBinary(t), "--transport", "http", "--protocol-era", "modern", "--method", "tools/list")
		ierr, ok := errors.AsType[*interop.InspectorError](err)
		if !ok || ierr.Message != "Unsupported protocol version: 2026-07-28" {
			t.Errorf("err = %v, want the server's refusal of 2026-07-28; stdout:\n%s", err, out)
		}
	})
}

// callHeaders are the headers of a tools/call that tell its protocol
// version and its user argument.
type callHeaders struct {
	version string // Mcp-Protocol-Version
	user    string // Mcp-Param-User
}

// recordCallHeaders serves a proxy to the server at target, and returns
// its URL and a function that gives the headers of the last tools/call it
// passed on.
func recordCallHeaders(t *testing.T, target string) (string, func() callHeaders) {
	t.Helper()
	u, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	proxy := httputil.NewSingleHostReverseProxy(u)
	// The server-to-client stream is cut when the Inspector exits, which
	// the proxy would log.
	proxy.ErrorLog = log.New(io.Discard, "", 0)
	var mu sync.Mutex
	var last callHeaders
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		var msg struct{ Method string }
		if json.Unmarshal(body, &msg) == nil && msg.Method == "tools/call" {
			mu.Lock()
			last = callHeaders{r.Header.Get("Mcp-Protocol-Version"), r.Header.Get("Mcp-Param-User")}
			mu.Unlock()
		}
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	return ts.URL + "/", func() callHeaders {
		mu.Lock()
		defer mu.Unlock()
		return last
	}
}

// serveHTTPBinary runs the example's binary with -http on a free port of
// the loopback interface, and flags, until the test ends, and returns its
// URL once it accepts connections.
func serveHTTPBinary(t *testing.T, flags ...string) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	cmd := exec.Command(serverBinary, append([]string{"-http", addr}, flags...)...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	for deadline := time.Now().Add(hangGuard); ; time.Sleep(20 * time.Millisecond) {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return "http://" + addr + "/"
		}
		if time.Now().After(deadline) {
			t.Fatalf("the server did not listen on %s in %v", addr, hangGuard)
		}
	}
}

// TestREADMEInspectorCommands runs the Inspector commands of the
// README, CONTRIBUTING.md and docs/ as written, from the repository's
// root, so that they stay true: each must
// exit 0 with a result that is not isError. A block that starts the
// example with -http on localhost:8080 gets the example's binary on a
// free port instead, with the same flags, and its commands that port.
func TestREADMEInspectorCommands(t *testing.T) {
	skipShort(t)
	interop.Require(t)
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	readme := docsText(t, root)
	const inspector = "internal/interop/node_modules/.bin/mcp-inspector "
	const httpServer = "go run ./example/weather -http localhost:8080"
	ran := 0
	for _, block := range strings.Split(readme, "```sh\n")[1:] {
		block, _, _ = strings.Cut(block, "```")
		url := ""
		for _, line := range strings.Split(block, "\n") {
			if flags, ok := strings.CutPrefix(line, httpServer); ok {
				url = serveHTTPBinary(t, strings.Fields(strings.TrimSuffix(flags, "&"))...)
				continue
			}
			if !strings.HasPrefix(line, inspector) {
				continue
			}
			if url != "" {
				line = strings.ReplaceAll(line, "http://localhost:8080/", url)
			}
			ran++
			runREADMECommand(t, root, line)
		}
	}
	if ran < 4 {
		t.Errorf("ran %d Inspector commands of the documentation, want its 4 or more", ran)
	}
}

// docsText returns the README, CONTRIBUTING.md and every page of docs/
// under root, one after the other.
func docsText(t *testing.T, root string) string {
	t.Helper()
	pages, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	var all strings.Builder
	for _, name := range append([]string{filepath.Join(root, "README.md"), filepath.Join(root, "CONTRIBUTING.md")}, pages...) {
		text, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		all.Write(text)
		all.WriteString("\n")
	}
	return all.String()
}

// runREADMECommand runs line with sh in dir, and checks that it prints a
// JSON result that is not isError.
func runREADMECommand(t *testing.T, dir, line string) {
	t.Helper()
	cmd := exec.CommandContext(t.Context(), "sh", "-c", line)
	cmd.Dir = dir
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var res struct{ IsError bool }
	if err != nil || json.Unmarshal(out, &res) != nil || res.IsError {
		t.Errorf("%s: %v\nstdout:\n%s\nstderr:\n%s", line, err, out, stderr.String())
	}
}

// TestInspectorRunsATask: the MCP Inspector's command line, on protocol
// 2026-07-28 (--protocol-era modern), calls summarize_climate through
// its tasks client: over the example's stateless HTTP the call is
// answered with a task, which the Inspector polls with tasks/get to its
// result.
func TestInspectorRunsATask(t *testing.T) {
	skipShort(t)
	replica := startReplica(t)
	url, methods := interop.RecordMethods(t, replica.String()+"/")
	out, err := interop.Inspector(t, url, "--transport", "http", "--protocol-era", "modern",
		"--method", "tools/call", "--tool-name", "summarize_climate", "--tool-arg", "city=Cairo", "years=3")
	if err != nil {
		t.Fatal(err)
	}
	var res inspectorResult
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("the Inspector printed %s: %v", out, err)
	}
	checkInspectorStructured(t, res.StructuredContent, `{"city": "Cairo", "years": 3, "meanTemperature": 12}`)
	if got := methods(); !slices.Contains(got, "tools/call -> task") || !slices.Contains(got, "tasks/get") {
		t.Errorf("the Inspector sent %q, want a tools/call answered with a task, then tasks/get", got)
	}
}
