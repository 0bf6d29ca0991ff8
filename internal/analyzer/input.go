package analyzer

import (
	"go/token"
	"go/types"
	"maps"
	"slices"

	"github.com/mcptag/mcptag/internal/argmodel"
	"github.com/mcptag/mcptag/internal/argspec"
)

// An inputBuilder derives the Value of a tool's arguments: what
// encoding/json accepts when it decodes them into the Go types, with the
// descriptions and constraints the developer declared. The value being
// decoded is always addressable, so pointer-receiver UnmarshalJSON and
// UnmarshalText methods always apply.
type inputBuilder struct {
	site
	a          *analysis
	defs       map[string]*argmodel.Value // recursive types, by $defs name
	names      defNames
	inProgress map[string]bool
	recursive  map[string]bool
	// shared are the values of the named struct types built so far, by
	// type key, and the types themselves: each is built once, whatever
	// the number of paths that reach it (see share).
	shared      map[string]*argmodel.Value
	sharedTypes map[string]*types.Named
}

func (a *analysis) newInputBuilder(pos token.Pos) *inputBuilder {
	return &inputBuilder{
		site: site{pos: pos}, a: a,
		defs: map[string]*argmodel.Value{}, names: newDefNames(),
		inProgress: map[string]bool{}, recursive: map[string]bool{},
		shared: map[string]*argmodel.Value{}, sharedTypes: map[string]*types.Named{},
	}
}

// input returns the arguments of the function at pos: an object whose
// properties are the fields of its struct parameter, or its plain
// parameters, described by docs.
func (a *analysis) input(pos token.Pos, style ArgStyle, params []Param, docs paramDocs) *argmodel.Input {
	b := a.newInputBuilder(pos)
	var root *argmodel.Value
	switch style {
	case ArgsStruct:
		root = b.value(params[0].Type)
		if root.Ref != "" { // a recursive argument struct: the root is its body
			root = b.defs[root.Ref]
		}
	default:
		root = &argmodel.Value{Kind: argmodel.KindObject, Closed: true}
		for _, p := range params {
			root.Fields = append(root.Fields, b.param(p, docs[p.Name]))
		}
	}
	in := &argmodel.Input{Root: root, Defs: b.defs}
	b.share(in)
	return in
}

// param is the property of one plain parameter, described and
// constrained by its doc list item.
func (b *inputBuilder) param(p Param, doc paramDoc) argmodel.Field {
	b.path = append(b.path, p.WireName())
	defer func() { b.path = b.path[:len(b.path)-1] }()
	pos := b.pos
	b.pos = p.Pos // a finding about its type is at the parameter
	defer func() { b.pos = pos }()
	v := b.value(p.Type)
	if doc.Text != "" {
		v.Description = doc.Text
	}
	f := argmodel.Field{Name: p.WireName(), Required: p.Required, Value: v, Pos: p.Pos}
	if doc.Tag != "" {
		b.a.applyTag(&f, doc.Tag, true, func(off int) token.Pos { return doc.TagPos + token.Pos(off) })
	}
	return f
}

// value returns the Value of a type, not counting null.
func (b *inputBuilder) value(t types.Type) *argmodel.Value {
	if v, ok := b.known(t); ok {
		return v
	}
	if v, ok := b.unmarshaler(t); ok {
		return v
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return b.basic(t, u)
	case *types.Pointer:
		v := b.value(u.Elem())
		v.NullOK = true
		return v
	case *types.Slice:
		if isByteSlice(u) {
			return &argmodel.Value{Kind: argmodel.KindString, Base64: true, NullOK: true}
		}
		v := b.named(t, func() *argmodel.Value {
			return &argmodel.Value{Kind: argmodel.KindArray, Items: b.elem(u.Elem(), "[]")}
		})
		v.NullOK = true
		return v
	case *types.Array:
		return b.named(t, func() *argmodel.Value {
			n := int(u.Len())
			return &argmodel.Value{Kind: argmodel.KindArray, Items: b.elem(u.Elem(), "[]"), MinItems: &n, MaxItems: &n, Fixed: true}
		})
	case *types.Map:
		v := b.named(t, func() *argmodel.Value { return b.mapValue(u) })
		v.NullOK = true
		return v
	case *types.Struct:
		return b.named(t, func() *argmodel.Value { return b.structValue(u) })
	case *types.Interface:
		return &argmodel.Value{NullOK: true}
	}
	b.unsupported(t)
	return &argmodel.Value{}
}

