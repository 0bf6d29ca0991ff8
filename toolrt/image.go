package toolrt

import (
	"bytes"
	"fmt"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Image is data as an image content block, whose MIME type is sniffed,
// so that a tool returning *mcp.ImageContent need not name it: PNG, JPEG,
// GIF, WebP, BMP and ICO from their first bytes, SVG from its root
// element, which must be svg (text that mentions <svg is text). Data
// that is no image has the type the sniffing finds (text/plain, say),
// which a client will not show as an image.
func Image(data []byte) *mcp.ImageContent {
	return &mcp.ImageContent{Data: data, MIMEType: sniffImage(data)}
}

// ImageFile reads the image at path as Image does. A file whose content
// is no image is an error, but for a .svg file of text, which is taken
// for SVG.
func ImageFile(path string) (*mcp.ImageContent, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	img := Image(data)
	switch {
	case strings.HasPrefix(img.MIMEType, "image/"):
		return img, nil
	case strings.EqualFold(filepath.Ext(path), ".svg") && strings.HasPrefix(img.MIMEType, "text/"):
		img.MIMEType = "image/svg+xml"
		return img, nil
	}
	return nil, fmt.Errorf("%s: not an image: its content is %s", path, img.MIMEType)
}

// sniffImage is the MIME type of data, without parameters: SVG, a
// document whose root element is svg (isSVG), or net/http's sniffing,
// which knows the raster formats.
func sniffImage(data []byte) string {
	if isSVG(data) {
		return "image/svg+xml"
	}
	t, _, _ := mime.ParseMediaType(http.DetectContentType(data))
	return t
}

// isSVG reports whether data is an SVG document: after an optional UTF-8
// byte order mark, white space, an XML declaration, comments, processing
// instructions and a doctype, in any order, its first element is svg.
// Text that merely holds "<svg" somewhere is not. It reads data once.
func isSVG(data []byte) bool {
	rest := bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	for {
		rest = bytes.TrimLeft(rest, " \t\r\n")
		end := -1 // past the markup rest starts with, -1 if unterminated
		switch {
		case bytes.HasPrefix(rest, []byte("<!--")):
			end = after(rest, "-->")
		case bytes.HasPrefix(rest, []byte("<?")):
			end = after(rest, "?>")
		case bytes.HasPrefix(rest, []byte("<!DOCTYPE")):
			end = doctypeEnd(rest)
		case bytes.HasPrefix(rest, []byte("<svg")):
			return len(rest) == len("<svg") || strings.IndexByte(" \t\r\n/>", rest[len("<svg")]) >= 0
		default:
			return false
		}
		if end < 0 {
			return false
		}
		rest = rest[end:]
	}
}

// doctypeEnd is the index past the doctype that starts d: its closing
// >, outside its internal subset ([...]) and the quoted strings in it;
// -1 when it does not end.
func doctypeEnd(d []byte) int {
	var quote byte
	subset := false
	for i, c := range d {
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '[':
			subset = true
		case c == ']':
			subset = false
		case c == '>' && !subset:
			return i + 1
		}
	}
	return -1
}

// after is the index past the first close in b, -1 if there is none.
func after(b []byte, close string) int {
	if i := bytes.Index(b, []byte(close)); i >= 0 {
		return i + len(close)
	}
	return -1
}
