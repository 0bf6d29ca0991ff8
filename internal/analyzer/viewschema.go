package analyzer

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/mcptag/mcptag/internal/argmodel"
	"github.com/mcptag/mcptag/internal/directive"
	"github.com/mcptag/mcptag/internal/finding"
	"github.com/mcptag/mcptag/internal/suggest"
)

// A ZeroTest says how encoding/json decides that a property's value is
// empty (omitempty) or zero (omitzero), for the generated writer to
// decide the same.
type ZeroTest int

const (
	ZeroFalse           ZeroTest = iota + 1 // !x
	ZeroNumber                              // x == 0
	ZeroString                              // x == ""
	ZeroNil                                 // x == nil
	ZeroLen                                 // len(x) == 0
	ZeroMethod                              // x.IsZero()
	ZeroNilOrMethod                         // x == nil || x.IsZero(): a pointer with the method
	ZeroInterfaceMethod                     // an interface with the method: nil, a nil pointer, or x.IsZero()
	ZeroEqual                               // x is its type's zero value, by ==
	ZeroReflect                             // reflect.Value.IsZero: a type that == cannot compare
)

// omits returns the tests by which omitempty and omitzero leave field f
// out, nil for those it does not have (or, for omitempty on a struct,
// which is never empty).
func omits(f jsonField) (empty, zero *ZeroTest) {
	test := func(z ZeroTest) *ZeroTest { return &z }
	if f.OmitEmpty {
		if z := emptyTest(f.Type); z != 0 {
			empty = test(z)
		}
	}
	if f.OmitZero {
		zero = test(zeroTest(f.Type))
	}
	return empty, zero
}

// emptyTest is encoding/json's isEmptyValue for type t; 0 for a type
// whose values are never empty.
func emptyTest(t types.Type) ZeroTest {
	switch u := t.Underlying().(type) {
	case *types.Array, *types.Map, *types.Slice:
		return ZeroLen
	case *types.Basic:
		return basicZero(u)
	case *types.Interface, *types.Pointer:
		return ZeroNil
	}
	return 0
}

func basicZero(u *types.Basic) ZeroTest {
	switch info := u.Info(); {
	case info&types.IsBoolean != 0:
		return ZeroFalse
	case info&types.IsString != 0:
		return ZeroString
	case u.Kind() == types.UnsafePointer:
		return ZeroNil
	}
	return ZeroNumber
}

// isZeroer is encoding/json's interface of a type with its own IsZero.
var isZeroer = types.NewInterfaceType([]*types.Func{
	types.NewFunc(token.NoPos, nil, "IsZero", types.NewSignatureType(nil, nil, nil, nil,
		types.NewTuple(types.NewVar(token.NoPos, nil, "", types.Typ[types.Bool])), false)),
}, nil).Complete()

