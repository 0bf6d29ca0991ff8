package analyzer

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/xml"
	"errors"
	"fmt"
	"image/jpeg"
	"image/png"
	"io"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/mcptag/mcptag/internal/argmodel"
	"github.com/mcptag/mcptag/internal/directive"
	"github.com/mcptag/mcptag/internal/finding"
)

// An Icon is one icon of a tool, prompt or resource, as the protocol
// lists it (docs/protocol.md).
type Icon struct {
	// Source is an https URL, or a data: URI holding the image.
	Source   string
	MIMEType string   // "" when an URL's extension does not tell
	Sizes    []string // "48x48", or "any" for SVG; nil when unknown
	Theme    string   // "", or "light" and "dark" when both are given
}

// MaxIconBytes bounds an icon embedded as a data: URI: it travels in
// every tools/list, prompts/list or resources/list response.
const MaxIconBytes = 64 << 10

// iconTypes are the MIME types of the images an icon may be, by the
// extensions of their files.
var iconTypes = map[string]string{
	".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg",
	".svg": "image/svg+xml", ".webp": "image/webp",
}

// icons returns the icons that directive d declares with icon= and
// icon-dark=, reporting what is wrong with them at their options.
func (a *analysis) icons(d *directive.Directive) []Icon {
	if d.IconDark != "" && d.Icon == "" {
		at := d.OptionAt("icon-dark")
		a.report(finding.Finding{Pos: at.Pos, End: at.End, Category: finding.CatDirective, Error: true,
			Message: "icon-dark= needs icon= too: a client in a light theme would show no icon"})
		return nil
	}
	var out []Icon
	for _, opt := range []struct{ key, value, theme string }{{"icon", d.Icon, "light"}, {"icon-dark", d.IconDark, "dark"}} {
		if opt.value == "" {
			continue
		}
		icon, err := a.icon(d, opt.value)
		if err != nil {
			at := d.OptionAt(opt.key)
			a.report(finding.Finding{Pos: at.Pos, End: at.End, Category: finding.CatDirective, Error: true,
				Message: opt.key + "=" + argmodel.Truncate(opt.value) + ": " + err.Error()})
			continue
		}
		if d.IconDark != "" {
			icon.Theme = opt.theme
		}
		out = append(out, icon)
	}
	return out
}

// icon reads one icon= value: an https URL, a data: URI, or the name of
// a file in the package directory of the directive, which is embedded as
// a data: URI.
func (a *analysis) icon(d *directive.Directive, value string) (Icon, error) {
	lower := strings.ToLower(value)
	switch {
	case strings.HasPrefix(lower, "https://"):
		return urlIcon(value)
	case strings.HasPrefix(lower, "http://"):
		return Icon{}, errors.New("an icon URL must be https: clients fetch icons only over https, or take them from data: URIs")
	case strings.HasPrefix(lower, "data:"):
		return dataIcon(value)
	case scheme.MatchString(value) && !filepath.IsAbs(value):
		return Icon{}, errors.New("want an https URL, a data: URI or a file in the package directory")
	}
	return a.fileIcon(d, value)
}

// urlIcon is an icon at an https URL, whose MIME type its extension may
// tell; its size is the client's to find out.
func urlIcon(value string) (Icon, error) {
	u, err := url.Parse(value)
	if err != nil || u.Host == "" || strings.ContainsFunc(value, unicode.IsSpace) {
		return Icon{}, errors.New("not a valid https URL (a space is written %20)")
	}
	return Icon{Source: value, MIMEType: iconTypes[strings.ToLower(path.Ext(u.Path))]}, nil
}

// dataIcon is an icon given as a data: URI: base64 image data, checked
// as a file's is.
func dataIcon(value string) (Icon, error) {
	meta, data, ok := strings.Cut(value[len("data:"):], ",")
	mimeType, isBase64 := strings.CutSuffix(meta, ";base64")
	if !ok || !isBase64 {
		return Icon{}, errors.New("want a base64 data: URI, data:image/png;base64,...")
	}
	tooLarge := fmt.Errorf("its image is more than %d KiB; an icon travels in every list response", MaxIconBytes>>10)
	if base64.StdEncoding.DecodedLen(len(data)) > MaxIconBytes+2 {
		return Icon{}, tooLarge // not worth decoding
	}
	img, err := base64.StdEncoding.DecodeString(data)
	switch {
	case err != nil:
		return Icon{}, errors.New("its data is not valid base64")
	case len(img) > MaxIconBytes:
		return Icon{}, tooLarge
	}
	return imageIcon(value, strings.ToLower(mimeType), img)
}

