// Package directive reads the //mcp: directives of Go doc comments: it
// tells a directive from a near miss of one (Recognize), parses one into
// what it declares and the options it sets (Parse), and reports those
// that sit where they declare nothing (Misplaced). Each kind of directive
// has a table of its options, which parses each value and says what is
// wrong with it, where it is written.
package directive

import (
	"fmt"
	"go/ast"
	"go/token"
	"mime"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mcptag/mcptag/internal/finding"
	"github.com/mcptag/mcptag/internal/naming"
	"github.com/mcptag/mcptag/internal/shrink"
	"github.com/mcptag/mcptag/internal/suggest"
)

// The kinds of directive: what each declares.
const (
	Tool     = "tool"     // //mcp:tool: a tool, on a function or method
	Prompt   = "prompt"   // //mcp:prompt: a prompt, on a function or method
	Resource = "resource" // //mcp:resource: a resource or resource template
	Elicit   = "elicit"   // //mcp:elicit: a form, on a struct type
	Shared   = "shared"   // //mcp:shared: arguments every tool takes, on a struct type
)

// How a tool's plain parameters are named on the wire (args=).
const (
	ArgsGo    = "go"    // as the source spells them: runID
	ArgsSnake = "snake" // in snake case, as tool names are: run_id
)

// A Directive is one parsed //mcp: line.
type Directive struct {
	Kind    string    // what it declares: Tool, Prompt, Resource, Elicit or Shared
	Pos     token.Pos // the "//" of the directive
	Name    string    // explicit name, or "" for the default
	NamePos token.Pos
	// NameQuoted says the name is written in quotes, which confirms a
	// name that looks like an option.
	NameQuoted bool
	Title      string

	// Resources.
	URI    string    // the URI or URI template, "" if the directive has none
	URIPos token.Pos // where the URI starts in the comment
	// URIExact says that the URI is written as it is, unquoted, so that
	// an offset in URI is the same offset from URIPos in the source.
	URIExact bool
	MIME     string // mime=: the resource's MIME type; "" for the default

	// Tools.
	Structured *bool // nil: decided by the result type
	Closed     bool
	// Strict turns off the leniency toward scalars sent as strings.
	Strict      bool
	Annotations Annotations
	Shrink      shrink.Options // depth= and descriptions=, for this tool's schemas
	Text        string         // text=: how a structured result is mirrored as text
	Budget      int            // budget=: tokens the tool's tools/list entry may take; 0: the run's
	// Args is args=: how the tool's plain parameters are named on the
	// wire, ArgsGo or ArgsSnake; "" for the package's (the -args flag).
	Args string

	// Protocol features (protocol.go): icons on tools, prompts and
	// resources, and the caching of a resource's reads.
	Icon, IconDark string // icon= and icon-dark=: a URL, a data: URI or a file
	TTL            *int   // ttl=: how long a read may be cached, in milliseconds
	CacheScope     string // cache=: "public" or "private"
	FormKey        string // key= of //mcp:elicit: the key of every request of the form; "" keys each by its message

	// View is view=: the paths of the result the tool serves (view.go);
	// "" serves all of it.
	View string
	// Fields adds the argument fields, which picks among the view's paths
	// (or the result's top-level properties) per call.
	Fields bool
	// Keep is keep=: paths of the view that every call serves, which
	// fields then does not offer.
	Keep string

	// The tool's place in a server's inventory (inventory.go): its
	// toolset=, scopes= and flag=, "" or nil when not given.
	Toolset string
	Scopes  []string
	Flag    string

	// Task is task= (task.go): TaskOptional or TaskRequired, "" when the
	// tool never runs as a task.
	Task string

	// The tool's MCP App (apps.go): UI is ui=, the page's HTML file in
	// the package directory, "" for none; UIVisibility is ui-visibility=,
	// VisibilityApp, VisibilityModel or "" for both; UIConnect and
	// UIResources are the origins of ui-connect= and ui-resources=; UIBorder
	// is ui-border=, nil when not given.
	UI                     string
	UIVisibility           string
	UIConnect, UIResources []string
	UIBorder               *bool

	// Spans are where each option given is in the source, by key, for
	// the findings about their values that only the analysis can make (a
	// missing icon file, an unknown view path).
	Spans map[string]Span
}