// known recognizes the types whose JSON form mcptag knows (knownTypes),
// directly or through an embedded one whose UnmarshalJSON is promoted.
func (b *inputBuilder) known(t types.Type) (*argmodel.Value, bool) {
	n, ok := t.(*types.Named)
	if !ok {
		return nil, false
	}
	k, ok := knownTypes[qualifiedName(n)]
	if !ok {
		m := unmarshalMethod(t)
		recv, isMethod := (*types.Named)(nil), false
		if m != nil {
			recv, isMethod = methodRecv(m)
		}
		if !isMethod || recv == n {
			return nil, false
		}
		if k, ok = knownTypes[qualifiedName(recv)]; !ok {
			return nil, false
		}
	}
	s := k.schema()
	v := &argmodel.Value{Format: s.Format, NullOK: k.nullable}
	types := s.Types
	if s.Type != "" {
		types = []string{s.Type}
	}
	for _, typ := range types {
		if kind, ok := argmodel.KindOfType(typ); ok {
			if v.Kind == argmodel.KindAny {
				v.Kind = kind
			} else {
				v.OrString = true // IntOrString
			}
		}
	}
	return v, true
}

// unmarshaler handles a type with its own UnmarshalText (a string) or
// UnmarshalJSON (anything: its form is unknown statically).
func (b *inputBuilder) unmarshaler(t types.Type) (*argmodel.Value, bool) {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Interface:
		return nil, false // the pointer case handles null, then the element
	}
	m := unmarshalMethod(t)
	if m == nil {
		return nil, false
	}
	if m.Name() == "UnmarshalText" {
		v := &argmodel.Value{Kind: argmodel.KindString}
		if n, ok := t.(*types.Named); ok {
			v.Description = b.a.typeDoc(n.Obj())
		}
		return v, true
	}
	b.a.customMarshaler(&b.site, "the arguments", t, m)
	return &argmodel.Value{NullOK: true}, true
}

// unmarshalMethod returns the method encoding/json calls to read t,
// through a pointer if need be, or nil.
func unmarshalMethod(t types.Type) *types.Func {
	for _, name := range []string{"UnmarshalJSON", "UnmarshalText"} {
		for _, recv := range []types.Type{t, types.NewPointer(t)} {
			if m := lookupMethod(recv, name); m != nil {
				return m
			}
		}
	}
	return nil
}

func (b *inputBuilder) basic(t types.Type, u *types.Basic) *argmodel.Value {
	var v *argmodel.Value
	switch info := u.Info(); {
	case info&types.IsBoolean != 0:
		v = &argmodel.Value{Kind: argmodel.KindBoolean}
	case info&types.IsInteger != 0:
		v = &argmodel.Value{Kind: argmodel.KindInteger, Range: intRange(u.Kind())}
	case info&types.IsFloat != 0:
		v = &argmodel.Value{Kind: argmodel.KindNumber, FloatBits: 64}
		if u.Kind() == types.Float32 {
			v.FloatBits, v.Range = 32, argspec.RangeFloat32
		}
	case info&types.IsString != 0:
		v = &argmodel.Value{Kind: argmodel.KindString}
	default: // complex, unsafe.Pointer, untyped nil
		b.unsupported(t)
		return &argmodel.Value{}
	}
	if n, ok := t.(*types.Named); ok {
		v.Enum = b.a.closedEnum(n)
		v.TypeEnum = v.Enum != nil
		v.Description = b.a.typeDoc(n.Obj())
	}
	return v
}

// intRange is the range of a sized integer kind.
func intRange(k types.BasicKind) argspec.IntRange {
	switch k {
	case types.Int8:
		return argspec.RangeInt8
	case types.Int16:
		return argspec.RangeInt16
	case types.Int32:
		return argspec.RangeInt32
	case types.Uint8:
		return argspec.RangeUint8
	case types.Uint16:
		return argspec.RangeUint16
	case types.Uint32:
		return argspec.RangeUint32
	case types.Uint, types.Uint64, types.Uintptr:
		return argspec.RangeUint64
	}
	return argspec.AnyInt
}

// elem is the Value of an array item or map value. encoding/json decodes
// null into a nil pointer there too, but the argument's schema lists no
// null, and neither does the checker accept one.
func (b *inputBuilder) elem(t types.Type, step string) *argmodel.Value {
	b.path = append(b.path, step)
	defer func() { b.path = b.path[:len(b.path)-1] }()
	return b.value(t)
}

func (b *inputBuilder) mapValue(m *types.Map) *argmodel.Value {
	v := &argmodel.Value{Kind: argmodel.KindObject}
	key := m.Key()
	ku, _ := key.Underlying().(*types.Basic) // nil for a struct TextMarshaler key
	switch {
	case ku != nil && ku.Info()&types.IsString != 0:
	case hasMethod(types.NewPointer(key), "UnmarshalText"):
		// TextUnmarshaler keys win over integer kinds in encoding/json.
	case ku != nil && ku.Info()&types.IsUnsigned != 0:
		v.Keys = argspec.DecimalUint
	case ku != nil && ku.Info()&types.IsInteger != 0:
		v.Keys = argspec.DecimalInt
	default:
		b.a.unsupported(&b.site, "map key type %s: encoding/json accepts only string, integer and encoding.TextUnmarshaler keys", b.a.typeString(key))
	}
	v.Values = b.elem(m.Elem(), "[key]")
	return v
}

