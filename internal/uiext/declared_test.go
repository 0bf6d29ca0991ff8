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