// A Span is where one option of a directive is written: from its key to
// the end of its value, and its text as the source spells it (quotes and
// escapes included).
type Span struct {
	Pos, End token.Pos
	Raw      string
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

// Find returns the //mcp: directive of a doc comment group, and a
// finding for each further one: a function declares one thing.
func Find(doc *ast.CommentGroup) (dir *ast.Comment, findings []finding.Finding) {
	if doc == nil {
		return nil, nil
	}
	first := ""
	for _, c := range doc.List {
		kind := Recognize(c.Text).Kind
		switch {
		case kind == "":
			continue
		case dir == nil:
			dir, first = c, kind
			continue
		}
		msg := "duplicate //mcp:" + kind + " directive"
		if kind != first {
			msg = fmt.Sprintf("//mcp:%s after //mcp:%s: a function declares one tool, prompt or resource", kind, first)
		}
		findings = append(findings, finding.Finding{Pos: c.Slash, End: c.End(), Category: finding.CatDirective, Error: true, Message: msg})
	}
	return dir, findings
}

// Kinds lists the kinds of directive ("tool", ...), each with the keys
// of its options, in the order of the directive table.
func Kinds() map[string][]string {
	kinds := map[string][]string{}
	for _, k := range directiveKinds {
		kinds[k.name] = k.keys()
	}
	return kinds
}

// directiveNames lists the names of the directive kinds.
func directiveNames() []string {
	names := make([]string, len(directiveKinds))
	for i, k := range directiveKinds {
		names[i] = k.name
	}
	return names
}

// A Recognized comment is a directive, a near miss of one, or neither.
type Recognized struct {
	// Kind is the directive's kind ("tool") when the comment is one.
	Kind string
	// Problem says what is wrong with a near miss: a comment that is
	// clearly meant as a directive but is not one. Empty otherwise.
	Problem string
	// Fixed is the near miss corrected, when the correction is clear.
	Fixed string
}

// Recognize classifies the text of one comment. A directive is
// "//mcp:KIND", alone or followed by white space and its arguments, with
// no space after the slashes, as every Go directive (which keeps it out
// of ast.CommentGroup.Text). A near miss is clearly meant as one: a space
// after "//" ("// mcp:tool"), upper case ("//MCP:tool"), a plural
// ("//mcp:tools"), a kind glued to a word ("//mcp:toolbox"), or an
// unknown kind in the directive's own form ("//mcp:toll"). Prose never
// is: it has no colon right after "mcp" ("// MCP tool registry").
func Recognize(text string) Recognized {
	body, ok := strings.CutPrefix(text, "//")
	if !ok {
		return Recognized{}
	}
	spaced := strings.TrimLeft(body, " \t")
	if r, ok := misseparated(text, spaced); ok {
		return r
	}
	if len(spaced) < 4 || !strings.EqualFold(spaced[:4], "mcp:") {
		return Recognized{}
	}
	word, rest := splitWord(spaced[4:])
	exact := spaced == body && spaced[:4] == "mcp:"
	kind := ""
	for _, k := range directiveNames() {
		if strings.HasPrefix(strings.ToLower(word), k) {
			kind = k
		}
	}
	quoted := strconv.Quote(strings.TrimSpace(text))
	switch {
	case kind == "" && !exact:
		return Recognized{} // "// mcp: the protocol ..."
	case kind == "":
		msg := fmt.Sprintf("unknown directive %s; directives are //mcp:%s", quoted, strings.Join(directiveNames(), ", //mcp:"))
		if s := suggest.Closest(word, directiveNames()); s != "" {
			// The suggestion is the fix: //mcp:tol readonly is //mcp:tool readonly.
			msg = fmt.Sprintf("unknown directive %s (did you mean //mcp:%s?)", quoted, s)
			return Recognized{Problem: msg, Fixed: "//mcp:" + s + rest}
		}
		return Recognized{Problem: msg}
	case exact && word == kind:
		return Recognized{Kind: kind}
	}
	want := "//mcp:" + kind
	fixed := want + rest
	glued := strings.ToLower(word)[len(kind):]
	var problem string
	switch {
	case spaced != body:
		problem = fmt.Sprintf("malformed directive %s: want %s, with no space after //", quoted, want)
	case glued == "s":
		problem = fmt.Sprintf("misspelled directive %s: want %s", quoted, want)
	case glued != "":
		problem = fmt.Sprintf("malformed directive %s: want %s, then a space before its arguments", quoted, want)
	default:
		problem = fmt.Sprintf("malformed directive %s: want %s, in lower case", quoted, want)
	}
	if glued != "" && glued != "s" {
		fixed = "" // "//mcp:toolbox": which words were meant is not clear
	}
	return Recognized{Problem: problem, Fixed: fixed}
}

// misseparated recognizes a directive whose "mcp" and kind are kept apart
// by something other than a bare colon: "// mcp: tool", "//mcp :tool",
// "//mcp-tool". It is one only when the kind is a whole word and what
// follows it reads as the directive's arguments, so that prose ("// mcp:
// tool calls are logged") stays prose.
func misseparated(text, spaced string) (Recognized, bool) {
	if len(spaced) < 4 || !strings.EqualFold(spaced[:3], "mcp") {
		return Recognized{}, false
	}
	after := spaced[3:]
	sep := strings.TrimLeft(after, " \t")
	if sep == "" || (sep[0] != ':' && sep[0] != '-') {
		return Recognized{}, false
	}
	gap := sep[1:]
	if sep[0] == ':' && len(sep) == len(after) && strings.TrimLeft(gap, " \t") == gap {
		return Recognized{}, false // "mcp:tool": Recognize's own form
	}
	word, rest := splitWord(strings.TrimLeft(gap, " \t"))
	kind := directiveKindNamed(strings.ToLower(word))
	if !slices.Contains(directiveNames(), kind.name) || !argumentsOf(kind, rest) {
		return Recognized{}, false
	}
	want := "//mcp:" + kind.name
	msg := fmt.Sprintf("malformed directive %s: want %s, with nothing between mcp, the colon and %s", strconv.Quote(strings.TrimSpace(text)), want, kind.name)
	return Recognized{Problem: msg, Fixed: want + rest}, true
}

// argumentsOf reports whether rest, what follows a directive's kind,
// reads as arguments of kind: nothing, or words each an option of kind
// (a key, or key=value), after at most one first word that may be a name
// or a URI.
func argumentsOf(kind *directiveKind, rest string) bool {
	if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return false
	}
	for i, w := range strings.Fields(rest) {
		key, _, _ := strings.Cut(w, "=")
		switch {
		case kind.option(key) != nil:
		case i == 0 && kind.uri && strings.Contains(w, "://"):
		case i == 0 && !kind.uri && naming.Valid.MatchString(w) && strings.ContainsAny(w, "_.-"):
		default:
			return false
		}
	}
	return true
}