// fileIcon reads the icon file name, in the package directory of d, and
// embeds it as a data: URI.
func (a *analysis) fileIcon(d *directive.Directive, name string) (Icon, error) {
	if !filepath.IsLocal(filepath.FromSlash(name)) {
		return Icon{}, errors.New("an icon file must be in the package directory (or below it)")
	}
	mimeType, ok := iconTypes[strings.ToLower(path.Ext(name))]
	if !ok {
		return Icon{}, fmt.Errorf("unknown icon type %q: want a .png, .jpg, .jpeg, .svg or .webp file", path.Ext(name))
	}
	dir := filepath.Dir(a.fset.Position(d.Pos).Filename)
	f, err := os.Open(filepath.Join(dir, filepath.FromSlash(name)))
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return Icon{}, fmt.Errorf("no file %s in the package directory", name)
		}
		return Icon{}, err
	}
	defer f.Close()
	img, err := io.ReadAll(io.LimitReader(f, MaxIconBytes+1))
	switch {
	case err != nil:
		return Icon{}, err
	case len(img) > MaxIconBytes:
		return Icon{}, fmt.Errorf("the file is more than %d KiB; an icon travels in every list response", MaxIconBytes>>10)
	}
	return imageIcon("data:"+mimeType+";base64,"+base64.StdEncoding.EncodeToString(img), mimeType, img)
}

// imageIcon checks that img is an image of mimeType and returns it as
// the icon at source, with its size.
func imageIcon(source, mimeType string, img []byte) (Icon, error) {
	var w, h int
	var err error
	switch mimeType {
	case "image/png":
		w, h, err = pngSize(img)
	case "image/jpeg":
		w, h, err = jpegSize(img)
	case "image/webp":
		w, h, err = webpSize(img)
	case "image/svg+xml":
		if err := checkSVG(img); err != nil {
			return Icon{}, err
		}
		return Icon{Source: source, MIMEType: mimeType, Sizes: []string{"any"}}, nil
	default:
		return Icon{}, fmt.Errorf("unknown icon type %q: want image/png, image/jpeg, image/svg+xml or image/webp", mimeType)
	}
	if err != nil {
		return Icon{}, err
	}
	return Icon{Source: source, MIMEType: mimeType, Sizes: []string{fmt.Sprintf("%dx%d", w, h)}}, nil
}

func pngSize(img []byte) (int, int, error) {
	c, err := png.DecodeConfig(bytes.NewReader(img))
	if err != nil {
		return 0, 0, errors.New("not a PNG image")
	}
	return c.Width, c.Height, nil
}

func jpegSize(img []byte) (int, int, error) {
	c, err := jpeg.DecodeConfig(bytes.NewReader(img))
	if err != nil {
		return 0, 0, errors.New("not a JPEG image")
	}
	return c.Width, c.Height, nil
}

// webpSize reads the canvas size of a WebP image from its first chunk:
// VP8X (extended), VP8L (lossless) or VP8 (lossy).
func webpSize(img []byte) (int, int, error) {
	bad := errors.New("not a WebP image")
	if len(img) < 30 || string(img[:4]) != "RIFF" || string(img[8:12]) != "WEBP" {
		return 0, 0, bad
	}
	chunk := img[20:]
	switch string(img[12:16]) {
	case "VP8X":
		w := int(chunk[4]) | int(chunk[5])<<8 | int(chunk[6])<<16
		h := int(chunk[7]) | int(chunk[8])<<8 | int(chunk[9])<<16
		return w + 1, h + 1, nil
	case "VP8L":
		if chunk[0] != 0x2f {
			return 0, 0, bad
		}
		bits := binary.LittleEndian.Uint32(chunk[1:5])
		return int(bits&0x3fff) + 1, int(bits>>14&0x3fff) + 1, nil
	case "VP8 ":
		if chunk[3] != 0x9d || chunk[4] != 0x01 || chunk[5] != 0x2a {
			return 0, 0, bad
		}
		return int(binary.LittleEndian.Uint16(chunk[6:8]) & 0x3fff), int(binary.LittleEndian.Uint16(chunk[8:10]) & 0x3fff), nil
	}
	return 0, 0, bad
}

// checkSVG reports whether img is not XML whose root element is svg.
func checkSVG(img []byte) error {
	dec := xml.NewDecoder(bytes.NewReader(img))
	for {
		tok, err := dec.Token()
		if err != nil {
			return errors.New("not an SVG image: no <svg> root element")
		}
		if start, ok := tok.(xml.StartElement); ok {
			if start.Name.Local != "svg" {
				return fmt.Errorf("not an SVG image: the root element is <%s>", start.Name.Local)
			}
			return nil
		}
	}
}
