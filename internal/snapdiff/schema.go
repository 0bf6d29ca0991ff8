package snapdiff

import (
	"fmt"
	"maps"
	"math/big"
	"slices"
	"sort"
	"strings"

	"github.com/mcptag/mcptag/internal/naming"
)

// schemaDiff compares one schema of a tool (its inputSchema or its
// outputSchema) between the old and the new snapshot.
//
// Every constraint change either widens the set of values the schema
// accepts or narrows it (or both, as a type change from string to integer
// does). Which of the two breaks an old client depends only on the
// direction the values flow, so each check states what the change does to
// the set and breaking() decides.
type schemaDiff struct {
	// output is true for outputSchema, whose values flow to the client.
	output bool
	// form is true for a form's requestedSchema, whose values flow to the
	// server as an input schema's do, but are fields, not arguments.
	form bool
	// oldRoot and newRoot hold the $defs that $ref points into.
	oldRoot, newRoot map[string]any
	// visited holds the pairs of $refs already compared, so that recursive
	// definitions terminate and a definition reached from several places is
	// reported once, where the walk reaches it first.
	visited map[[2]string]bool
	report  func(path string, breaking bool, msg string)
}

// breaking decides a change that widens and/or narrows the accepted set.
// Input: the server must still accept whatever old clients send, so
// narrowing breaks. Output: old clients must still accept whatever the
// server sends, so widening breaks.
func (d *schemaDiff) breaking(widens, narrows bool) bool {
	if d.output {
		return widens
	}
	return narrows
}

// loc is a position in the schema being compared.
type loc struct {
	path string // dotted JSON location, e.g. "outputSchema.properties.city"
	name string // human property path, e.g. "forecast[].temp"; "" at the root
}

func (l loc) prop(p string) loc {
	name := p
	if l.name != "" {
		name = l.name + "." + p
	}
	return loc{l.path + ".properties." + p, name}
}
func (l loc) items() loc  { return loc{l.path + ".items", l.name + "[]"} }
func (l loc) values() loc { return loc{l.path + ".additionalProperties", l.name + "{}"} }
func (l loc) keys() loc   { return loc{l.path + ".propertyNames", l.name + "{key}"} }

// subject names the location in messages.
func (d *schemaDiff) subject(l loc) string {
	switch {
	case l.name == "" && d.form:
		return "form schema"
	case d.form:
		return fmt.Sprintf("field %q", l.name)
	case l.name == "" && d.output:
		return "output schema"
	case l.name == "":
		return "input schema"
	case d.output:
		return fmt.Sprintf("output property %q", l.name)
	default:
		return fmt.Sprintf("input argument %q", l.name)
	}
}

// add reports a change that widens and/or narrows the accepted set.
func (d *schemaDiff) add(l loc, widens, narrows bool, format string, args ...any) {
	d.report(l.path, d.breaking(widens, narrows), d.subject(l)+" "+fmt.Sprintf(format, args...))
}

// note reports a change that does not affect validation.
func (d *schemaDiff) note(l loc, format string, args ...any) {
	d.report(l.path, false, d.subject(l)+" "+fmt.Sprintf(format, args...))
}

// Keywords compared by meaning. Any other keyword that differs is reported
// as breaking, since its effect on validation is unknown.
var (
	// annotationKeywords never take part in validation.
	annotationKeywords = []string{"title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly", "$comment", "$schema", "$id", "$anchor"}
	lowerBounds        = []string{"minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties"}
	upperBounds        = []string{"maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties"}
	handledKeywords    = map[string]bool{
		"type": true, "enum": true, "const": true, "format": true, "pattern": true,
		"properties": true, "required": true, "additionalProperties": true, "propertyNames": true,
		"items": true, "uniqueItems": true,
		"$defs": true, "definitions": true, // reached through $ref only
		headerKeyword: true, // protocol.go
	}
)

func init() {
	for _, lists := range [][]string{annotationKeywords, lowerBounds, upperBounds} {
		for _, k := range lists {
			handledKeywords[k] = true
		}
	}
}

