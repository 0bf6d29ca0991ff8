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
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
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
	// File is the file the icon was read from, slash-separated and
	// relative to the package directory, or "": the generated file
	// embeds it (//go:embed), so that the go command, go vet included,
	// counts it among the package's inputs.
	File string
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
// embeds it as a data: URI. It reads the file as go:embed would: a
// regular file inside the package directory, reached through no symbolic
// link, at the directive's own path (a //line directive moves positions,
// not files). A FIFO or a device is refused before it is opened, which
// could wait for a writer for ever.
func (a *analysis) fileIcon(d *directive.Directive, name string) (Icon, error) {
	if !filepath.IsLocal(filepath.FromSlash(name)) {
		return Icon{}, errors.New("an icon file must be in the package directory (or below it)")
	}
	if !embeddable.MatchString(name) {
		return Icon{}, errors.New("an icon file's name may hold only letters, digits and . _ - + ~ /, and no element may start with . or _: the generated file embeds it (//go:embed)")
	}
	mimeType, ok := iconTypes[strings.ToLower(path.Ext(name))]
	if !ok {
		return Icon{}, fmt.Errorf("unknown icon type %q: want a .png, .jpg, .jpeg, .svg or .webp file", path.Ext(name))
	}
	img, err := a.readBeside(d, name, "an icon", MaxIconBytes)
	switch {
	case err != nil:
		return Icon{}, err
	case len(img) > MaxIconBytes:
		return Icon{}, fmt.Errorf("the file is more than %d KiB; an icon travels in every list response", MaxIconBytes>>10)
	}
	icon, err := imageIcon("data:"+mimeType+";base64,"+base64.StdEncoding.EncodeToString(img), mimeType, img)
	icon.File = name
	return icon, err
}

// embeddable matches the icon file names that go:embed takes as they
// are: no element starting with . or _ (which a directory pattern would
// skip, and the go command keeps for itself), and none of the characters
// a module's file paths forbid.
var embeddable = regexp.MustCompile(`^[\pL\pN~+-][\pL\pN._~+-]*(/[\pL\pN~+-][\pL\pN._~+-]*)*$`)

// readBeside reads the file name, slash-separated, below the directory
// of the file that holds d, as go:embed reads it (regularFile; what says
// what the file is for the errors), and at most limit+1 bytes of it, so
// that the caller tells a file over limit from one at it.
func (a *analysis) readBeside(d *directive.Directive, name, what string, limit int) ([]byte, error) {
	dir := filepath.Dir(a.fset.PositionFor(d.Pos, false).Filename)
	file, err := regularFile(dir, name, what)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, int64(limit)+1))
}

// regularFile returns the path of the file name, slash-separated, below
// dir, after checking with Lstat, element by element, that no symbolic
// link leads there and that it is a regular file; what says what the
// file is for the errors ("an icon").
func regularFile(dir, name, what string) (string, error) {
	p := dir
	elems := strings.Split(name, "/")
	for i, elem := range elems {
		p = filepath.Join(p, elem)
		info, err := os.Lstat(p)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return "", fmt.Errorf("no file %s in the package directory", name)
		case err != nil:
			return "", err
		case info.Mode()&fs.ModeSymlink != 0:
			return "", fmt.Errorf("%s is a symbolic link: %s must be a regular file in the package directory, as go:embed takes it", path.Join(elems[:i+1]...), what)
		case i < len(elems)-1 && !info.IsDir():
			return "", fmt.Errorf("no file %s in the package directory", name)
		case i == len(elems)-1 && !info.Mode().IsRegular():
			return "", fmt.Errorf("%s is not a regular file (%s): %s must be one", name, fileKind(info.Mode()), what)
		}
	}
	return p, nil
}

// fileKind names the kind of a file that is not a regular one.
func fileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "irregular"
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

// checkSVG reports whether img is not XML whose root element is svg, or
// is one that can run code where a client shows it inline: a <script>
// or <foreignObject> element (HTML inside the image), an event handler
// attribute (onload=...) or a javascript: URL.
func checkSVG(img []byte) error {
	dec := xml.NewDecoder(bytes.NewReader(img))
	root := true
	for {
		tok, err := dec.Token()
		if err == io.EOF && !root {
			return nil
		}
		if err != nil {
			if root {
				return errors.New("not an SVG image: no <svg> root element")
			}
			return fmt.Errorf("not an SVG image: %v", err)
		}
		start, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if root && start.Name.Local != "svg" {
			return fmt.Errorf("not an SVG image: the root element is <%s>", start.Name.Local)
		}
		root = false
		if err := scriptedElement(start); err != nil {
			return err
		}
	}
}

// scriptedElement reports an element of an SVG image that can run code.
func scriptedElement(e xml.StartElement) error {
	switch strings.ToLower(e.Name.Local) {
	case "script", "foreignobject":
		return fmt.Errorf("the SVG image has a <%s> element, which can run code in a client that shows it; an icon must be a plain image", e.Name.Local)
	}
	for _, attr := range e.Attr {
		if strings.HasPrefix(strings.ToLower(attr.Name.Local), "on") {
			return fmt.Errorf("the SVG image has an event handler, %s= on <%s>, which can run code in a client that shows it; an icon must be a plain image", attr.Name.Local, e.Name.Local)
		}
		if javascriptURL(attr.Value) {
			return fmt.Errorf("the SVG image has a javascript: URL in %s= on <%s>, which can run code in a client that shows it; an icon must be a plain image", attr.Name.Local, e.Name.Local)
		}
	}
	return nil
}

// javascriptURL reports whether a browser would take v for a javascript:
// URL: it drops ASCII whitespace and control characters from a URL and
// compares schemes without case.
func javascriptURL(v string) bool {
	v = strings.Map(func(r rune) rune {
		if r <= ' ' {
			return -1
		}
		return r
	}, v)
	return strings.HasPrefix(strings.ToLower(v), "javascript:")
}
