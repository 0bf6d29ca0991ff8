package analyzer

import (
	"go/constant"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mcptag/mcptag/internal/argspec"
	"github.com/mcptag/mcptag/internal/finding"
)

// A schemaBuilder turns Go types into the JSON Schema of what
// encoding/json writes for them: a tool's output. (What it reads, a
// tool's input, is the inputBuilder's.) One builder makes one root schema
// and its $defs.
type schemaBuilder struct {
	site
	a      *analysis
	closed bool // objects get additionalProperties: false

	defs       map[string]*jsonschema.Schema
	names      defNames
	inProgress map[string]bool
	recursive  map[string]bool // a non-struct named type that refers to itself
	refCount   map[string]int

	// addressable says whether the value at hand is addressable, which
	// decides whether encoding/json calls its pointer-receiver marshalers.
	addressable bool
	// elemsByValue says that the elements of the next slice or array are
	// marshalled one by one, as copies: toolimpl does so for slice results.
	elemsByValue bool
}

func (a *analysis) newSchemaBuilder(closed bool, pos token.Pos) *schemaBuilder {
	return &schemaBuilder{
		site: site{pos: pos}, a: a, closed: closed,
		defs: map[string]*jsonschema.Schema{}, names: newDefNames(),
		inProgress: map[string]bool{}, recursive: map[string]bool{}, refCount: map[string]int{},
		addressable: true,
	}
}

// root returns the schema of t as the root of a document: never a $ref,
// with the $defs it needs attached.
func (b *schemaBuilder) root(t types.Type) *jsonschema.Schema {
	s, _ := b.typeSchema(t)
	return b.finish(s)
}

// finish makes s a root: a $ref is replaced by what it refers to, since a
// client wants a root of type object, and the $defs are attached.
func (b *schemaBuilder) finish(s *jsonschema.Schema) *jsonschema.Schema {
	if name, ok := refName(s); ok {
		b.refCount[name]--
		body := *b.defs[name]
		s = &body
		if b.refCount[name] == 0 {
			delete(b.defs, name)
		}
	}
	b.renameValueDefs(s)
	if len(b.defs) > 0 {
		s.Defs = b.defs
	}
	return s
}

// renameValueDefs drops the _value suffix from a $defs entry whose
// addressable twin was never named: the suffix only tells the two apart.
func (b *schemaBuilder) renameValueDefs(root *jsonschema.Schema) {
	renames := map[string]string{}
	for name := range b.defs {
		base, ok := strings.CutSuffix(name, "_value")
		if !ok || !strings.HasSuffix(b.names.keys[name], " (value)") {
			continue
		}
		if _, taken := b.names.keys[base]; !taken {
			renames["#/$defs/"+name] = "#/$defs/" + base
			b.defs[base] = b.defs[name]
			delete(b.defs, name)
		}
	}
	if len(renames) == 0 {
		return
	}
	seen := map[*jsonschema.Schema]bool{}
	var walk func(s *jsonschema.Schema)
	walk = func(s *jsonschema.Schema) {
		if s == nil || seen[s] {
			return
		}
		seen[s] = true
		if to, ok := renames[s.Ref]; ok {
			s.Ref = to
		}
		eachSubschema(s, walk)
	}
	walk(root)
	for _, d := range b.defs {
		walk(d)
	}
}

// eachSubschema calls f with each schema s holds that output schemas
// use: its properties, alternatives, items, map values and key names.
func eachSubschema(s *jsonschema.Schema, f func(*jsonschema.Schema)) {
	for _, p := range s.Properties {
		f(p)
	}
	for _, alt := range s.AnyOf {
		f(alt)
	}
	for _, sub := range []*jsonschema.Schema{s.Items, s.AdditionalProperties, s.PropertyNames} {
		if sub != nil {
			f(sub)
		}
	}
}

func refName(s *jsonschema.Schema) (string, bool) {
	return strings.CutPrefix(s.Ref, "#/$defs/")
}

// nullness says when a value of a type can be JSON null.
type nullness int