// compare compares two schemas found at the same location.
func (d *schemaDiff) compare(oldS, newS any, l loc) {
	oldS, oldRef := resolve(oldS, d.oldRoot)
	newS, newRef := resolve(newS, d.newRoot)
	// Only a pair of refs can recur; an inline schema on either side is
	// finite, so the walk ends with it.
	if oldRef != "" && newRef != "" {
		key := [2]string{oldRef, newRef}
		if d.visited[key] {
			return
		}
		if d.visited == nil {
			d.visited = map[[2]string]bool{}
		}
		d.visited[key] = true
	}
	o, n := asObject(oldS), asObject(newS)

	for _, k := range annotationKeywords {
		ov, inOld := o[k]
		nv, inNew := n[k]
		switch {
		case !inOld && !inNew:
		case !inOld:
			d.note(l, "%s added", k)
		case !inNew:
			d.note(l, "%s removed", k)
		case render(ov) != render(nv):
			d.note(l, "%s changed", k)
		}
	}

	ot, nt := typeSet(o), typeSet(n)
	d.compareTypes(ot, nt, l)
	d.compareEnum(o, n, l)
	d.compareBounds(o, n, l)
	d.compareString(o, n, "format", l)
	d.compareString(o, n, "pattern", l)
	d.compareHeader(o, n, l)
	// Object and array keywords only matter where both sides can be objects
	// (arrays); after a type change from object to string the type change
	// says it all, and listing every property as removed would be noise.
	if mayBe(ot, "object") && mayBe(nt, "object") {
		d.compareObject(o, n, l)
	}
	if mayBe(ot, "array") && mayBe(nt, "array") {
		d.compareArray(o, n, l)
	}

	for _, k := range unionKeys(o, n) {
		if handledKeywords[k] {
			continue
		}
		ov, inOld := o[k]
		nv, inNew := n[k]
		switch {
		case !inOld:
			d.report(l.path, true, d.subject(l)+fmt.Sprintf(" keyword %q added", k))
		case !inNew:
			d.report(l.path, true, d.subject(l)+fmt.Sprintf(" keyword %q removed", k))
		case render(ov) != render(nv):
			d.report(l.path, true, d.subject(l)+fmt.Sprintf(" keyword %q changed", k))
		}
	}
}

// resolve follows a "#/$defs/Name" reference (through chains of them) into
// root's $defs. It returns the schema to compare and the last reference
// followed ("" when s is not a reference). Sibling keywords of $ref, such
// as a description, override the definition's. An unresolvable reference
// is returned as is, so a change to it shows up as a changed "$ref".
func resolve(s any, root map[string]any) (any, string) {
	ref := ""
	for range 100 { // a bound instead of a visited set: alias cycles are invalid anyway
		m, ok := s.(map[string]any)
		if !ok {
			return s, ref
		}
		r, ok := m["$ref"].(string)
		if !ok {
			return s, ref
		}
		def, ok := lookupDef(root, r)
		if !ok {
			return s, ref
		}
		ref = r
		if len(m) > 1 {
			merged := map[string]any{}
			if dm, ok := def.(map[string]any); ok {
				for k, v := range dm {
					merged[k] = v
				}
			}
			for k, v := range m {
				if k != "$ref" {
					merged[k] = v
				}
			}
			def = merged
		}
		s = def
	}
	return s, ref
}

func lookupDef(root map[string]any, ref string) (any, bool) {
	for _, prefix := range []string{"#/$defs/", "#/definitions/"} {
		if name, ok := strings.CutPrefix(ref, prefix); ok {
			defs, _ := root[strings.TrimSuffix(prefix[2:], "/")].(map[string]any)
			def, ok := defs[unescapePointer(name)]
			return def, ok
		}
	}
	return nil, false
}

// unescapePointer decodes a JSON Pointer token.
func unescapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
}

// asObject returns a schema as a keyword map: true (or absent) is the
// unconstrained schema {}, and false, which accepts nothing, becomes a
// schema with an empty type set.
func asObject(s any) map[string]any {
	switch s := s.(type) {
	case map[string]any:
		return s
	case bool:
		if !s {
			return map[string]any{"type": []any{}}
		}
	}
	return map[string]any{}
}