func (b *inputBuilder) structValue(st *types.Struct) *argmodel.Value {
	v := &argmodel.Value{Kind: argmodel.KindObject, Closed: true}
	for _, f := range b.a.jsonFields(st) {
		v.Fields = append(v.Fields, b.field(f))
	}
	return v
}

// field is one property of a struct. It is required unless omitempty or
// omitzero says it need not be sent, it is a pointer (absent, it is nil,
// as a pointer parameter is), it is promoted through an embedded pointer
// (encoding/json leaves such a field out when the pointer is nil, whatever
// its tag), or it has a default. A pointer field must be optional: were it
// required, a type that refers to itself through one could have no value
// at all.
func (b *inputBuilder) field(f jsonField) argmodel.Field {
	b.path = append(b.path, f.Name)
	defer func() { b.path = b.path[:len(b.path)-1] }()
	pos := b.pos
	b.pos = f.Var.Pos()
	defer func() { b.pos = pos }()

	var v *argmodel.Value
	if f.Quoted && unmarshalMethod(f.Type) == nil {
		v = quotedValue(f.Type)
	} else {
		v = b.value(f.Type)
	}
	_, isPtr := f.Type.Underlying().(*types.Pointer)
	field := argmodel.Field{Name: f.Name, Required: !f.ViaPointer && !f.OmitEmpty && !f.OmitZero && !isPtr, Value: v, Pos: f.Var.Pos()}
	if f.SchemaTag != "" {
		b.a.applyTag(&field, f.SchemaTag, false, b.a.schemaTagPos(f.Var))
	}
	// The field's doc or line comment wins over the tag's description,
	// as in output schemas.
	if doc := b.a.fieldDoc(f.Var); doc != "" {
		v.Description = doc
	}
	return field
}

// quotedValue is the Value of a ",string" field: the JSON string that
// holds the encoded value.
func quotedValue(t types.Type) *argmodel.Value {
	elem, isPtr := deref(t)
	u := elem.Underlying().(*types.Basic)
	v := &argmodel.Value{Kind: argmodel.KindString, NullOK: isPtr}
	switch info := u.Info(); {
	case info&types.IsBoolean != 0:
		v.Enum = []any{"false", "true"}
		v.TypeEnum = true
	case info&types.IsUnsigned != 0:
		v.Decimal = argspec.DecimalUint
	case info&types.IsInteger != 0:
		v.Decimal = argspec.DecimalInt
	case info&types.IsFloat != 0:
		v.Decimal = argspec.DecimalFloat
	case info&types.IsString != 0:
		v.Pattern = `^".*"$` // the string's own JSON encoding
	}
	return v
}

// named builds the Value of t through body. Named types are inlined, as
// a client reads them best, except a type that refers to itself: only a
// $ref can express that, so it goes to $defs.
func (b *inputBuilder) named(t types.Type, body func() *argmodel.Value) *argmodel.Value {
	n, ok := t.(*types.Named)
	if !ok {
		return body()
	}
	key := types.TypeString(n, nil)
	if b.inProgress[key] {
		if !b.recursive[key] {
			b.recursive[key] = true
			b.names.name(n, key, "")
		}
		b.a.recursiveInput(&b.site, n)
		return &argmodel.Value{Ref: b.names.names[key]}
	}
	if v, ok := b.shared[key]; ok {
		return shallowCopy(v)
	}
	b.inProgress[key] = true
	v := body()
	delete(b.inProgress, key)
	if v.Description == "" {
		v.Description = b.a.typeDoc(n.Obj())
	}
	if b.recursive[key] {
		b.defs[b.names.names[key]] = v
		return &argmodel.Value{Ref: b.names.names[key]}
	}
	if _, isStruct := n.Underlying().(*types.Struct); isStruct {
		v.Shared = key
		b.shared[key], b.sharedTypes[key] = v, n
		return shallowCopy(v)
	}
	return v
}

// shallowCopy is a use of the shared value v: the use's own description,
// title, null and default may differ, its properties are v's. Its
// slices are clipped, so that appending to them (a view's argument)
// leaves v's alone.
func shallowCopy(v *argmodel.Value) *argmodel.Value {
	c := *v
	c.Enum, c.Examples, c.Fields = slices.Clip(c.Enum), slices.Clip(c.Examples), slices.Clip(c.Fields)
	return &c
}

