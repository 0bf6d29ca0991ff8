package interop_test

import (
	"encoding/base64"
	"encoding/json"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/internal/apppreview"
	"github.com/mcptag/mcptag/internal/interop"
)

// TestPreviewInBrowser writes the preview of get_forecast's page with
// mcptag preview, with the sample result it makes and with the result
// of a real call (-result), and opens each in Chromium: the page must
// leave "Waiting" for a chart of the result's days, titled after the
// call's city, with no console error and no request.
func TestPreviewInBrowser(t *testing.T) {
	skipShort(t)
	interop.RequireBrowser(t)
	bin := buildMcptag(t)
	dir := t.TempDir()

	t.Run("sample", func(t *testing.T) {
		file := filepath.Join(dir, "sample.html")
		runMcptag(t, bin, repoRoot, nil, "preview", "-o", file, "./example/weather", "get_forecast")
		shown := showForecastPreview(t, file, filepath.Join(dir, "sample.png"))
		if got, want := shown.Texts["#title"], []string{"Forecast for London"}; !slices.Equal(got, want) {
			t.Errorf("the page's title is %q, want %q, from the input schema's example", got, want)
		}
	})
	t.Run("result", func(t *testing.T) {
		call := forecastCall(t, forecastSession(t), map[string]any{"city": "Reykjavik", "days": 5})
		result, input := filepath.Join(dir, "result.json"), filepath.Join(dir, "input.json")
		writeJSON(t, result, call.Result)
		writeJSON(t, input, call.Input)
		file := filepath.Join(dir, "result.html")
		runMcptag(t, bin, repoRoot, nil, "preview", "-result", result, "-input", input, "-o", file, "./example/weather", "get_forecast")
		shown := showForecastPreview(t, file, "")
		if got, want := shown.Texts["#title"], []string{"Forecast for Reykjavik"}; !slices.Equal(got, want) {
			t.Errorf("the page's title is %q, want %q, from -input", got, want)
		}
	})
}

// TestCatalogAppLinkInBrowser opens what the weather example's
// catalogue links to as get_forecast's page: a preview that shows the
// page with a sample result, a chart, rather than the page alone, which
// waits for a result no host sends.
func TestCatalogAppLinkInBrowser(t *testing.T) {
	skipShort(t)
	interop.RequireBrowser(t)
	page := runMcptag(t, buildMcptag(t), repoRoot, nil, "catalog", "./example/weather")
	link := regexp.MustCompile(`<a class="app-page" href="data:text/html;charset=utf-8;base64,([^"]*)" download="forecast.preview.html"`).FindSubmatch(page)
	if link == nil {
		t.Fatal("the catalogue has no link to the preview of get_forecast's page")
	}
	preview, err := base64.StdEncoding.DecodeString(html.UnescapeString(string(link[1])))
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "forecast.preview.html")
	if err := os.WriteFile(file, preview, 0o644); err != nil {
		t.Fatal(err)
	}
	shot := filepath.Join(t.TempDir(), "catalog-link.png")
	showForecastPreview(t, file, shot)
	t.Logf("screenshot in %s", shot)
}

// showForecastPreview opens the preview of get_forecast's page in file
// and checks its chart against the result the preview holds.
func showForecastPreview(t *testing.T, file, screenshot string) interop.AppShown {
	t.Helper()
	call := readPreview(t, file)
	var result struct {
		StructuredContent struct{ Result []forecastDay }
	}
	if err := json.Unmarshal(call.Result, &result); err != nil {
		t.Fatal(err)
	}
	days := result.StructuredContent.Result
	shown, err := interop.ShowPreview(t, interop.PreviewCheck{File: file, Ready: `body[data-result="chart"]`,
		Marks: "rect.bar", Want: len(days), Texts: []string{"#title", "#status", "text.value"}, Screenshot: screenshot})
	if err != nil {
		t.Fatal(err)
	}
	checkChart(t, shown, days)
	if shown.Origins.Host == shown.Origins.View {
		t.Errorf("the page runs on the preview's origin, %s", shown.Origins.Host)
	}
	return shown
}

func writeJSON(t *testing.T, file string, v any) {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestPreviewPolicy: the preview holds the page to its policy, as a host
// does: an image from an origin the policy lacks is a violation (a
// console error), and one it lists is requested (and fails: the test
// has no network), with no violation.
func TestPreviewPolicy(t *testing.T) {
	skipShort(t)
	interop.RequireBrowser(t)
	file := filepath.Join(t.TempDir(), "sample.html")
	runMcptag(t, buildMcptag(t), repoRoot, nil, "preview", "-o", file, "./example/weather", "get_forecast")
	call := readPreview(t, file)
	call.HTML = strings.Replace(call.HTML, "</body>", `<img src="https://cdn.example.com/sun.png"></body>`, 1)
	for _, tc := range []struct {
		name string
		csp  map[string][]string
		want string
	}{
		{"not listed", nil, "Content Security Policy"},
		{"listed", map[string][]string{"resourceDomains": {"https://cdn.example.com"}}, "https://cdn.example.com/sun.png"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := call
			c.CSP = tc.csp
			page, err := apppreview.Page(c)
			if err != nil {
				t.Fatal(err)
			}
			changed := filepath.Join(t.TempDir(), "changed.html")
			if err := os.WriteFile(changed, page, 0o644); err != nil {
				t.Fatal(err)
			}
			_, err = interop.ShowPreview(t, interop.PreviewCheck{File: changed, Ready: "body[data-result]", Marks: "rect.bar", Want: 3})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want one that mentions %q", err, tc.want)
			}
			if tc.csp != nil && err != nil && strings.Contains(err.Error(), "Content Security Policy") {
				t.Errorf("err = %v: the policy lists the image's origin", err)
			}
		})
	}
}

// readPreview returns the call the preview in file shows.
func readPreview(t *testing.T, file string) apppreview.Call {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	call, err := apppreview.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return call
}
