package catalog

import (
	"fmt"
	"strings"
)

// An Arg is one argument of a tool, prompt or resource template: a row of
// its arguments table.
type Arg struct {
	Name     string
	Type     string
	Required bool
	// Default is the value a missing argument takes, as JSON; "" if none.
	Default string
	// Constraints are the bounds a value must keep, each readable on its
	// own: "1 ≤ days ≤ 7", "length ≥ 1", "unique items".
	Constraints []string
	Pattern     string
	Enum        []string
	EnumEach    bool // Enum holds the values of each item of an array
	Examples    []string
	Description string
	// Header is the name of the HTTP header the client sends the
	// argument's value in, Mcp-Param-<x-mcp-header>; "" if none.
	Header string
	// Fields are the properties of an object argument (or of the items of
	// an array of objects), as a tree. Anchor and Link are a Node's.
	Fields       []*Node
	Anchor, Link string
}

// A Node is one property of a result's shape, or of an object argument,
// with the properties it holds.
type Node struct {
	// Name is the property's name; "[]" names an array's items and
	// "{key}" a map's values where they are a node of their own, beside
	// an object's properties (an array or map whose items are all it
	// holds shows their children as its own).
	Name        string
	Type        string
	Required    bool
	Description string
	Constraints []string
	Pattern     string
	Enum        []string
	EnumEach    bool // Enum holds the values of each item of an array
	Children    []*Node
	// Anchor is the id of the node that shows a $defs entry first; Link,
	// on a later use of the entry, points to it instead of repeating it.
	// Recursive marks a Link to a node that holds this one.
	Anchor, Link string
	Recursive    bool
	Open         bool // shown unfolded: the first level of a result
}

// A shaper turns one schema into arguments and trees. It resolves the
// $refs of its root, and shows each $defs entry once: later uses link to
// the first, so that a page grows with the schema, not with its uses.
type shaper struct {
	root     *object
	ids      *ids
	idPrefix string
	shown    map[string]string // $defs name → anchor id
	open     map[string]bool   // $defs entries being expanded, for recursion
}

func newShaper(root *object, ids *ids, idPrefix string) *shaper {
	return &shaper{root: root, ids: ids, idPrefix: idPrefix, shown: map[string]string{}, open: map[string]bool{}}
}

// args lists the properties of an object schema, in order, as arguments.
func (sh *shaper) args(s *object) []Arg {
	s, _ = sh.deref(s)
	props := s.obj("properties")
	if props == nil {
		return nil
	}
	required := stringSet(s.list("required"))
	var out []Arg
	for _, name := range props.keys {
		p := props.obj(name)
		n := sh.node(name, p, required[name])
		a := Arg{Name: name, Type: n.Type, Required: required[name], Constraints: n.Constraints,
			Pattern: n.Pattern, Enum: n.Enum, EnumEach: n.EnumEach, Description: n.Description, Fields: n.Children, Anchor: n.Anchor, Link: n.Link}
		if h := p.str(headerKeyword); h != "" {
			a.Header = headerPrefix + h
		}
		if p.has("default") {
			a.Default = compact(p.vals["default"])
		}
		for _, e := range p.list("examples") {
			a.Examples = append(a.Examples, text(e))
		}
		out = append(out, a)
	}
	return out
}

// tree returns the shape of the schema s, the root of a result.
func (sh *shaper) tree(s *object) *Node {
	return sh.node("", s, true)
}

// smallTree is the most nodes a result's shape may have to be shown with
// its first level unfolded; a larger one starts folded, one line a
// property.
const smallTree = 30

// size counts the nodes of a tree.
func size(n *Node) int {
	total := 1
	for _, c := range n.Children {
		total += size(c)
	}
	return total
}