// splitWord splits s after its leading run of letters, digits and
// underscores.
func splitWord(s string) (word, rest string) {
	i := strings.IndexFunc(s, func(r rune) bool { return !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_') })
	if i < 0 {
		return s, ""
	}
	return s[:i], s[i:]
}

// Declares reports whether files hold an //mcp: directive, or a comment
// clearly meant as one: a package that mcptag has something to say about.
func Declares(files []*ast.File) bool {
	for _, f := range files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if r := Recognize(c.Text); r.Kind != "" || r.Problem != "" {
					return true
				}
			}
		}
	}
	return false
}

// Misplaced returns a finding for every near miss of a directive in file
// f, and for the directives that sit anywhere but where they declare
// something: a tool, prompt or resource in a function's doc comment, a
// form (//mcp:elicit) in a type's. Elsewhere (on a variable, a constant
// block, inside a body) they would silently declare nothing.
func Misplaced(f *ast.File) []finding.Finding {
	var findings []finding.Finding
	homes := directiveHomes(f.Decls)
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			r := Recognize(c.Text)
			switch {
			case r.Problem != "":
				findings = append(findings, finding.Finding{Pos: c.Slash, End: c.End(), Category: finding.CatDirective, Error: true, Message: r.Problem})
			case r.Kind != "" && misplaced(r.Kind, homes[cg]) != "":
				findings = append(findings, finding.Finding{Pos: c.Slash, End: c.End(), Category: finding.CatDirective, Error: true, Message: misplaced(r.Kind, homes[cg])})
			}
		}
	}
	return findings
}

