package analyzer

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/mcptag/mcptag/internal/directive"
	"github.com/mcptag/mcptag/internal/finding"
	"github.com/mcptag/mcptag/internal/suggest"
)

// Views (docs/views.md): view="a.b,c" on a tool serves the part of its
// result on those paths. Its value is the full value's JSON with
// everything outside the paths removed, and its schema the full schema
// pruned the same way. This file resolves the paths over the result's Go
// type, by encoding/json's rules, into the model the generated writer is
// rendered from (emit/view.go); viewschema.go prunes the output schema
// and adds the fields argument.

// A View is what a tool's view= and fields keep of its result, and how
// the generated code writes it.
type View struct {
	// Paths are the view's paths in the order of the result's JSON (the
	// order of encoding/json's fields), which numbers them: the paths
	// through one property are Lo to Hi-1.
	Paths []string
	// Fields says that the tool's fields argument picks among Paths per
	// call.
	Fields bool
	// Keep are the paths of keep=, which every call serves.
	Keep []string
	// Offered are the paths the fields argument offers: Paths less Keep,
	// in the order view= lists them (with fields alone, the JSON's).
	Offered []string
	// Root is the result's value, as the view writes it.
	Root *ViewValue
	// TextOnly says that the view is sent as text only (structured=false):
	// the tool has no output schema and sends no structuredContent.
	TextOnly bool
	// Full is the output schema the tool would have without the view,
	// cut down as its own is: what the view saves, for mcptag stats.
	Full *jsonschema.Schema
}

// A ViewKind is what a value on a view's path is, as JSON.
type ViewKind int

const (
	ViewStruct  ViewKind = iota // an object of the struct's properties
	ViewPointer                 // null, or the value pointed to
	ViewSlice                   // null, or an array
	ViewArray                   // an array
	ViewMap                     // null, or an object of the map's entries
	ViewLeaf                    // the end of a path: the value whole
)

// A ViewValue is one value on a view's paths.
type ViewValue struct {
	Kind ViewKind
	Type types.Type
	// Elem is what a pointer points to, or the items of a slice, array or
	// map.
	Elem *ViewValue
	// Keys says how a map's keys become JSON strings.
	Keys MapKeys
	// Fields are a struct's properties on the view's paths, in
	// encoding/json's order.
	Fields []*ViewField
	// Leaf says how the value at the end of a path is written; Quoted
	// that it is a ",string" field's.
	Leaf   Leaf
	Quoted bool
	// Copy says that a LeafMarshal value must be marshalled from a copy:
	// encoding/json sees it unaddressable, and its type has a marshaler
	// with a pointer receiver that it would otherwise call.
	Copy bool

	addressable bool
}

// MapKeys says how encoding/json turns a map's keys into strings.
type MapKeys int

const (
	KeysString MapKeys = iota // as they are
	KeysText                  // by MarshalText
	KeysInt                   // in decimal, signed
	KeysUint                  // in decimal, unsigned
)

// A Leaf says how the value at the end of a view's path is written.
type Leaf int

const (
	LeafMarshal Leaf = iota // by encoding/json, whole
	LeafBool
	LeafInt
	LeafUint
	LeafFloat32
	LeafFloat64
	LeafString
	LeafNumber // a json.Number
)

// A ViewField is one property of a struct on a view's paths.
type ViewField struct {
	Name string // its JSON name
	// Key is `"name":` as encoding/json writes it.
	Key string
	// Steps select the Go field from its struct: the embedded fields it
	// is promoted through, then the field itself.
	Steps []FieldStep
	// OmitEmpty and OmitZero, when set, say when omitempty and omitzero
	// leave the property out.
	OmitEmpty, OmitZero *ZeroTest
	Value               *ViewValue
	// Lo and Hi are the indices in View.Paths of the paths through it.
	Lo, Hi int

	whole       bool // a path ends here
	addressable bool // encoding/json sees its value addressable
	field       jsonField
}

// A FieldStep is one field of a selector; Pointer says it is an embedded
// pointer, whose nil drops the property.
type FieldStep struct {
	Name    string
	Pointer bool
}

