package interop

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// BuildAppPage calls Require, then builds the page of an MCP App from its
// source with node apppage.mjs (see there): the source's one module
// script bundled, with the ext-apps App it imports, into the page. It
// returns the page's text; the test fails if the build does.
func BuildAppPage(t testing.TB, source string) []byte {
	t.Helper()
	Require(t)
	d, err := dir()
	if err != nil {
		t.Fatalf("interop.BuildAppPage: %v", err)
	}
	source, err = filepath.Abs(source)
	if err != nil {
		t.Fatalf("interop.BuildAppPage: %v", err)
	}
	out, err := node(t, d, "apppage.mjs", source)
	if err != nil {
		t.Fatalf("interop.BuildAppPage: %v", err)
	}
	return out
}

// An AppCall is a tool call whose result a host shows as an MCP App: the
// page (the text of its ui:// resource, and its _meta.ui), the tool as
// tools/list gives it, the call's arguments and result.
type AppCall struct {
	HTML          string          `json:"html"`
	CSP           json.RawMessage `json:"csp,omitempty"`
	PrefersBorder bool            `json:"prefersBorder"`
	Tool          json.RawMessage `json:"tool"`
	Input         map[string]any  `json:"input"`
	Result        json.RawMessage `json:"result"`
	// Ready selects what the page shows once it has taken the result;
	// Marks the elements that stand for the result's values, Want how many
	// the page must draw; Texts select elements whose text to report.
	Ready string   `json:"ready"`
	Marks string   `json:"marks"`
	Want  int      `json:"want"`
	Texts []string `json:"texts,omitempty"`
	// Screenshot is where to write a screenshot of the host showing the
	// page, if set.
	Screenshot string `json:"screenshot,omitempty"`
}

// AppShown is what the page showed.
type AppShown struct {
	Marks []AppMark `json:"marks"`
	// Texts are, by selector of AppCall.Texts, the text of each element
	// it selects.
	Texts map[string][]string `json:"texts"`
	// Origins are those of the host page and of the page shown, which
	// the specification wants apart.
	Origins struct{ Host, View string } `json:"origins"`
}

// An AppMark is an element of AppCall.Marks: its data- attributes and its
// drawn height in CSS pixels.
type AppMark struct {
	Data   map[string]string `json:"data"`
	Height float64           `json:"height"`
}

// ShowApp calls RequireBrowser, then runs node apphost.mjs, which shows
// the page in headless Chromium as a web host does (see apphost.mjs): in
// a sandbox proxy on another origin, under the Content-Security-Policy
// its csp asks for, fed the call's input and result by the ext-apps
// host-side bridge. err lists what went wrong: a console error or
// uncaught exception in any frame, a request for anything but the host
// and its proxy, a page that never shows call.Ready or draws other than
// call.Want marks.
func ShowApp(t testing.TB, call AppCall) (AppShown, error) {
	t.Helper()
	return showIn(t, "apphost.mjs", call)
}

// A PreviewCheck is a preview of an App's page, the HTML file mcptag
// preview writes, to open in Chromium, and what its page should show:
// Ready, Marks, Want, Texts and Screenshot as in AppCall.
type PreviewCheck struct {
	File       string   `json:"file"`
	Ready      string   `json:"ready"`
	Marks      string   `json:"marks"`
	Want       int      `json:"want"`
	Texts      []string `json:"texts,omitempty"`
	Screenshot string   `json:"screenshot,omitempty"`
}

// ShowPreview calls RequireBrowser, then runs node preview.mjs, which
// opens the preview in headless Chromium (see preview.mjs) and reports
// what the page it frames shows. err lists what went wrong: a console
// error or uncaught exception in any frame, a request for anything but
// the preview, a page that never shows p.Ready or draws other than
// p.Want marks.
func ShowPreview(t testing.TB, p PreviewCheck) (AppShown, error) {
	t.Helper()
	return showIn(t, "preview.mjs", p)
}

// showIn calls RequireBrowser, then runs node script with a file of
// config and the Chromium to drive, and decodes what it prints.
func showIn(t testing.TB, script string, config any) (AppShown, error) {
	t.Helper()
	RequireBrowser(t)
	d, err := dir()
	if err != nil {
		t.Fatalf("interop: %s: %v", script, err)
	}
	fields, err := json.Marshal(config)
	var all map[string]any
	if err == nil {
		err = json.Unmarshal(fields, &all)
	}
	if err != nil {
		t.Fatalf("interop: %s: %v", script, err)
	}
	all["chromium"] = Chromium()
	data, err := json.Marshal(all)
	if err != nil {
		t.Fatalf("interop: %s: %v", script, err)
	}
	file := filepath.Join(t.TempDir(), "config.json")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatalf("interop: %s: %v", script, err)
	}
	var shown AppShown
	out, err := node(t, d, script, file)
	if err != nil {
		return shown, err
	}
	if err := json.Unmarshal(out, &shown); err != nil {
		return shown, fmt.Errorf("node %s printed %.300q: %v", script, out, err)
	}
	return shown, nil
}
