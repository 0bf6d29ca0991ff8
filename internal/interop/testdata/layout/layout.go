// Package layout has tools whose catalogue entries crowd their tables.
package layout

// RenderRequest asks for a page to be rendered.
type RenderRequest struct {
	// The page to render, as a path below the site's root, such as docs/index.md or blog/2026/launch.md.
	Page string `json:"page" jsonschema:"minLength=1,maxLength=200,pattern=^[a-z0-9/._-]+$"`
	// How densely to set the text: normal for the site's own spacing, compact for lists and tables that should fit on one screen, or loose for reading on a phone.
	Density string `json:"density,omitempty" jsonschema:"enum=normal,enum=compact,enum=loose,default=normal"`
	// How many columns of text, at most, the page is set in, when the window is wide enough for them.
	Columns int `json:"columns,omitempty" jsonschema:"minimum=1,maximum=4,default=2"`
}

// Render renders a page of the site and returns its HTML.
//
//mcp:tool readonly toolset=pages
func Render(in RenderRequest) (string, error) { return "", nil }