// A viewBuilder resolves a view's paths over a result type.
type viewBuilder struct {
	a    *analysis
	b    *schemaBuilder // for marshalMethod and knownSchema
	view *View
	at   func(off int) token.Pos // the source position of an offset in the view's value
	bad  bool                    // an error was reported
	// fields caches the JSON fields of each struct, which every path
	// through it looks up.
	fields map[*types.Struct][]jsonField
}

func (vb *viewBuilder) jsonFields(st *types.Struct) []jsonField {
	if fs, ok := vb.fields[st]; ok {
		return fs
	}
	fs := vb.a.jsonFields(st)
	vb.fields[st] = fs
	return fs
}

// resolveView builds the view of t's result that dir asks for: its
// view= paths, or with fields alone every top-level property. It
// returns nil when the directive asks for none, or after reporting why
// it cannot be.
func (a *analysis) resolveView(t *Tool, dir *directive.Directive) *View {
	if dir.View == "" && !dir.Fields {
		return nil
	}
	option := "view"
	if dir.View == "" {
		option = "fields"
	}
	span := dir.Spans[option]
	offs := span.ValueOffsets()
	vb := &viewBuilder{a: a, b: a.newSchemaBuilder(false, t.Pos), view: &View{Fields: dir.Fields}, fields: map[*types.Struct][]jsonField{}}
	vb.at = func(off int) token.Pos {
		switch {
		case off < len(offs):
			return span.Pos + token.Pos(offs[off])
		case len(offs) > 0: // the end of the value
			return span.Pos + token.Pos(offs[len(offs)-1]+1)
		}
		return span.Pos
	}
	r := t.Result
	if r.Kind != ResultObject && r.Kind != ResultMap && r.Kind != ResultWrapped {
		a.errorf(span.Pos, finding.CatDirective, "%s needs a structured result; %s", option, whyNoView(r))
		return nil
	}
	root := vb.rootValue(r)
	if root == nil {
		a.errorf(span.Pos, finding.CatDirective, "%s: result type %s has no properties to choose: its JSON is not an object, nor an array of objects", option, a.typeString(r.Type))
		return nil
	}
	vb.view.Root = root
	if dir.View == "" {
		vb.allProperties(root, span.Pos)
	} else {
		paths := directive.ViewPaths(dir.View, func(off int, format string, args ...any) {
			vb.errorf(off, format, args...)
		})
		for _, p := range paths {
			vb.view.Offered = append(vb.view.Offered, p.Text)
		}
		// Shorter paths first: a path inside one kept whole is the
		// redundant one.
		slices.SortStableFunc(paths, func(p, q directive.ViewPath) int { return len(p.Steps) - len(q.Steps) })
		for _, p := range paths {
			vb.add(p)
		}
	}
	if vb.bad {
		return nil
	}
	vb.number(root)
	vb.offered()
	return vb.view
}

