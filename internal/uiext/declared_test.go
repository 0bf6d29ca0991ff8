package uiext

import (
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestDeclared: a client declares the extension by its entry, and
// refuses it by a mimeTypes list without the page type, whether its
// settings are Go values or decoded JSON.
func TestDeclared(t *testing.T) {
	for _, tc := range []struct {
		name string
		caps *mcp.ClientCapabilities
		want bool
	}{
		{"no capabilities", nil, false},
		{"no extensions", &mcp.ClientCapabilities{}, false},
		{"another extension", withExtension("io.example/other", map[string]any{"mimeTypes": []string{MIMEType}}), false},
		{"the page type", withExtension(Extension, map[string]any{"mimeTypes": []string{MIMEType}}), true},
		{"the page type, decoded", withExtension(Extension, map[string]any{"mimeTypes": []any{"text/plain", MIMEType}}), true},
		{"no settings", withExtension(Extension, nil), true},
		{"no mimeTypes", withExtension(Extension, map[string]any{"features": []any{}}), true},
		{"other types only", withExtension(Extension, map[string]any{"mimeTypes": []any{"text/uri-list"}}), false},
		{"an empty list", withExtension(Extension, map[string]any{"mimeTypes": []any{}}), false},
		// A MIME type as RFC 2045 reads it: type, subtype and parameter
		// names in any case, white space around the parameters, a
		// quoted value; the value itself as spelled.
		{"the page type in another case", withExtension(Extension, map[string]any{"mimeTypes": []any{"Text/HTML; Profile=mcp-app"}}), true},
		{"the page type with space and quotes", withExtension(Extension, map[string]any{"mimeTypes": []string{`text/html ; profile="mcp-app"`}}), true},
		{"another profile", withExtension(Extension, map[string]any{"mimeTypes": []any{"text/html;profile=MCP-APP"}}), false},
		{"no profile", withExtension(Extension, map[string]any{"mimeTypes": []any{"text/html"}}), false},
		{"another parameter", withExtension(Extension, map[string]any{"mimeTypes": []any{"text/html;profile=mcp-app;charset=latin1"}}), false},
		{"not a MIME type", withExtension(Extension, map[string]any{"mimeTypes": []any{"text/html;profile=mcp-app;;="}}), false},
	} {
		if got := Declared(tc.caps); got != tc.want {
			t.Errorf("%s: Declared = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func withExtension(name string, settings map[string]any) *mcp.ClientCapabilities {
	caps := &mcp.ClientCapabilities{}
	caps.AddExtension(name, settings)
	return caps
}
