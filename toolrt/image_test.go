package toolrt_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/toolrt"
)

// TestImageSniffsTheType checks the MIME type Image finds for each kind
// of image, from its bytes alone.
func TestImageSniffsTheType(t *testing.T) {
	for _, tc := range []struct {
		data, want string
	}{
		{"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "image/png"},
		{"\xff\xd8\xff\xe0\x00\x10JFIF", "image/jpeg"},
		{"GIF89a\x01\x00\x01\x00", "image/gif"},
		{"RIFF\x00\x00\x00\x00WEBPVP8 ", "image/webp"},
		{`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>`, "image/svg+xml"},
		{`<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>`, "image/svg+xml"},
		{"just some text", "text/plain"},
		// SVG is a document whose root element is svg, after a byte
		// order mark, white space, an XML declaration, comments,
		// processing instructions and a doctype.
		{"\ufeff \n<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- Generator: a <svg> tool -->\n" +
			`<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">` + "\n<svg\n xmlns=\"http://www.w3.org/2000/svg\"/>", "image/svg+xml"},
		{`<!DOCTYPE svg [ <!ENTITY a "b>"> ]><?xml-stylesheet href="s.css"?><svg>&a;</svg>`, "image/svg+xml"},
		{"<!--" + strings.Repeat(" ", 600) + "--><svg/>", "image/svg+xml"},
		{"\t<svg>", "image/svg+xml"},
		// Text that holds <svg is not SVG.
		{"how to draw: write <svg width=10> and then a <circle>", "text/plain"},
		{"<p>an inline <svg></svg> in a page</p>", "text/html"},
		{`<?xml version="1.0"?><figure><svg xmlns="http://www.w3.org/2000/svg"/></figure>`, "text/xml"},
		{"<svgs/>", "text/plain"},
		{"<!-- <svg/> in a comment that never ends", "text/html"},
	} {
		img := toolrt.Image([]byte(tc.data))
		if img.MIMEType != tc.want || string(img.Data) != tc.data {
			t.Errorf("Image(%q): type %q, want %q", tc.data, img.MIMEType, tc.want)
		}
	}
}

// TestImageFile checks that ImageFile reads and sniffs a file, takes a .svg file
// for SVG, and refuses a file that is no image.
func TestImageFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	img, err := toolrt.ImageFile(write("chart.bin", "GIF89a\x01\x00\x01\x00"))
	if err != nil || img.MIMEType != "image/gif" {
		t.Errorf("a GIF: %+v, %v", img, err)
	}
	img, err = toolrt.ImageFile(write("plot.svg", "<!--"+strings.Repeat(" ", 600)+"--><svg/>"))
	if err != nil || img.MIMEType != "image/svg+xml" {
		t.Errorf("an SVG by its extension: %+v, %v", img, err)
	}
	if _, err := toolrt.ImageFile(write("plot.png", "not sniffed")); err == nil {
		t.Error("text named .png: no error")
	}
	if _, err := toolrt.ImageFile(write("notes.txt", "hello")); err == nil || !strings.Contains(err.Error(), "not an image: its content is text/plain") {
		t.Errorf("a text file: %v, want not an image", err)
	}
	if _, err := toolrt.ImageFile(filepath.Join(dir, "missing.png")); err == nil {
		t.Error("a missing file: no error")
	}
}