// Parse parses the text of one //mcp: comment starting at pos.
// The first word, when it is no option, is the name, or the URI of a
// resource. A text that Recognize does not take for a directive
// ("//mcp:tool0", whose kind is glued to a word) is one finding.
func Parse(pos token.Pos, text string) (*Directive, []finding.Finding) {
	kindName, _ := splitWord(strings.TrimPrefix(text, "//mcp:"))
	d := &Directive{Kind: kindName, Pos: pos}
	kind := directiveKindNamed(kindName)
	var findings []finding.Finding
	errorf := func(off, end int, format string, args ...any) {
		findings = append(findings, finding.Finding{Pos: pos + token.Pos(off), End: pos + token.Pos(end), Category: finding.CatDirective, Error: true,
			Message: fmt.Sprintf(format, args...)})
	}
	if r := Recognize(text); r.Kind != kindName {
		msg := r.Problem
		if msg == "" {
			msg = fmt.Sprintf("not a directive: %s", strconv.Quote(text))
		}
		errorf(0, len(text), "%s", msg)
		return d, findings
	}
	toks, err := tokenize(text, len("//mcp:")+len(kindName))
	if err != nil {
		errorf(err.off, len(text), "%s", err.msg)
		return d, findings
	}
	seen := map[string]bool{}
	var nameEnd token.Pos
	stray := 0 // words still to skip, reported with the value they belong to
	for i, tok := range toks {
		key, value, hasValue := strings.Cut(tok.text, "=")
		switch {
		case stray > 0:
			stray--
			continue
		case i == 0 && kind.uri && kind.option(key) == nil && !toolOptionFirst(tok.text):
			// A URI may hold "=" (config://app?format=json).
			d.URI, d.URIPos = tok.text, pos+token.Pos(tok.off)
			d.URIExact = text[tok.off:tok.end] == tok.text
			continue
		case i == 0 && !kind.uri && text[tok.off] == '"':
			// A quoted name is a name, even one that looks like an
			// option: //mcp:tool "closed".
			d.Name, d.NamePos, nameEnd, d.NameQuoted = tok.text, pos+token.Pos(tok.off), pos+token.Pos(tok.end), true
			continue
		case i == 0 && !kind.uri && !hasValue && kind.option(key) == nil:
			d.Name, d.NamePos, nameEnd = tok.text, pos+token.Pos(tok.off), pos+token.Pos(tok.end)
			continue
		case i > 0 && !hasValue && kind.option(key) == nil && unquotedText(kind, text, toks[i-1]):
			words := kind.strayWords(toks[i:])
			prev, head, _ := strings.Cut(toks[i-1].text, "=")
			errorf(toks[i-1].off, toks[i+len(words)-1].end, "%s %s: a %s with spaces needs quotes: %s=%q",
				toks[i-1].text, strings.Join(words, " "), prev, prev, strings.Join(append([]string{head}, words...), " "))
			stray = len(words) - 1
			continue
		case seen[key]:
			errorf(tok.off, tok.end, "option %q given twice", key)
			continue
		case key == "name":
			d.NamePos, nameEnd = pos+token.Pos(tok.off), pos+token.Pos(tok.end)
		}
		seen[key] = true
		d.span(key, pos+token.Pos(tok.off), pos+token.Pos(tok.end), text[tok.off:tok.end])
		if msg := kind.set(d, key, value, hasValue); msg != "" {
			errorf(tok.off, tok.end, "%s", msg)
			findings[len(findings)-1].Fix = kind.keyFix(key, pos+token.Pos(tok.off))
		}
	}
	if a := d.Annotations; a.ReadOnly != nil && *a.ReadOnly && a.Destructive != nil && *a.Destructive {
		s := d.Spans["destructive"]
		findings = append(findings, finding.Finding{Pos: s.Pos, End: s.End, Category: finding.CatDirective, Error: true,
			Message: "readonly and destructive contradict each other: a tool that only reads destroys nothing; keep the one that is true"})
	}
	findings = append(findings, appWithoutPage(d)...)
	findings = append(findings, scopesWithCommas(d)...)
	if d.Name != "" && !naming.Valid.MatchString(d.Name) {
		findings = append(findings, finding.Finding{Pos: d.NamePos, End: nameEnd, Category: finding.CatName, Error: true,
			Message: fmt.Sprintf("invalid %s name %q: must match %s: %s", kind.name, d.Name, naming.Valid, naming.Fault(d.Name))})
	}
	if d.Name == "" && d.NamePos.IsValid() {
		// An empty name written out ("" or name="") is a slip, not a
		// request for the default name: taking the default would hide it.
		findings = append(findings, finding.Finding{Pos: d.NamePos, End: nameEnd, Category: finding.CatName, Error: true,
			Message: fmt.Sprintf("empty %s name: write the name, or leave it out for the default", kind.name)})
	}
	if kind.uri && d.URI == "" {
		errorf(0, len(text), "//mcp:%s needs a URI first, such as //mcp:%[1]s weather://cities or a template //mcp:%[1]s weather://{city}/current", kind.name)
	}
	return d, findings
}