// share makes in a tree again: a named struct type that in reaches
// along more than one path (a DAG of types, or one generic type nested in
// itself, Box[Box[int]]) and whose inline form is large is moved to Defs,
// each use a Ref, so that the schema and the checker's spec describe it
// once, as the output schema does; so is a large one nested deeper than
// maxInlineDepth. A small type (maxInlineValues) and a
// type used once stay inline, as a client reads them best: inlining a
// small type at every use costs at most maxInlineValues a use, so the
// schema stays linear in the source.
func (b *inputBuilder) share(in *argmodel.Input) {
	sizes := map[string]int{}
	large := func(key string) bool { return b.inlineSize(b.shared[key], sizes) > maxInlineValues }
	// Uses are counted in the tree as it will be: the uses inside a large
	// type count once, those inside a small one at each of its uses.
	uses := map[string]int{}
	var count func(v *argmodel.Value)
	count = func(v *argmodel.Value) {
		if v.Shared != "" && large(v.Shared) {
			if uses[v.Shared]++; uses[v.Shared] > 1 {
				return
			}
		}
		eachChild(v, func(slot **argmodel.Value) { count(*slot) })
	}
	count(in.Root)
	recursive := slices.Sorted(maps.Keys(in.Defs))
	for _, name := range recursive {
		count(in.Defs[name])
	}
	placed := map[string]bool{}
	var place func(slot **argmodel.Value, depth int)
	place = func(slot **argmodel.Value, depth int) {
		v := *slot
		if key := v.Shared; key != "" {
			deep := depth > maxInlineDepth && large(key)
			if (uses[key] > 1 || deep) && referable(v) {
				*slot = b.shareRef(in, v)
				depth = 0 // its properties start a $defs entry
			}
			if placed[key] {
				return // its properties, one slice for every use, are placed
			}
			placed[key] = true
		}
		eachChild(v, func(slot **argmodel.Value) { place(slot, depth+1) })
	}
	eachChild(in.Root, func(slot **argmodel.Value) { place(slot, 1) })
	for _, name := range recursive {
		eachChild(in.Defs[name], func(slot **argmodel.Value) { place(slot, 1) })
	}
}

// maxInlineDepth is the deepest a large named struct type is inlined: a
// deeper one goes to $defs even if used once, so that a long chain of
// types (A holds a B, which holds a C...) nests no more than this in the
// schema and the checker's spec, whose size would otherwise grow with
// the square of the chain, each level indented once more.
const maxInlineDepth = 16

// maxInlineValues is the most values, nested ones counted, that a named
// struct type's inline form may hold and still be inlined at each of its
// uses: a Point{X, Y} stays inline, a type made of other shared types goes
// to $defs.
const maxInlineValues = 32

// inlineSize is the number of values in v's inline form, counting a use
// of a large shared type, which becomes a Ref, as one; sizes memoizes the
// shared types' sizes by type key.
func (b *inputBuilder) inlineSize(v *argmodel.Value, sizes map[string]int) int {
	if v.Shared != "" {
		if n, ok := sizes[v.Shared]; ok {
			return n
		}
	}
	n := 1
	eachChild(v, func(slot **argmodel.Value) {
		c := *slot
		if c.Shared != "" && c.Shared != v.Shared && b.inlineSize(b.shared[c.Shared], sizes) > maxInlineValues {
			n++ // a Ref
			return
		}
		n += b.inlineSize(c, sizes)
	})
	if v.Shared != "" {
		sizes[v.Shared] = n
	}
	return n
}

// shareRef returns the Ref that stands for v, a use of a shared type, and
// puts the type in in.Defs under its name.
func (b *inputBuilder) shareRef(in *argmodel.Input, v *argmodel.Value) *argmodel.Value {
	name, ok := b.names.names[v.Shared]
	if !ok {
		name = b.names.name(b.sharedTypes[v.Shared], v.Shared, "")
		in.Defs[name] = b.shared[v.Shared]
	}
	return &argmodel.Value{Ref: name, Description: v.Description, Title: v.Title, NullOK: v.NullOK}
}

// referable reports whether a Ref can stand for v, a use of a shared
// type: a Ref keeps only the use's description, title and null, so a use
// with a default, examples or a header of its own stays inline.
func referable(v *argmodel.Value) bool {
	return v.Default == nil && len(v.Examples) == 0 && v.Header == ""
}

// eachChild calls f with the place of each value directly inside v: its
// properties', its items', its map values'.
func eachChild(v *argmodel.Value, f func(slot **argmodel.Value)) {
	for i := range v.Fields {
		f(&v.Fields[i].Value)
	}
	if v.Items != nil {
		f(&v.Items)
	}
	if v.Values != nil {
		f(&v.Values)
	}
}

func (b *inputBuilder) unsupported(t types.Type) {
	b.a.unsupported(&b.site, "unsupported type %s: encoding/json cannot decode it", b.a.typeString(t))
}
