package directive

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/mcptag/mcptag/internal/finding"
)

// The directive options of an MCP App (docs/apps.md): the HTML page a
// host shows a tool's result in, who sees the tool, and what the page
// may load and connect to. The page file itself is read by the analysis,
// which knows the package directory.

// The visibilities of ui-visibility=: a tool only the page may call, or
// one only the model may.
const (
	VisibilityApp   = "app"
	VisibilityModel = "model"
)

// appOptions are the options of a tool shown as an MCP App: ui= names
// the page, and the others, ui-*, describe it.
var appOptions = []option{
	{"ui", func(d *Directive, key, value string, hasValue bool) string {
		if !hasValue || value == "" {
			return key + " needs the page's HTML file: " + key + "=page.html"
		}
		d.UI = value
		return ""
	}},
	{"ui-visibility", oneOf([]string{VisibilityApp, VisibilityModel}, func(d *Directive, v string) { d.UIVisibility = v })},
	{"ui-connect", originList(true, func(d *Directive, origins []string) { d.UIConnect = origins })},
	{"ui-resources", originList(false, func(d *Directive, origins []string) { d.UIResources = origins })},
	{"ui-border", boolValue(func(d *Directive, b bool) { d.UIBorder = &b })},
}

// isAppOption reports whether key is one of appOptions.
func isAppOption(key string) bool {
	return slices.ContainsFunc(appOptions, func(o option) bool { return o.key == key })
}

// originList is an option whose value is a space-separated list of the
// origins a page may reach: https://host or https://host:port, and for
// connections (ws) wss:// too. A host's content security policy takes
// these as they are, so anything else (a path, a wildcard, http) would
// be dropped or widen the policy beyond what it says.
func originList(ws bool, set func(*Directive, []string)) func(*Directive, string, string, bool) string {
	return func(d *Directive, key, value string, hasValue bool) string {
		origins := strings.Fields(value)
		if !hasValue || len(origins) == 0 {
			return fmt.Sprintf(`%[1]s needs origins: %[1]s=https://api.example.com or %[1]s="https://a.example.com https://b.example.com:8443"`, key)
		}
		for i, o := range origins {
			if err := checkOrigin(o, ws); err != "" {
				return fmt.Sprintf("%s: origin %s %s", key, strconv.Quote(o), err)
			}
			if slices.Contains(origins[:i], o) {
				return fmt.Sprintf("%s: origin %s is given twice", key, strconv.Quote(o))
			}
		}
		set(d, origins)
		return ""
	}
}

// checkOrigin says what keeps o from being an origin of originList, or
// "".
func checkOrigin(o string, ws bool) string {
	want := "https://host[:port]"
	if ws {
		want = "https://host[:port] or wss://host[:port]"
	}
	scheme, rest, ok := strings.Cut(o, "://")
	switch {
	case !ok:
		return "is not an origin: want " + want
	case scheme != "https" && !(ws && scheme == "wss"):
		return "has scheme " + strconv.Quote(scheme) + ": want " + want + " (a page is served over https)"
	case strings.Contains(rest, "*"):
		return "has a wildcard: list each host, " + want
	case strings.ContainsAny(rest, "/?#"):
		return "has a path, query or fragment: an origin is " + want + " alone"
	case strings.Contains(rest, "@"):
		return "has user information: an origin is " + want + " alone"
	}
	u, err := url.Parse(o)
	if err != nil || u.Hostname() == "" || u.Host != strings.ToLower(u.Host) {
		return "is not an origin: want " + want + ", its host in lower case"
	}
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return "has port " + p + ": want 1 to 65535"
		}
	} else if strings.HasSuffix(u.Host, ":") {
		return "has an empty port: want " + want
	}
	for _, r := range u.Hostname() {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '.' || r == ':') {
			return "has a host with " + strconv.QuoteRune(r) + ": want letters, digits, - and . (a name beyond ASCII in its xn-- form)"
		}
	}
	return ""
}

// appWithoutPage reports each ui-* option of a directive that has no
// ui=: it would describe a page there is none of.
func appWithoutPage(d *Directive) []finding.Finding {
	if _, ok := d.Spans["ui"]; ok || d.Kind != Tool {
		return nil // on a prompt or a resource, each is an unknown option
	}
	var out []finding.Finding
	for _, o := range appOptions[1:] { // appOptions[0] is ui= itself
		if s, ok := d.Spans[o.key]; ok {
			out = append(out, finding.Finding{Pos: s.Pos, End: s.End, Category: finding.CatDirective, Error: true,
				Message: o.key + "= needs ui= too: it describes the page of an MCP App, and the tool has none"})
		}
	}
	return out
}

// appOnOther is the message for an app option key on a directive of a
// kind other than a tool: only a tool has a page.
func appOnOther(kind, key string) string {
	return fmt.Sprintf("%s= is for //mcp:tool: an MCP App shows a tool's result; a %s has no page", key, kind)
}
