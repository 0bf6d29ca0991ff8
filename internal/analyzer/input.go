package analyzer

import (
	"go/token"
	"go/types"

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
}

func (a *analysis) newInputBuilder(pos token.Pos) *inputBuilder {
	return &inputBuilder{
		site: site{pos: pos}, a: a,
		defs: map[string]*argmodel.Value{}, names: newDefNames(),
		inProgress: map[string]bool{}, recursive: map[string]bool{},
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
	return &argmodel.Input{Root: root, Defs: b.defs}
}

// param is the property of one plain parameter, described and
// constrained by its doc list item.
func (b *inputBuilder) param(p Param, doc paramDoc) argmodel.Field {
	b.path = append(b.path, p.Name)
	defer func() { b.path = b.path[:len(b.path)-1] }()
	pos := b.pos
	b.pos = p.Pos // a finding about its type is at the parameter
	defer func() { b.pos = pos }()
	v := b.value(p.Type)
	if doc.Text != "" {
		v.Description = doc.Text
	}
	f := argmodel.Field{Name: p.Name, Required: p.Required, Value: v, Pos: p.Pos}
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
	b.inProgress[key] = true
	v := body()
	delete(b.inProgress, key)
	if v.Description == "" {
		v.Description = b.a.typeDoc(n.Obj())
	}
	if !b.recursive[key] {
		return v
	}
	b.defs[b.names.names[key]] = v
	return &argmodel.Value{Ref: b.names.names[key]}
}

func (b *inputBuilder) unsupported(t types.Type) {
	b.a.unsupported(&b.site, "unsupported type %s: encoding/json cannot decode it", b.a.typeString(t))
}
