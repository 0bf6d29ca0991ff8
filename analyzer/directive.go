package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mcptag/mcptag/internal/suggest"
)

// directivePrefix marks a tool. Like every Go directive it has no space
// after the slashes, which keeps it out of ast.CommentGroup.Text.
const directivePrefix = "//mcp:tool"

// validName is the MCP tool name grammar.
var validName = regexp.MustCompile(`^[A-Za-z0-9_.-]{1,128}$`)

// A Directive is one parsed //mcp:tool line.
type Directive struct {
	Pos         token.Pos // the "//" of the directive
	Name        string    // explicit tool name, or "" for the default
	NamePos     token.Pos
	Title       string
	Structured  *bool // nil: decided by the result type
	Closed      bool
	Annotations Annotations
}

// Annotations are the MCP tool annotations a directive can set. A nil
// field was not mentioned and is left to the client's default.
type Annotations struct {
	ReadOnly, Destructive, Idempotent, OpenWorld *bool
}

// IsZero reports whether no annotation is set.
func (a Annotations) IsZero() bool {
	return a.ReadOnly == nil && a.Destructive == nil && a.Idempotent == nil && a.OpenWorld == nil
}

// findDirective returns the //mcp:tool comment of a doc comment group, and
// findings for lines that look like a directive but are not one
// ("// mcp:tool", "//mcp:tools", "//mcp: tool"): a misspelled directive
// would otherwise silently leave a tool out.
func findDirective(doc *ast.CommentGroup) (dir *ast.Comment, findings []Finding) {
	if doc == nil {
		return nil, nil
	}
	for _, c := range doc.List {
		switch {
		case isDirective(c.Text):
			if dir != nil {
				findings = append(findings, Finding{Pos: c.Slash, Category: CatDirective, Error: true,
					Message: "duplicate //mcp:tool directive"})
				continue
			}
			dir = c
		case looksLikeDirective(c.Text):
			findings = append(findings, Finding{Pos: c.Slash, Category: CatDirective, Error: true,
				Message: fmt.Sprintf("malformed directive %q: want //mcp:tool with no space after //", strings.TrimSpace(c.Text))})
		}
	}
	return dir, findings
}

func isDirective(text string) bool {
	rest, ok := strings.CutPrefix(text, directivePrefix)
	return ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t')
}

// looksLikeDirective catches near misses of the directive.
func looksLikeDirective(text string) bool {
	t := strings.TrimPrefix(text, "//")
	t = strings.TrimLeft(t, " \t")
	t = strings.ToLower(t)
	if !strings.HasPrefix(t, "mcp") {
		return false
	}
	t = strings.TrimLeft(strings.TrimPrefix(t, "mcp"), " \t:")
	return strings.HasPrefix(t, "tool")
}

// ParseDirective parses the text of one //mcp:tool comment starting at pos.
func ParseDirective(pos token.Pos, text string) (*Directive, []Finding) {
	d := &Directive{Pos: pos}
	var findings []Finding
	errorf := func(off int, format string, args ...any) {
		findings = append(findings, Finding{Pos: pos + token.Pos(off), Category: CatDirective, Error: true,
			Message: fmt.Sprintf(format, args...)})
	}
	toks, err := tokenize(text, len(directivePrefix))
	if err != nil {
		errorf(err.off, "%s", err.msg)
		return d, findings
	}
	seen := map[string]bool{}
	for i, tok := range toks {
		key, value, hasValue := strings.Cut(tok.text, "=")
		if i == 0 && !hasValue && !isOption(key) {
			d.Name, d.NamePos = tok.text, pos+token.Pos(tok.off)
			if !validName.MatchString(d.Name) {
				findings = append(findings, Finding{Pos: d.NamePos, Category: CatName, Error: true,
					Message: fmt.Sprintf("invalid tool name %q: must match %s", d.Name, validName)})
			}
			continue
		}
		if seen[key] {
			errorf(tok.off, "option %q given twice", key)
			continue
		}
		seen[key] = true
		if msg := d.set(key, value, hasValue); msg != "" {
			errorf(tok.off, "%s", msg)
		}
	}
	return d, findings
}

