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

// Image is data as an image content block, whose MIME type is sniffed
// from its first bytes (PNG, JPEG, GIF, WebP, BMP, ICO, and SVG), so that
// a tool returning *mcp.ImageContent need not name it. Data that is no
// image has the type the sniffing finds (text/plain, say), which a
// client will not show as an image.
func Image(data []byte) *mcp.ImageContent {
	return &mcp.ImageContent{Data: data, MIMEType: sniffImage(data)}
}

// ImageFile reads the image at path as Image does. A file whose content
// is no image is an error, but for a .svg file whose first 512 bytes
// hold no <svg tag (after a long comment, say), which is taken for SVG.
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

// sniffImage is the MIME type of data, without parameters: net/http's
// sniffing, which knows the raster formats, and SVG, which it takes for
// XML or text.
func sniffImage(data []byte) string {
	t, _, _ := mime.ParseMediaType(http.DetectContentType(data))
	if t == "text/xml" || t == "text/plain" {
		head := data[:min(len(data), 512)]
		if bytes.Contains(head, []byte("<svg")) {
			return "image/svg+xml"
		}
	}
	return t
}
