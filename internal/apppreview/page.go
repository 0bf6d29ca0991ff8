package apppreview

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"html"
	"regexp"
	"strings"

	"github.com/mcptag/mcptag/internal/analyzer"
)

// A Call is what a preview shows: the page of a tool's app with its
// policy and border, the tool as tools/list gives it, and one call's
// arguments and result.
type Call struct {
	// HTML is the page's text, as resources/read serves it.
	HTML string `json:"html"`
	// CSP is the page's _meta.ui.csp: connectDomains, resourceDomains.
	CSP map[string][]string `json:"csp,omitempty"`
	// PrefersBorder is the page's _meta.ui.prefersBorder.
	PrefersBorder bool `json:"prefersBorder"`
	// Tool is the tool's entry of tools/list (name, title, description,
	// schemas).
	Tool map[string]any `json:"tool"`
	// Input is the call's arguments, Result its CallToolResult.
	Input  any             `json:"input"`
	Result json.RawMessage `json:"result"`
	// Source says where the result comes from, shown above the page.
	Source string `json:"source"`
}

// SampleCall is a call of t, which has an app, with arguments sampled
// from its input schema and a result sampled from its output schema
// (Sample): structured content, mirrored as JSON text as the generated
// code mirrors it. A tool without an output schema gets a result of
// one text.
func SampleCall(t *analyzer.Tool) (Call, error) {
	if t.App == nil {
		return Call{}, fmt.Errorf("tool %s has no page (ui=)", t.Name)
	}
	c := Call{HTML: t.App.HTML, Tool: map[string]any{"name": t.Name}}
	if t.Title != "" {
		c.Tool["title"] = t.Title
	}
	if t.Description != "" {
		c.Tool["description"] = t.Description
	}
	if len(t.App.Connect) > 0 || len(t.App.Resources) > 0 {
		c.CSP = map[string][]string{}
		if len(t.App.Connect) > 0 {
			c.CSP["connectDomains"] = t.App.Connect
		}
		if len(t.App.Resources) > 0 {
			c.CSP["resourceDomains"] = t.App.Resources
		}
	}
	c.PrefersBorder = t.App.Border != nil && *t.App.Border
	input, err := Sample(t.Input)
	if err != nil {
		return Call{}, err
	}
	c.Input = input
	c.Tool["inputSchema"], c.Tool["outputSchema"] = t.Input, t.Output
	if t.Output == nil {
		delete(c.Tool, "outputSchema")
		c.Result, err = json.Marshal(map[string]any{"content": []any{map[string]any{"type": "text", "text": "A sample text: " + t.Name + " has no output schema."}}})
		c.Source = "a sample text: the tool has no output schema"
		return c, err
	}
	out, err := Sample(t.Output)
	if err != nil {
		return Call{}, err
	}
	text, err := json.Marshal(out)
	if err != nil {
		return Call{}, err
	}
	c.Result, err = json.Marshal(map[string]any{
		"content":           []any{map[string]any{"type": "text", "text": string(text)}},
		"structuredContent": out,
	})
	c.Source = "a sample made from the tool's output schema"
	return c, err
}

//go:embed host.html
var hostPage string

// The marker in host.html that the call's JSON replaces.
const callMarker = "{{CALL}}"

// Page is the preview of c: one HTML file that loads nothing from the
// network. It frames the page (sandboxed, on an origin of its own),
// answers its ui/initialize, then sends it
// ui/notifications/tool-input and ui/notifications/tool-result with
// c's arguments and result, and sizes the frame as the page asks. The
// preview's Content-Security-Policy, which the framed page inherits, is
// the page's: the MCP Apps default widened by c.CSP's origins.
func Page(c Call) ([]byte, error) {
	if len(c.Result) == 0 {
		return nil, fmt.Errorf("apppreview: the call has no result")
	}
	// json.Marshal escapes <, > and &, so that the call's text cannot end
	// the script element it is in.
	data, err := json.Marshal(c)
	if err != nil {
		return nil, fmt.Errorf("apppreview: %v", err)
	}
	page := strings.Replace(hostPage, "{{CSP}}", html.EscapeString(policy(c.CSP)), 1)
	var b bytes.Buffer
	before, after, _ := strings.Cut(page, callMarker)
	b.WriteString(before)
	b.Write(data)
	b.WriteString(after)
	return b.Bytes(), nil
}

// policy is the Content-Security-Policy of a preview: the MCP Apps
// specification's default for a page, widened by the origins of csp. The
// preview's own script is inline, as the page's are.
func policy(csp map[string][]string) string {
	list := func(xs []string, none string) string {
		if len(xs) == 0 {
			return none
		}
		return strings.Join(xs, " ")
	}
	res := strings.Join(csp["resourceDomains"], " ")
	dirs := []string{
		"default-src 'none'",
		"script-src 'unsafe-inline' " + res,
		"style-src 'unsafe-inline' " + res,
		"img-src data: blob: " + res,
		"font-src data: " + res,
		"media-src data: blob: " + res,
		"connect-src " + list(csp["connectDomains"], "'none'"),
		"object-src 'none'",
	}
	for i, d := range dirs {
		dirs[i] = strings.TrimSpace(d)
	}
	return strings.Join(dirs, "; ")
}

// callElement is the script element of a preview that holds its call.
var callElement = regexp.MustCompile(`<script type="application/json" id="mcptag-call">([^<]*)</script>`)

// Parse returns the call a preview of Page shows.
func Parse(page []byte) (Call, error) {
	m := callElement.FindSubmatch(page)
	if m == nil {
		return Call{}, fmt.Errorf("apppreview: no call in the page")
	}
	var c Call
	if err := json.Unmarshal(m[1], &c); err != nil {
		return Call{}, fmt.Errorf("apppreview: %v", err)
	}
	return c, nil
}
