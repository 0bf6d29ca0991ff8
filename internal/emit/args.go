package emit

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/argmodel"
	"github.com/mcptag/mcptag/internal/argspec"
	"github.com/mcptag/mcptag/toolimpl"
)

// argSpec renders the toolimpl.Spec literal describing a tool's arguments,
// as the analyzer's model of them renders it: what the generated handler
// checks a call against, with no schema machinery at run time. Recursive
// types are Spec.Defs, referred to by index, so the literal needs no
// pointer cycles.
func argSpec(t *analyzer.Tool) string {
	return specLiteral(t.Arguments, t.Name, t.Directive != nil && t.Directive.Strict)
}

// specLiteral renders the toolimpl.Spec literal of the arguments in, of
// the tool, prompt or resource called name.
func specLiteral(in *argmodel.Input, name string, strict bool) string {
	sp := in.Spec(name, strict)
	names := make([]string, 0, len(in.Defs))
	for name := range in.Defs {
		names = append(names, name)
	}
	sort.Strings(names) // the order of Spec.Defs
	var b strings.Builder
	fmt.Fprintf(&b, "&toolimpl.Spec{\nTool: %q,\n", sp.Tool)
	if sp.Strict {
		b.WriteString("Strict: true,\n")
	}
	if len(sp.Args) > 0 {
		fmt.Fprintf(&b, "Args: %s,\n", argList(sp.Args))
	}
	if len(sp.Defs) > 0 {
		b.WriteString("Defs: []toolimpl.Arg{\n")
		for i, d := range sp.Defs {
			fmt.Fprintf(&b, "/* %s */ {%s},\n", commentSafe(names[i]), argFields(d))
		}
		b.WriteString("},\n")
	}
	b.WriteString("}")
	return b.String()
}

func argList(args []toolimpl.Arg) string {
	var b strings.Builder
	b.WriteString("[]toolimpl.Arg{\n")
	for _, a := range args {
		fmt.Fprintf(&b, "{%s},\n", argFields(a))
	}
	b.WriteString("}")
	return b.String()
}

// argFields renders the fields of one toolimpl.Arg that are set.
func argFields(a toolimpl.Arg) string {
	var parts []string
	add := func(format string, args ...any) { parts = append(parts, fmt.Sprintf(format, args...)) }
	if a.Name != "" {
		add("Name: %s", strconv.Quote(a.Name))
	}
	if a.Required {
		add("Required: true")
	}
	if a.Ref != 0 {
		add("Ref: %d", a.Ref)
		if a.Nullable {
			add("Nullable: true")
		}
		return strings.Join(parts, ", ")
	}
	if a.Kind != 0 {
		add("Kind: %s", kindNames(a.Kind))
	}
	if a.Nullable {
		add("Nullable: true")
	}
	if a.Range != argspec.AnyInt {
		add("Range: toolimpl.%s", rangeNames[a.Range])
	}
	if a.Format != argspec.NoFormat {
		add("Format: toolimpl.%s", argspec.FormatIdent(a.Format))
	}
	if a.Enum != nil {
		q := make([]string, len(a.Enum))
		for i, e := range a.Enum {
			q[i] = strconv.Quote(e)
		}
		add("Enum: []string{%s}", strings.Join(q, ", "))
	}
	if a.Elem != nil {
		add("Elem: &toolimpl.Arg{%s}", argFields(*a.Elem))
	}
	if a.Fields != nil {
		if len(a.Fields) == 0 {
			add("Fields: []toolimpl.Arg{}")
		} else {
			add("Fields: %s", argList(a.Fields))
		}
	}
	if a.Closed {
		add("Closed: true")
	}
	if a.Keys != argspec.NoFormat {
		add("Keys: toolimpl.%s", argspec.FormatIdent(a.Keys))
	}
	if a.Fixed {
		add("Fixed: true, Len: %d", a.Len)
	}
	if len(a.Rules) > 0 {
		add("Rules: %s", rules(a.Rules))
	}
	if a.Default != nil {
		add("Default: []byte(%s)", goString(string(a.Default)))
	}
	return strings.Join(parts, ", ")
}

func kindNames(k toolimpl.Kind) string {
	var names []string
	for _, kn := range []struct {
		k    toolimpl.Kind
		name string
	}{{toolimpl.KindBoolean, "KindBoolean"}, {toolimpl.KindInteger, "KindInteger"}, {toolimpl.KindNumber, "KindNumber"},
		{toolimpl.KindString, "KindString"}, {toolimpl.KindArray, "KindArray"}, {toolimpl.KindObject, "KindObject"}} {
		if k&kn.k != 0 {
			names = append(names, "toolimpl."+kn.name)
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

func rules(rs []toolimpl.Rule) string {
	var parts []string
	for _, r := range rs {
		s := "Op: toolimpl." + opNames[r.Op]
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
	return "[]toolimpl.Rule{" + strings.Join(parts, ", ") + "}"
}

func commentSafe(s string) string { return strings.ReplaceAll(s, "*/", "* /") }
