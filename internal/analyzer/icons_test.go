package analyzer

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"go/token"
	"image"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/internal/directive"
)

// TestIconSizes reads the size of each kind of image an icon may be from
// its header: PNG, JPEG and the three kinds of WebP; an SVG is of any
// size. An image of another type than it claims is an error.
func TestIconSizes(t *testing.T) {
	var pngData, jpegData bytes.Buffer
	if err := png.Encode(&pngData, image.NewRGBA(image.Rect(0, 0, 48, 32))); err != nil {
		t.Fatal(err)
	}
	if err := jpeg.Encode(&jpegData, image.NewRGBA(image.Rect(0, 0, 20, 10)), nil); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, mime string
		data       []byte
		want       string // the size, or the error
	}{
		{"png", "image/png", pngData.Bytes(), "48x32"},
		{"jpeg", "image/jpeg", jpegData.Bytes(), "20x10"},
		{"webp extended", "image/webp", webpVP8X(300, 200), "300x200"},
		{"webp lossless", "image/webp", webpVP8L(17, 9), "17x9"},
		{"webp lossy", "image/webp", webpVP8(640, 480), "640x480"},
		{"svg", "image/svg+xml", []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`), "any"},
		{"png said jpeg", "image/jpeg", pngData.Bytes(), "not a JPEG image"},
		{"jpeg said png", "image/png", jpegData.Bytes(), "not a PNG image"},
		{"text said webp", "image/webp", []byte(strings.Repeat("x", 40)), "not a WebP image"},
		{"short webp", "image/webp", []byte("RIFF"), "not a WebP image"},
		{"text said svg", "image/svg+xml", []byte("hello"), "not an SVG image: no <svg> root element"},
		{"gif", "image/gif", []byte("GIF89a"), `unknown icon type "image/gif": want image/png, image/jpeg, image/svg+xml or image/webp`},
	} {
		icon, err := imageIcon("data:", tc.mime, tc.data)
		got := strings.Join(icon.Sizes, ",")
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.want)
		}
	}
}

// webpVP8X is the header of an extended WebP image of w×h.
func webpVP8X(w, h int) []byte {
	b := append([]byte("RIFF\x00\x00\x00\x00WEBPVP8X"), make([]byte, 4+10)...)
	b[24], b[25], b[26] = byte(w-1), byte((w-1)>>8), byte((w-1)>>16)
	b[27], b[28], b[29] = byte(h-1), byte((h-1)>>8), byte((h-1)>>16)
	return b
}

// webpVP8L is the header of a lossless WebP image of w×h.
func webpVP8L(w, h int) []byte {
	b := append([]byte("RIFF\x00\x00\x00\x00WEBPVP8L"), make([]byte, 4+10)...)
	b[20] = 0x2f
	binary.LittleEndian.PutUint32(b[21:], uint32(w-1)|uint32(h-1)<<14)
	return b
}

// webpVP8 is the header of a lossy WebP image of w×h.
func webpVP8(w, h int) []byte {
	b := append([]byte("RIFF\x00\x00\x00\x00WEBPVP8 "), make([]byte, 4+10)...)
	copy(b[23:], []byte{0x9d, 0x01, 0x2a})
	binary.LittleEndian.PutUint16(b[26:], uint16(w))
	binary.LittleEndian.PutUint16(b[28:], uint16(h))
	return b
}

// TestIconSizeLimit: an icon file or data: URI of 64 KiB is embedded,
// one of a byte more is an error; the file is not read past the limit.
func TestIconSizeLimit(t *testing.T) {
	dir := t.TempDir()
	svg := func(n int) []byte {
		head := `<svg xmlns="http://www.w3.org/2000/svg"><!--`
		return []byte(head + strings.Repeat("x", n-len(head)-len(`--></svg>`)) + `--></svg>`)
	}
	for name, data := range map[string][]byte{"fits.svg": svg(MaxIconBytes), "big.svg": svg(MaxIconBytes + 1)} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	fset := token.NewFileSet()
	d := &directive.Directive{Pos: fset.AddFile(filepath.Join(dir, "x.go"), -1, 100).Pos(0)}
	a := &analysis{fset: fset}
	if icon, err := a.icon(d, "fits.svg"); err != nil || len(icon.Source) != len("data:image/svg+xml;base64,")+base64.StdEncoding.EncodedLen(MaxIconBytes) {
		t.Errorf("64 KiB: %v, source of %d bytes", err, len(icon.Source))
	}
	want := "the file is more than 64 KiB; an icon travels in every list response"
	if _, err := a.icon(d, "big.svg"); err == nil || err.Error() != want {
		t.Errorf("64 KiB and a byte: %v, want %s", err, want)
	}
	big := "data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString(svg(MaxIconBytes+1))
	want = "its image is more than 64 KiB; an icon travels in every list response"
	if _, err := a.icon(d, big); err == nil || err.Error() != want {
		t.Errorf("a data: URI of 64 KiB and a byte: %v, want %s", err, want)
	}
}
