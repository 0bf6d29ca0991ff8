package emit

import (
	"reflect"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/toolimpl"
)

// argText is the literal of a's fields, on one line.
func argText(a toolimpl.Arg) string {
	g := newGenFile(&analyzer.Package{Name: "p", Path: "example.com/p"})
	w := &lineWriter{g: g}
	g.argFields(w, a, maxSpecLines)
	return w.b.String()
}

// TestArgFields checks the Go literal of toolimpl.Arg values.
func TestArgFields(t *testing.T) {
	for _, tc := range []struct {
		arg  toolimpl.Arg
		want string
	}{
		{toolimpl.Arg{}, ``},
		{toolimpl.Arg{Name: "city", Required: true, Kind: toolimpl.KindString}, `Name: "city", Required: true, Kind: toolimpl.KindString`},
		{toolimpl.Arg{Kind: toolimpl.KindInteger | toolimpl.KindString}, `Kind: toolimpl.KindInteger | toolimpl.KindString`},
		{toolimpl.Arg{Kind: toolimpl.KindInteger, Range: toolimpl.RangeUint8, Enum: []string{"1", "2"}}, `Kind: toolimpl.KindInteger, Range: toolimpl.RangeUint8, Enum: []string{"1", "2"}`},
		{toolimpl.Arg{Kind: toolimpl.KindArray, Elem: &toolimpl.Arg{Kind: toolimpl.KindInteger}, Fixed: true, Len: 3}, `Kind: toolimpl.KindArray, Elem: &toolimpl.Arg{Kind: toolimpl.KindInteger}, Fixed: true, Len: 3`},
		{toolimpl.Arg{Kind: toolimpl.KindObject, Fields: []toolimpl.Arg{}, Closed: true}, `Kind: toolimpl.KindObject, Fields: []toolimpl.Arg{}, Closed: true`},
		{toolimpl.Arg{Kind: toolimpl.KindObject, Elem: &toolimpl.Arg{Kind: toolimpl.KindNumber}, Keys: toolimpl.DecimalUint}, `Kind: toolimpl.KindObject, Elem: &toolimpl.Arg{Kind: toolimpl.KindNumber}, Keys: toolimpl.DecimalUint`},
		{toolimpl.Arg{Name: "n", Ref: 2, Nullable: true}, `Name: "n", Ref: 2, Nullable: true`},
		{toolimpl.Arg{Kind: toolimpl.KindString, Format: toolimpl.Email, Rules: []toolimpl.Rule{{Op: toolimpl.MaxLength, Count: 64}, {Op: toolimpl.Pattern, Text: `^[a-z]+@`}}},
			"Kind: toolimpl.KindString, Format: toolimpl.Email, Rules: []toolimpl.Rule{{Op: toolimpl.MaxLength, Count: 64}, {Op: toolimpl.Pattern, Text: `^[a-z]+@`}}"},
		{toolimpl.Arg{Kind: toolimpl.KindNumber, Rules: []toolimpl.Rule{{Op: toolimpl.ExclusiveMinimum, Num: 0.5}}, Default: []byte("2.5")},
			"Kind: toolimpl.KindNumber, Rules: []toolimpl.Rule{{Op: toolimpl.ExclusiveMinimum, Num: 0.5}}, Default: []byte(`2.5`)"},
	} {
		if got := argText(tc.arg); got != tc.want {
			t.Errorf("argText(%+v):\ngot  %s\nwant %s", tc.arg, got, tc.want)
		}
	}
}

// TestArgFieldsComplete fails when toolimpl.Arg gains a field the literal
// leaves out: each field set alone must show in the literal.
func TestArgFieldsComplete(t *testing.T) {
	typ := reflect.TypeFor[toolimpl.Arg]()
	for i := range typ.NumField() {
		f := typ.Field(i)
		var a toolimpl.Arg
		v := reflect.ValueOf(&a).Elem().Field(i)
		switch f.Type.Kind() {
		case reflect.String:
			v.SetString("x")
		case reflect.Bool:
			v.SetBool(true)
		case reflect.Int, reflect.Uint8:
			if v.CanInt() {
				v.SetInt(1)
			} else {
				v.SetUint(1)
			}
		case reflect.Slice:
			v.Set(reflect.MakeSlice(f.Type, 1, 1))
		case reflect.Pointer:
			v.Set(reflect.New(f.Type.Elem()))
		default:
			t.Fatalf("field %s of kind %s: teach this test", f.Name, f.Type.Kind())
		}
		if f.Name == "Len" {
			a.Fixed = true // printed with Fixed
		}
		if f.Name == "Rules" {
			a.Rules[0].Op = toolimpl.Minimum // a rule has an operator
		}
		if f.Name == "Nullable" {
			a.Kind = toolimpl.KindString
		}
		if got := argText(a); !strings.Contains(got, f.Name+":") {
			t.Errorf("field %s set alone: literal %q does not show it", f.Name, got)
		}
	}
}
