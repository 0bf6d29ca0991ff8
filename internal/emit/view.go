package emit

import (
	"fmt"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"github.com/mcptag/mcptag/internal/analyzer"
)

// The generated writer of a view (docs/views.md): one function per
// viewed tool that writes the view of its result into a toolimpl.Writer,
// value by value, as encoding/json would write the full value less what
// lies outside the view. It follows the analyzer's model, which has
// decided every rule; here it is only spelled in Go.

// viewVar prints the variable name holding the toolimpl.View literal of
// a tool whose fields argument picks among its view's paths, if t has
// one: on one line, or a path a line when that is long.
func (g *genFile) viewVar(t *analyzer.Tool, name string) {
	if t.View == nil || !t.View.Fields {
		return
	}
	keep := ""
	if len(t.View.Keep) > 0 {
		keep = "[]string{" + quoteAll(t.View.Keep) + "}"
	}
	head := "var " + name + " = &" + g.QualifiedGoIdent(rt("View")) + "{"
	paths := "[]string{" + quoteAll(t.View.Paths) + "}"
	inline := "Paths: " + paths
	if keep != "" {
		inline += ", Keep: " + keep
	}
	if len(head)+len(inline)+1 <= maxSpecWidth {
		g.P(head, inline, "}")
		return
	}
	g.P(head)
	g.fields(field{key: "Paths", head: "[]string{", body: func() {
		for _, p := range t.View.Paths {
			g.P(strconv.Quote(p), ",")
		}
	}}, field{key: "Keep", value: keep})
	g.P("}")
}

// viewFunc prints the writer of t's view, named ident, if t has a view.
func (g *genFile) viewFunc(t *analyzer.Tool, ident string) {
	if t.View == nil {
		return
	}
	r := t.Result
	root := t.View.Root
	typ := r.Elem
	if r.Slice {
		root, typ = root.Elem, elemType(r.Elem)
	}
	vw := &viewWriter{g: g, fields: t.View.Fields, scope: g.newScope("w", "v", "err")}
	g.P()
	g.P("// ", ident, " writes the view of ", t.Name, "'s result.")
	g.P("func ", ident, "(w *", rt("Writer"), ", v *", typ, ") {")
	vw.value(root, "v")
	// No argument of printf holds a line break (keys are quoted when
	// they would), so the body splits into its lines here.
	for _, line := range strings.Split(strings.TrimSuffix(vw.b.String(), "\n"), "\n") {
		g.P(line)
	}
	g.P("}")
}

func elemType(t types.Type) types.Type {
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return u.Elem()
	case *types.Array:
		return u.Elem()
	}
	panic("emit: a slice result of type " + t.String())
}

// viewResult returns the call of toolrt that makes the result of a viewed
// tool, whose value is out and its writer write.
func (g *genFile) viewResult(t *analyzer.Tool, q, value, write, modeArg string) string {
	sel := "nil"
	if t.View.Fields {
		sel = "sel"
	}
	r := t.Result
	ptr := "&" + value
	if after, ok := strings.CutPrefix(value, "*"); ok {
		ptr = after // a pointer result, never nil by now
	}
	switch {
	case t.View.TextOnly:
		return g.viewTextResult(t, q, value, ptr, write, sel+modeArg)
	case r.Slice:
		return fmt.Sprintf("%s(%s, %s, %s, %s%s)", g.QualifiedGoIdent(rt("ViewSlice")), q, value, write, sel, modeArg)
	case r.Kind == analyzer.ResultWrapped:
		return fmt.Sprintf("%s(%s, %s, %s, %s%s)", g.QualifiedGoIdent(rt("ViewWrapped")), q, ptr, write, sel, modeArg)
	}
	return fmt.Sprintf("%s(%s, %s, %s, %s%s)", g.QualifiedGoIdent(rt("ViewObject")), q, ptr, write, sel, modeArg)
}

// viewTextResult is viewResult for a view sent as text only
// (structured=false): the value unwrapped, in one text content.
func (g *genFile) viewTextResult(t *analyzer.Tool, q, value, ptr, write, rest string) string {
	if t.Result.Slice {
		return fmt.Sprintf("%s(%s, %s, %s, %s)", g.QualifiedGoIdent(rt("ViewSliceText")), q, value, write, rest)
	}
	return fmt.Sprintf("%s(%s, %s, %s, %s)", g.QualifiedGoIdent(rt("ViewText")), q, ptr, write, rest)
}

// viewSelect prints the statement that reads a call's fields argument.
func (g *genFile) viewSelect(t *analyzer.Tool, ident string) {
	if t.View == nil || !t.View.Fields {
		return
	}
	g.P("sel, err := ", ident, "View.Select(req.Params.Arguments)")
	g.P("if err != nil {")
	g.P("return ", g.toolFailed())
	g.P("}")
	if t.Context {
		// for toolrt.Fields
		g.P("ctx = ", ident, "View.WithFields(ctx, sel)")
	}
}