const (
	neverNull   nullness = iota
	nullIfEmpty          // only a nil pointer, slice or map: omitempty and omitzero drop it
	nullAlways           // also a non-empty value, such as a pointer to a nil slice
)

// typeSchema returns the schema of t's JSON form, not counting null, and
// whether a value of t can be JSON null.
func (b *schemaBuilder) typeSchema(t types.Type) (s *jsonschema.Schema, nullable bool) {
	s, n := b.schemaOf(t)
	return s, n != neverNull
}

// schemaOf returns the schema of t's JSON form, not counting null, and
// when a value of t can be JSON null.
func (b *schemaBuilder) schemaOf(t types.Type) (*jsonschema.Schema, nullness) {
	byValue := b.elemsByValue
	b.elemsByValue = false
	// encoding/json calls a method with a pointer receiver only on an
	// addressable value; elsewhere the value is written as if it had none.
	if b.addressable || !ptrOnlyMarshaler(t) {
		if known, ok := b.knownSchema(t); ok {
			if known.nullable {
				return known.schema(), nullAlways
			}
			return known.schema(), neverNull
		}
		if s, nullable, ok := b.marshalerSchema(t); ok {
			if nullable {
				return s, nullAlways
			}
			return s, neverNull
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return b.basicSchema(t, u), neverNull
	case *types.Pointer:
		var s *jsonschema.Schema
		var n nullness
		b.withAddressable(true, func() { s, n = b.schemaOf(u.Elem()) })
		if n == neverNull {
			return s, nullIfEmpty
		}
		return s, nullAlways // a pointer to a nil slice is not empty, but null
	case *types.Slice:
		if isByteSlice(u) {
			return &jsonschema.Schema{Type: "string", ContentEncoding: "base64"}, nullIfEmpty
		}
		return b.named(t, func() *jsonschema.Schema {
			return &jsonschema.Schema{Type: "array", Items: b.elemSchema(u.Elem(), "[]", !byValue)}
		}), nullIfEmpty
	case *types.Array:
		return b.named(t, func() *jsonschema.Schema {
			n := int(u.Len())
			return &jsonschema.Schema{Type: "array", Items: b.elemSchema(u.Elem(), "[]", b.addressable && !byValue), MinItems: &n, MaxItems: &n}
		}), neverNull
	case *types.Map:
		return b.named(t, func() *jsonschema.Schema { return b.mapSchema(u) }), nullIfEmpty
	case *types.Struct:
		return b.named(t, func() *jsonschema.Schema { return b.structSchema(u) }), neverNull
	case *types.Interface:
		b.a.untyped(b, t)
		return &jsonschema.Schema{}, nullIfEmpty
	default:
		b.unsupported(t)
		return &jsonschema.Schema{}, neverNull
	}
}

// withAddressable runs f with the addressability of the value at hand set
// to addr: elements of slices and targets of pointers are addressable,
// map values are not, the root is when the tool returns a pointer.
func (b *schemaBuilder) withAddressable(addr bool, f func()) {
	saved := b.addressable
	b.addressable = addr
	defer func() { b.addressable = saved }()
	f()
}

// ptrOnlyMarshaler reports whether t has a marshaler only through a
// pointer receiver: encoding/json then uses it only when the value is
// addressable.
func ptrOnlyMarshaler(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Interface:
		return false
	}
	for _, name := range []string{"MarshalJSON", "MarshalText"} {
		if hasMethod(t, name) {
			return false
		}
	}
	p := types.NewPointer(t)
	return hasMethod(p, "MarshalJSON") || hasMethod(p, "MarshalText")
}

// addrSensitive reports whether the schema of t depends on whether the
// value is addressable: a type with a pointer-receiver marshaler is
// reached through fields and array elements, which share the value's
// addressability.
func addrSensitive(t types.Type, seen map[types.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	if ptrOnlyMarshaler(t) {
		return true
	}
	if hasMethod(t, "MarshalJSON") || hasMethod(t, "MarshalText") {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Array:
		return addrSensitive(u.Elem(), seen)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if addrSensitive(u.Field(i).Type(), seen) {
				return true
			}
		}
	}
	return false
}