// zeroTest is how encoding/json's omitzero tells a zero value of t: by
// its IsZero method if it has one (through a pointer, too), else by
// reflect.Value.IsZero.
func zeroTest(t types.Type) ZeroTest {
	implements := types.Implements(t, isZeroer)
	switch t.Underlying().(type) {
	case *types.Interface:
		if implements {
			return ZeroInterfaceMethod
		}
	case *types.Pointer:
		if implements {
			return ZeroNilOrMethod
		}
	default:
		if implements || types.Implements(types.NewPointer(t), isZeroer) {
			return ZeroMethod
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return basicZero(u)
	case *types.Pointer, *types.Interface, *types.Map, *types.Slice, *types.Signature, *types.Chan:
		return ZeroNil
	}
	if types.Comparable(t) {
		return ZeroEqual
	}
	return ZeroReflect
}

// viewTool applies dir's view= and fields to t: the view, its output
// schema, and the fields argument.
// fieldsDoc is the doc-list item that describes the fields argument, if
// the tool's doc has one.
func (a *analysis) viewTool(t *Tool, dir *directive.Directive, fieldsDoc string) {
	view := a.resolveView(t, dir)
	if view == nil {
		a.keepWithoutFields(dir)
		return
	}
	if !a.keepPaths(view, dir) {
		return
	}
	t.View = view
	view.Full = t.Output
	t.Output = pruneSchema(t.Output, t.Result.Kind == ResultWrapped, view)
	if view.Fields {
		a.fieldsArgument(t, dir.Spans["fields"].Pos, fieldsDoc)
	}
}

// keepPaths resolves dir's keep= over the view: each a path of the view,
// which every call serves and fields does not offer. It reports whether
// they are sound.
func (a *analysis) keepPaths(view *View, dir *directive.Directive) bool {
	if dir.Keep == "" {
		return true
	}
	span := dir.Spans["keep"]
	if a.keepWithoutFields(dir) {
		return false
	}
	offs := span.ValueOffsets()
	ok := true
	for _, p := range directive.ViewPaths(dir.Keep, func(off int, format string, args ...any) {
		a.errorf(span.Pos+token.Pos(offs[min(off, len(offs)-1)]), finding.CatDirective, "keep: "+format, args...)
		ok = false
	}) {
		if !slices.Contains(view.Paths, p.Text) {
			msg := fmt.Sprintf("keep path %q is not a path of the view", p.Text)
			if s := suggest.Closest(p.Text, view.Paths); s != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", s)
			}
			a.errorf(span.Pos+token.Pos(offs[p.Off]), finding.CatDirective, "%s", msg)
			ok = false
			continue
		}
		if !slices.Contains(view.Keep, p.Text) {
			view.Keep = append(view.Keep, p.Text)
		}
	}
	view.Offered = slices.DeleteFunc(view.Offered, func(p string) bool { return slices.Contains(view.Keep, p) })
	if ok && len(view.Offered) == 0 {
		a.errorf(span.Pos, finding.CatDirective, "keep: every path of the view is kept, which leaves fields nothing to choose; drop fields")
		return false
	}
	return ok
}

// pruneSchema returns the output schema full pruned to the view: the
// properties on its paths, whole where a path ends; required keeps those
// that remain (with fields, none of the view's own, which a call may
// leave out), and $defs what is still reached. wrapped says the value is
// full's "result".
func pruneSchema(full *jsonschema.Schema, wrapped bool, view *View) *jsonschema.Schema {
	p := &pruner{defs: full.Defs, fields: view.Fields}
	var root *jsonschema.Schema
	if wrapped {
		c := *full
		c.Properties = map[string]*jsonschema.Schema{"result": p.prune(full.Properties["result"], view.Root)}
		root = &c
	} else {
		root = p.prune(full, view.Root)
	}
	if root == full { // a copy whose $defs can be replaced
		c := *full
		root = &c
	}
	root.Defs = p.reached(root)
	return root
}

type pruner struct {
	defs   map[string]*jsonschema.Schema
	fields bool // a call may choose some of the view's paths
}

// prune returns s, the schema of value v, pruned to v's paths.
func (p *pruner) prune(s *jsonschema.Schema, v *ViewValue) *jsonschema.Schema {
	if v.Kind == ViewLeaf {
		return s
	}
	if name, ok := refName(s); ok {
		body := *p.prune(p.defs[name], v)
		if s.Description != "" {
			body.Description = s.Description
		}
		if s.Title != "" {
			body.Title = s.Title
		}
		return &body
	}
	c := *s
	if len(s.AnyOf) > 0 { // a nullable reference
		c.AnyOf = nil
		for _, alt := range s.AnyOf {
			if alt.Type != "null" {
				alt = p.prune(alt, v)
			}
			c.AnyOf = append(c.AnyOf, alt)
		}
		return &c
	}
	switch v.Kind {
	case ViewPointer:
		return p.prune(s, v.Elem) // null is in s already
	case ViewSlice, ViewArray:
		c.Items = p.prune(s.Items, v.Elem)
	case ViewMap:
		c.AdditionalProperties = p.prune(s.AdditionalProperties, v.Elem)
	case ViewStruct:
		p.properties(&c, v)
	}
	return &c
}

