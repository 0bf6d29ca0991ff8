package argmodel

import (
	"errors"
	"fmt"
	"go/token"
	"strings"
)

// Parameter headers (docs/protocol.md): header=NAME on a tool argument,
// a jsonschema tag key or a doc list item's, puts "x-mcp-header": NAME on
// its property. The go-sdk's rules for one property
// (mcp/streamable_headers.go) are checked here; those across a tool's
// arguments, by the analysis.

// HeaderKeyword is the input schema keyword of a parameter header.
const HeaderKeyword = "x-mcp-header"

// setHeader applies header=name to v: only a string, integer or boolean
// property can carry one (the go-sdk's rule), and name is an HTTP token.
func (v *Value) setHeader(name string) error {
	switch {
	case v.OrString || v.Kind == KindAny:
		return errors.New("a header carries a string, an integer or a boolean, not a value of more than one type")
	case v.Kind != KindString && v.Kind != KindInteger && v.Kind != KindBoolean:
		return fmt.Errorf("a header carries a string, an integer or a boolean, not %s (the go-sdk's rule)", v.kindName())
	}
	if msg := badHeaderName(name); msg != "" {
		return errors.New(msg)
	}
	v.Header = name
	return nil
}

// badHeaderName says why name cannot follow Mcp-Param- in an HTTP header
// name, or "": it must be a token (RFC 9110), as the go-sdk checks.
func badHeaderName(name string) string {
	if name == "" {
		return "a header needs a name: header=Tenant-Id"
	}
	if len(name) >= len(headerPrefix) && strings.EqualFold(name[:len(headerPrefix)], headerPrefix) {
		return fmt.Sprintf("a header is named without the %s prefix, which the client adds (it would send %s%s): header=%s",
			headerPrefix, headerPrefix, name, name[len(headerPrefix):])
	}
	for _, r := range name {
		if !isTChar(r) {
			return fmt.Sprintf("a header name is letters, digits and !#$%%&'*+-.^_`|~, not %q", r)
		}
	}
	return ""
}

// headerPrefix starts the HTTP name of every parameter header.
const headerPrefix = "Mcp-Param-"

// isTChar reports whether r is a tchar of RFC 9110.
func isTChar(r rune) bool {
	switch {
	case r >= '0' && r <= '9', r >= 'A' && r <= 'Z', r >= 'a' && r <= 'z':
		return true
	}
	return strings.ContainsRune("!#$%&'*+-.^_`|~", r)
}

// maxSafeInteger is the largest integer the go-sdk's client sends in a
// header: larger ones do not survive a float64 (JavaScript's numbers).
const maxSafeInteger = 1<<53 - 1

// placeHeader records where the header= of pairs is, by at, on v; and
// bounds an integer that a header carries to ±maxSafeInteger, since the
// go-sdk's client sends no header for a larger one, which its server then
// refuses: the schema says so, and the handler's check names the limit.
func placeHeader(v *Value, pairs []tagPair, at func(off int) token.Pos) {
	for _, p := range pairs {
		if p.Key == "header" && v.Header != "" {
			v.HeaderPos = at(p.Off)
		}
	}
	if v.Header == "" || v.Kind != KindInteger {
		return
	}
	if v.Maximum == nil || *v.Maximum > maxSafeInteger {
		most := float64(maxSafeInteger)
		v.Maximum = &most
	}
	if v.Minimum == nil || *v.Minimum < -maxSafeInteger {
		least := float64(-maxSafeInteger)
		v.Minimum = &least
	}
}
