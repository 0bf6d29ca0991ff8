package directive

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/mcptag/mcptag/internal/finding"
)

// The directive options that place a tool in a server's inventory
// (docs/security.md): the toolset it belongs to, the OAuth scopes a
// caller's token must hold, and the feature flag that must be on for a
// server to serve it. They change nothing in the tool's listing; a
// server selects with them.

// inventoryName is what a toolset or a flag may be called: a word that
// starts with a letter, as command-line lists (--toolsets issues,repos)
// and environment variables spell them.
var inventoryName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_.-]*$`)

// toolsetOption takes the toolset a tool belongs to.
var toolsetOption = option{"toolset", inventoryWord(func(d *Directive, v string) { d.Toolset = v })}

// flagNameOption takes the feature flag that must be on for the tool to
// be served.
var flagNameOption = option{"flag", inventoryWord(func(d *Directive, v string) { d.Flag = v })}

// scopesOption takes the OAuth scopes a tool requires, space-separated
// as OAuth writes them (RFC 6749, section 3.3).
var scopesOption = option{"scopes", func(d *Directive, key, value string, hasValue bool) string {
	scopes := strings.Fields(value)
	if !hasValue || len(scopes) == 0 {
		return fmt.Sprintf(`%[1]s needs the OAuth scopes the tool requires: %[1]s=repo or %[1]s="repo read:org"`, key)
	}
	for i, s := range scopes {
		if bad := strings.IndexFunc(s, notScopeChar); bad >= 0 {
			return fmt.Sprintf("%s=%q: scope %q holds %q: a scope is printable ASCII without spaces, quotes or backslashes", key, value, s, s[bad:bad+1])
		}
		if slices.Contains(scopes[:i], s) {
			return fmt.Sprintf("%s=%q: scope %q is given twice", key, value, s)
		}
	}
	d.Scopes = scopes
	return ""
}}

// notScopeChar reports whether r may not be part of an OAuth scope
// token: only %x21, %x23-5B and %x5D-7E may.
func notScopeChar(r rune) bool { return r < 0x21 || r > 0x7e || r == '"' || r == '\\' }

// inventoryWord is an option whose value is one inventoryName.
func inventoryWord(set func(*Directive, string)) func(*Directive, string, string, bool) string {
	return func(d *Directive, key, value string, hasValue bool) string {
		switch {
		case !hasValue || value == "":
			return fmt.Sprintf("%[1]s needs a name: %[1]s=NAME", key)
		case !inventoryName.MatchString(value):
			return fmt.Sprintf("%s=%q: want a name of letters, digits, _, . and -, starting with a letter", key, value)
		}
		set(d, value)
		return ""
	}
}

// scopesWithCommas warns of each scope of d that holds a comma: OAuth
// allows one in a scope (RFC 6749, section 3.3), but scopes=a,b is most
// likely two scopes meant, which OAuth separates with spaces; as written,
// a token must hold the one scope "a,b".
func scopesWithCommas(d *Directive) []finding.Finding {
	var out []finding.Finding
	s := d.Spans[scopesOption.key]
	for _, scope := range d.Scopes {
		if !strings.Contains(scope, ",") {
			continue
		}
		out = append(out, finding.Finding{Pos: s.Pos, End: s.End, Category: finding.CatDirective, GoesOn: true,
			Message: fmt.Sprintf("scope %q holds a comma, so it is one scope, which a token must hold as written; scopes are separated by spaces: %s=%q",
				scope, scopesOption.key, strings.Join(spaced(d.Scopes), " "))})
	}
	return out
}

// spaced splits each scope of scopes at its commas, leaving out the empty
// words, as scopes separated by spaces would be written.
func spaced(scopes []string) []string {
	var out []string
	for _, s := range scopes {
		out = append(out, strings.FieldsFunc(s, func(r rune) bool { return r == ',' })...)
	}
	return out
}
