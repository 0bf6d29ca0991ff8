package analyzer

import (
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
)

// A pageLoad is one thing an MCP App's page loads from an absolute URL:
// a script, style sheet, image, font or media file (a resource, which
// ui-resources= must allow), a fetch, XMLHttpRequest, WebSocket or
// EventSource target (a connection, which ui-connect= must allow), or a
// nested frame's page (which no option allows).
type pageLoad struct {
	Line    int    // the line of the page, from 1
	What    string // how it loads: "<script src>", "url()", "fetch"
	URL     string
	Connect bool
	Frame   bool
}

// The patterns of the small tokenizer of pageLoads: it reads the page
// as a host's policy sees it, not as a parser builds a tree, and needs
// only the attributes and calls that name a URL. HTML's names have no
// case: the patterns that find them run on a copy of the page in ASCII
// lower case (asciiLower), each from a literal, which the regexp package
// finds at the speed of a byte search; without one, as (?i) or a leading
// \s or \b makes it, it tries every byte of a page most of whose bytes
// are an inlined script.
var (
	htmlComment = regexp.MustCompile(`(?s)<!--.*?-->`)
	loadTag     = regexp.MustCompile(`<(script|link|img|image|source|video|audio|track|embed|object|input|iframe)\b[^>]*>`)
	tagAttr     = regexp.MustCompile(`(?i)\s([a-z][a-z:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))`)
	styleBlock  = regexp.MustCompile(`(?s)<style\b[^>]*>(.*?)(?:</style|$)`)
	styleAttr   = regexp.MustCompile(`style\s*=\s*(?:"([^"]*)"|'([^']*)')`)
	cssURL      = regexp.MustCompile(`(?i)url\(\s*["']?([^"')\s]+)`)
	cssImport   = regexp.MustCompile(`(?i)@import\s+["']([^"']+)`)
	xhrOpen     = regexp.MustCompile("\\.open\\(\\s*[\"'`][A-Za-z]+[\"'`]\\s*,\\s*[\"'`]([^\"'`\\s]+)")
	// srcAssign is a script's assignment of a literal URL to an element's
	// src, which loads it: new Image().src = "...", script.src = "...".
	srcAssign = regexp.MustCompile("\\.src\\s*=\\s*[\"'`]([^\"'`\\s]+)")
)

// scriptLoads are the script's own loads of a resource, each with a
// pattern starting with a literal: a module imported, dynamically
// (import("...")) or statically (import ... from "..."), and a URL given
// to an element's src.
var scriptLoads = []struct {
	what string
	load *regexp.Regexp
}{
	{`import("...")`, connectCall("import")},
	{`import ... from "..."`, regexp.MustCompile("from\\s*[\"'`]([^\"'`\\s]+)")},
	{`.src = "..."`, srcAssign},
}

// connectCalls are the script calls that connect to the URL they are
// given as a string literal, each with a pattern starting with its name
// (a script's names have case).
var connectCalls = []struct {
	name string
	call *regexp.Regexp
}{
	{"fetch", connectCall("fetch")}, {"EventSource", connectCall("EventSource")},
	{"WebSocket", connectCall("WebSocket")}, {"sendBeacon", connectCall("sendBeacon")},
}

// connectCall is the pattern of a call of name with a string literal.
func connectCall(name string) *regexp.Regexp {
	return regexp.MustCompile(name + "\\(\\s*[\"'`]([^\"'`\\s]+)")
}

// loadAttrs are the attributes of each element of loadTag that name what
// the element loads.
var loadAttrs = map[string][]string{
	"script": {"src"}, "link": {"href"}, "img": {"src", "srcset"}, "source": {"src", "srcset"},
	"video": {"src", "poster"}, "audio": {"src"}, "track": {"src"}, "embed": {"src"},
	"object": {"data"}, "input": {"src"}, "image": {"href", "xlink:href"}, "iframe": {"src"},
}

