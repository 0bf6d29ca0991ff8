package emit

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/argmodel"
	"github.com/mcptag/mcptag/internal/argspec"
	"github.com/mcptag/mcptag/toolrt"
)

// argSpec renders the toolrt.Spec literal describing a tool's arguments,
// as the analyzer's model of them renders it: what the generated handler
// checks a call against, with no schema machinery at run time. Recursive
// types are Spec.Defs, referred to by index, so the literal needs no
// pointer cycles.
func argSpec(t *analyzer.Tool) string {
	return specLiteral(t.Arguments, t.Name, t.Directive != nil && t.Directive.Strict)
}

// specLiteral renders the toolrt.Spec literal of the arguments in, of
// the tool, prompt or resource called name.
func specLiteral(in *argmodel.Input, name string, strict bool) string {
	sp := in.Spec(name, strict)
	names := make([]string, 0, len(in.Defs))
	for name := range in.Defs {
		names = append(names, name)
	}
	sort.Strings(names) // the order of Spec.Defs
	var b strings.Builder
	fmt.Fprintf(&b, "&toolrt.Spec{\nTool: %q,\n", sp.Tool)
	if sp.Strict {
		b.WriteString("Strict: true,\n")
	}
	if len(sp.Args) > 0 {
		fmt.Fprintf(&b, "Args: %s,\n", argList(sp.Args))
	}
	if len(sp.Defs) > 0 {
		b.WriteString("Defs: []toolrt.Arg{\n")
		for i, d := range sp.Defs {
			fmt.Fprintf(&b, "/* %s */ {%s},\n", commentSafe(names[i]), argFields(d))
		}
		b.WriteString("},\n")
	}
	b.WriteString("}")
	return b.String()
}

func argList(args []toolrt.Arg) string {
	var b strings.Builder
	b.WriteString("[]toolrt.Arg{\n")
	for _, a := range args {
		fmt.Fprintf(&b, "{%s},\n", argFields(a))
	}
	b.WriteString("}")
	return b.String()
}

// argFields renders the fields of one toolrt.Arg that are set.
func argFields(a toolrt.Arg) string {
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
		add("Range: toolrt.%s", rangeNames[a.Range])
	}
	if a.Format != argspec.NoFormat {
		add("Format: toolrt.%s", argspec.FormatIdent(a.Format))
	}
	if a.Enum != nil {
		q := make([]string, len(a.Enum))
		for i, e := range a.Enum {
			q[i] = strconv.Quote(e)
		}
		add("Enum: []string{%s}", strings.Join(q, ", "))
	}
	if a.Elem != nil {
		add("Elem: &toolrt.Arg{%s}", argFields(*a.Elem))
	}
	if a.Fields != nil {
		if len(a.Fields) == 0 {
			add("Fields: []toolrt.Arg{}")
		} else {
			add("Fields: %s", argList(a.Fields))
		}
	}
	if a.Closed {
		add("Closed: true")
	}
	if a.Keys != argspec.NoFormat {
		add("Keys: toolrt.%s", argspec.FormatIdent(a.Keys))
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

func kindNames(k toolrt.Kind) string {
	var names []string
	for _, kn := range []struct {
		k    toolrt.Kind
		name string
	}{{toolrt.KindBoolean, "KindBoolean"}, {toolrt.KindInteger, "KindInteger"}, {toolrt.KindNumber, "KindNumber"},
		{toolrt.KindString, "KindString"}, {toolrt.KindArray, "KindArray"}, {toolrt.KindObject, "KindObject"}} {
		if k&kn.k != 0 {
			names = append(names, "toolrt."+kn.name)
		}
	}
	return strings.Join(names, " | ")
}

var rangeNames = map[toolrt.IntRange]string{
	toolrt.RangeInt8: "RangeInt8", toolrt.RangeInt16: "RangeInt16", toolrt.RangeInt32: "RangeInt32",
	toolrt.RangeUint8: "RangeUint8", toolrt.RangeUint16: "RangeUint16", toolrt.RangeUint32: "RangeUint32",
	toolrt.RangeUint64: "RangeUint64", toolrt.RangeFloat32: "RangeFloat32",
}

var opNames = map[toolrt.Op]string{
	toolrt.Minimum: "Minimum", toolrt.Maximum: "Maximum", toolrt.ExclusiveMinimum: "ExclusiveMinimum",
	toolrt.ExclusiveMaximum: "ExclusiveMaximum", toolrt.MultipleOf: "MultipleOf",
	toolrt.MinLength: "MinLength", toolrt.MaxLength: "MaxLength", toolrt.Pattern: "Pattern",
	toolrt.MinItems: "MinItems", toolrt.MaxItems: "MaxItems", toolrt.UniqueItems: "UniqueItems",
}

func rules(rs []toolrt.Rule) string {
	var parts []string
	for _, r := range rs {
		s := "Op: toolrt." + opNames[r.Op]
		switch r.Op {
		case toolrt.Minimum, toolrt.Maximum, toolrt.ExclusiveMinimum, toolrt.ExclusiveMaximum, toolrt.MultipleOf:
			s += ", Num: " + strconv.FormatFloat(r.Num, 'g', -1, 64)
		case toolrt.MinLength, toolrt.MaxLength, toolrt.MinItems, toolrt.MaxItems:
			s += ", Count: " + strconv.Itoa(r.Count)
		case toolrt.Pattern:
			s += ", Text: " + goString(r.Text)
		}
		parts = append(parts, "{"+s+"}")
	}
	return "[]toolrt.Rule{" + strings.Join(parts, ", ") + "}"
}

func commentSafe(s string) string { return strings.ReplaceAll(s, "*/", "* /") }
