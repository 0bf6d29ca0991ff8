package catalog

import (
	"encoding/base64"
	"html/template"
	"path"
	"strings"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/directive"
)

// An App is what an entry shows of a tool's MCP App (docs/apps.md): its
// page's URI and file, who sees the tool, the page's policy, and a link
// that opens the page. The link is a data: URL of the page that the
// browser downloads: a page the catalogue framed or opened itself would
// inherit the catalogue's policy, which runs no script, and a browser
// opens no data: URL at the top level.
type App struct {
	URI, File string
	// Visibility says who sees the tool: "app only", "model only", or ""
	// for both.
	Visibility string
	Connect    []string // ui-connect=
	Resources  []string // ui-resources=
	Border     string   // "border", "no border", or "" for the host's default
	Page       string   // the page's text
}

// Link is the data: URL of the page, which the page's link downloads.
func (a *App) Link() template.URL {
	return template.URL("data:text/html;charset=utf-8;base64," + base64.StdEncoding.EncodeToString([]byte(a.Page)))
}

// Download is the name the page downloads under: its file's.
func (a *App) Download() string { return path.Base(a.File) }

// newApp describes the app of t, nil when it has none.
func newApp(t *analyzer.Tool) *App {
	a := t.App
	if a == nil {
		return nil
	}
	app := &App{URI: a.URI, File: a.File, Connect: a.Connect, Resources: a.Resources, Page: a.HTML}
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
