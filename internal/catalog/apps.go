package catalog

import (
	"encoding/base64"
	"html/template"
	"path"
	"strings"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/apppreview"
	"github.com/mcptag/mcptag/internal/directive"
)

// An App is what an entry shows of a tool's MCP App (docs/apps.md): its
// page's URI and file, who sees the tool, the page's policy, and a link
// that opens the page. The link is a data: URL that the browser
// downloads, of the page's preview (apppreview): a host that shows the
// page with a sample result, which the page alone, waiting for a host's
// result, would not show. A page the catalogue framed or opened itself
// would inherit the catalogue's policy, which runs no script, and a
// browser opens no data: URL at the top level.
type App struct {
	URI, File string
	// Visibility says who sees the tool: "app only", "model only", or ""
	// for both.
	Visibility string
	Connect    []string // ui-connect=
	Resources  []string // ui-resources=
	Border     string   // "border", "no border", or "" for the host's default
	// Preview is the page's preview with a sample call, or the page
	// itself when no preview could be made.
	Preview []byte
}

// Link is the data: URL of the preview, which the page's link downloads.
func (a *App) Link() template.URL {
	return template.URL("data:text/html;charset=utf-8;base64," + base64.StdEncoding.EncodeToString(a.Preview))
}

// Download is the name the preview downloads under: the page's file's,
// with .preview before its extension.
func (a *App) Download() string {
	base := path.Base(a.File)
	ext := path.Ext(base)
	return strings.TrimSuffix(base, ext) + ".preview" + ext
}

// newApp describes the app of t, nil when it has none.
func newApp(t *analyzer.Tool) *App {
	a := t.App
	if a == nil {
		return nil
	}
	app := &App{URI: a.URI, File: a.File, Connect: a.Connect, Resources: a.Resources, Preview: preview(t)}
	switch a.Visibility {
	case directive.VisibilityApp:
		app.Visibility = "app only"
	case directive.VisibilityModel:
		app.Visibility = "model only"
	}
	if a.Border != nil {
		app.Border = map[bool]string{true: "border", false: "no border"}[*a.Border]
	}
	return app
}

// Origins is the page's policy in words, "" when it allows nothing.
func (a *App) Origins() string {
	var parts []string
	if len(a.Connect) > 0 {
		parts = append(parts, "connects to "+strings.Join(a.Connect, ", "))
	}
	if len(a.Resources) > 0 {
		parts = append(parts, "loads from "+strings.Join(a.Resources, ", "))
	}
	return strings.Join(parts, "; ")
}

// preview is the preview of t's page with a sample call, or the page
// itself if its schemas give no sample.
func preview(t *analyzer.Tool) []byte {
	call, err := apppreview.SampleCall(t)
	if err == nil {
		var page []byte
		if page, err = apppreview.Page(call); err == nil {
			return page
		}
	}
	return []byte(t.App.HTML)
}