// typeSet returns the set of JSON types a schema allows, or nil for any.
func typeSet(s map[string]any) map[string]bool {
	switch t := s["type"].(type) {
	case string:
		return map[string]bool{t: true}
	case []any:
		set := map[string]bool{}
		for _, v := range t {
			if str, ok := v.(string); ok {
				set[str] = true
			}
		}
		return set
	}
	return nil
}

func mayBe(set map[string]bool, t string) bool { return set == nil || set[t] }

// subsetOf reports whether every value of type set a is allowed by b,
// remembering that integers are numbers.
func subsetOf(a, b map[string]bool) bool {
	if b == nil {
		return true
	}
	if a == nil {
		return false
	}
	for t := range a {
		if !b[t] && !(t == "integer" && b["number"]) {
			return false
		}
	}
	return true
}

func renderTypes(set map[string]bool) string {
	if set == nil {
		return "any"
	}
	if len(set) == 0 {
		return "none"
	}
	return strings.Join(slices.Sorted(maps.Keys(set)), "|")
}

func (d *schemaDiff) compareTypes(ot, nt map[string]bool, l loc) {
	if renderTypes(ot) == renderTypes(nt) {
		return
	}
	if ot == nil || nt == nil {
		d.add(l, !subsetOf(nt, ot), !subsetOf(ot, nt), "type changed from %s to %s", renderTypes(ot), renderTypes(nt))
		return
	}
	// Nullability is reported on its own: "newly nullable" says more than
	// "type changed from string to null|string".
	if !ot["null"] && nt["null"] {
		d.add(l, true, false, "became nullable")
	}
	if ot["null"] && !nt["null"] {
		d.add(l, false, true, "is no longer nullable")
	}
	o, n := without(ot, "null"), without(nt, "null")
	if renderTypes(o) != renderTypes(n) {
		d.add(l, !subsetOf(n, o), !subsetOf(o, n), "type changed from %s to %s", renderTypes(o), renderTypes(n))
	}
}

func without(set map[string]bool, t string) map[string]bool {
	out := map[string]bool{}
	for k := range set {
		if k != t {
			out[k] = true
		}
	}
	return out
}

// enumValues returns the values allowed by enum or const, keyed by their
// JSON rendering, or nil when the schema does not list values.
func enumValues(s map[string]any) map[string]bool {
	var vals []any
	if e, ok := s["enum"].([]any); ok {
		vals = e
	} else if c, ok := s["const"]; ok {
		vals = []any{c}
	} else {
		return nil
	}
	set := map[string]bool{}
	for _, v := range vals {
		set[render(v)] = true
	}
	return set
}

func sortedList(set map[string]bool) string {
	return strings.Join(slices.Sorted(maps.Keys(set)), ", ")
}

func (d *schemaDiff) compareEnum(o, n map[string]any, l loc) {
	oe, ne := enumValues(o), enumValues(n)
	switch {
	case oe == nil && ne == nil:
	case oe == nil:
		d.add(l, false, true, "restricted to enum values %s", sortedList(ne))
	case ne == nil:
		d.add(l, true, false, "no longer restricted to enum values")
	default:
		added, removed := map[string]bool{}, map[string]bool{}
		for v := range ne {
			if !oe[v] {
				added[v] = true
			}
		}
		for v := range oe {
			if !ne[v] {
				removed[v] = true
			}
		}
		if len(added) > 0 {
			d.add(l, true, false, "enum values added: %s", sortedList(added))
		}
		if len(removed) > 0 {
			d.add(l, false, true, "enum values removed: %s", sortedList(removed))
		}
	}
}

// compareBounds compares numeric, length, item-count and property-count
// bounds. Each keyword is compared on its own; switching between minimum
// and exclusiveMinimum shows up as one removed and one added.
func (d *schemaDiff) compareBounds(o, n map[string]any, l loc) {
	for _, lower := range []bool{true, false} {
		kws := upperBounds
		if lower {
			kws = lowerBounds
		}
		for _, k := range kws {
			ov, nv, both := d.presence(o, n, k, l)
			if !both {
				continue
			}
			or, ok1 := number(ov)
			nr, ok2 := number(nv)
			if !ok1 || !ok2 {
				if render(ov) != render(nv) {
					d.add(l, true, true, "%s changed from %s to %s", k, render(ov), render(nv))
				}
				continue
			}
			cmp := nr.Cmp(or)
			if cmp == 0 {
				continue
			}
			verb := "raised"
			if cmp < 0 {
				verb = "lowered"
			}
			// Raising a lower bound or lowering an upper one tightens.
			tightens := (cmp > 0) == lower
			d.add(l, !tightens, tightens, "%s %s from %s to %s", k, verb, render(ov), render(nv))
		}
	}
}

