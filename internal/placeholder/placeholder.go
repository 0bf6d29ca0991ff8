// Package placeholder reads and fills the placeholders of a tool's title
// and description that a server fills at start-up: ${NAME}, NAME a letter
// then letters, digits or underscores. Every "${" opens one; a "$" not
// followed by "{" is text.
package placeholder

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Open is what starts a placeholder.
const Open = "${"

// A Placeholder is one "${" of a text and what follows it.
type Placeholder struct {
	// Name is the placeholder's name; "" when it is malformed.
	Name string
	// Off and End are the byte offsets of the placeholder in the text:
	// from its "$" to past its "}", or, when malformed, to past what was
	// read of it.
	Off, End int
	// Err says what is wrong with a malformed placeholder, "" otherwise.
	Err string
}

var well = regexp.MustCompile(`^\$\{([A-Za-z][A-Za-z0-9_]*)\}`)

// Find returns every placeholder of s, in order, malformed ones with
// their Err.
func Find(s string) []Placeholder {
	var out []Placeholder
	for off := 0; ; {
		i := strings.Index(s[off:], Open)
		if i < 0 {
			return out
		}
		off += i
		p := parse(s, off)
		out = append(out, p)
		off = p.End
	}
}

// parse reads the placeholder that starts at s[off:], "${".
func parse(s string, off int) Placeholder {
	if m := well.FindStringSubmatch(s[off:]); m != nil {
		return Placeholder{Name: m[1], Off: off, End: off + len(m[0])}
	}
	end := off + len(Open)
	if c := strings.IndexAny(s[end:], "}\n"); c >= 0 && s[end+c] == '}' {
		end += c + 1
		return Placeholder{Off: off, End: end, Err: fmt.Sprintf("malformed placeholder %s: want ${NAME}, NAME a letter then letters, digits or _", s[off:end])}
	}
	return Placeholder{Off: off, End: end, Err: "unclosed placeholder: want ${NAME}, closed on its line"}
}

// Names returns the names of the well-formed placeholders of s, each
// once, in order of first use.
func Names(s string) []string {
	var names []string
	for _, p := range Find(s) {
		if p.Name != "" && !slices.Contains(names, p.Name) {
			names = append(names, p.Name)
		}
	}
	return names
}

// Fill returns s with each placeholder replaced by its value. A
// malformed placeholder, or one without a value, is an error.
func Fill(s string, values map[string]string) (string, error) {
	var b strings.Builder
	last := 0
	for _, p := range Find(s) {
		if p.Err != "" {
			return "", fmt.Errorf("%s", p.Err)
		}
		v, ok := values[p.Name]
		if !ok {
			return "", fmt.Errorf("${%s} has no value", p.Name)
		}
		b.WriteString(s[last:p.Off])
		b.WriteString(v)
		last = p.End
	}
	b.WriteString(s[last:])
	return b.String(), nil
}

// Matches reports whether filled is template with its placeholders
// filled, each with any text; a template without placeholders matches
// only itself.
func Matches(template, filled string) bool {
	ps := Find(template)
	if len(ps) == 0 {
		return template == filled
	}
	var re strings.Builder
	re.WriteString(`^(?s:`)
	last := 0
	for _, p := range ps {
		re.WriteString(regexp.QuoteMeta(template[last:p.Off]))
		if p.Err != "" {
			re.WriteString(regexp.QuoteMeta(template[p.Off:p.End]))
		} else {
			re.WriteString(`.*`)
		}
		last = p.End
	}
	re.WriteString(regexp.QuoteMeta(template[last:]) + `)$`)
	return regexp.MustCompile(re.String()).MatchString(filled)
}