// properties keeps the properties of object c on the paths of struct v.
func (p *pruner) properties(c *jsonschema.Schema, v *ViewValue) {
	props := map[string]*jsonschema.Schema{}
	required := map[string]bool{}
	for _, f := range v.Fields {
		props[f.Name] = p.prune(c.Properties[f.Name], f.Value)
		// With fields, a call may leave out any property of the view:
		// even one on every path is optional, so that a path added
		// later does not make it optional, which would break clients.
		required[f.Name] = !p.fields
	}
	c.Properties = props
	c.PropertyOrder = slices.DeleteFunc(slices.Clone(c.PropertyOrder), func(name string) bool { return props[name] == nil })
	c.Required = slices.DeleteFunc(slices.Clone(c.Required), func(name string) bool { return !required[name] })
	if len(c.Required) == 0 {
		c.Required = nil
	}
}

// reached returns the $defs entries that root refers to, directly or
// through other entries; nil if none.
func (p *pruner) reached(root *jsonschema.Schema) map[string]*jsonschema.Schema {
	defs := map[string]*jsonschema.Schema{}
	var walk func(s *jsonschema.Schema)
	walk = func(s *jsonschema.Schema) {
		if s == nil {
			return
		}
		if name, ok := refName(s); ok && defs[name] == nil && p.defs[name] != nil {
			defs[name] = p.defs[name]
			walk(p.defs[name])
		}
		eachSubschema(s, walk)
	}
	walk(root)
	if len(defs) == 0 {
		return nil
	}
	return defs
}

// keepWithoutFields reports keep= on a tool without fields, and whether
// it did.
func (a *analysis) keepWithoutFields(dir *directive.Directive) bool {
	if dir.Keep == "" || dir.Fields {
		return false
	}
	a.errorf(dir.Spans["keep"].Pos, finding.CatDirective, "keep needs fields: it lists the paths that fields never leaves out")
	return true
}

// fieldsArgument adds the optional argument fields to t's arguments: the
// view's paths to keep in this call, as an enum. An argument encoding/json
// would match to the name (which it matches ignoring case) is an error.
func (a *analysis) fieldsArgument(t *Tool, pos token.Pos, doc string) {
	root := *t.Arguments.Root // the struct's own Value may be a $defs entry too
	for _, f := range root.Fields {
		if strings.EqualFold(f.Name, "fields") {
			a.errorf(pos, finding.CatDirective, "fields: %s already has an argument %q; rename it or drop fields", t.Name, f.Name)
			return
		}
	}
	paths := make([]any, len(t.View.Offered))
	for i, p := range t.View.Offered {
		paths[i] = p
	}
	if doc == "" {
		doc = fieldsDescription(t.Result, t.View.Keep)
	}
	one := 1
	root.Fields = append(slices.Clone(root.Fields), argmodel.Field{Name: "fields", Pos: pos, Value: &argmodel.Value{
		Kind: argmodel.KindArray, NullOK: true, Description: doc,
		Items: &argmodel.Value{Kind: argmodel.KindString, Enum: paths, TypeEnum: true}, MinItems: &one, UniqueItems: true,
	}})
	t.Arguments = &argmodel.Input{Root: &root, Defs: t.Arguments.Defs}
}

// fieldsDescription tells a model what the fields argument does, and
// which paths come whatever it says.
func fieldsDescription(r Result, keep []string) string {
	of := "the result"
	switch {
	case r.Slice:
		of = "each item of the result"
	case r.Kind == ResultMap:
		of = "each value of the result"
	}
	desc := "Return only these parts of " + of + ", each a path of property names; all of them when absent."
	if len(keep) > 0 {
		desc += " Always returned: " + strings.Join(keep, ", ") + "."
	}
	return desc
}