// span records where the option key is written.
func (d *Directive) span(key string, pos, end token.Pos, raw string) {
	if d.Spans == nil {
		d.Spans = map[string]Span{}
	}
	d.Spans[key] = Span{pos, end, raw}
}

// unquotedText reports whether tok, of directive text, is an option of
// kind that takes any text, with its value written unquoted: the words
// after it were likely meant as part of its value (title=Echo three).
func unquotedText(kind *directiveKind, text string, tok dirToken) bool {
	key, _, hasValue := strings.Cut(tok.text, "=")
	o := kind.option(key)
	return hasValue && o != nil && o.takesText() && !strings.Contains(text[tok.off:tok.end], `"`)
}

// strayWords returns the words that start toks and are no option of k:
// at least the first, which is none.
func (k *directiveKind) strayWords(toks []dirToken) []string {
	var words []string
	for _, t := range toks {
		if strings.Contains(t.text, "=") || k.option(t.text) != nil {
			break
		}
		words = append(words, t.text)
	}
	return words
}

// takesText reports whether the option takes any text as its value,
// spaces included (title=, name=), as opposed to a number, a flag or one
// of a few words.
func (o option) takesText() bool {
	return o.set(&Directive{}, o.key, "two words", true) == ""
}

// A directiveKind is what a directive can declare, with the options it
// takes.
type directiveKind struct {
	name    string
	options []option
	// uri says that the directive's first word is a URI, which it needs,
	// rather than an optional name.
	uri bool
}

// An option is one key of a directive. set applies its value (hasValue
// tells "key" from "key=") and returns what is wrong with it, or "".
type option struct {
	key string
	set func(d *Directive, key, value string, hasValue bool) string
}

// directiveKinds are the kinds of //mcp: directives, by name.
var directiveKinds = []*directiveKind{toolKind, promptKind, resourceKind, elicitKind, sharedKind}

