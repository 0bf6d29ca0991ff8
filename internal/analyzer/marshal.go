package analyzer

import (
	"go/types"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
)

// A knownType is a type whose MarshalJSON output is known, so it gets an
// exact schema instead of {}.
type knownType struct {
	schema   func() *jsonschema.Schema
	nullable bool // its MarshalJSON can write null
}

func str(format string) func() *jsonschema.Schema {
	return func() *jsonschema.Schema { return &jsonschema.Schema{Type: "string", Format: format} }
}

func typ(types ...string) func() *jsonschema.Schema {
	return func() *jsonschema.Schema {
		if len(types) == 1 {
			return &jsonschema.Schema{Type: types[0]}
		}
		return &jsonschema.Schema{Types: types}
	}
}

// knownTypes maps "import/path.Name" to the JSON its marshaler writes.
//
// A MarshalJSON method's output cannot be read from the types, so a type
// that has one gets the schema {}: sound, and useless to a client. The
// types below are the exceptions whose output is fixed and documented:
// the standard library's, and the few apimachinery types that every
// Kubernetes API object reaches (ObjectMeta's times, a container's
// resource quantities, a port that is a number or a name). Without them a
// Pod's schema would be {} in a hundred places. A type that embeds one of
// them, such as go-github's Timestamp, is written as it is (knownSchema).
var knownTypes = map[string]knownType{
	"time.Time":                {schema: str("date-time")},
	"encoding/json.Number":     {schema: typ("number")},
	"encoding/json.RawMessage": {schema: func() *jsonschema.Schema { return &jsonschema.Schema{} }},
	"math/big.Int":             {schema: typ("integer")},
	// Not a marshaler, but its unit constants must not read as an enum.
	"time.Duration": {schema: typ("integer")},
	// Kubernetes: metav1.Time writes null for the zero time.
	"k8s.io/apimachinery/pkg/apis/meta/v1.Time":                      {schema: str("date-time"), nullable: true},
	"k8s.io/apimachinery/pkg/apis/meta/v1.MicroTime":                 {schema: str("date-time"), nullable: true},
	"k8s.io/apimachinery/pkg/api/resource.Quantity":                  {schema: str("")},
	"k8s.io/apimachinery/pkg/util/intstr.IntOrString":                {schema: typ("integer", "string")},
	"k8s.io/apimachinery/pkg/apis/meta/v1.Duration":                  {schema: str("")},
	"k8s.io/apimachinery/pkg/runtime.RawExtension":                   {schema: func() *jsonschema.Schema { return &jsonschema.Schema{} }},
	"k8s.io/apimachinery/pkg/apis/meta/v1.FieldsV1":                  {schema: func() *jsonschema.Schema { return &jsonschema.Schema{} }},
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured.Unstructured": {schema: typ("object")},
}

func qualifiedName(n *types.Named) string {
	obj := n.Obj()
	if obj.Pkg() == nil {
		return obj.Name()
	}
	return obj.Pkg().Path() + "." + obj.Name()
}

// knownSchema recognizes a known type, or a type whose MarshalJSON is
// promoted from an embedded known type (go-github's Timestamp embeds
// time.Time and so is written as time.Time is).
func (b *schemaBuilder) knownSchema(t types.Type) (knownType, bool) {
	n, ok := t.(*types.Named)
	if !ok {
		return knownType{}, false
	}
	if k, ok := knownTypes[qualifiedName(n)]; ok {
		if k.schema().Type == "" && k.schema().Types == nil {
			b.a.untyped(b, t)
		}
		return k, true
	}
	method := b.marshalMethod(t)
	if method == nil {
		return knownType{}, false
	}
	if recv, ok := methodRecv(method); ok && recv != n {
		if k, ok := knownTypes[qualifiedName(recv)]; ok {
			return k, true
		}
	}
	return knownType{}, false
}

// marshalMethod returns the method encoding/json calls to write t
// (MarshalJSON, then MarshalText), or nil.
func (b *schemaBuilder) marshalMethod(t types.Type) *types.Func {
	for _, name := range []string{"MarshalJSON", "MarshalText"} {
		if m := lookupMethod(t, name); m != nil {
			return m
		}
		if m := lookupMethod(types.NewPointer(t), name); m != nil && b.addressable {
			return m
		}
	}
	return nil
}

