package interop_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcptag/mcptag/internal/interop"
	"github.com/mcptag/mcptag/internal/uiext"
)

// The example's app: get_forecast's page and its source.
var (
	forecastPage   = filepath.Join(repoRoot, "example", "weather", "forecast.html")
	forecastSource = filepath.Join(repoRoot, "example", "weather", "ui", "forecast.src.html")
)

// TestForecastPageFresh builds the weather example's page from its
// source and fails if the committed page differs; -update writes it.
func TestForecastPageFresh(t *testing.T) {
	skipShort(t)
	built := interop.BuildAppPage(t, forecastSource)
	if *update {
		if err := os.WriteFile(forecastPage, built, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	committed, err := os.ReadFile(forecastPage)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(committed, built) {
		t.Errorf("%s differs from a fresh build of %s (%d bytes, built %d): rerun with -update", forecastPage, forecastSource, len(committed), len(built))
	}
}

// A forecastDay is one element of get_forecast's structured result.
type forecastDay struct {
	Temperature float64 `json:"temperature"`
	Humidity    float64 `json:"humidity"`
	Conditions  string  `json:"conditions"`
}

// TestForecastAppInBrowser calls get_forecast through a go-sdk client that
// declares MCP Apps, reads the page its listing points at, and has a web
// host built from the ext-apps bridge show the page with the call's
// input and result (interop.ShowApp): the chart must draw one bar a day,
// each with the day's values and a label of its temperature, bars as
// tall as their temperatures are warm, with no console error and no
// request beyond the host's own pages. The screenshot goes to the test's
// temporary directory, and with -update to docs/apps.png.
func TestForecastAppInBrowser(t *testing.T) {
	skipShort(t)
	interop.RequireBrowser(t)
	call := forecastCall(t, forecastSession(t), map[string]any{"city": "Reykjavik", "days": 5})
	call.Screenshot = filepath.Join(t.TempDir(), "apps.png")
	shown, err := interop.ShowApp(t, call)
	if err != nil {
		t.Fatal(err)
	}
	var result struct {
		StructuredContent struct{ Result []forecastDay }
	}
	if err := json.Unmarshal(call.Result, &result); err != nil {
		t.Fatal(err)
	}
	checkChart(t, shown, result.StructuredContent.Result)
	if got, want := shown.Texts["#title"], []string{"Forecast for Reykjavik"}; !slices.Equal(got, want) {
		t.Errorf("the page's title is %q, want %q, from the tool's input", got, want)
	}
	if shown.Origins.Host == shown.Origins.View {
		t.Errorf("the page runs on the host's origin, %s", shown.Origins.Host)
	}
	t.Logf("screenshot in %s", call.Screenshot)
	if *update {
		copyFile(t, call.Screenshot, filepath.Join(repoRoot, "docs", "apps.png"))
	}
}

// TestForecastAppShowsErrors has the page shown with the result of a
// call that fails: it draws no chart and shows the tool's text, as a
// host without apps does.
func TestForecastAppShowsErrors(t *testing.T) {
	skipShort(t)
	interop.RequireBrowser(t)
	call := forecastCall(t, forecastSession(t), map[string]any{"city": "Reykjavik", "days": 8})
	var result mcp.CallToolResult
	if err := json.Unmarshal(call.Result, &result); err != nil {
		t.Fatal(err)
	}
	if !result.IsError || len(result.Content) != 1 {
		t.Fatalf("get_forecast for 8 days: %s, want one text of an error", call.Result)
	}
	call.Ready = `body[data-result="text"]`
	shown, err := interop.ShowApp(t, call)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := shown.Texts["#status"], []string{result.Content[0].(*mcp.TextContent).Text}; !slices.Equal(got, want) {
		t.Errorf("the page shows %q, want the tool's text %q", got, want)
	}
}

// TestAppHostCatches checks that interop.ShowApp fails a page that asks
// the network for anything, that logs a console error, or that draws
// fewer marks than the result has values.
func TestAppHostCatches(t *testing.T) {
	skipShort(t)
	interop.RequireBrowser(t)
	call := forecastCall(t, forecastSession(t), map[string]any{"city": "London", "days": 2})
	for _, tc := range []struct {
		name   string
		change func(*interop.AppCall)
		want   string
	}{
		{"an image from a CDN", func(c *interop.AppCall) {
			c.HTML = strings.Replace(c.HTML, "</body>", `<img src="https://cdn.example.com/sun.png"></body>`, 1)
		}, "Content Security Policy"},
		{"an image the policy allows", func(c *interop.AppCall) {
			c.CSP = json.RawMessage(`{"resourceDomains":["https://cdn.example.com"]}`)
			c.HTML = strings.Replace(c.HTML, "</body>", `<img src="https://cdn.example.com/sun.png"></body>`, 1)
		}, "requested https://cdn.example.com/sun.png"},
		{"a console error", func(c *interop.AppCall) {
			c.HTML = strings.Replace(c.HTML, "</body>", `<script>console.error("boom")</script></body>`, 1)
		}, "boom"},
		{"a mark short", func(c *interop.AppCall) { c.Want++ }, "drew 2 rect.bar, want 3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := call
			tc.change(&c)
			_, err := interop.ShowApp(t, c)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want one that mentions %q", err, tc.want)
			}
		})
	}
}