// A viewWriter renders the body of a view's writer.
type viewWriter struct {
	g      *genFile
	b      strings.Builder
	fields bool // the tool has a fields argument: check the selection
	scope  map[string]bool
	vars   int
}

func (vw *viewWriter) printf(format string, args ...any) { fmt.Fprintf(&vw.b, format, args...) }

// newVar returns a new variable name, prefix and a number, which hides
// no name the body refers to.
func (vw *viewWriter) newVar(prefix string) string {
	vw.vars++
	return vw.g.local(vw.scope, prefix+strconv.Itoa(vw.vars))
}

// value writes the statements that write v, to which the expression p
// points (a variable or an address).
func (vw *viewWriter) value(v *analyzer.ViewValue, p string) { vw.valueOf(v, p, false) }

// valueOf is value, told by nonNil that a test before it left out the
// value when it is a nil pointer, slice or map: it writes no null then.
func (vw *viewWriter) valueOf(v *analyzer.ViewValue, p string, nonNil bool) {
	switch {
	case nonNil && v.Kind == analyzer.ViewPointer:
		vw.value(v.Elem, deref(p))
		return
	case nonNil && v.Kind == analyzer.ViewSlice:
		vw.items(v.Elem, deref(p))
		return
	}
	switch v.Kind {
	case analyzer.ViewStruct:
		vw.structValue(v, p)
	case analyzer.ViewPointer:
		x := vw.newVar("ptr")
		vw.printf("if %s := %s; %s == nil {\nw.Null()\n} else {\n", x, deref(p), x)
		vw.value(v.Elem, x)
		vw.printf("}\n")
	case analyzer.ViewSlice:
		s := vw.newVar("sl")
		vw.printf("if %s := %s; %s == nil {\nw.Null()\n} else {\n", s, deref(p), s)
		vw.items(v.Elem, s)
		vw.printf("}\n")
	case analyzer.ViewArray:
		a := vw.newVar("arr")
		vw.printf("%s := %s\n", a, p)
		vw.items(v.Elem, a)
	case analyzer.ViewMap:
		vw.mapValue(v, p, nonNil)
	case analyzer.ViewLeaf:
		vw.leaf(v, p)
	}
}

// items writes the elements of the slice, or the array pointed to, s.
func (vw *viewWriter) items(elem *analyzer.ViewValue, s string) {
	i := vw.newVar("i")
	vw.printf("w.BeginArray()\nfor %s := range %s {\nw.Elem()\n", i, s)
	vw.value(elem, "&"+s+"["+i+"]")
	vw.printf("}\nw.EndArray()\n")
}

var keyFuncs = map[analyzer.MapKeys]string{
	analyzer.KeysString: "StringKeys", analyzer.KeysInt: "IntKeys", analyzer.KeysUint: "UintKeys", analyzer.KeysText: "TextKeys",
}

// mapValue writes a map's entries in encoding/json's order, by key string.
// nonNil says that a test before it left out a nil map.
func (vw *viewWriter) mapValue(v *analyzer.ViewValue, p string, nonNil bool) {
	m, keys, k, e := vw.newVar("mp"), vw.newVar("keys"), vw.newVar("key"), vw.newVar("elem")
	if nonNil {
		vw.printf("%s := %s\n", m, deref(p))
	} else {
		vw.printf("if %s := %s; %s == nil {\nw.Null()\n} else {\n", m, deref(p), m)
	}
	if v.Keys == analyzer.KeysText {
		vw.printf("%s, err := %s(%s)\nif err != nil {\nw.Fail(err)\nreturn\n}\n", keys, vw.g.QualifiedGoIdent(rt("TextKeys")), m)
	} else {
		vw.printf("%s := %s(%s)\n", keys, vw.g.QualifiedGoIdent(rt(keyFuncs[v.Keys])), m)
	}
	vw.printf("w.BeginObject()\nfor _, %s := range %s {\nw.MapKey(%s.Name)\n%s := %s[%s.Key]\n", k, keys, k, e, m, k)
	vw.value(v.Elem, "&"+e)
	vw.printf("}\nw.EndObject()\n")
	if !nonNil {
		vw.printf("}\n")
	}
}