func number(v any) (*big.Rat, bool) {
	var s string
	switch v := v.(type) {
	case fmt.Stringer: // json.Number
		s = v.String()
	case float64:
		return new(big.Rat).SetFloat64(v), true
	default:
		return nil, false
	}
	return new(big.Rat).SetString(s)
}

// compareString compares a string-valued constraint such as format or
// pattern: adding one narrows, removing one widens, and changing one does
// both, since the two need not overlap.
func (d *schemaDiff) compareString(o, n map[string]any, k string, l loc) {
	if ov, nv, both := d.presence(o, n, k, l); both && render(ov) != render(nv) {
		d.add(l, true, true, "%s changed from %s to %s", k, render(ov), render(nv))
	}
}

// presence reports a constraint k added (it narrows) or removed (it
// widens), and returns both values when both sides have it.
func (d *schemaDiff) presence(o, n map[string]any, k string, l loc) (ov, nv any, both bool) {
	ov, inOld := o[k]
	nv, inNew := n[k]
	switch {
	case inOld && inNew:
		return ov, nv, true
	case inNew:
		d.add(l, false, true, "%s added: %s", k, render(nv))
	case inOld:
		d.add(l, true, false, "%s removed (was %s)", k, render(ov))
	}
	return nil, nil, false
}

// additional classifies additionalProperties: absent, true and {} leave
// the object open, false closes it, and any other schema constrains the
// values of undeclared properties (a map).
type additional int

const (
	open additional = iota
	closed
	mapped
)

func additionalOf(s map[string]any) (additional, any) {
	switch ap := s["additionalProperties"].(type) {
	case bool:
		if !ap {
			return closed, nil
		}
	case map[string]any:
		if len(ap) > 0 {
			return mapped, ap
		}
	}
	return open, nil
}

func (d *schemaDiff) compareObject(o, n map[string]any, l loc) {
	oProps, _ := o["properties"].(map[string]any)
	nProps, _ := n["properties"].(map[string]any)
	oReq, nReq := requiredSet(o), requiredSet(n)
	oAdd, oAddSchema := additionalOf(o)
	nAdd, nAddSchema := additionalOf(n)

	names := unionKeys(oProps, nProps)
	names = append(names, unionKeys(oReq, nReq)...)
	sort.Strings(names)
	renamed, renaming := d.renames(oProps, nProps)
	for i, name := range names {
		if i > 0 && names[i-1] == name {
			continue
		}
		pl := l.prop(name)
		oSchema, inOld := oProps[name]
		nSchema, inNew := nProps[name]
		switch to := renamed[name]; {
		case renaming[name]: // reported under its old name
		case to != "":
			d.renamedProperty(pl, name, to, nReq[to] || nAdd != open)
			d.compare(oSchema, nProps[to], l.prop(to))
		case inOld && !inNew:
			d.removedProperty(pl, oReq[name], nAdd)
			if nAdd == mapped {
				// The name now falls under the map's value schema.
				d.compare(oSchema, nAddSchema, pl)
			}
		case !inOld && inNew:
			d.addedProperty(pl, nReq[name], oAdd)
			if oAdd == mapped {
				d.compare(oAddSchema, nSchema, pl)
			}
		default:
			if inOld {
				d.compare(oSchema, nSchema, pl)
			}
			switch {
			case !oReq[name] && nReq[name]:
				d.add(pl, false, true, "made required")
			case oReq[name] && !nReq[name]:
				d.add(pl, true, false, "made optional")
			}
		}
	}

	switch {
	case oAdd == nAdd && oAdd == mapped:
		d.compare(oAddSchema, nAddSchema, l.values())
	case oAdd == nAdd:
	case nAdd == closed:
		d.add(l, false, true, "closed to additional properties")
	case oAdd == closed:
		d.add(l, true, false, "opened to additional properties")
	case nAdd == mapped: // from open
		d.add(l, false, true, "additional properties restricted to a schema")
	default: // from mapped to open
		d.add(l, true, false, "additional properties no longer restricted to a schema")
	}

	op, inOld := o["propertyNames"]
	np, inNew := n["propertyNames"]
	if inOld || inNew {
		d.compare(op, np, l.keys())
	}
}

