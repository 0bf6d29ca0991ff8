// Package catalog declares prompts and resources of every shape, beside
// a tool: emit's TestEndToEnd generates its code, and its own test reads
// them through a go-sdk client.
package catalog

import (
	"context"
	"errors"
	"fmt"
	"io/fs"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Color is a paint color.
type Color string

// The colors.
const (
	Red   Color = "red"
	Green Color = "green"
	Blue  Color = "blue"
)

// Size is a package size.
type Size int

// The sizes.
const (
	Small Size = 1
	Large Size = 3
)

// Version reports the catalog's version.
//
//mcp:tool
func Version() string { return "v1" }

// Greet writes a greeting.
//   - name (minLength=2): who to greet
//   - mood: how to sound, if not plain
//
//mcp:prompt title="Greeting"
func Greet(name string, mood *string) string {
	if mood != nil {
		return fmt.Sprintf("Greet %s, %s.", name, *mood)
	}
	return "Greet " + name + "."
}

// PaintRequest asks for a painting.
type PaintRequest struct {
	// The color to paint with.
	Color Color `json:"color"`
	// What to paint, if not a house.
	Subject string `json:"subject,omitempty"`
}

// Paint asks for a painting, in two messages.
//
//mcp:prompt
func Paint(ctx context.Context, req PaintRequest) ([]*mcp.PromptMessage, error) {
	subject := req.Subject
	if subject == "" {
		subject = "a house"
	}
	return []*mcp.PromptMessage{
		{Role: "user", Content: &mcp.TextContent{Text: "Paint " + subject + "."}},
		{Role: "assistant", Content: &mcp.TextContent{Text: "In " + string(req.Color) + "?"}},
	}, nil
}

// Review asks for a review, in the go-sdk's own shape.
//   - code: the code to review
//
//mcp:prompt review_code
func Review(ctx context.Context, req *mcp.GetPromptRequest, code string) (*mcp.GetPromptResult, error) {
	return &mcp.GetPromptResult{
		Description: "a review of " + req.Params.Name,
		Messages:    []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: "Review " + code}}},
	}, nil
}

// Broken fails.
//
//mcp:prompt
func Broken() (string, error) { return "", errors.New("out of ink") }

// Panicky panics.
//
//mcp:prompt
func Panicky() string { panic("boom") }

// Readme is the catalog's introduction.
//
//mcp:resource catalog://readme mime=text/markdown
func Readme() string { return "# Catalog" }

// Logo is the catalog's logo.
//
//mcp:resource catalog://logo.png mime=image/png
func Logo() []byte { return []byte{0x89, 'P', 'N', 'G'} }

// Colors are the colors on offer.
//
//mcp:resource catalog://colors
func Colors() []Color { return []Color{Red, Green, Blue} }

// Discontinued are the colors no longer on offer: none yet, a nil slice,
// which reads as [] as a tool's would.
//
//mcp:resource catalog://colors/discontinued
func Discontinued() []Color { return nil }

// Stock is how many of each color are left: not counted yet, a nil map,
// which reads as {}.
//
//mcp:resource catalog://stock
func Stock() map[Color]int { return nil }

// ColorInfo describes a color.
type ColorInfo struct {
	// The color's name.
	Name Color `json:"name"`
	// Its code, as HTML writes it.
	Code string `json:"code"`
}

var codes = map[Color]string{Red: "#ff0000", Green: "#00ff00", Blue: "#0000ff"}

// ColorOf describes one color.
//
//mcp:resource catalog://colors/{color}
func ColorOf(color Color) (ColorInfo, error) {
	return ColorInfo{Name: color, Code: codes[color]}, nil
}

// Item is one item of the catalog, in brief or in full.
//
//mcp:resource catalog://items/{id}{?verbose}
func Item(ctx context.Context, id int, verbose *string) (string, error) {
	if id < 1 || id > 3 {
		return "", fmt.Errorf("item %d: %w", id, fs.ErrNotExist)
	}
	if verbose != nil {
		return fmt.Sprintf("item %d, in full (%s)", id, *verbose), nil
	}
	return fmt.Sprintf("item %d", id), nil
}

// Package is a package of a size, in the go-sdk's own shape.
//
//mcp:resource catalog://packages/{size}
func Package(req *mcp.ReadResourceRequest, size Size) (*mcp.ReadResourceResult, error) {
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, Text: fmt.Sprint("size ", int(size))}}}, nil
}

// Shelf holds books by title.
type Shelf struct{ books map[string]string }

// NewShelf returns a shelf with two books.
func NewShelf() *Shelf {
	return &Shelf{books: map[string]string{"Dune": "a desert planet", "The Hobbit": "a journey there and back"}}
}

// Recommend asks for a book of a genre.
//   - genre: the genre
//
//mcp:prompt
func (s *Shelf) Recommend(genre string) string {
	return fmt.Sprintf("Recommend one of %d books of %s.", len(s.books), genre)
}

// Book is a book on the shelf.
//
//mcp:resource shelf://books/{title}
func (s *Shelf) Book(title string) (string, error) {
	b, ok := s.books[title]
	if !ok {
		return "", mcp.ResourceNotFoundError("shelf://books/" + title)
	}
	return b, nil
}
