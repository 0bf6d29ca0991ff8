package directive

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The grammar of view= (docs/views.md): paths of the result, separated by
// commas, each property names joined by dots. The analysis resolves
// them over the result's type.

// viewOption is view=: paths, separated by commas.
func viewOption(d *Directive, key, value string, hasValue bool) string {
	if !hasValue || strings.Trim(value, " ,") == "" {
		return key + ` needs paths of the result: view="metadata.name,status.phase"`
	}
	d.View = value
	return ""
}

// keepOption is keep=: paths of the view, separated by commas, that fields
// never leaves out.
func keepOption(d *Directive, key, value string, hasValue bool) string {
	if !hasValue || strings.Trim(value, " ,") == "" {
		return key + ` needs paths of the view that every call keeps: keep="pageInfo"`
	}
	d.Keep = value
	return ""
}

// A ViewPath is one path of view=, with where its text starts in the
// option's value.
type ViewPath struct {
	Text  string   // the path as written: "metadata.name"
	Steps []string // its property names: "metadata", "name"
	Off   int      // the offset of Text in the option's value
}

// ViewPaths splits the value of view= into paths, reporting an empty
// path or property name at its offset.
func ViewPaths(value string, errorf func(off int, format string, args ...any)) []ViewPath {
	var paths []ViewPath
	off := 0
	for _, part := range strings.Split(value, ",") {
		start := off + len(part) - len(strings.TrimLeft(part, " "))
		text := strings.TrimSpace(part)
		off += len(part) + 1
		if text == "" {
			errorf(start, "view: empty path")
			continue
		}
		steps := strings.Split(text, ".")
		if i := slices.Index(steps, ""); i >= 0 {
			errorf(start+len(strings.Join(steps[:i], "."))+min(i, 1), "view path %q: empty property name", text)
			continue
		}
		paths = append(paths, ViewPath{Text: text, Steps: steps, Off: start})
	}
	return paths
}

// ValueOffsets maps each byte of the option's value to its offset in
// s.Raw, the option as the source spells it (key=value, quoted or not): a
// byte of an escape maps to the escape's backslash.
func (s Span) ValueOffsets() []int {
	raw := s.Raw
	_, v, _ := strings.Cut(raw, "=")
	start := len(raw) - len(v)
	var offs []int
	for i := start; i < len(raw); {
		if raw[i] != '"' {
			offs = append(offs, i)
			i++
			continue
		}
		end, err := quotedEnd(raw, i)
		if err != nil {
			return offs
		}
		for j := i + 1; j < end-1; {
			r, multibyte, tail, err := strconv.UnquoteChar(raw[j:end-1], '"')
			if err != nil {
				break
			}
			n := 1 // \xff and \377 are one byte, not U+00FF
			if multibyte {
				n = utf8.RuneLen(r)
			}
			for k := 0; k < n; k++ {
				offs = append(offs, j)
			}
			j = end - 1 - len(tail)
		}
		i = end
	}
	return offs
}