// options lists the directive's keys, for "did you mean" and name parsing.
var options = []string{"title", "structured", "closed", "readonly", "destructive", "idempotent", "openworld"}

func isOption(s string) bool {
	for _, o := range options {
		if s == o {
			return true
		}
	}
	return false
}

// set applies one option and returns an error message, or "".
func (d *Directive) set(key, value string, hasValue bool) string {
	if key == "title" {
		if !hasValue {
			return `title needs a value: title="..."`
		}
		d.Title = value
		return ""
	}
	b := true
	if hasValue {
		switch value {
		case "true":
		case "false":
			b = false
		default:
			return fmt.Sprintf("%s=%s: want true or false", key, value)
		}
	}
	switch key {
	case "structured":
		if !hasValue {
			return "structured needs a value: structured=true or structured=false"
		}
		d.Structured = &b
	case "closed":
		d.Closed = b
	case "readonly":
		d.Annotations.ReadOnly = &b
	case "destructive":
		d.Annotations.Destructive = &b
	case "idempotent":
		d.Annotations.Idempotent = &b
	case "openworld":
		d.Annotations.OpenWorld = &b
	default:
		if s := suggest.Closest(key, options); s != "" {
			return fmt.Sprintf("unknown option %q (did you mean %q?)", key, s)
		}
		return fmt.Sprintf("unknown option %q; options are %s", key, strings.Join(options, ", "))
	}
	return ""
}

type dirToken struct {
	text string
	off  int // byte offset in the comment text
}

type tokenError struct {
	off int
	msg string
}

// tokenize splits the directive's arguments at white space; a value may be
// a Go double-quoted string (title="Get the weather").
func tokenize(text string, start int) ([]dirToken, *tokenError) {
	var toks []dirToken
	i := start
	// space reports the size of the white space rune at i, or 0. It
	// decodes runes: a byte of a UTF-8 sequence, such as the 0x85 of "Å",
	// is not the rune U+0085.
	space := func(i int) int {
		r, size := utf8.DecodeRuneInString(text[i:])
		if r == utf8.RuneError || !unicode.IsSpace(r) {
			return 0
		}
		return size
	}
	for i < len(text) {
		if n := space(i); n > 0 {
			i += n
			continue
		}
		begin := i
		var b strings.Builder
		for i < len(text) && space(i) == 0 {
			if text[i] != '"' {
				b.WriteByte(text[i])
				i++
				continue
			}
			end, err := quotedEnd(text, i)
			if err != nil {
				return nil, &tokenError{i, "unterminated quoted string"}
			}
			s, uerr := strconv.Unquote(text[i:end])
			if uerr != nil {
				return nil, &tokenError{i, fmt.Sprintf("bad quoted string %s", text[i:end])}
			}
			b.WriteString(s)
			i = end
		}
		toks = append(toks, dirToken{b.String(), begin})
	}
	return toks, nil
}

// quotedEnd returns the offset just past the double-quoted string at i.
func quotedEnd(text string, i int) (int, error) {
	for j := i + 1; j < len(text); j++ {
		switch text[j] {
		case '\\':
			j++
		case '"':
			return j + 1, nil
		}
	}
	return 0, fmt.Errorf("unterminated")
}

// snakeCase turns a Go identifier into the default tool name:
// GetWeather → get_weather, HTTPStatus → http_status, GetV2API → get_v2_api.
func snakeCase(name string) string {
	rs := []rune(name)
	var b strings.Builder
	for i, r := range rs {
		if unicode.IsUpper(r) {
			prevLower := i > 0 && (unicode.IsLower(rs[i-1]) || unicode.IsDigit(rs[i-1]))
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if i > 0 && (prevLower || (nextLower && unicode.IsUpper(rs[i-1]))) {
				b.WriteByte('_')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}