// node describes the property name, of schema s, and what it holds.
func (sh *shaper) node(name string, s *object, required bool) *Node {
	n := &Node{Name: name, Required: required}
	s, nullable := unwrapNullable(s)
	target, def := sh.deref(s)
	n.Type = sh.typeName(s)
	if nullable {
		n.Type += " | null"
	}
	n.Description = s.str("description")
	if n.Description == "" {
		n.Description = target.str("description")
	}
	n.Constraints = constraints(target, subject(name))
	n.Pattern = target.str("pattern")
	for _, e := range target.list("enum") {
		n.Enum = append(n.Enum, text(e))
	}
	if target.has("const") {
		n.Enum = []string{text(target.vals["const"])}
	}
	if e := sh.itemEnum(target); n.Enum == nil && e != nil {
		// The values an array's items take (a view's fields, say): they
		// are the property's to show, since its items get no line of
		// their own unless they are objects.
		n.Enum, n.EnumEach = e, true
	}
	if def != "" {
		if id, ok := sh.shown[def]; ok {
			n.Link, n.Recursive = id, sh.open[def]
			return n
		}
		n.Anchor = sh.ids.id(sh.idPrefix + "-" + def)
		sh.shown[def], sh.open[def] = n.Anchor, true
		defer delete(sh.open, def)
	}
	n.Children = sh.children(target)
	if only := soleItem(n.Children); only != nil {
		// An array's items, or a map's values: the property holds them.
		n.Children, n.Link, n.Recursive = only.Children, only.Link, only.Recursive
		if n.Anchor == "" {
			n.Anchor = only.Anchor
		}
	}
	return n
}

// headerKeyword is the keyword that names an argument's parameter
// header, and headerPrefix what the client puts before the name.
const (
	headerKeyword = "x-mcp-header"
	headerPrefix  = "Mcp-Param-"
)

// itemEnum returns the enum of the items of the array schema s, or nil.
func (sh *shaper) itemEnum(s *object) []string {
	items := s.obj("items")
	if items == nil {
		return nil
	}
	items, _ = sh.deref(items)
	var out []string
	for _, e := range items.list("enum") {
		out = append(out, text(e))
	}
	return out
}

// soleItem returns the one child of a node that stands for the items of
// an array or the values of a map, or nil if there is not just that one.
func soleItem(children []*Node) *Node {
	if len(children) == 1 && (children[0].Name == "[]" || children[0].Name == "{key}") {
		return children[0]
	}
	return nil
}

// children lists what a schema holds: an object's properties, an array's
// items' children (or its items, if they are not objects), a map's values
// and the alternatives of an anyOf or oneOf.
func (sh *shaper) children(s *object) []*Node {
	var out []*Node
	if props := s.obj("properties"); props != nil {
		required := stringSet(s.list("required"))
		for _, name := range props.keys {
			out = append(out, sh.node(name, props.obj(name), required[name]))
		}
	}
	if items := s.obj("items"); items != nil {
		if item := sh.node("[]", items, true); len(item.Children) > 0 || item.Link != "" {
			out = append(out, item)
		}
	}
	if values := s.obj("additionalProperties"); values != nil {
		if v := sh.node("{key}", values, true); len(v.Children) > 0 || v.Link != "" || len(out) > 0 {
			out = append(out, v)
		}
	}
	for _, kw := range []string{"anyOf", "oneOf"} {
		for i, alt := range s.list(kw) {
			if o, ok := alt.(*object); ok {
				out = append(out, sh.node(fmt.Sprintf("(%s %d)", kw, i+1), o, false))
			}
		}
	}
	return out
}

// deref follows a local $ref to its $defs entry, and returns the entry's
// name; any other schema is returned as it is.
func (sh *shaper) deref(s *object) (*object, string) {
	ref := s.str("$ref")
	for _, prefix := range []string{"#/$defs/", "#/definitions/"} {
		if name, ok := strings.CutPrefix(ref, prefix); ok {
			if d := sh.root.obj(prefix[2 : len(prefix)-1]).obj(name); d != nil {
				return d, name
			}
		}
	}
	return s, ""
}

// unwrapNullable returns the one schema of an anyOf whose other
// alternatives are {"type":"null"}, and true; else s and false.
func unwrapNullable(s *object) (*object, bool) {
	alts := s.list("anyOf")
	if len(alts) != 2 {
		return s, false
	}
	for i, alt := range alts {
		o, ok := alt.(*object)
		if ok && len(o.keys) == 1 && o.str("type") == "null" {
			if other, ok := alts[1-i].(*object); ok {
				if d := s.str("description"); d != "" && !other.has("description") {
					return &object{keys: append([]string{"description"}, other.keys...),
						vals: merged(other.vals, "description", d)}, true
				}
				return other, true
			}
		}
	}
	return s, false
}

func merged(m map[string]any, key string, v any) map[string]any {
	out := make(map[string]any, len(m)+1)
	for k, x := range m {
		out[k] = x
	}
	out[key] = v
	return out
}