// removedProperty reports a property that the new schema no longer
// declares. What that means depends on how the new object treats
// undeclared properties.
func (d *schemaDiff) removedProperty(l loc, wasRequired bool, nAdd additional) {
	var breaking bool
	if d.output {
		// Old clients may read it. Only when the new object is closed and
		// the property was optional is it safe: it simply never comes.
		breaking = nAdd != closed || wasRequired
	} else {
		// Old clients still send it; only an open object ignores it.
		breaking = nAdd != open
	}
	d.report(l.path, breaking, d.subject(l)+" removed")
}

// renames pairs the input arguments that the new schema renamed: an old
// property it no longer declares with the one new property that spells
// the same words, as args=snake respells a plain parameter (runID is
// run_id, and back). renamed maps each old name to its new one, renaming
// holds the new names. Output properties are not paired.
func (d *schemaDiff) renames(oProps, nProps map[string]any) (renamed map[string]string, renaming map[string]bool) {
	renamed, renaming = map[string]string{}, map[string]bool{}
	if d.output || d.form {
		return renamed, renaming
	}
	for _, o := range slices.Sorted(maps.Keys(oProps)) {
		if _, kept := nProps[o]; kept {
			continue
		}
		var to []string
		for n := range nProps {
			if _, old := oProps[n]; !old && naming.SnakeCase(n) == naming.SnakeCase(o) {
				to = append(to, n)
			}
		}
		if len(to) == 1 && !renaming[to[0]] {
			renamed[o], renaming[to[0]] = to[0], true
		}
	}
	return renamed, renaming
}

// renamedProperty reports the input argument at l, called from in the
// old schema, called to in the new one. Old calls send it under its old
// name: breaking unless the new object ignores that name and the new one
// may be missing.
func (d *schemaDiff) renamedProperty(l loc, from, to string, breaking bool) {
	msg := d.subject(l) + fmt.Sprintf(" renamed to %q: old calls still send %q", to, from)
	if !breaking {
		msg += ", which the open input ignores"
	}
	d.report(l.path, breaking, msg)
}

// addedProperty reports a property that the old schema did not declare.
func (d *schemaDiff) addedProperty(l loc, required bool, oAdd additional) {
	if !d.output {
		// Old clients do not send it: fine unless the server requires it.
		// (On an old open object a client could in theory have sent any
		// value under this name; no real client does, so that is not
		// counted.)
		if required {
			d.report(l.path, true, d.subject(l)+" added as required")
		} else {
			d.report(l.path, false, d.subject(l)+" added as optional")
		}
		return
	}
	// An old client validating against a closed object rejects the new
	// property; an open object accepted anything under this name.
	if oAdd == closed {
		d.report(l.path, true, d.subject(l)+" added to a closed object")
	} else {
		d.report(l.path, false, d.subject(l)+" added")
	}
}

func requiredSet(s map[string]any) map[string]bool {
	set := map[string]bool{}
	if req, ok := s["required"].([]any); ok {
		for _, v := range req {
			if name, ok := v.(string); ok {
				set[name] = true
			}
		}
	}
	return set
}

func (d *schemaDiff) compareArray(o, n map[string]any, l loc) {
	oi, inOld := o["items"]
	ni, inNew := n["items"]
	if inOld || inNew {
		// An absent items is {}, so comparing against it reports the new
		// or dropped item constraints themselves.
		d.compare(oi, ni, l.items())
	}
	ou, _ := o["uniqueItems"].(bool)
	nu, _ := n["uniqueItems"].(bool)
	switch {
	case !ou && nu:
		d.add(l, false, true, "items must now be unique")
	case ou && !nu:
		d.add(l, true, false, "items no longer need to be unique")
	}
}