// elemSchema is the schema of a slice, array or map element: null is a
// possible element whenever the element type can be nil.
func (b *schemaBuilder) elemSchema(t types.Type, step string, addressable bool) *jsonschema.Schema {
	b.path = append(b.path, step)
	defer func() { b.path = b.path[:len(b.path)-1] }()
	var s *jsonschema.Schema
	var n nullness
	b.withAddressable(addressable, func() { s, n = b.schemaOf(t) })
	if n != neverNull {
		s = withNull(s)
	}
	return s
}

func isByteSlice(s *types.Slice) bool {
	b, ok := s.Elem().Underlying().(*types.Basic)
	if !ok || b.Kind() != types.Byte {
		return false
	}
	// encoding/json writes base64 only when the element type has no
	// marshaler of its own.
	p := types.NewPointer(s.Elem())
	return !hasMethod(p, "MarshalJSON") && !hasMethod(p, "MarshalText")
}

func (b *schemaBuilder) basicSchema(t types.Type, u *types.Basic) *jsonschema.Schema {
	var s *jsonschema.Schema
	info := u.Info()
	switch {
	case info&types.IsBoolean != 0:
		s = &jsonschema.Schema{Type: "boolean"}
	case info&types.IsInteger != 0:
		s = &jsonschema.Schema{Type: "integer"}
		s.Minimum, s.Maximum = intBounds(u.Kind())
	case info&types.IsFloat != 0:
		s = &jsonschema.Schema{Type: "number"}
	case info&types.IsString != 0:
		s = &jsonschema.Schema{Type: "string"}
	default: // complex, unsafe.Pointer, untyped nil
		b.unsupported(t)
		return &jsonschema.Schema{}
	}
	if n, ok := t.(*types.Named); ok {
		s.Enum = b.a.closedEnum(n)
		if s.Enum != nil {
			s.Enum = withZero(s.Enum, s.Type)
		}
		s.Description = b.a.typeDoc(n.Obj())
	}
	return s
}

// withZero adds the zero value of an enum's type to its output enum when
// no constant has it: a value never set is sent as "" or 0 all the same.
// (fieldSchema takes it out again where omitempty or omitzero drops it.)
func withZero(enum []any, typ string) []any {
	var zero any = ""
	if typ == "integer" {
		zero = int64(0)
	}
	for _, v := range enum {
		if v == zero {
			return enum
		}
	}
	return append(enum, zero)
}

// withoutZero undoes withZero for a field that omitempty or omitzero
// leaves out when it holds the zero value.
func withoutZero(s *jsonschema.Schema, declared []any) *jsonschema.Schema {
	if len(s.Enum) == len(declared) {
		return s
	}
	c := *s
	c.Enum = declared
	return &c
}

// intBounds gives the range of sized integer kinds. int, int64 and uint64
// get no maximum: a float64 bound cannot state it exactly.
func intBounds(k types.BasicKind) (lo, hi *float64) {
	f := func(v float64) *float64 { return &v }
	switch k {
	case types.Int8:
		return f(-1 << 7), f(1<<7 - 1)
	case types.Int16:
		return f(-1 << 15), f(1<<15 - 1)
	case types.Int32:
		return f(-1 << 31), f(1<<31 - 1)
	case types.Uint8:
		return f(0), f(1<<8 - 1)
	case types.Uint16:
		return f(0), f(1<<16 - 1)
	case types.Uint32:
		return f(0), f(1<<32 - 1)
	case types.Uint, types.Uint64, types.Uintptr:
		return f(0), nil
	}
	return nil, nil
}

