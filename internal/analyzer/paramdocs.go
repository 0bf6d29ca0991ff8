package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"
	"regexp"
	"slices"
	"strings"

	"github.com/mcptag/mcptag/internal/argmodel"
	"github.com/mcptag/mcptag/internal/finding"
	"github.com/mcptag/mcptag/internal/suggest"
)

// A paramDoc is what a tool's doc comment says of one plain parameter, in
// a list item naming it:
//
//	//   - city: the city to report on
//	//   - days (minimum=1,maximum=7): how many days ahead
//
// The parenthesized constraints, optional, are those of a jsonschema tag.
type paramDoc struct {
	Text   string
	Tag    string
	TagPos token.Pos
}

type paramDocs map[string]paramDoc

// listItem matches the first line of a doc comment list item that names
// a parameter: the marker, the name, constraints in parentheses, a colon.
// The name may be in backquotes (bq), as Go doc comments write code.
var listItem = regexp.MustCompile(`^//(\s+)([-*+•]|[0-9]+[.)])\s+` + bq + `([\pL_][\pL\pN_]*)` + bq + `(\s*\((.*)\))?:\s*(.*)$`)

// bq is an optional backquote around a list item's name.
const bq = "`?"

// colonlessItem matches a list item that names a parameter and gives it
// parenthesized constraints, but forgets the colon after them.
var colonlessItem = regexp.MustCompile(`^//\s+(?:[-*+•]|[0-9]+[.)])\s+` + bq + `([\pL_][\pL\pN_]*)` + bq + `\s*\(([^)]*)\)\s*([^:\s].*)?$`)

// paramDocs reads the list items of doc that name a plain parameter of
// the tool or prompt called name, or one of the arguments extra that
// mcptag adds (a view's fields, whatever the tool's style of arguments),
// and returns them with the doc comment less those items, which a model
// need not read twice: once in the description, once on the argument. An
// item of that form that names no parameter is a finding, and is left out
// too (see strayItem).
func (a *analysis) paramDocs(name string, style ArgStyle, params []Param, extra []string, doc *ast.CommentGroup) (paramDocs, *ast.CommentGroup) {
	docs := paramDocs{}
	if style != ArgsPlain && len(extra) == 0 || doc == nil {
		return docs, doc
	}
	names, param := itemNames(style, params, extra)
	var kept []*ast.Comment
	list := doc.List
	for i := 0; i < len(list); i++ {
		c := list[i]
		m := listItem.FindStringSubmatchIndex(c.Text)
		if m == nil {
			a.colonlessItem(c, names)
			kept = append(kept, c)
			continue
		}
		item := c.Text[m[6]:m[7]]
		// Continuation lines are indented past the marker.
		indent := m[3] - 2 + (m[5] - m[4]) + 1
		end := i
		for end+1 < len(list) && continues(list[end+1].Text, indent) {
			end++
		}
		if !slices.Contains(names, item) && style != ArgsPlain {
			// A struct's fields are described by their own comments: an
			// item of its tool's doc is the tool's prose.
			kept = append(kept, c)
			continue
		}
		if !slices.Contains(names, item) {
			a.strayItem(c.Slash+token.Pos(m[6]), item, name, names)
			i = end
			continue
		}
		d := paramDoc{Text: c.Text[m[12]:m[13]]}
		switch paren := c.Text[max(m[10], 0):max(m[11], 0)]; {
		case m[10] < 0:
			a.constraintsAfterColon(c, m[6], item, d.Text)
		case argmodel.LooksLikeConstraints(paren):
			d.Tag, d.TagPos = paren, c.Slash+token.Pos(m[10])
		default: // "(optional)", "(the main room)": words of the description
			d.Text = "(" + paren + ") " + d.Text
		}
		for ; i < end; i++ {
			d.Text += " " + strings.TrimSpace(strings.TrimPrefix(list[i+1].Text, "//"))
		}
		if _, dup := docs[param[item]]; dup {
			a.warnf(c.Slash, finding.CatUndocumented, "parameter %s is described by two doc list items; the first is kept", param[item])
			continue
		}
		d.Text = strings.Join(strings.Fields(d.Text), " ")
		docs[param[item]] = d
	}
	if len(kept) == len(doc.List) {
		return docs, doc
	}
	return docs, &ast.CommentGroup{List: withoutBareIntro(kept, doc.List)}
}

// itemNames returns the names a doc list item may give a parameter of
// params, of the style given, or an argument of extra: a plain
// parameter's name in the source or, when it differs, on the wire
// (args=snake), so that an item may call runID run_id. param maps each
// name to the parameter's name in the source, the key of paramDocs.
func itemNames(style ArgStyle, params []Param, extra []string) (names []string, param map[string]string) {
	param = map[string]string{}
	if style == ArgsPlain {
		for _, p := range params {
			// The wire name first: a suggestion names what the model sees.
			if p.Wire != "" {
				names = append(names, p.Wire)
				param[p.Wire] = p.Name
			}
			names = append(names, p.Name)
			param[p.Name] = p.Name
		}
	}
	for _, e := range extra {
		names = append(names, e)
		if _, ok := param[e]; !ok {
			param[e] = e
		}
	}
	return names, param
}

// colonlessItem reports a comment line c that would describe a parameter,
// one of params, with constraints, but for the colon it forgets after
// them: the constraints would silently be prose.
func (a *analysis) colonlessItem(c *ast.Comment, params []string) {
	m := colonlessItem.FindStringSubmatchIndex(c.Text)
	if m == nil {
		return
	}
	name, paren, text := c.Text[m[2]:m[3]], c.Text[m[4]:m[5]], c.Text[max(m[6], 0):max(m[7], 0)]
	if !slices.Contains(params, name) || !argmodel.LooksLikeConstraints(paren) {
		return
	}
	right := fmt.Sprintf("%s (%s): %s", name, paren, text)
	a.itemError(c, m[2], fmt.Sprintf("doc list item %q needs a colon after its constraints: - %s", name, right), right)
}

