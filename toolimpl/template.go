package toolimpl

// Reading the variables of a URI that a resource template matches, in
// time linear in the URI: the template becomes a regular expression with
// one group per variable (Go's regexp package runs in linear time), in
// which a variable holds one value, never a list.

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/mcptag/mcptag/internal/argspec"
)

// A uriMatcher reads the variables of a URI template.
type uriMatcher struct {
	re   *regexp.Regexp
	vars []uriVar // by group, the first group being 1
}

// A uriVar is one variable of a template.
type uriVar struct {
	name string
	// segment says the variable is a path segment: a simple {var} or a
	// {/var}, whose value never holds "/" or "\" and is never "." or "..".
	segment bool
}

// An operator is how RFC 6570 (section 3.2.1 and appendix A) expands an
// expression: what comes first, between variables, and whether each is
// written name=value.
type operator struct {
	first, sep string
	named      bool
	reserved   bool // values may hold reserved characters unencoded
}

var operators = map[byte]operator{
	0:   {sep: ","},
	'+': {sep: ",", reserved: true},
	'#': {first: "#", sep: ",", reserved: true},
	'.': {first: ".", sep: "."},
	'/': {first: "/", sep: "/"},
	';': {first: ";", sep: ";", named: true},
	'?': {first: "?", sep: "&", named: true},
	'&': {first: "&", sep: "&", named: true},
}

// The characters a variable's value holds unencoded (RFC 3986): the
// unreserved ones, and with + and # the reserved ones but the comma,
// which would make the value a list.
const (
	unreservedClass = `A-Za-z0-9\-._~`
	reservedClass   = `:/?#\[\]@!$&'()*+;=`
)

// newURIMatcher compiles template, which uritemplate.New accepts. A
// variable with a prefix (:3) or exploded (*) is not supported: mcptag
// does not generate one.
func newURIMatcher(template string) (*uriMatcher, error) {
	m := &uriMatcher{}
	var b strings.Builder
	b.WriteString("^")
	for rest := template; rest != ""; {
		open := strings.IndexByte(rest, '{')
		if open < 0 {
			open = len(rest)
		}
		b.WriteString(regexp.QuoteMeta(rest[:open]))
		if open == len(rest) {
			break
		}
		end := strings.IndexByte(rest, '}')
		if end < open {
			return nil, fmt.Errorf("unclosed expression")
		}
		if err := m.expression(&b, rest[open+1:end]); err != nil {
			return nil, err
		}
		rest = rest[end+1:]
	}
	b.WriteString("$")
	re, err := regexp.Compile(b.String())
	if err != nil {
		return nil, err
	}
	m.re = re
	return m, nil
}

// expression writes the regular expression of one expression, the text
// between braces, and records its variables.
func (m *uriMatcher) expression(b *strings.Builder, expr string) error {
	var opChar byte
	if expr != "" && strings.IndexByte("+#./;?&", expr[0]) >= 0 {
		opChar, expr = expr[0], expr[1:]
	}
	op := operators[opChar]
	value := `((?:[` + unreservedClass + `]|%[0-9A-Fa-f]{2})*)`
	if op.reserved {
		value = `((?:[` + unreservedClass + reservedClass + `]|%[0-9A-Fa-f]{2})*)`
	}
	// Each variable may be left out, and the separator before it too, as
	// the go-sdk's template matching has it.
	b.WriteString("(?:" + regexp.QuoteMeta(op.first))
	for i, name := range strings.Split(expr, ",") {
		if strings.ContainsAny(name, ":*") {
			return fmt.Errorf("variable %q has a prefix or is exploded", name)
		}
		b.WriteString("(?:")
		if i > 0 {
			b.WriteString("(?:" + regexp.QuoteMeta(op.sep) + ")?")
		}
		if op.named {
			b.WriteString(regexp.QuoteMeta(name) + "(?:=" + value + ")?")
		} else {
			b.WriteString(value)
		}
		b.WriteString(")?")
		m.vars = append(m.vars, uriVar{name: name, segment: opChar == 0 || opChar == '/'})
	}
	b.WriteString(")?")
	return nil
}

// match returns the decoded value of each variable that uri gives a
// value, or ok false if the template does not match uri as one value a
// variable: a comma in a simple variable makes a list. A value that a
// variable may not hold is err, which names the variable.
func (m *uriMatcher) match(sp *Spec, uri string) (values map[string]string, ok bool, err error) {
	groups := m.re.FindStringSubmatchIndex(uri)
	if groups == nil {
		return nil, false, nil
	}
	values = map[string]string{}
	for i, v := range m.vars {
		start, end := groups[2*i+2], groups[2*i+3]
		if start == end {
			continue // absent or empty: absent
		}
		value := percentDecode(uri[start:end])
		switch {
		case !utf8.ValidString(value):
			return nil, true, argspec.Errorf(sp, "argument %q: want text, got %s, which is not UTF-8 once decoded", v.name, argspec.Excerpt([]byte(uri[start:end])))
		case v.segment && (strings.ContainsAny(value, `/\`) || value == "." || value == ".."):
			return nil, true, argspec.Errorf(sp, `argument %q: want one path segment, without "/" or "\" and not "." or "..", got %q`, v.name, argspec.Clip(value))
		}
		values[v.name] = value
	}
	return values, true, nil
}

// percentDecode decodes the %XX escapes of s, which the matcher found
// well formed.
func percentDecode(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '%' {
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	return string(b)
}

func unhex(ch byte) byte {
	switch {
	case ch <= '9':
		return ch - '0'
	case ch <= 'F':
		return ch - 'A' + 10
	}
	return ch - 'a' + 10
}