// enumValues lists the constants of type n declared in n's package, in
// declaration order: reflection cannot see them, go/types can.
func (a *analysis) enumValues(n *types.Named) []any {
	if values, ok := a.enums[n.Obj()]; ok {
		return values
	}
	consts := a.constsOf(n.Obj().Pkg())[n.Obj()]
	values := enumOf(consts)
	if values != nil {
		a.checkEnumText(consts)
	}
	a.enums[n.Obj()] = values
	if values != nil {
		a.untypedEnumConsts(n)
	}
	return values
}

// checkEnumText reports, at each, the string constants of an enum that
// cannot travel as JSON text as written: invalid UTF-8, which
// encoding/json sends as U+FFFD, so that the schema would advertise
// another value than the constant's and the handler refuse it. (Every
// valid character travels, U+FEFF included: the generated code escapes
// what Go source cannot hold as it is.)
func (a *analysis) checkEnumText(consts []*types.Const) {
	for _, c := range consts {
		if c.Val().Kind() != constant.String {
			continue
		}
		if s := constant.StringVal(c.Val()); !utf8.ValidString(s) {
			a.errorf(c.Pos(), finding.CatUnsupported, "enum constant %s holds invalid UTF-8 (%s): JSON text cannot carry it, encoding/json would send U+FFFD instead; write it as valid UTF-8",
				c.Name(), strconv.QuoteToASCII(s))
		}
	}
}

// constsOf indexes the constants of pkg by their named type, once per
// package: looking through a package's scope for every enum type would
// cost the square of its size.
func (a *analysis) constsOf(pkg *types.Package) map[*types.TypeName][]*types.Const {
	if pkg == nil {
		return nil
	}
	if idx, ok := a.consts[pkg]; ok {
		return idx
	}
	idx := map[*types.TypeName][]*types.Const{}
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		if c, ok := scope.Lookup(name).(*types.Const); ok {
			if n, ok := types.Unalias(c.Type()).(*types.Named); ok {
				idx[n.Obj()] = append(idx[n.Obj()], c)
			}
		}
	}
	for _, consts := range idx {
		sort.Slice(consts, func(i, j int) bool { return consts[i].Pos() < consts[j].Pos() })
	}
	a.consts[pkg] = idx
	return idx
}

// enumOf turns constants, in declaration order, into enum values.
func enumOf(consts []*types.Const) []any {
	var values []any
	seen := map[string]bool{}
	for _, c := range consts {
		v := c.Val()
		if seen[v.ExactString()] {
			continue
		}
		seen[v.ExactString()] = true
		switch v.Kind() {
		case constant.String:
			values = append(values, constant.StringVal(v))
		case constant.Int:
			i, ok := constant.Int64Val(v)
			if !ok {
				return nil
			}
			values = append(values, i)
		default:
			return nil
		}
	}
	if looksLikeFlags(values) {
		return nil
	}
	return values
}

// looksLikeFlags reports whether integer constants are bit flags, such as
// fs.FileMode's or net.Flags': a value of such a type is any combination
// of them, so they are no enum. Flags are numbers that are not
// consecutive and either three or more powers of two (1, 2, 4) or
// include a mask that is the OR of others (fs.ModeType).
func looksLikeFlags(values []any) bool {
	var ints []int64
	for _, v := range values {
		if i, ok := v.(int64); ok && i > 0 {
			ints = append(ints, i)
		}
	}
	if len(ints) < 2 {
		return false
	}
	lo, hi := ints[0], ints[0]
	for _, i := range ints {
		lo, hi = min(lo, i), max(hi, i)
	}
	if hi-lo+1 == int64(len(ints)) {
		return false // consecutive, as iota makes them (time.Month)
	}
	powers := 0
	for _, i := range ints {
		if i&(i-1) == 0 {
			powers++
		}
	}
	if powers == len(ints) && powers >= 3 {
		return true
	}
	for _, mask := range ints {
		if mask&(mask-1) == 0 {
			continue
		}
		var or int64
		parts := 0
		for _, i := range ints {
			if i != mask && i&mask == i {
				or |= i
				parts++
			}
		}
		if parts >= 2 && or == mask {
			return true
		}
	}
	return false
}

