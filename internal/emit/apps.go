package emit

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/uiext"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// MCP Apps (docs/apps.md) in the generated code and the snapshot: the
// _meta of a tool shown as an app, the ui:// resource of its page, the
// variable that embeds the page, and the snapshot's record of the app.

// PageMIMEType is the MIME type of an MCP App's page, as the extension
// names it.
const PageMIMEType = uiext.MIMEType

// appToolMeta is the _meta of the listing of a tool whose app is app:
// the page's URI under ui, and under the flat key that hosts of the
// extension's first drafts read; the visibility only when it is given.
func appToolMeta(app *analyzer.App) mcp.Meta {
	ui := map[string]any{"resourceUri": app.URI}
	if app.Visibility != "" {
		ui["visibility"] = []string{app.Visibility}
	}
	return mcp.Meta{uiext.MetaKey: ui, uiext.FlatMetaKey: app.URI}
}

// pageUIMeta is the ui object of the _meta of an app's page resource and
// of its read: the content security policy, each list only when given,
// and prefersBorder only when ui-border= is; nil when there is neither.
func pageUIMeta(app *analyzer.App) map[string]any {
	ui := map[string]any{}
	csp := map[string]any{}
	if len(app.Connect) > 0 {
		csp["connectDomains"] = app.Connect
	}
	if len(app.Resources) > 0 {
		csp["resourceDomains"] = app.Resources
	}
	if len(csp) > 0 {
		ui["csp"] = csp
	}
	if app.Border != nil {
		ui["prefersBorder"] = *app.Border
	}
	if len(ui) == 0 {
		return nil
	}
	return ui
}

// AppResource returns the resource of the page of t's app, as the
// generated code registers it; nil when t has no app.
func AppResource(t *analyzer.Tool) *mcp.Resource {
	if t.App == nil {
		return nil
	}
	r := &mcp.Resource{URI: t.App.URI, Name: t.Name, Title: t.Title, MIMEType: PageMIMEType}
	if ui := pageUIMeta(t.App); ui != nil {
		r.Meta = mcp.Meta{"ui": ui}
	}
	return r
}

// AppResources returns the resources of the pages of the package's
// apps, in the order of the tools: resources/list serves them beside
// the package's own.
func AppResources(pkg *analyzer.Package) []*mcp.Resource {
	var out []*mcp.Resource
	for _, t := range pkg.Tools {
		if r := AppResource(t); r != nil {
			out = append(out, r)
		}
	}
	return out
}

// pageField is the Page field of t's toolrt.Tool literal, the page's
// resource one field a line; left out when t has no app.
func (g *genFile) pageField(t *analyzer.Tool) field {
	r := AppResource(t)
	if r == nil {
		return field{key: "Page"}
	}
	head := g.QualifiedGoIdent(rt("AppPage")) + "(&" + g.QualifiedGoIdent(mcpIdent("Resource")) + "{"
	return field{key: "Page", head: head, tail: ", " + g.names.Page(t) + ")", body: func() {
		g.fields(
			field{key: "URI", value: strconv.Quote(r.URI)},
			field{key: "Name", value: strconv.Quote(r.Name)},
			field{key: "Title", value: quoted(r.Title)},
			field{key: "MIMEType", value: strconv.Quote(r.MIMEType)},
			g.metaField(r.Meta),
		)
	}}
}

// maxMapLine is the longest literal of a _meta map printed on one line; a
// longer one is printed a key a line.
const maxMapLine = 80

// metaField is the Meta field of a literal: m on its key's line when it
// is short, else a key a line; left out when m is nil.
func (g *genFile) metaField(m mcp.Meta) field {
	if m == nil {
		return field{key: "Meta"}
	}
	return g.mapField("Meta", g.QualifiedGoIdent(mcpIdent("Meta")), m)
}

// mapField is the field key of a _meta map literal of type typ.
func (g *genFile) mapField(key, typ string, m map[string]any) field {
	if body := mapBody(m); len(body) <= maxMapLine {
		return field{key: key, value: typ + body}
	}
	return field{key: key, head: typ + "{", body: func() {
		keys := sortedKeys(m)
		fs := make([]field, len(keys))
		for i, k := range keys {
			if sub, ok := m[k].(map[string]any); ok {
				fs[i] = g.mapField(strconv.Quote(k), "map[string]any", sub)
			} else {
				fs[i] = field{key: strconv.Quote(k), value: goValue(m[k])}
			}
		}
		g.fields(fs...)
	}}
}

// mapBody is the braces of the literal of a map of the _meta values
// apps hold, its keys sorted; goValue writes each value.
func mapBody(m map[string]any) string {
	keys := sortedKeys(m)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = strconv.Quote(k) + ": " + goValue(m[k])
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// goValue is the Go literal of a value of an app's _meta: a string, a
// bool, a list of strings or a nested object.
func goValue(v any) string {
	switch v := v.(type) {
	case string:
		return strconv.Quote(v)
	case bool:
		return strconv.FormatBool(v)
	case []string:
		return "[]string{" + quoteAll(v) + "}"
	case map[string]any:
		return "map[string]any" + mapBody(v)
	}
	panic(fmt.Sprintf("emit: no literal for a _meta value of type %T", v))
}

// pageVars prints the variable that embeds the page of each app, in the
// order of the tools: the go command counts the page among the package's
// inputs, so go vet checks the package again when one changes, and the
// generated code serves its exact text. Its doc comment holds the page's
// digest, so that the check finds the file stale then.
func (g *genFile) pageVars() {
	var apps []*analyzer.Tool
	for _, t := range g.pkg.Tools {
		if t.App != nil {
			apps = append(apps, t)
		}
	}
	if len(apps) == 0 {
		return
	}
	g.blankImport("embed")
	for _, t := range apps {
		g.P()
		g.P("// The page of the MCP App of ", t.Name, ", served as ", t.App.URI, ".")
		g.P("// The digest, the snapshot's, makes this file stale when the page changes.")
		g.P("//")
		g.P("// sha256: ", t.App.SHA256())
		g.P("//")
		g.P("//go:embed ", strconv.Quote(t.App.File))
		g.P("var ", g.names.Page(t), " string")
	}
}

// An AppRecord is what the snapshot records of a tool's MCP App, under
// "apps" by the tool's name: what its listing and its page's resource
// say, the page's file and a digest of the page, so that a change to the
// page is seen, though the snapshot holds none of it.
type AppRecord struct {
	ResourceURI     string   `json:"resourceUri"`
	Visibility      []string `json:"visibility,omitempty"`
	ConnectDomains  []string `json:"connectDomains,omitempty"`
	ResourceDomains []string `json:"resourceDomains,omitempty"`
	PrefersBorder   *bool    `json:"prefersBorder,omitempty"`
	File            string   `json:"file"`
	SHA256          string   `json:"sha256"`
}

// Apps returns the record of each of the package's apps, by tool name;
// nil when none, so that the snapshot of a package without apps stays
// as it was.
func Apps(pkg *analyzer.Package) map[string]AppRecord {
	var out map[string]AppRecord
	for _, t := range pkg.Tools {
		app := t.App
		if app == nil {
			continue
		}
		r := AppRecord{ResourceURI: app.URI, ConnectDomains: app.Connect, ResourceDomains: app.Resources,
			PrefersBorder: app.Border, File: app.File, SHA256: app.SHA256()}
		if app.Visibility != "" {
			r.Visibility = []string{app.Visibility}
		}
		if out == nil {
			out = map[string]AppRecord{}
		}
		out[t.Name] = r
	}
	return out
}
