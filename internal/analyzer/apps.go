package analyzer

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"go/token"
	"go/types"
	"path"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/mcptag/mcptag/internal/argmodel"
	"github.com/mcptag/mcptag/internal/directive"
	"github.com/mcptag/mcptag/internal/finding"
)

// An App is the MCP App of a tool (ui=, docs/apps.md): the HTML page a
// host shows the tool's results in, which the generated code embeds and
// serves as a ui:// resource, and what the page's resource says of it.
type App struct {
	// File is the page's file, slash-separated and relative to the
	// package directory, as //go:embed names it.
	File string
	// HTML is the file's text, exactly as resources/read serves it.
	HTML string
	// URI is the page's resource URI, AppURI of the package and the tool.
	URI string
	// Visibility is ui-visibility=: directive.VisibilityApp,
	// directive.VisibilityModel, or "" for both.
	Visibility string
	// Connect and Resources are the origins of ui-connect= and
	// ui-resources=, the page's content security policy.
	Connect, Resources []string
	// Border is ui-border=, nil when the host decides.
	Border *bool
}

// SHA256 is the hex SHA-256 digest of the page, which the snapshot
// records in place of the page itself.
func (a *App) SHA256() string {
	sum := sha256.Sum256([]byte(a.HTML))
	return hex.EncodeToString(sum[:])
}

// MaxPageBytes bounds the page of an MCP App: every host that opens the
// tool reads all of it, and a page that inlines the ext-apps bundle takes
// well under a megabyte.
const MaxPageBytes = 4 << 20

// LargePageBytes is the size above which lint advises that a page is
// large (category app).
const LargePageBytes = 1 << 20

