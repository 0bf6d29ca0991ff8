package analyzer

import (
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/mcptag/mcptag/internal/finding"
	"github.com/mcptag/mcptag/internal/suggest"
	"github.com/mcptag/mcptag/toolrt"
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
var listItem = regexp.MustCompile(`^//(\s+)([-*+•]|[0-9]+[.)])\s+([\pL_][\pL\pN_]*)(\s*\((.*)\))?:\s*(.*)$`)

// paramDocs reads the list items of doc that name a plain parameter of
// the tool or prompt called name,
// and returns them with the doc comment less those items, which a model
// need not read twice: once in the description, once on the argument. An
// item of that form that names no parameter is a finding, and is left out
// too (see strayItem).
func (a *analysis) paramDocs(name string, style ArgStyle, params []Param, doc *ast.CommentGroup) (paramDocs, *ast.CommentGroup) {
	docs := paramDocs{}
	if style != ArgsPlain || doc == nil {
		return docs, doc
	}
	names := make([]string, len(params))
	for i, p := range params {
		names[i] = p.Name
	}
	var kept []*ast.Comment
	list := doc.List
	for i := 0; i < len(list); i++ {
		c := list[i]
		m := listItem.FindStringSubmatchIndex(c.Text)
		if m == nil {
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
		if !slices.Contains(names, item) {
			a.strayItem(c.Slash+token.Pos(m[6]), item, name, names)
			i = end
			continue
		}
		d := paramDoc{Text: c.Text[m[12]:m[13]]}
		switch paren := c.Text[max(m[10], 0):max(m[11], 0)]; {
		case m[10] < 0:
		case looksLikeConstraints(paren):
			d.Tag, d.TagPos = paren, c.Slash+token.Pos(m[10])
		default: // "(optional)", "(the main room)": words of the description
			d.Text = "(" + paren + ") " + d.Text
		}
		for ; i < end; i++ {
			d.Text += " " + strings.TrimSpace(strings.TrimPrefix(list[i+1].Text, "//"))
		}
		if _, dup := docs[item]; dup {
			a.warnf(c.Slash, finding.CatUndocumented, "parameter %s is described by two doc list items; the first is kept", item)
			continue
		}
		d.Text = strings.Join(strings.Fields(d.Text), " ")
		docs[item] = d
	}
	if len(kept) == len(doc.List) {
		return docs, doc
	}
	return docs, &ast.CommentGroup{List: withoutBareIntro(kept, doc.List)}
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
// constraints), whose offsets at tells the place of, to a property: its description, title, constraints,
// default and examples. A problem is a json-tag error at its place in the
// tag: a tag never silently means less than it says.
func (a *analysis) applyTag(f *Field, text string, inDoc bool, at func(off int) token.Pos) {
	parse := parseSchemaTag
	if inDoc {
		parse = parseDocConstraints
	}
	tag, errs := parse(text)
	if tag.Description != "" {
		f.Value.Description = tag.Description
	}
	if tag.Title != "" {
		f.Value.Title = tag.Title
	}
	errs = append(errs, constrain(f.Value, tag.Pairs)...)
	placeHeader(f.Value, tag.Pairs, at) // headers.go
	if tag.Required {
		f.Required = true
	}
	if f.Value.Default != nil || (f.Value.Items != nil && f.Value.Items.Default != nil) {
		if tag.Required {
			errs = append(errs, tagError{0, "required and default: a default applies to an argument that is absent, which required forbids"})
		}
		f.Required = false
		if err := checkValue(f, f.Value.Default); err != "" {
			errs = append(errs, tagError{0, "default " + string(f.Value.Default) + " " + err})
		}
	}
	for _, e := range f.Value.Enum {
		raw, _ := json.Marshal(e)
		if err := checkValue(f, raw); err != "" {
			errs = append(errs, tagError{0, "enum value " + string(raw) + " " + err})
		}
	}
	if msg := contradiction(f.Value); msg != "" {
		errs = append(errs, tagError{0, msg})
	}
	for _, e := range errs {
		a.errorf(at(e.Off), finding.CatJSONTag, "%s", e.Msg)
	}
}

// contradiction says why no value can meet v's constraints, or "".
func contradiction(v *Value) string {
	for _, w := range []*Value{v, v.Items} {
		if w == nil {
			continue
		}
		if w.numeric() && w.noNumber() {
			return "no number meets " + w.bounds()
		}
		switch {
		case w.MinLength != nil && w.MaxLength != nil && *w.MinLength > *w.MaxLength:
			return fmt.Sprintf("minLength %d is more than maxLength %d", *w.MinLength, *w.MaxLength)
		case !w.Fixed && w.MinItems != nil && w.MaxItems != nil && *w.MinItems > *w.MaxItems:
			return fmt.Sprintf("minItems %d is more than maxItems %d", *w.MinItems, *w.MaxItems)
		}
	}
	return ""
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
	tag, errs := parseSchemaTag(f.SchemaTag)
	at := a.schemaTagPos(f.Var)
	for _, e := range errs {
		a.errorf(at(e.Off), finding.CatJSONTag, "%s", e.Msg)
	}
	return tag.Description, tag.Title
}

// checkValue runs a value that a tag declares for a property (a default,
// an enum value) through the checks of the generated handler, and says why
// they reject it, or that the property's Go type cannot hold it, or "".
func checkValue(f *Field, raw json.RawMessage) string {
	if bits := f.Value.FloatBits; bits > 0 {
		if _, err := strconv.ParseFloat(string(raw), bits); err != nil {
			return fmt.Sprintf("is beyond what a float%d holds", bits)
		}
	}
	sp := &toolrt.Spec{Tool: "default", Strict: true, Args: []toolrt.Arg{f.arg(nil)}}
	sp.Args[0].Required = true
	name, _ := json.Marshal(f.Name)
	_, err := sp.Parse([]byte(`{` + string(name) + `:` + string(raw) + `}`))
	if err == nil {
		return ""
	}
	var ae *toolrt.ArgError
	msg := err.Error()
	if errors.As(err, &ae) {
		msg = ae.Message
		if _, after, ok := strings.Cut(msg, ": "); ok && strings.HasPrefix(msg, "argument ") {
			msg = after
		}
	}
	return "fails the property's own constraints: " + msg
}
