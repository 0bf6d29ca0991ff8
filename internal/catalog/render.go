package catalog

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"fmt"
	"html/template"
	"io"
	"unicode/utf8"
)

// The page's template, style and script. The style and script are inlined
// (the page loads nothing) and allowed by their hashes in the page's
// Content-Security-Policy, which allows nothing else: no other script,
// no request, no image but data URIs.
//
//go:embed page.html page.css page.js
var files embed.FS

var (
	pageTemplate = template.Must(template.New("page.html").Funcs(template.FuncMap{
		"thousands": thousands,
		"plural":    plural,
		"long":      long,
	}).ParseFS(files, "page.html"))
	style  = mustRead("page.css")
	script = mustRead("page.js")
	csp    = "default-src 'none'; img-src data:; style-src " + hash(style) + "; script-src " + hash(script) +
		"; base-uri 'none'; form-action 'none'"
)

func mustRead(name string) string {
	data, err := files.ReadFile(name)
	if err != nil {
		panic(err)
	}
	return string(data)
}

// hash is the CSP source that allows an inline element whose text is s.
func hash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

// Render writes the page as HTML: one file, which loads nothing. Nothing
// is written if rendering fails.
func Render(w io.Writer, p *Page) error {
	var buf bytes.Buffer
	err := pageTemplate.Execute(&buf, struct {
		*Page
		Style  template.CSS
		Script template.JS
		CSP    string
	}{p, template.CSS(style), template.JS(script), csp})
	if err != nil {
		return fmt.Errorf("rendering the catalog: %v", err)
	}
	_, err = w.Write(buf.Bytes())
	return err
}

// plural writes n and the noun, in the plural unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return thousands(n) + " " + noun + "s"
}

// longDescription is the length from which a description is shown in a
// box of its own, scrolled, so that it cannot push the rest of the page
// away.
const longDescription = 1200

func long(s string) bool { return utf8.RuneCountInString(s) > longDescription }