// itemError reports a doc list item, comment c, that almost has the form
// of one, at the name at offset off; right is the item as it is meant,
// from the name on, which a fix writes there.
func (a *analysis) itemError(c *ast.Comment, off int, msg, right string) {
	f := finding.Finding{Pos: c.Slash + token.Pos(off), Category: finding.CatJSONTag, Message: msg, Error: true}
	if c.Text[off-1] != '`' {
		f.Fix = &finding.Fix{Message: "write - " + right, Pos: f.Pos, End: c.End(), NewText: strings.TrimSpace(right)}
	}
	a.report(f)
}

// constraintsAfterColon reports the item describing the parameter name,
// at offset off of comment c, whose text begins with constraints: "- limit: (minimum=1) how
// many" reads them as words of the description.
func (a *analysis) constraintsAfterColon(c *ast.Comment, off int, name, text string) {
	inner, rest, ok := strings.Cut(strings.TrimPrefix(text, "("), ")")
	if !strings.HasPrefix(text, "(") || !ok || !argmodel.LooksLikeConstraints(inner) {
		return
	}
	right := fmt.Sprintf("%s (%s): %s", name, inner, strings.TrimSpace(rest))
	a.itemError(c, off, fmt.Sprintf("doc list item %q has its constraints after the colon, where they are words of its description; write them before it: - %s", name, right), right)
}

// strayItem reports a doc list item, at pos, that names no parameter of
// the tool or prompt called name, whose parameters are params. Its
// parameter goes undescribed if it is a misspelling of one, which is an
// error; else it is advice. Either way it is left out of the
// description: it has the form of an argument's description, which a
// model would read as one.
func (a *analysis) strayItem(pos token.Pos, item, name string, params []string) {
	if s := suggest.Closest(item, params); s != "" {
		a.errorf(pos, finding.CatName, "doc list item %q names no parameter of %s (did you mean %q?)", item, name, s)
		return
	}
	a.warnf(pos, finding.CatUndocumented, "doc list item %q names no parameter of %s; it is left out of the description (a list item \"- word: text\" describes the parameter word)",
		item, name)
}

// withoutBareIntro drops from kept a line that introduced a list
// ("Arguments:") and is left with no item after it: every item it
// introduced was taken out for its parameter.
func withoutBareIntro(kept, all []*ast.Comment) []*ast.Comment {
	var out []*ast.Comment
	for i, c := range kept {
		intro := strings.HasSuffix(strings.TrimSpace(c.Text), ":")
		next := slices.Index(all, c) + 1
		takenAfter := next < len(all) && !slices.Contains(kept, all[next])
		itemAfter := i+1 < len(kept) && listItemLine.MatchString(kept[i+1].Text)
		if intro && takenAfter && !itemAfter {
			continue
		}
		out = append(out, c)
	}
	return out
}

// listItemLine matches a doc comment line that starts a list item.
var listItemLine = regexp.MustCompile(`^//\s+([-*+•]|[0-9]+[.)])\s`)

// continues reports whether a comment line continues a list item whose
// text is indented by indent columns: it is indented past the marker.
func continues(text string, indent int) bool {
	body, ok := strings.CutPrefix(text, "//")
	if !ok || strings.TrimSpace(body) == "" || listItem.MatchString(text) {
		return false
	}
	n := len(body) - len(strings.TrimLeft(body, " \t"))
	return n >= indent
}

// applyTag applies a jsonschema tag (or, inDoc, a doc list item's
// constraints) to a property (argmodel.ApplyTag), and reports each of its
// problems as a json-tag error at its place in the tag, which at tells.
func (a *analysis) applyTag(f *argmodel.Field, text string, inDoc bool, at func(off int) token.Pos) {
	for _, e := range argmodel.ApplyTag(f, text, inDoc, at) {
		a.tagError(e, at)
	}
}

// tagText returns the description and title that field f's jsonschema tag
// gives it, the only parts of a tag that an output schema shows: a
// constraint is a promise about what a caller may send, which the
// generated handler checks, and a result is not checked against it. The
// tag's syntax errors are reported all the same.
func (a *analysis) tagText(f jsonField) (desc, title string) {
	if f.SchemaTag == "" {
		return "", ""
	}
	tag, errs := argmodel.ParseTag(f.SchemaTag)
	at := a.schemaTagPos(f.Var)
	for _, e := range errs {
		a.tagError(e, at)
	}
	return tag.Description, tag.Title
}

// tagError reports a problem of a tag, e, at its place, which at tells,
// with its correction, if it has one and the source spells the bytes it
// replaces as the tag's value has them (no escape, not a tag of another
// package, which at places at the start of its tag).
func (a *analysis) tagError(e argmodel.TagError, at func(off int) token.Pos) {
	f := finding.Finding{Pos: at(e.Off), Category: finding.CatJSONTag, Message: e.Msg, Error: true}
	if e.Fix != nil && int(at(e.Fix.End)-at(e.Fix.Off)) == e.Fix.End-e.Fix.Off {
		f.Fix = &finding.Fix{Message: "write " + e.Fix.Text, Pos: at(e.Fix.Off), End: at(e.Fix.End), NewText: e.Fix.Text}
	}
	a.report(f)
}