// AppURI is the URI of the page of the tool named tool, in the package
// named pkg: ui://PKG/TOOL. PKG is the package name (AppHost) with its
// ASCII letters in lower case (a URI's host has no case) and every byte
// a host does not take as written percent-encoded, so that any name
// gives a valid URI; a tool's name needs no escaping.
func AppURI(pkg, tool string) string {
	var b strings.Builder
	b.WriteString("ui://")
	for i := range len(pkg) {
		switch c := pkg[i]; {
		case c >= 'A' && c <= 'Z':
			b.WriteByte(c + 'a' - 'A')
		case c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.':
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String() + "/" + tool
}

// AppHost is the name that AppURI gives the pages of pkg's tools: the
// package's name, or for a command (package main, the name of every
// server's) the last element of its import path, its directory's name:
// ui://weather/get_forecast rather than ui://main/get_forecast.
func AppHost(pkg *types.Package) string {
	if pkg.Name() != "main" {
		return pkg.Name()
	}
	return path.Base(pkg.Path())
}

// app reads the MCP App that the directive d of tool t declares, nil for
// none, reporting what is wrong with it at its options.
func (a *analysis) app(t *Tool, d *directive.Directive) *App {
	if d.UI == "" {
		return nil
	}
	if t.Name == "." || t.Name == ".." {
		// A tool name is one segment of the URI's path, where . and ..
		// are dot segments: a client resolving the URI removes them,
		// and reads another page, or none.
		end := d.NamePos + token.Pos(len(t.Name))
		if d.NameQuoted {
			end += 2
		}
		a.report(finding.Finding{Pos: d.NamePos, End: end, Category: finding.CatDirective, Error: true,
			Message: fmt.Sprintf("tool name %q would make the page's URI %s, whose last segment a URI resolves away: name the tool otherwise", t.Name, AppURI(AppHost(a.pkg), t.Name))})
		return nil
	}
	html, err := a.readPage(d, d.UI)
	if err != nil {
		at := d.OptionAt("ui")
		a.report(finding.Finding{Pos: at.Pos, End: at.End, Category: finding.CatDirective, Error: true,
			Message: "ui=" + argmodel.Truncate(d.UI) + ": " + err.Error()})
		return nil
	}
	app := &App{File: d.UI, HTML: html, URI: AppURI(AppHost(a.pkg), t.Name),
		Visibility: d.UIVisibility, Connect: d.UIConnect, Resources: d.UIResources, Border: d.UIBorder}
	a.lintApp(t, app, d)
	return app
}

// readPage reads the page file name, in the package directory of d, the
// way go:embed reads it and fileIcon reads an icon: a regular file below
// the directory, reached through no symbolic link, beside the
// directive's real file. It must be HTML, valid UTF-8, at most
// MaxPageBytes.
func (a *analysis) readPage(d *directive.Directive, name string) (string, error) {
	if !filepath.IsLocal(filepath.FromSlash(name)) {
		return "", errors.New("a page must be a file in the package directory (or below it)")
	}
	if !embeddable.MatchString(name) {
		return "", errors.New("a page file's name may hold only letters, digits and . _ - + ~ /, and no element may start with . or _: the generated file embeds it (//go:embed)")
	}
	if ext := strings.ToLower(path.Ext(name)); ext != ".html" && ext != ".htm" {
		return "", fmt.Errorf("a page must be an .html file, not %q", path.Ext(name))
	}
	data, err := a.readBeside(d, name, "a page", MaxPageBytes)
	switch {
	case err != nil:
		return "", err
	case len(data) > MaxPageBytes:
		return "", fmt.Errorf("the page is more than %d MiB; a host reads all of it each time it shows the tool", MaxPageBytes>>20)
	case !utf8.Valid(data):
		return "", errors.New("the page is not valid UTF-8: resources/read serves it as text")
	case !looksHTML(string(data)):
		return "", errors.New("not an HTML page: it must start with <!doctype html> or <html>, after white space and comments")
	}
	return string(data), nil
}

// looksHTML reports whether page starts as an HTML document does: after
// an optional byte order mark, white space and comments, a doctype of
// html or an <html> element. A fragment, an SVG image or a text file is
// not a page a host can show.
func looksHTML(page string) bool {
	page = strings.TrimPrefix(page, "\uFEFF")
	for {
		page = strings.TrimLeft(page, " \t\r\n\f")
		rest, ok := strings.CutPrefix(page, "<!--")
		if !ok {
			break
		}
		_, after, closed := strings.Cut(rest, "-->")
		if !closed {
			return false
		}
		page = after
	}
	lower := strings.ToLower(page[:min(len(page), 15)])
	for _, start := range []string{"<!doctype html", "<html"} {
		if rest, ok := strings.CutPrefix(lower, start); ok {
			return rest == "" || strings.ContainsRune(" \t\r\n\f>/", rune(rest[0]))
		}
	}
	return false
}

// lintApp makes lint's findings about the app of tool t: an app-only
// tool whose text says nothing of its result, a page that loads from an
// origin its policy does not list, and a large page.
func (a *analysis) lintApp(t *Tool, app *App, d *directive.Directive) {
	if why := emptyFallback(t); why != "" && app.Visibility == directive.VisibilityApp {
		at := d.OptionAt("ui-visibility")
		a.report(finding.Finding{Pos: at.Pos, End: at.End, Category: finding.CatApp,
			Message: fmt.Sprintf("%s: ui-visibility=app, but %s: a host without MCP Apps, which calls it as any tool, shows the model no text of its result", t.Name, why)})
	}
	at := d.OptionAt("ui")
	if len(app.HTML) > LargePageBytes {
		a.report(finding.Finding{Pos: at.Pos, End: at.End, Category: finding.CatApp,
			Message: fmt.Sprintf("%s: ui=%s: the page takes %d KiB, more than %d KiB; a host reads all of it each time it shows the tool", t.Name, app.File, len(app.HTML)>>10, LargePageBytes>>10)})
	}
	for _, m := range uncoveredLoads(app) {
		a.report(finding.Finding{Pos: at.Pos, End: at.End, Category: finding.CatAppCSP, Message: t.Name + ": ui=" + app.File + ": " + m})
	}
}

// emptyFallback says why the text content of t's results carries nothing
// of the result, or "" when it does (docs/apps.md): a tool that returns
// no value (its text is "ok"), one with text=none (a note that the
// result is in structuredContent), or one whose result is content blocks
// that are not text (images, audio, resource links).
func emptyFallback(t *Tool) string {
	switch r := t.Result; {
	case r.Kind == ResultNone:
		return "it returns no value, so its text content is \"ok\""
	case t.Text == "none":
		return "text=none leaves its text content a note that the result is in structuredContent"
	case r.Kind == ResultContent && nonTextBlock(r.Elem):
		return "its result is content blocks of type " + types.TypeString(r.Elem, func(p *types.Package) string { return p.Name() }) + ", with no text"
	}
	return ""
}

// nonTextBlock reports whether t, the element type of a content result,
// is a go-sdk content block that holds no text.
func nonTextBlock(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "github.com/modelcontextprotocol/go-sdk/mcp" {
		return false
	}
	switch n.Obj().Name() {
	case "ImageContent", "AudioContent", "ResourceLink":
		return true
	}
	return false
}