// pageLoads lists what page loads from absolute URLs (http, https, ws,
// wss, or scheme-relative //host), in the order of the page. What a
// comment holds is not loaded.
func pageLoads(page string) []pageLoad {
	page = htmlComment.ReplaceAllStringFunc(page, func(c string) string {
		return strings.Map(func(r rune) rune {
			if r == '\n' {
				return r
			}
			return ' '
		}, c)
	})
	var loads []pageLoad
	newlines := newlineOffsets(page)
	add := func(off int, l pageLoad) {
		if absoluteURL(l.URL) {
			// The line is a search among the page's newlines, not a count
			// from its start: a page of many URLs costs its size, not its
			// size times their number.
			line, _ := slices.BinarySearch(newlines, off)
			l.Line = line + 1
			loads = append(loads, l)
		}
	}
	lower := asciiLower(page)
	tagLoads(page, lower, add)
	for _, span := range styleSpans(lower) {
		style := page[span[0]:span[1]]
		for _, css := range []*regexp.Regexp{cssURL, cssImport} {
			what := map[*regexp.Regexp]string{cssURL: "url()", cssImport: "@import"}[css]
			for _, m := range css.FindAllStringSubmatchIndex(style, -1) {
				add(span[0]+m[0], pageLoad{What: what, URL: style[m[2]:m[3]]})
			}
		}
	}
	scriptLoadsOf(page, add)
	slices.SortStableFunc(loads, func(a, b pageLoad) int { return a.Line - b.Line })
	return loads
}

// tagLoads calls add with what each element of loadTag in page loads,
// found in lower, the page in ASCII lower case, at its offset.
func tagLoads(page, lower string, add func(int, pageLoad)) {
	for _, m := range loadTag.FindAllStringSubmatchIndex(lower, -1) {
		tag := lower[m[2]:m[3]]
		for _, am := range tagAttr.FindAllStringSubmatchIndex(page[m[0]:m[1]], -1) {
			name := lower[m[0]+am[2] : m[0]+am[3]]
			if !slices.Contains(loadAttrs[tag], name) {
				continue
			}
			value := ""
			for g := 4; g < 10; g += 2 {
				if am[g] >= 0 {
					value = page[m[0]+am[g] : m[0]+am[g+1]]
				}
			}
			for _, u := range attrURLs(name, value) {
				add(m[0]+am[0], pageLoad{What: "<" + tag + " " + name + ">", URL: u, Frame: tag == "iframe"})
			}
		}
	}
}

// scriptLoadsOf calls add with what the script calls and assignments of
// page connect to or load, each a call of a literal URL that is not part
// of a longer name (refetch("...") is not fetch).
func scriptLoadsOf(page string, add func(int, pageLoad)) {
	wordStart := func(off int) bool { return off == 0 || !isWordByte(page[off-1]) }
	for _, c := range connectCalls {
		for _, m := range c.call.FindAllStringSubmatchIndex(page, -1) {
			if wordStart(m[0]) {
				add(m[0], pageLoad{What: c.name, URL: page[m[2]:m[3]], Connect: true})
			}
		}
	}
	for _, m := range xhrOpen.FindAllStringSubmatchIndex(page, -1) {
		add(m[0], pageLoad{What: "XMLHttpRequest", URL: page[m[2]:m[3]], Connect: true})
	}
	for _, l := range scriptLoads {
		for _, m := range l.load.FindAllStringSubmatchIndex(page, -1) {
			if wordStart(m[0]) {
				add(m[0], pageLoad{What: l.what, URL: page[m[2]:m[3]]})
			}
		}
	}
}