func (b *schemaBuilder) mapSchema(m *types.Map) *jsonschema.Schema {
	s := &jsonschema.Schema{Type: "object"}
	key := m.Key()
	ku, _ := key.Underlying().(*types.Basic) // nil for a struct TextMarshaler key
	switch {
	case ku != nil && ku.Info()&types.IsString != 0:
	case hasMethod(key, "MarshalText"):
		// TextMarshaler keys win over integer kinds in encoding/json.
	case ku != nil && ku.Info()&types.IsUnsigned != 0:
		s.PropertyNames = &jsonschema.Schema{Type: "string", Pattern: `^[0-9]+$`}
	case ku != nil && ku.Info()&types.IsInteger != 0:
		s.PropertyNames = &jsonschema.Schema{Type: "string", Pattern: `^-?[0-9]+$`}
	default:
		b.unsupportedf("map key type %s: encoding/json accepts only string, integer and encoding.TextMarshaler keys", b.a.typeString(key))
	}
	// Map values are not addressable when written, so their pointer-receiver
	// MarshalJSON or MarshalText goes unused.
	s.AdditionalProperties = b.elemSchema(m.Elem(), "[key]", false)
	return s
}

func (b *schemaBuilder) structSchema(st *types.Struct) *jsonschema.Schema {
	var names, required []string
	var props []*jsonschema.Schema
	for _, f := range b.a.jsonFields(st) {
		names = append(names, f.Name)
		props = append(props, b.fieldSchema(f))
		if b.required(f) {
			required = append(required, f.Name)
		}
	}
	return b.object(names, props, required)
}

// object is an object schema with the given properties, in order. Input
// objects are closed, so an invented argument is an error naming it.
func (b *schemaBuilder) object(names []string, props []*jsonschema.Schema, required []string) *jsonschema.Schema {
	s := &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{}, PropertyOrder: names, Required: required}
	for i, name := range names {
		s.Properties[name] = props[i]
	}
	if b.closed {
		s.AdditionalProperties = &jsonschema.Schema{Not: &jsonschema.Schema{}}
	}
	return s
}

// required reports whether a property is always present.
func (b *schemaBuilder) required(f jsonField) bool {
	if f.ViaPointer || f.OmitZero {
		return false
	}
	return !f.OmitEmpty || neverEmpty(f.Type)
}

// neverEmpty reports whether omitempty can never drop a value of t:
// encoding/json's isEmptyValue is false for every struct and non-empty array.
func neverEmpty(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Struct:
		return true
	case *types.Array:
		return u.Len() > 0
	}
	return false
}

func (b *schemaBuilder) fieldSchema(f jsonField) *jsonschema.Schema {
	b.path = append(b.path, f.Name)
	defer func() { b.path = b.path[:len(b.path)-1] }()
	pos := b.pos
	b.pos = f.Var.Pos()
	defer func() { b.pos = pos }()

	var s *jsonschema.Schema
	var n nullness
	if f.Quoted && b.marshalMethod(f.Type) == nil {
		s, n = b.quotedSchema(f.Type)
	} else {
		s, n = b.schemaOf(f.Type)
	}
	// omitempty and omitzero drop nil values instead of writing null, but
	// not a non-nil pointer to a nil slice, say.
	omits := f.OmitEmpty || f.OmitZero
	if n, ok := f.Type.(*types.Named); ok && omits && s.Enum != nil {
		if _, basic := n.Underlying().(*types.Basic); basic {
			s = withoutZero(s, b.a.enumValues(n)) // the zero value is never written
		}
	}
	if n == nullAlways || (n == nullIfEmpty && !omits) {
		s = withNull(s)
		if !omits {
			b.a.nullableField(b, f)
		}
	}
	desc, title := b.a.tagText(f)
	if doc := b.a.fieldDoc(f.Var); doc != "" {
		desc = doc
	}
	if desc != "" || title != "" {
		c := *s
		c.Description, c.Title = desc, title
		s = &c
	}
	return s
}