// checkChart checks the bars the page drew against days, get_forecast's
// result: one a day, in order, with the day's values and its
// temperature as a label; a warmer day's bar taller (the days of the
// calls here are all above 0 °C).
func checkChart(t *testing.T, shown interop.AppShown, days []forecastDay) {
	t.Helper()
	if len(shown.Marks) != len(days) || len(days) == 0 {
		t.Fatalf("the chart has %d bars for %d days", len(shown.Marks), len(days))
	}
	labels := shown.Texts["text.value"]
	if len(labels) != len(days) {
		t.Errorf("the chart has %d value labels for %d days: %q", len(labels), len(days), labels)
	}
	for i, d := range days {
		m := shown.Marks[i].Data
		temp, err := strconv.ParseFloat(m["temperature"], 64)
		if m["day"] != strconv.Itoa(i) || err != nil || temp != d.Temperature || m["conditions"] != d.Conditions || m["humidity"] != strconv.FormatFloat(d.Humidity, 'f', -1, 64) {
			t.Errorf("bar %d shows %v, want day %d: %+v", i, m, i, d)
		}
		if i < len(labels) && !strings.HasPrefix(labels[i], strconv.FormatFloat(d.Temperature, 'f', 1, 64)+" ") {
			t.Errorf("bar %d is labelled %q, want %.1f °C", i, labels[i], d.Temperature)
		}
		for j := range i {
			if (days[j].Temperature < d.Temperature) != (shown.Marks[j].Height < shown.Marks[i].Height) {
				t.Errorf("day %d (%.1f °C) has a bar %.0f px high, day %d (%.1f °C) %.0f px", j, days[j].Temperature, shown.Marks[j].Height, i, d.Temperature, shown.Marks[i].Height)
			}
		}
	}
}

// forecastCall lists get_forecast on cs, checks that its listing points at
// its page, reads the page and calls the tool with args.
func forecastCall(t *testing.T, cs *mcp.ClientSession, args map[string]any) interop.AppCall {
	t.Helper()
	ctx := t.Context()
	var tool *mcp.Tool
	for tl, err := range cs.Tools(ctx, nil) {
		if err != nil {
			t.Fatal(err)
		}
		if tl.Name == "get_forecast" {
			tool = tl
		}
	}
	if tool == nil {
		t.Fatal("tools/list has no get_forecast")
	}
	ui, _ := tool.Meta["ui"].(map[string]any)
	uri, _ := ui["resourceUri"].(string)
	if !strings.HasPrefix(uri, "ui://") || tool.Meta["ui/resourceUri"] != uri {
		t.Fatalf("get_forecast lists _meta %v, want a ui:// URI in ui.resourceUri and ui/resourceUri", tool.Meta)
	}
	read, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: uri})
	if err != nil {
		t.Fatal(err)
	}
	if len(read.Contents) != 1 || read.Contents[0].MIMEType != uiext.MIMEType {
		t.Fatalf("resources/read %s: %d contents, want one of %s", uri, len(read.Contents), uiext.MIMEType)
	}
	page := read.Contents[0]
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_forecast", Arguments: args})
	if err != nil {
		t.Fatal(err)
	}
	call := interop.AppCall{HTML: page.Text, Tool: marshal(t, tool), Input: args, Result: marshal(t, res),
		Ready: "body[data-result]", Marks: "rect.bar", Texts: []string{"#title", "#status", "text.value"}}
	if !res.IsError {
		call.Want = args["days"].(int)
	}
	meta, _ := page.Meta["ui"].(map[string]any)
	if csp, ok := meta["csp"]; ok {
		call.CSP = marshal(t, csp)
	}
	call.PrefersBorder, _ = meta["prefersBorder"].(bool)
	return call
}

func marshal(t *testing.T, v any) json.RawMessage {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// forecastSession starts the weather example and connects a go-sdk
// client that declares MCP Apps.
func forecastSession(t *testing.T) *mcp.ClientSession {
	t.Helper()
	bin, err := weatherServer()
	if err != nil {
		t.Fatal(err)
	}
	caps := &mcp.ClientCapabilities{}
	caps.AddExtension(uiext.Extension, map[string]any{"mimeTypes": []string{uiext.MIMEType}})
	client := mcp.NewClient(&mcp.Implementation{Name: "apps-test", Version: "v0"}, &mcp.ClientOptions{Capabilities: caps})
	cs, err := client.Connect(t.Context(), &mcp.CommandTransport{Command: exec.Command(bin)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// weatherServer builds the weather example, once for all the tests of a
// run, into the directory TestMain removes.
var weatherServer = sync.OnceValues(func() (string, error) {
	return goBuild(badServerDir, "../../example/weather")
})