func directiveKindNamed(name string) *directiveKind {
	for _, k := range directiveKinds {
		if k.name == name {
			return k
		}
	}
	return &directiveKind{name: name}
}

func (k *directiveKind) option(key string) *option {
	for i := range k.options {
		if k.options[i].key == key {
			return &k.options[i]
		}
	}
	return nil
}

func (k *directiveKind) keys() []string {
	keys := make([]string, len(k.options))
	for i, o := range k.options {
		keys[i] = o.key
	}
	return keys
}

// set applies one option and returns an error message, or "".
func (k *directiveKind) set(d *Directive, key, value string, hasValue bool) string {
	if o := k.option(key); o != nil {
		return o.set(d, key, value, hasValue)
	}
	if isAppOption(key) {
		return appOnOther(k.name, key)
	}
	if k != toolKind && toolKind.option(key) != nil && len(k.options) > 0 {
		return k.toolOptionOn(key, "")
	}
	if len(k.options) == 0 {
		return fmt.Sprintf("unknown option %q: //mcp:%s takes none", key, k.name)
	}
	if s := suggest.Closest(key, k.keys()); s != "" {
		return fmt.Sprintf("unknown option %q (did you mean %q?)", key, s)
	}
	if s := suggest.Closest(key, toolKind.keys()); s != "" && k != toolKind {
		return k.toolOptionOn(s, key)
	}
	return fmt.Sprintf("unknown option %q; options are %s", key, strings.Join(k.keys(), ", "))
}

// keyFix corrects an unknown option key, written at pos, to the key of
// kind it is close to; nil when it is close to none, or is a key.
func (k *directiveKind) keyFix(key string, pos token.Pos) *finding.Fix {
	s := suggest.Closest(key, k.keys())
	if s == "" || k.option(key) != nil {
		return nil
	}
	return &finding.Fix{Message: "write " + s, Pos: pos, End: pos + token.Pos(len(key)), NewText: s}
}

// toolKind is //mcp:tool's.
var toolKind = &directiveKind{name: Tool, options: slices.Concat([]option{
	{"title", text(func(d *Directive, v string) { d.Title = v })},
	{"structured", boolValue(func(d *Directive, b bool) { d.Structured = &b })},
	{"closed", flagOption(func(d *Directive, b bool) { d.Closed = b })},
	{"strict", flagOption(func(d *Directive, b bool) { d.Strict = b })},
	{"readonly", flagOption(func(d *Directive, b bool) { d.Annotations.ReadOnly = &b })},
	{"destructive", flagOption(func(d *Directive, b bool) { d.Annotations.Destructive = &b })},
	{"idempotent", flagOption(func(d *Directive, b bool) { d.Annotations.Idempotent = &b })},
	{"openworld", flagOption(func(d *Directive, b bool) { d.Annotations.OpenWorld = &b })},
	{"depth", count(0, func(d *Directive, n int) { d.Shrink.Depth = &n })},
	{"descriptions", func(d *Directive, key, value string, hasValue bool) string {
		if !hasValue {
			return key + " needs a value: " + key + "=N, " + key + "=first or " + key + "=none"
		}
		if err := d.Shrink.SetDescriptions(value); err != nil {
			return key + "=" + value + ": " + err.Error()
		}
		return ""
	}},
	{"text", oneOf([]string{"json", "compact", "none"}, func(d *Directive, v string) { d.Text = v })},
	{"budget", count(1, func(d *Directive, n int) { d.Budget = n })},
	{"args", oneOf([]string{ArgsGo, ArgsSnake}, func(d *Directive, v string) { d.Args = v })},
	iconOption, iconDarkOption,
	{"view", viewOption},
	{"fields", flagOption(func(d *Directive, b bool) { d.Fields = b })},
	{"keep", keepOption},
	toolsetOption, scopesOption, flagNameOption, taskOption,
}, appOptions)}