// typeName names the type of schema s as a reader says it: "integer",
// "array of string", "map of number", "WeatherData", "string (date-time)",
// "string | null".
func (sh *shaper) typeName(s *object) string {
	s, nullable := unwrapNullable(s)
	name := sh.baseTypeName(s)
	if nullable {
		name += " | null"
	}
	return name
}

func (sh *shaper) baseTypeName(s *object) string {
	if s == nil {
		return "any"
	}
	if _, def := sh.deref(s); def != "" {
		return def
	}
	if s.has("$ref") {
		return s.str("$ref")
	}
	var types []string
	switch t := s.vals["type"].(type) {
	case string:
		types = []string{t}
	case []any:
		for _, e := range t {
			types = append(types, text(e))
		}
	}
	for i, t := range types {
		switch t {
		case "array":
			if items := s.obj("items"); items != nil {
				types[i] = "array of " + sh.typeName(items)
			}
		case "object":
			if values := s.obj("additionalProperties"); values != nil && s.obj("properties") == nil {
				types[i] = "map of " + sh.typeName(values)
			}
		case "string":
			switch {
			case s.str("format") != "":
				types[i] = "string (" + s.str("format") + ")"
			case s.str("contentEncoding") != "":
				types[i] = "string (" + s.str("contentEncoding") + ")"
			}
		}
	}
	for _, kw := range []string{"anyOf", "oneOf"} {
		for _, alt := range s.list(kw) {
			if o, ok := alt.(*object); ok {
				types = append(types, sh.typeName(o))
			}
		}
	}
	switch {
	case len(types) > 0:
		return strings.Join(types, " | ")
	case s.has("const"):
		return "constant"
	case s.has("enum"):
		return "enum"
	}
	return "any"
}

// subject is how the bounds of a property's value name it: by the
// property's name ("1 ≤ days ≤ 7"), or "value" for an array's items, a
// map's values and a whole result.
func subject(name string) string {
	if name == "" || strings.ContainsAny(name[:1], "[{(") {
		return "value"
	}
	return name
}

// constraints lists the bounds schema s puts on a value, named subject,
// each readable on its own: "1 ≤ days ≤ 7", "length ≥ 1", "1 ≤ items ≤ 20", "multiple of
// 5", "unique items", "no other properties".
func constraints(s *object, subject string) []string {
	var out []string
	add := func(c string) {
		if c != "" {
			out = append(out, c)
		}
	}
	add(bounds(s, subject, "minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"))
	if m, ok := s.num("multipleOf"); ok {
		add("multiple of " + m)
	}
	add(bounds(s, "length", "minLength", "", "maxLength", ""))
	add(bounds(s, "items", "minItems", "", "maxItems", ""))
	if s.isTrue("uniqueItems") {
		add("unique items")
	}
	add(bounds(s, "properties", "minProperties", "", "maxProperties", ""))
	if ap, ok := s.vals["additionalProperties"].(bool); ok && !ap && s.obj("properties") != nil {
		add("no other properties")
	}
	if items := s.obj("items"); items != nil {
		for _, c := range constraints(items, "each") {
			add(c)
		}
	}
	return out
}

// bounds writes the lower and upper bounds of subject from the keywords
// named (an exclusive keyword may be ""): "1 ≤ x ≤ 7", "x > 0", "x ≤ 20".
func bounds(s *object, subject, min, exclusiveMin, max, exclusiveMax string) string {
	lo, loOp := bound(s, min, exclusiveMin, " ≤ ", " < ")
	hi, hiOp := bound(s, max, exclusiveMax, " ≤ ", " < ")
	switch {
	case lo != "" && hi != "":
		return lo + loOp + subject + hiOp + hi
	case lo != "":
		return subject + strings.NewReplacer("≤", "≥", "<", ">").Replace(loOp) + lo
	case hi != "":
		return subject + hiOp + hi
	}
	return ""
}

// bound returns the exclusive or else the inclusive bound s sets, with
// its operator.
func bound(s *object, inclusive, exclusive, inclusiveOp, exclusiveOp string) (string, string) {
	if exclusive != "" {
		if n, ok := s.num(exclusive); ok {
			return n, exclusiveOp
		}
	}
	if n, ok := s.num(inclusive); ok {
		return n, inclusiveOp
	}
	return "", ""
}

func stringSet(list []any) map[string]bool {
	m := map[string]bool{}
	for _, v := range list {
		if s, ok := v.(string); ok {
			m[s] = true
		}
	}
	return m
}
