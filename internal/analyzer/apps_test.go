package analyzer

import (
	"github.com/mcptag/mcptag/internal/costtest"
	"go/token"
	"go/types"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/internal/directive"
	"github.com/mcptag/mcptag/internal/finding"
)

// TestAppURI: the URI of an app's page is ui://package/tool, the package
// name in lower case and every byte beyond ASCII percent-encoded, so
// that it parses as a URI whose host and path give the names back.
func TestAppURI(t *testing.T) {
	for _, tc := range []struct{ pkg, tool, want string }{
		{"weather", "get_forecast", "ui://weather/get_forecast"},
		{"Weather2", "a.b-c", "ui://weather2/a.b-c"},
		{"café", "menu", "ui://caf%C3%A9/menu"},
		{"日本", "x", "ui://%E6%97%A5%E6%9C%AC/x"},
		{"my-server.v2", "x", "ui://my-server.v2/x"},
	} {
		got := AppURI(tc.pkg, tc.tool)
		if got != tc.want {
			t.Errorf("AppURI(%q, %q) = %s, want %s", tc.pkg, tc.tool, got, tc.want)
		}
		u, err := url.Parse(got)
		if err != nil || u.Scheme != "ui" || u.Hostname() != strings.ToLower(tc.pkg) || u.Path != "/"+tc.tool {
			t.Errorf("%s parses to %#v, %v", got, u, err)
		}
	}
}

// TestAppHost: a command's pages are named after its directory, since
// every command is package main; other packages after their name.
func TestAppHost(t *testing.T) {
	for _, tc := range []struct{ path, name, want string }{
		{"example.com/weather", "main", "weather"},
		{"example.com/cmd/my-server", "main", "my-server"},
		{"example.com/internal/tools", "weathertools", "weathertools"},
	} {
		if got := AppHost(types.NewPackage(tc.path, tc.name)); got != tc.want {
			t.Errorf("AppHost(%s, package %s) = %q, want %q", tc.path, tc.name, got, tc.want)
		}
	}
}

// TestLooksHTML takes a page that starts, after a byte order mark, white
// space and comments, with a doctype of html or an <html> element, and
// nothing else.
func TestLooksHTML(t *testing.T) {
	for page, want := range map[string]bool{
		"<!doctype html><p>":                    true,
		"<!DOCTYPE HTML>":                       true,
		"\uFEFF \n<html lang=en>":               true,
		"<!-- a -->\n<!--b--><html>":            true,
		"<html/>":                               true,
		"<html":                                 true,
		"<htmlx>":                               false,
		"<!doctype htmlx>":                      false,
		"<!-- unterminated <html>":              false,
		"<div>":                                 false,
		"<?xml version=\"1.0\"?><html>":         false,
		"":                                      false,
		"text <html>":                           false,
		"<!doctype svg PUBLIC \"-//W3C//DTD\">": false,
	} {
		if got := looksHTML(page); got != want {
			t.Errorf("looksHTML(%q) = %t, want %t", page, got, want)
		}
	}
}

// TestPageSizes: a page of 4 MiB is read, one of a byte more is an
// error at ui=; a page over 1 MiB is a warning of category app, one of
// 1 MiB is not.
func TestPageSizes(t *testing.T) {
	dir := t.TempDir()
	page := func(n int) []byte {
		head, tail := "<!doctype html><!--", "-->"
		return []byte(head + strings.Repeat("x", n-len(head)-len(tail)) + tail)
	}
	for name, data := range map[string][]byte{
		"max.html": page(MaxPageBytes), "over.html": page(MaxPageBytes + 1),
		"large.html": page(LargePageBytes + 1), "fits.html": page(LargePageBytes),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	fset := token.NewFileSet()
	pos := fset.AddFile(filepath.Join(dir, "x.go"), -1, 100).Pos(0)
	for file, want := range map[string]string{
		"max.html":   "app: t: ui=max.html: the page takes 4096 KiB, more than 1024 KiB",
		"over.html":  "directive: ui=over.html: the page is more than 4 MiB",
		"large.html": "app: t: ui=large.html: the page takes 1024 KiB, more than 1024 KiB",
		"fits.html":  "",
	} {
		a := &analysis{fset: fset, pkg: types.NewPackage("x", "x"), reported: map[string]bool{}}
		d := &directive.Directive{Pos: pos, UI: file, Spans: map[string]directive.Span{"ui": {Pos: pos + 10, End: pos + 20}}}
		a.app(&Tool{Decl: Decl{Name: "t"}}, d)
		var got []string
		for _, f := range a.findings {
			if f.Pos != pos+10 {
				t.Errorf("%s: finding at %d, want the option's %d", file, f.Pos, pos+10)
			}
			got = append(got, f.Category+": "+f.Message)
		}
		switch {
		case want == "" && len(got) > 0:
			t.Errorf("%s: %q, want no finding", file, got)
		case want != "" && (len(got) != 1 || !strings.HasPrefix(got[0], want)):
			t.Errorf("%s: %q, want one finding %q...", file, got, want)
		}
		if want != "" && strings.HasPrefix(want, "app:") && a.findings[0].Category != finding.CatApp {
			t.Errorf("%s: category %s", file, a.findings[0].Category)
		}
	}
}

// TestPageLoadsCost compares the policy check of a page of loads of
// every kind from absolute URLs with that of a page of the same size and
// as many loads from relative ones, which load nothing the policy decides: each URL
// costs about the same whatever it names, so the first stays within 3×
// of the second, as other hostile inputs do. (A line counted from the
// page's start for every absolute URL made it grow with the square of
// the page.)
func TestPageLoadsCost(t *testing.T) {
	if testing.Short() {
		t.Skip("measures cost: go test without -short runs it")
	}
	const size = 2 << 20
	// Each way of loading the tokenizer reads, by tag, CSS or script.
	const line = `<img src=URL><image href=URL><iframe src=URL>` +
		`<div style="background: url(URL)"></div>` +
		`<script>fetch("URL"); import("URL"); import x from "URL"; new Image().src = "URL"</script>` + "\n"
	absolute := strings.ReplaceAll(line, "URL", "//a.example/x")
	relative := strings.ReplaceAll(line, "URL", "/static/abc/x")
	if len(absolute) != len(relative) {
		t.Fatalf("lines of %d and %d bytes", len(absolute), len(relative))
	}
	n := size / len(absolute)
	hostile := &App{HTML: "<!doctype html>\n" + strings.Repeat(absolute, n)}
	good := &App{HTML: "<!doctype html>\n" + strings.Repeat(relative, n)}
	g, h := costtest.Compare(2, func() { uncoveredLoads(good) }, func() { uncoveredLoads(hostile) })
	ratio := float64(h) / float64(g)
	t.Logf("%d lines of absolute URLs: %v; relative: %v (%.1f×)", n, h, g, ratio)
	if ratio > 3 {
		t.Errorf("%d lines of absolute URLs cost %v, as many of relative ones in a page of the same size %v: %.1f×, want at most 3×", n, h, g, ratio)
	}
}