// promptKind is //mcp:prompt's.
var promptKind = &directiveKind{name: Prompt, options: []option{
	{"title", text(func(d *Directive, v string) { d.Title = v })},
	iconOption, iconDarkOption,
}}

// resourceKind is //mcp:resource's: a URI, then options.
var resourceKind = &directiveKind{name: Resource, uri: true, options: []option{
	{"name", text(func(d *Directive, v string) { d.Name = v })},
	{"title", text(func(d *Directive, v string) { d.Title = v })},
	{"mime", func(d *Directive, key, value string, hasValue bool) string {
		if !hasValue {
			return key + " needs a MIME type: " + key + "=text/markdown"
		}
		if _, _, err := mime.ParseMediaType(value); err != nil || !strings.Contains(value, "/") {
			return fmt.Sprintf("%s=%q: want a MIME type, such as %[1]s=text/markdown", key, value)
		}
		d.MIME = value
		return ""
	}},
	iconOption, iconDarkOption, ttlOption, cacheOption,
}}

// flagOption is an option that is true alone, or says =true or =false.
func flagOption(set func(*Directive, bool)) func(*Directive, string, string, bool) string {
	return func(d *Directive, key, value string, hasValue bool) string {
		switch {
		case !hasValue || value == "true":
			set(d, true)
		case value == "false":
			set(d, false)
		default:
			return fmt.Sprintf("%s=%s: want true or false", key, value)
		}
		return ""
	}
}

// boolValue is an option that must say =true or =false.
func boolValue(set func(*Directive, bool)) func(*Directive, string, string, bool) string {
	return func(d *Directive, key, value string, hasValue bool) string {
		if !hasValue {
			return fmt.Sprintf("%[1]s needs a value: %[1]s=true or %[1]s=false", key)
		}
		return flagOption(set)(d, key, value, hasValue)
	}
}

// text is an option whose value is any text, quoted if it has spaces.
func text(set func(*Directive, string)) func(*Directive, string, string, bool) string {
	return func(d *Directive, key, value string, hasValue bool) string {
		if !hasValue {
			return fmt.Sprintf(`%[1]s needs a value: %[1]s="..."`, key)
		}
		set(d, value)
		return ""
	}
}

// count is an option whose value is a whole number, least or more.
func count(least int, set func(*Directive, int)) func(*Directive, string, string, bool) string {
	return func(d *Directive, key, value string, hasValue bool) string {
		n, err := strconv.Atoi(value)
		switch {
		case !hasValue:
			return fmt.Sprintf("%[1]s needs a whole number, %[2]d or more: %[1]s=N", key, least)
		case err != nil || n < least:
			return fmt.Sprintf("%s=%q: want a whole number, %d or more", key, value, least)
		}
		set(d, n)
		return ""
	}
}

// oneOf is an option whose value is one of values.
func oneOf(values []string, set func(*Directive, string)) func(*Directive, string, string, bool) string {
	return func(d *Directive, key, value string, hasValue bool) string {
		want := key + "=" + strings.Join(values, ", "+key+"=")
		switch {
		case !hasValue:
			return fmt.Sprintf("%s needs one of %s", key, want)
		case !slices.Contains(values, value):
			return fmt.Sprintf("%s=%q: want one of %s", key, value, want)
		}
		set(d, value)
		return ""
	}
}

type dirToken struct {
	text     string
	off, end int // byte offsets in the comment text
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
		toks = append(toks, dirToken{b.String(), begin, i})
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

// FirstInSource returns the line and column (from 1) and the kind of the
// first directive in the source of a Go file, or 0, 0, "" when it holds
// none. It reads the text alone, as the go command reads a file that the
// build configuration leaves out: what that file declares goes unseen.
func FirstInSource(src []byte) (line, col int, kind string) {
	for i, text := range strings.Split(string(src), "\n") {
		if kind := Recognize(strings.TrimSpace(text)).Kind; kind != "" {
			return i + 1, strings.Index(text, "//") + 1, kind
		}
	}
	return 0, 0, ""
}
