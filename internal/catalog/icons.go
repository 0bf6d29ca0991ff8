package catalog

import (
	"html/template"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// An Icon is one icon of an entry. The page loads nothing: an image in a
// data URI is shown inline (Inline), any other source is a link (Link).
type Icon struct {
	Inline template.URL // a data: URI of an image type
	Link   string       // the source, when it is not inline
	MIME   string
	Sizes  string
}

// inlineImageTypes are the image types a data URI may show inline. SVG
// is among them: an <img> never runs an SVG's scripts.
var inlineImageTypes = []string{"image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml"}

func icons(list []mcp.Icon) []Icon {
	var out []Icon
	for _, ic := range list {
		i := Icon{MIME: ic.MIMEType, Sizes: strings.Join(ic.Sizes, " ")}
		if inlineImage(ic.Source) {
			i.Inline = template.URL(ic.Source)
		} else {
			i.Link = ic.Source
		}
		out = append(out, i)
	}
	return out
}

// inlineImage reports whether src is a data URI of an image type the page
// may show.
func inlineImage(src string) bool {
	rest, ok := strings.CutPrefix(src, "data:")
	if !ok {
		return false
	}
	mediaType, _, ok := strings.Cut(rest, ",")
	if !ok {
		return false
	}
	mime, _, _ := strings.Cut(mediaType, ";")
	for _, t := range inlineImageTypes {
		if strings.EqualFold(mime, t) {
			return true
		}
	}
	return false
}