// offered keeps of the paths as view= lists them those that number
// kept, once each: the order in which fields offers them.
func (vb *viewBuilder) offered() {
	if vb.view.Offered == nil {
		vb.view.Offered = slices.Clone(vb.view.Paths)
		return
	}
	var out []string
	for _, p := range vb.view.Offered {
		if slices.Contains(vb.view.Paths, p) && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	vb.view.Offered = out
}

func whyNoView(r Result) string {
	switch {
	case r.Kind == ResultNone:
		return "the tool returns no value"
	case r.Kind == ResultContent:
		return "content blocks are sent as they are"
	}
	return "the result type has no JSON schema"
}

func (vb *viewBuilder) errorf(off int, format string, args ...any) {
	vb.bad = true
	vb.a.errorf(vb.at(off), finding.CatDirective, format, args...)
}

// rootValue is the result's value, down to the structs whose properties
// the paths name; nil if it reaches none. toolimpl marshals the pointer a
// tool returns, else a copy, and a slice's elements one by one.
func (vb *viewBuilder) rootValue(r Result) *ViewValue {
	addressable := r.Pointer && r.Kind != ResultWrapped
	v, _ := vb.containers(r.Elem, addressable, r.Slice)
	return v
}

// containers returns the value of type t down through pointers, slices,
// arrays and map values to a struct, by encoding/json's rules; nil and
// why not when it reaches none. elemsByValue says that a slice's or
// array's elements are marshalled as copies.
func (vb *viewBuilder) containers(t types.Type, addressable, elemsByValue bool) (*ViewValue, string) {
	v := &ViewValue{Type: t, addressable: addressable}
	if why := vb.ownJSON(t, addressable); why != "" {
		return nil, why
	}
	var elem types.Type
	elemAddr := true
	switch u := t.Underlying().(type) {
	case *types.Struct:
		v.Kind = ViewStruct
		return v, ""
	case *types.Pointer:
		v.Kind, elem = ViewPointer, u.Elem()
	case *types.Slice:
		if isByteSlice(u) {
			return nil, "is a string (base64)"
		}
		v.Kind, elem, elemAddr = ViewSlice, u.Elem(), !elemsByValue
	case *types.Array:
		v.Kind, elem, elemAddr = ViewArray, u.Elem(), addressable && !elemsByValue
	case *types.Map:
		var ok bool
		if v.Keys, ok = mapKeys(u.Key()); !ok {
			return nil, "is a map whose keys mcptag cannot name (pointer keys)"
		}
		v.Kind, elem, elemAddr = ViewMap, u.Elem(), false
	case *types.Interface:
		return nil, "is an interface (" + vb.a.typeString(t) + "): its JSON shape is unknown statically"
	case *types.Basic:
		return nil, "is " + basicJSON(u)
	default:
		return nil, "has no JSON form"
	}
	e, why := vb.containers(elem, elemAddr, false)
	if e == nil && v.Kind == ViewMap {
		return nil, "is a map (" + vb.a.typeString(t) + "): a path names fields of the structs a map holds, never one of its keys, and its values are " + strings.TrimPrefix(why, "is ")
	}
	if e == nil {
		return nil, why
	}
	v.Elem = e
	return v, ""
}

// ownJSON says why the value of t is written by a marshaler of its own
// (MarshalJSON or MarshalText, by the schema builder's rules,
// addressability included), or "".
func (vb *viewBuilder) ownJSON(t types.Type, addressable bool) string {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Interface:
		return "" // the pointer case reaches the element's
	}
	var m *types.Func
	vb.b.withAddressable(addressable, func() { m = vb.b.marshalMethod(t) })
	if m == nil {
		return ""
	}
	return "is written by " + vb.a.typeString(t) + "'s own " + m.Name() + ": what lies inside it is unknown statically"
}

func basicJSON(u *types.Basic) string {
	switch info := u.Info(); {
	case info&types.IsBoolean != 0:
		return "a boolean"
	case info&types.IsInteger != 0:
		return "an integer"
	case info&types.IsFloat != 0:
		return "a number"
	case info&types.IsString != 0:
		return "a string"
	}
	return "a scalar"
}

// mapKeys says how encoding/json names the keys of type k: a string kind
// as it is, else by MarshalText, else in decimal. Pointer keys, whose nil
// encoding/json names "", are left out.
func mapKeys(k types.Type) (MapKeys, bool) {
	u, _ := k.Underlying().(*types.Basic)
	switch {
	case u != nil && u.Info()&types.IsString != 0:
		return KeysString, true
	case isPointer(k):
		return 0, false
	case hasMethod(k, "MarshalText"):
		return KeysText, true
	case u != nil && u.Info()&types.IsUnsigned != 0:
		return KeysUint, true
	}
	return KeysInt, true
}

func isPointer(t types.Type) bool {
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}

// structOf returns the struct a value's paths continue into: v itself, or
// what its containers hold.
func structOf(v *ViewValue) *ViewValue {
	for v.Kind != ViewStruct {
		v = v.Elem
	}
	return v
}

// add resolves one path, adding its properties to the tree.
func (vb *viewBuilder) add(p directive.ViewPath) {
	node := structOf(vb.view.Root)
	off := p.Off
	for i, name := range p.Steps {
		prefix := strings.Join(p.Steps[:i], ".")
		f := vb.field(node, name)
		if f == nil {
			vb.unknown(p, i, off, node)
			return
		}
		last := i == len(p.Steps)-1
		switch {
		case f.whole:
			vb.redundant(p, prefix, name)
			return
		case last:
			f.whole, f.Value = true, vb.leafValue(f)
			vb.view.Paths = append(vb.view.Paths, p.Text)
			return
		}
		if f.Value == nil {
			v, why := vb.containers(f.field.Type, f.addressable, false)
			if v == nil {
				where := strings.Join(p.Steps[:i+1], ".")
				vb.errorf(off, "view path %q: %q %s; end the path there", p.Text, where, why)
				return
			}
			f.Value = v
		}
		node = structOf(f.Value)
		off += len(name) + 1
	}
}