// styleSpans returns the start and end offsets of the CSS in lower, a
// page in ASCII lower case: the text of its <style> elements and the
// values of its style attributes. A script's text is not CSS:
// `new URL("https://...")` in a bundled script loads nothing.
func styleSpans(lower string) [][2]int {
	var spans [][2]int
	for _, m := range styleBlock.FindAllStringSubmatchIndex(lower, -1) {
		spans = append(spans, [2]int{m[2], m[3]})
	}
	for _, m := range styleAttr.FindAllStringSubmatchIndex(lower, -1) {
		if m[0] == 0 || !strings.ContainsRune(" \t\n\r\f", rune(lower[m[0]-1])) {
			continue // an attribute follows white space: not datastyle=
		}
		for g := 2; g < 6; g += 2 {
			if m[g] >= 0 {
				spans = append(spans, [2]int{m[g], m[g+1]})
			}
		}
	}
	return spans
}

// asciiLower returns s with its ASCII letters in lower case and every
// other byte as it is, so that offsets into it are offsets into s.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// isWordByte reports whether c is a byte of a word, as \b sees it.
func isWordByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// newlineOffsets returns the offsets of page's newlines, in order.
func newlineOffsets(page string) []int {
	var offs []int
	for i := 0; i < len(page); i++ {
		if page[i] == '\n' {
			offs = append(offs, i)
		}
	}
	return offs
}

// attrURLs returns the URLs an attribute's value names: one, or for
// srcset, the first word of each of its candidates.
func attrURLs(name, value string) []string {
	if name != "srcset" {
		return []string{strings.TrimSpace(value)}
	}
	var out []string
	for c := range strings.SplitSeq(value, ",") {
		if f := strings.Fields(c); len(f) > 0 {
			out = append(out, f[0])
		}
	}
	return out
}

// absoluteURL reports whether u names another origin than the page's:
// a page served as a resource has no origin of its own to be relative to,
// so relative URLs and data: or blob: ones load nothing from a network.
func absoluteURL(u string) bool {
	lower := strings.ToLower(u)
	for _, p := range []string{"http://", "https://", "ws://", "wss://", "//"} {
		if strings.HasPrefix(lower, p) {
			return true
		}
	}
	return false
}

// urlOrigin is the origin of an absolute URL as a policy matches it:
// scheme://host[:port], a scheme-relative URL taken as https and a
// default port dropped; "" when u does not parse.
func urlOrigin(u string) string {
	if strings.HasPrefix(u, "//") {
		u = "https:" + u
	}
	p, err := url.Parse(u)
	if err != nil || p.Host == "" {
		return ""
	}
	scheme, host := strings.ToLower(p.Scheme), strings.ToLower(p.Hostname())
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	if port := p.Port(); port != "" && !(port == "443" && (scheme == "https" || scheme == "wss")) && !(port == "80" && (scheme == "http" || scheme == "ws")) {
		host += ":" + port
	}
	return scheme + "://" + host
}

// uncoveredLoads describes each origin that app's page loads from and
// its policy does not list, once per origin and kind, with the first
// place that loads from it.
func uncoveredLoads(app *App) []string {
	var out []string
	seen := map[string]bool{}
	for _, l := range pageLoads(app.HTML) {
		origin := urlOrigin(l.URL)
		option, allowed := "ui-resources", app.Resources
		if l.Connect {
			option, allowed = "ui-connect", app.Connect
		}
		if origin == "" || slices.Contains(allowed, origin) || seen[option+" "+origin] {
			continue
		}
		seen[option+" "+origin] = true
		if l.Frame {
			out = append(out, fmt.Sprintf("line %d: %s loads a page from %s, which a host's policy blocks: the origins a page may nest in frames (the policy's frameDomains) are none, and no option adds one; link to the page instead",
				l.Line, l.What, origin))
			continue
		}
		fix := "add it to " + option + "="
		if strings.HasPrefix(origin, "http://") || strings.HasPrefix(origin, "ws://") {
			fix = "a policy lists only https and wss origins: load it over " + map[bool]string{false: "https", true: "https or wss"}[l.Connect]
		}
		out = append(out, fmt.Sprintf("line %d: %s loads from %s, which %s= does not list, so a host's policy blocks it; %s",
			l.Line, l.What, origin, option, fix))
	}
	return out
}
