package emit

import (
	"strconv"
	"strings"

	"github.com/mcptag/mcptag/internal/argmodel"
	"github.com/mcptag/mcptag/internal/argspec"
	"github.com/mcptag/mcptag/toolimpl"
)

// The toolimpl.Spec literals of the arguments: what a generated handler
// checks a call against, with no schema machinery at run time, printed
// from the Spec value the argument model builds. Recursive types are
// Spec.Defs, referred to by index, so the literal needs no pointer cycles.

// maxSpecLines is how many levels of nested Fields are printed one field
// a line; deeper ones are printed on their parent's line. The file's
// size (its indentation) and the time to print it then stay linear in an
// argument's depth, however deep a chain of struct types goes.
const maxSpecLines = 6

// maxSpecWidth is the most bytes of a line of a Spec literal that holds
// the element type of an array or map on the line of its argument; a
// longer one is printed on lines of its own.
const maxSpecWidth = 100

// argText is the text of the fields of a, all on one line.
func (g *genFile) argText(a toolimpl.Arg) string {
	w := &lineWriter{g: g}
	g.argFields(w, a, maxSpecLines)
	return w.b.String()
}

// specVar prints the variable name holding sp, the Spec of in.
func (g *genFile) specVar(name string, sp *toolimpl.Spec, in *argmodel.Input) {
	g.P("var ", name, " = &", rt("Spec"), "{")
	g.specFields(sp, in)
	g.P("}")
}

// specFields prints the fields of sp's literal, the Spec of in, whose
// definitions are named by a comment.
func (g *genFile) specFields(sp *toolimpl.Spec, in *argmodel.Input) {
	strict := ""
	if sp.Strict {
		strict = "true"
	}
	argType := "[]" + g.QualifiedGoIdent(rt("Arg")) + "{"
	var args, defs field
	if len(sp.Args) > 0 {
		args = field{key: "Args", head: argType, body: func() { g.argLines(sp.Args, nil) }}
	}
	if len(sp.Defs) > 0 {
		names := sortedKeys(in.Defs) // the order of Spec.Defs
		defs = field{key: "Defs", head: argType, body: func() { g.argLines(sp.Defs, names) }}
	}
	g.fields(field{key: "Tool", value: strconv.Quote(sp.Tool)}, field{key: "Strict", value: strict}, args, defs)
}

// argLines prints args, one a line, each after the comment of its name
// when names are given.
func (g *genFile) argLines(args []toolimpl.Arg, names []string) {
	w := &lineWriter{g: g}
	for i, a := range args {
		if names != nil {
			w.put("/* ", commentSafe(names[i]), " */ ")
		}
		w.put("{")
		g.argFields(w, a, 1)
		w.put("},")
		w.flush()
	}
}

// A lineWriter builds a line of the printer piece by piece.
type lineWriter struct {
	g *genFile
	b strings.Builder
}

func (w *lineWriter) put(parts ...string) {
	for _, p := range parts {
		w.b.WriteString(p)
	}
}

// flush prints the line built so far.
func (w *lineWriter) flush() {
	w.g.P(w.b.String())
	w.b.Reset()
}

// argFields writes the fields of one toolimpl.Arg that are set; its Fields
// one a line if it is within maxSpecLines of the top (depth 1).
func (g *genFile) argFields(w *lineWriter, a toolimpl.Arg, depth int) {
	first := true
	add := func(parts ...string) {
		if !first {
			w.put(", ")
		}
		first = false
		w.put(parts...)
	}
	if a.Name != "" {
		add("Name: ", strconv.Quote(a.Name))
	}
	if a.Required {
		add("Required: true")
	}
	if a.Ref != 0 {
		add("Ref: ", strconv.Itoa(a.Ref))
		if a.Nullable {
			add("Nullable: true")
		}
		return
	}
	if a.Kind != 0 {
		add("Kind: ", g.kindNames(a.Kind))
	}
	if a.Nullable {
		add("Nullable: true")
	}
	if a.Range != argspec.AnyInt {
		add("Range: ", g.QualifiedGoIdent(rt(rangeNames[a.Range])))
	}
	if a.Format != argspec.NoFormat {
		add("Format: ", g.QualifiedGoIdent(rt(argspec.FormatIdent(a.Format))))
	}
	if a.Enum != nil {
		add("Enum: ")
		g.putList(w, "[]string{", quoteEach(a.Enum), depth)
	}
	if a.Elem != nil {
		add("Elem: &", g.QualifiedGoIdent(rt("Arg")), "{")
		if depth < maxSpecLines && w.b.Len()+len(g.argText(*a.Elem)) > maxSpecWidth {
			// Too long for the line: the element's fields on lines of
			// their own, as a Fields list is printed.
			w.flush()
			g.argFields(w, *a.Elem, depth+1)
			w.put(",")
			w.flush()
		} else {
			g.argFields(w, *a.Elem, depth)
		}
		w.put("}")
	}
	if a.Fields != nil {
		g.fieldList(w, add, a.Fields, depth)
	}
	if a.Closed {
		add("Closed: true")
	}
	if a.Keys != argspec.NoFormat {
		add("Keys: ", g.QualifiedGoIdent(rt(argspec.FormatIdent(a.Keys))))
	}
	if a.Fixed {
		add("Fixed: true, Len: ", strconv.Itoa(a.Len))
	}
	if len(a.Rules) > 0 {
		add("Rules: ")
		g.putList(w, "[]"+g.QualifiedGoIdent(rt("Rule"))+"{", g.rules(a.Rules), depth)
	}
	if a.Default != nil {
		add("Default: []byte(", goString(string(a.Default)), ")")
	}
}