// quotedSchema is the schema of a ",string" field: the JSON string that
// holds the encoded value.
func (b *schemaBuilder) quotedSchema(t types.Type) (*jsonschema.Schema, nullness) {
	elem, isPtr := deref(t)
	u := elem.Underlying().(*types.Basic)
	s := &jsonschema.Schema{Type: "string"}
	switch info := u.Info(); {
	case info&types.IsBoolean != 0:
		s.Enum = []any{"false", "true"}
	case info&types.IsUnsigned != 0:
		s.Pattern = argspec.DecimalPattern(argspec.DecimalUint)
	case info&types.IsInteger != 0:
		s.Pattern = argspec.DecimalPattern(argspec.DecimalInt)
	case info&types.IsFloat != 0:
		s.Pattern = argspec.DecimalPattern(argspec.DecimalFloat)
	case info&types.IsString != 0:
		s.Pattern = `^".*"$` // the string's own JSON encoding
	}
	if isPtr {
		return s, nullIfEmpty
	}
	return s, neverNull
}

// withNull widens s to also accept null.
func withNull(s *jsonschema.Schema) *jsonschema.Schema {
	switch {
	case isEmpty(s):
		return s // {} accepts null already
	case s.Ref != "" || len(s.AnyOf) > 0:
		return &jsonschema.Schema{AnyOf: []*jsonschema.Schema{s, {Type: "null"}}}
	case s.Type != "":
		c := *s
		c.Types, c.Type = []string{s.Type, "null"}, ""
		if c.Enum != nil {
			c.Enum = append(append([]any(nil), c.Enum...), nil)
		}
		return &c
	case s.Types != nil:
		c := *s
		c.Types = append(append([]string(nil), s.Types...), "null")
		if c.Enum != nil {
			c.Enum = append(append([]any(nil), c.Enum...), nil)
		}
		return &c
	}
	return &jsonschema.Schema{AnyOf: []*jsonschema.Schema{s, {Type: "null"}}}
}

func isEmpty(s *jsonschema.Schema) bool {
	return s.Type == "" && s.Types == nil && s.Ref == "" && s.AnyOf == nil && s.Enum == nil &&
		s.Properties == nil && s.Items == nil && s.AdditionalProperties == nil && s.Format == ""
}

// named builds the schema of t through body. A named struct goes to $defs
// and is referenced; another named type is inlined unless it refers to
// itself, which only a $ref can express.
func (b *schemaBuilder) named(t types.Type, body func() *jsonschema.Schema) *jsonschema.Schema {
	n, ok := t.(*types.Named)
	if !ok {
		return body()
	}
	key := types.TypeString(n, nil)
	suffix := ""
	if !b.addressable && addrSensitive(n, map[types.Type]bool{}) {
		// Written by value, its pointer-receiver marshalers go unused: a
		// schema of its own.
		key, suffix = key+" (value)", "_value"
	}
	_, isStructType := n.Underlying().(*types.Struct)
	if name, ok := b.names.names[key]; ok && (isStructType || b.recursive[key] || b.inProgress[key]) {
		if b.inProgress[key] && !isStructType {
			b.recursive[key] = true
		}
		b.refCount[name]++
		return &jsonschema.Schema{Ref: "#/$defs/" + name}
	}
	name := b.names.name(n, key, suffix)
	b.inProgress[key] = true
	s := body()
	delete(b.inProgress, key)
	if s.Description == "" {
		s.Description = b.a.typeDoc(n.Obj())
	}
	if !isStructType && !b.recursive[key] {
		b.names.forget(key)
		return s
	}
	b.defs[name] = s
	b.refCount[name]++
	return &jsonschema.Schema{Ref: "#/$defs/" + name}
}

func (b *schemaBuilder) unsupported(t types.Type) {
	b.a.unsupported(&b.site, "unsupported type %s: encoding/json cannot encode it", b.a.typeString(t))
}

func (b *schemaBuilder) unsupportedf(format string, args ...any) {
	b.a.unsupported(&b.site, format, args...)
}