// structValue writes the properties of the struct p points to that are
// on the view's paths, each as encoding/json decides: not at all past a
// nil embedded pointer, nor when omitempty or omitzero leaves it out.
func (vw *viewWriter) structValue(v *analyzer.ViewValue, p string) {
	x := p
	if !token.IsIdentifier(p) {
		x = vw.newVar("obj")
		vw.printf("%s := %s\n", x, p)
	}
	vw.printf("w.BeginObject()\n")
	for _, f := range v.Fields {
		closers := 0
		if vw.fields {
			vw.printf("if w.Has(%d, %d) {\n", f.Lo, f.Hi)
			closers++
		}
		sel := x
		for _, s := range f.Steps {
			sel += "." + s.Name
			if s.Pointer {
				vw.printf("if %s != nil {\n", sel)
				closers++
			}
		}
		if omit := vw.omitExpr(f, sel); omit != "" {
			vw.printf("if !(%s) {\n", omit)
			closers++
		}
		vw.printf("w.Name(%s)\n", lineString(f.Key))
		vw.valueOf(f.Value, "&"+sel, omitsNil(f))
		vw.printf("%s", strings.Repeat("}\n", closers))
	}
	vw.printf("w.EndObject()\n")
}

// omitExpr is the condition on which omitempty or omitzero leave out the
// property f, whose value is the expression x; "" if nothing does.
func (vw *viewWriter) omitExpr(f *analyzer.ViewField, x string) string {
	var conds []string
	for _, z := range []*analyzer.ZeroTest{f.OmitEmpty, f.OmitZero} {
		if z != nil {
			conds = append(conds, vw.zeroExpr(*z, x))
		}
	}
	return strings.Join(conds, " || ")
}

// omitsNil reports whether omitempty or omitzero leave out the property
// f when it is nil: a nil pointer, slice or map is empty and zero, but a
// struct's IsZero method may say otherwise (ZeroMethod alone).
func omitsNil(f *analyzer.ViewField) bool {
	for _, z := range []*analyzer.ZeroTest{f.OmitEmpty, f.OmitZero} {
		if z != nil && (*z == analyzer.ZeroNil || *z == analyzer.ZeroLen || *z == analyzer.ZeroNilOrMethod) {
			return true
		}
	}
	return false
}

// lineString is the Go literal of s on one line: raw unless s holds a
// line break.
func lineString(s string) string {
	if strings.ContainsAny(s, "\n") {
		return strconv.Quote(s)
	}
	return goString(s)
}

func (vw *viewWriter) zeroExpr(z analyzer.ZeroTest, x string) string {
	rtName := func(name string) string { return vw.g.QualifiedGoIdent(rt(name)) }
	switch z {
	case analyzer.ZeroFalse:
		return "!" + x
	case analyzer.ZeroNumber:
		return x + " == 0"
	case analyzer.ZeroString:
		return x + ` == ""`
	case analyzer.ZeroNil:
		return x + " == nil"
	case analyzer.ZeroLen:
		return "len(" + x + ") == 0"
	case analyzer.ZeroMethod:
		return x + ".IsZero()"
	case analyzer.ZeroNilOrMethod:
		return x + " == nil || " + x + ".IsZero()"
	case analyzer.ZeroInterfaceMethod:
		return x + " == nil || " + rtName("NilPointer") + "(" + x + ") || " + x + ".IsZero()"
	case analyzer.ZeroEqual:
		return rtName("IsZero") + "(&" + x + ")"
	case analyzer.ZeroReflect:
		return rtName("IsZeroValue") + "(&" + x + ")"
	}
	panic(fmt.Sprintf("emit: zero test %d", z))
}

// deref is the value the expression p points to.
func deref(p string) string {
	if after, ok := strings.CutPrefix(p, "&"); ok {
		return after
	}
	return "*" + p
}

// leafCalls are the Writer calls that write a scalar at the end of a
// path: %[1]s is the value, %[2]s whether it is quoted.
var leafCalls = map[analyzer.Leaf]string{
	analyzer.LeafMarshal: "w.Marshal(%[1]s)",
	analyzer.LeafBool:    "w.Bool(bool(%[1]s), %[2]s)",
	analyzer.LeafInt:     "w.Int(int64(%[1]s), %[2]s)",
	analyzer.LeafUint:    "w.Uint(uint64(%[1]s), %[2]s)",
	analyzer.LeafFloat32: "w.Float(float64(%[1]s), 32, %[2]s)",
	analyzer.LeafFloat64: "w.Float(float64(%[1]s), 64, %[2]s)",
	analyzer.LeafString:  "w.String(string(%[1]s), %[2]s)",
	analyzer.LeafNumber:  "w.Number(string(%[1]s), %[2]s)",
}

// leaf writes the value p points to, at the end of a path, whole: a
// value encoding/json marshals is passed by its address, unless it must
// be a copy.
func (vw *viewWriter) leaf(v *analyzer.ViewValue, p string) {
	if v.Leaf != analyzer.LeafMarshal || v.Copy {
		p = deref(p)
	}
	vw.printf(leafCalls[v.Leaf]+"\n", p, strconv.FormatBool(v.Quoted))
}