// fieldList writes the Fields of an Arg at depth: one a line near the
// top, on the current line deeper down.
func (g *genFile) fieldList(w *lineWriter, add func(...string), fields []toolimpl.Arg, depth int) {
	add("Fields: []", g.QualifiedGoIdent(rt("Arg")), "{")
	multiline := depth < maxSpecLines
	if multiline && len(fields) > 0 {
		w.flush()
	}
	for i, f := range fields {
		if i > 0 && !multiline {
			w.put(", ")
		}
		w.put("{")
		g.argFields(w, f, depth+1)
		w.put("}")
		if multiline {
			w.put(",")
			w.flush()
		}
	}
	w.put("}")
}

// kindNames is the expression of k: its constants combined.
func (g *genFile) kindNames(k toolimpl.Kind) string {
	var names []string
	for _, kn := range []struct {
		k    toolimpl.Kind
		name string
	}{{toolimpl.KindBoolean, "KindBoolean"}, {toolimpl.KindInteger, "KindInteger"}, {toolimpl.KindNumber, "KindNumber"},
		{toolimpl.KindString, "KindString"}, {toolimpl.KindArray, "KindArray"}, {toolimpl.KindObject, "KindObject"}} {
		if k&kn.k != 0 {
			names = append(names, g.QualifiedGoIdent(rt(kn.name)))
		}
	}
	return strings.Join(names, " | ")
}

var rangeNames = map[toolimpl.IntRange]string{
	toolimpl.RangeInt8: "RangeInt8", toolimpl.RangeInt16: "RangeInt16", toolimpl.RangeInt32: "RangeInt32",
	toolimpl.RangeUint8: "RangeUint8", toolimpl.RangeUint16: "RangeUint16", toolimpl.RangeUint32: "RangeUint32",
	toolimpl.RangeUint64: "RangeUint64", toolimpl.RangeFloat32: "RangeFloat32",
}

var opNames = map[toolimpl.Op]string{
	toolimpl.Minimum: "Minimum", toolimpl.Maximum: "Maximum", toolimpl.ExclusiveMinimum: "ExclusiveMinimum",
	toolimpl.ExclusiveMaximum: "ExclusiveMaximum", toolimpl.MultipleOf: "MultipleOf",
	toolimpl.MinLength: "MinLength", toolimpl.MaxLength: "MaxLength", toolimpl.Pattern: "Pattern",
	toolimpl.MinItems: "MinItems", toolimpl.MaxItems: "MaxItems", toolimpl.UniqueItems: "UniqueItems",
}

// rules are the literals of the elements of a []toolimpl.Rule.
func (g *genFile) rules(rs []toolimpl.Rule) []string {
	var parts []string
	for _, r := range rs {
		s := "Op: " + g.QualifiedGoIdent(rt(opNames[r.Op]))
		switch r.Op {
		case toolimpl.Minimum, toolimpl.Maximum, toolimpl.ExclusiveMinimum, toolimpl.ExclusiveMaximum, toolimpl.MultipleOf:
			s += ", Num: " + strconv.FormatFloat(r.Num, 'g', -1, 64)
		case toolimpl.MinLength, toolimpl.MaxLength, toolimpl.MinItems, toolimpl.MaxItems:
			s += ", Count: " + strconv.Itoa(r.Count)
		case toolimpl.Pattern:
			s += ", Text: " + goString(r.Text)
		}
		parts = append(parts, "{"+s+"}")
	}
	return parts
}

// putList writes the literal head{items...}, on the current line when it
// fits within maxSpecWidth or past maxSpecLines levels (see argFields),
// else an item a line, so that a change of one is one changed line.
func (g *genFile) putList(w *lineWriter, head string, items []string, depth int) {
	inline := strings.Join(items, ", ")
	if depth >= maxSpecLines || w.b.Len()+len(head)+len(inline)+1 <= maxSpecWidth {
		w.put(head, inline, "}")
		return
	}
	w.put(head)
	w.flush()
	for _, item := range items {
		w.put(item, ",")
		w.flush()
	}
	w.put("}")
}

func commentSafe(s string) string { return strings.ReplaceAll(s, "*/", "* /") }