// field returns the property of the struct node named name, adding it to
// the node's fields on first use; nil if the struct has none.
func (vb *viewBuilder) field(node *ViewValue, name string) *ViewField {
	for _, f := range node.Fields {
		if f.Name == name {
			return f
		}
	}
	st := node.Type.Underlying().(*types.Struct)
	for _, jf := range vb.jsonFields(st) {
		if jf.Name != name {
			continue
		}
		f := &ViewField{Name: name, Key: jsonKey(name), field: jf}
		if vb.selector(node, f); f.Steps == nil {
			return nil // unknown reports it
		}
		f.addressable = fieldAddressable(node, f)
		f.OmitEmpty, f.OmitZero = omits(jf)
		node.Fields = append(node.Fields, f)
		slices.SortFunc(node.Fields, func(x, y *ViewField) int {
			if lessIndex(x.field.index, y.field.index) {
				return -1
			}
			return 1
		})
		return f
	}
	return nil
}

// jsonKey is a property's name as encoding/json writes it: quoted, with
// <, >, &, U+2028 and U+2029 escaped (a valid tag has no other character
// to escape), and its colon.
func jsonKey(name string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range name {
		switch r {
		case '<', '>', '&', '\u2028', '\u2029':
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteString(`":`)
	return b.String()
}

// fieldAddressable says whether encoding/json sees field f of the struct
// node addressable: as the struct is, or always past an embedded pointer.
func fieldAddressable(node *ViewValue, f *ViewField) bool {
	if node.addressable {
		return true
	}
	for _, s := range f.Steps {
		if s.Pointer {
			return true
		}
	}
	return false
}

// selector sets f.Steps, the Go fields that select f from a value of the
// struct node, as the generated code (in the analyzed package) can spell
// them: an embedded struct field it cannot name is left to Go's
// promotion, when that selects the same field.
func (vb *viewBuilder) selector(node *ViewValue, f *ViewField) {
	st := node.Type.Underlying().(*types.Struct)
	var steps []FieldStep
	var vars []*types.Var
	for k, i := range f.field.index {
		fv := st.Field(i)
		elem, isPtr := deref(fv.Type())
		last := k == len(f.field.index)-1
		if fv.Exported() || fv.Pkg() == vb.a.pkg {
			steps = append(steps, FieldStep{Name: fv.Name(), Pointer: isPtr && !last})
			vars = append(vars, fv)
		} else if last || isPtr {
			steps = nil // unreachable: reported below
			break
		}
		if !last {
			st = elem.Underlying().(*types.Struct)
		}
	}
	if steps == nil || !vb.selects(node.Type, steps, vars) {
		f.Steps = nil
		return
	}
	f.Steps = steps
}

// selects reports whether the selector steps, from a value of type t,
// select the fields vars one after the other, in the analyzed package.
func (vb *viewBuilder) selects(t types.Type, steps []FieldStep, vars []*types.Var) bool {
	cur := t
	for i, s := range steps {
		obj, _, _ := types.LookupFieldOrMethod(cur, true, vb.a.pkg, s.Name)
		if obj != vars[i] {
			return false
		}
		cur = vars[i].Type()
	}
	return true
}

// unknown reports a property the struct node does not have, or cannot
// reach from the generated code.
func (vb *viewBuilder) unknown(p directive.ViewPath, i, off int, node *ViewValue) {
	st := node.Type.Underlying().(*types.Struct)
	where := "the result"
	if i > 0 {
		where = strconv.Quote(strings.Join(p.Steps[:i], "."))
	}
	var names []string
	for _, jf := range vb.jsonFields(st) {
		if jf.Name == p.Steps[i] {
			vb.errorf(off, "view path %q: the generated code cannot reach %q of %s: it is promoted through an embedded field of package %s that it cannot name",
				p.Text, p.Steps[i], vb.a.typeString(node.Type), jf.Var.Pkg().Name())
			return
		}
		names = append(names, jf.Name)
	}
	msg := fmt.Sprintf("view path %q: %s has no property %q", p.Text, where, p.Steps[i])
	if s := suggest.Closest(p.Steps[i], names); s != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", s)
	}
	vb.errorf(off, "%s", msg)
}

// redundant warns of a path inside a property that another path keeps
// whole.
func (vb *viewBuilder) redundant(p directive.ViewPath, prefix, name string) {
	whole := name
	if prefix != "" {
		whole = prefix + "." + name
	}
	msg := fmt.Sprintf("view path %q is inside %q, which the view keeps whole: drop one of them", p.Text, whole)
	if whole == p.Text {
		msg = fmt.Sprintf("view path %q given twice", p.Text)
	}
	vb.a.report(finding.Finding{Pos: vb.at(p.Off), End: vb.at(p.Off+len(p.Text)-1) + 1, Category: finding.CatRedundant, Message: msg})
}

// allProperties makes every property of the root's struct a path: the
// paths fields picks among when the tool has no view=.
func (vb *viewBuilder) allProperties(root *ViewValue, pos token.Pos) {
	node := structOf(root)
	st := node.Type.Underlying().(*types.Struct)
	for _, jf := range vb.jsonFields(st) {
		vb.add(directive.ViewPath{Text: jf.Name, Steps: []string{jf.Name}})
	}
	if len(vb.view.Paths) == 0 {
		vb.a.errorf(pos, finding.CatDirective, "fields: %s has no properties to choose among", vb.a.typeString(node.Type))
		vb.bad = true
	}
}

// leafValue is how the value of field f, where a path ends, is written:
// a bool, number or string (or a pointer to one) directly, anything else
// by encoding/json.
func (vb *viewBuilder) leafValue(f *ViewField) *ViewValue {
	return vb.scalar(f.field.Type, f.addressable, f.field.Quoted)
}

// scalar is how a value of type t at the end of a path is written;
// quoted for a ",string" field's.
func (vb *viewBuilder) scalar(t types.Type, addressable, quoted bool) *ViewValue {
	v := &ViewValue{Kind: ViewLeaf, Type: t, addressable: addressable}
	if isNumberType(t) {
		v.Leaf, v.Quoted = LeafNumber, quoted
		return v
	}
	if vb.ownJSON(t, addressable) == "" {
		switch u := t.Underlying().(type) {
		case *types.Pointer:
			if elem := vb.scalar(u.Elem(), true, quoted); elem.Kind != ViewLeaf || elem.Leaf != LeafMarshal {
				return &ViewValue{Kind: ViewPointer, Type: t, Elem: elem, addressable: addressable}
			}
		case *types.Basic:
			if leaf := basicLeaf(u); leaf != LeafMarshal {
				v.Leaf, v.Quoted = leaf, quoted
				return v
			}
		}
	}
	v.Copy = !addressable && addrSensitive(t, map[types.Type]bool{})
	return v
}

func isNumberType(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && qualifiedName(n) == "encoding/json.Number"
}

func basicLeaf(u *types.Basic) Leaf {
	switch info := u.Info(); {
	case info&types.IsBoolean != 0:
		return LeafBool
	case info&types.IsUnsigned != 0:
		return LeafUint
	case info&types.IsInteger != 0:
		return LeafInt
	case u.Kind() == types.Float32:
		return LeafFloat32
	case info&types.IsFloat != 0:
		return LeafFloat64
	case info&types.IsString != 0:
		return LeafString
	}
	return LeafMarshal
}

// number orders the view's paths as the result's JSON orders them, and
// sets the range of paths through each property.
func (vb *viewBuilder) number(root *ViewValue) {
	var paths []string
	var walk func(v *ViewValue, prefix string)
	walk = func(v *ViewValue, prefix string) {
		for _, f := range structOf(v).Fields {
			f.Lo = len(paths)
			if f.whole {
				paths = append(paths, prefix+f.Name)
			} else {
				walk(f.Value, prefix+f.Name+".")
			}
			f.Hi = len(paths)
		}
	}
	walk(root, "")
	vb.view.Paths = paths
}