func methodRecv(m *types.Func) (*types.Named, bool) {
	recv := m.Type().(*types.Signature).Recv()
	if recv == nil {
		return nil, false
	}
	t, _ := deref(recv.Type())
	n, ok := t.(*types.Named)
	if ok && n.Origin() != nil {
		n = n.Origin()
	}
	return n, ok
}

// marshalerSchema handles types with their own JSON or text marshaling.
// Text marshalers write strings. A JSON marshaler's output is unknown
// statically, so its schema is {}: sound, if not precise.
func (b *schemaBuilder) marshalerSchema(t types.Type) (*jsonschema.Schema, bool, bool) {
	if _, isPtr := t.Underlying().(*types.Pointer); isPtr {
		return nil, false, false // the pointer case handles nil, then the element
	}
	if _, isIface := t.Underlying().(*types.Interface); isIface {
		return nil, false, false
	}
	m := b.marshalMethod(t)
	if m == nil {
		return nil, false, false
	}
	switch m.Name() {
	case "MarshalText":
		s := &jsonschema.Schema{Type: "string"}
		if n, ok := t.(*types.Named); ok {
			s.Enum = nil
			s.Description = b.a.typeDoc(n.Obj())
		}
		return s, false, true
	}
	b.a.customMarshaler(&b.site, "the result", t, m)
	return &jsonschema.Schema{}, false, true
}

// lookupMethod finds a method of t's method set with the marshaler shape
// func() ([]byte, error) or func([]byte) error. A lookup by name, unlike
// building the whole method set, costs little: it runs for every type a
// tool reaches, several times.
func lookupMethod(t types.Type, name string) *types.Func {
	// Not addressable: a pointer-receiver method is not in a value's
	// method set, and the lookup says so by returning nil.
	obj, _, _ := types.LookupFieldOrMethod(t, false, nil, name)
	if f, ok := obj.(*types.Func); ok && marshalerShape(f) {
		return f
	}
	return nil
}

func marshalerShape(f *types.Func) bool {
	sig := f.Type().(*types.Signature)
	isBytes := func(t types.Type) bool {
		s, ok := t.Underlying().(*types.Slice)
		if !ok {
			return false
		}
		b, ok := s.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	}
	isError := func(t types.Type) bool { return types.Identical(t, types.Universe.Lookup("error").Type()) }
	switch f.Name() {
	case "MarshalJSON", "MarshalText":
		return sig.Params().Len() == 0 && sig.Results().Len() == 2 &&
			isBytes(sig.Results().At(0).Type()) && isError(sig.Results().At(1).Type())
	default:
		return sig.Params().Len() == 1 && sig.Results().Len() == 1 &&
			isBytes(sig.Params().At(0).Type()) && isError(sig.Results().At(0).Type())
	}
}

// hasMethod reports whether t's method set has a marshaler-shaped method.
func hasMethod(t types.Type, name string) bool { return lookupMethod(t, name) != nil }

// closedEnum is the enum of a named string or integer type: its constants,
// if the type is declared in the module being analyzed or in the standard
// library. A type of another module gets none. Its constants list the
// values that the version compiled against knew of, while the values come
// from outside, decoded from an API: a Pod's conditions carry the custom
// types of its readiness gates, and a newer API server adds phases and
// reasons. Sound before precise: the type's doc comment, which goes with
// it, usually names the values anyway.
func (a *analysis) closedEnum(n *types.Named) []any {
	if !a.ownType(n) {
		return nil
	}
	return a.enumValues(n)
}

// inModule reports whether pkg belongs to the module being analyzed (or
// the module is unknown). Advice about a field's declaration, such as a
// missing doc comment or omitempty, is only given where the user can act
// on it: not on go-github's or Kubernetes' types.
func (a *analysis) inModule(pkg *types.Package) bool {
	mod := a.opts.Module
	if mod == "" || pkg == nil {
		return true
	}
	return pkg.Path() == mod || strings.HasPrefix(pkg.Path(), mod+"/")
}

// ownType reports whether n is declared in the module being analyzed, or
// in the standard library (whose import paths have no dot in their first
// element), which is Go's own and keeps its constants.
func (a *analysis) ownType(n *types.Named) bool {
	pkg := n.Obj().Pkg()
	if a.inModule(pkg) {
		return true
	}
	first, _, _ := strings.Cut(pkg.Path(), "/")
	return !strings.Contains(first, ".")
}
