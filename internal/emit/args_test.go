package emit

import (
	"reflect"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/toolrt"
)

// argText is the literal of a's fields, on one line.
func argText(a toolrt.Arg) string {
	g := newGenFile(&analyzer.Package{Name: "p", Path: "example.com/p"})
	w := &lineWriter{g: g}
	g.argFields(w, a, maxSpecLines)
	return w.b.String()
}

// TestArgFields checks the Go literal of toolrt.Arg values.
func TestArgFields(t *testing.T) {
	for _, tc := range []struct {
		arg  toolrt.Arg
		want string
	}{
		{toolrt.Arg{}, ``},
		{toolrt.Arg{Name: "city", Required: true, Kind: toolrt.KindString}, `Name: "city", Required: true, Kind: toolrt.KindString`},
		{toolrt.Arg{Kind: toolrt.KindInteger | toolrt.KindString}, `Kind: toolrt.KindInteger | toolrt.KindString`},
		{toolrt.Arg{Kind: toolrt.KindInteger, Range: toolrt.RangeUint8, Enum: []string{"1", "2"}}, `Kind: toolrt.KindInteger, Range: toolrt.RangeUint8, Enum: []string{"1", "2"}`},
		{toolrt.Arg{Kind: toolrt.KindArray, Elem: &toolrt.Arg{Kind: toolrt.KindInteger}, Fixed: true, Len: 3}, `Kind: toolrt.KindArray, Elem: &toolrt.Arg{Kind: toolrt.KindInteger}, Fixed: true, Len: 3`},
		{toolrt.Arg{Kind: toolrt.KindObject, Fields: []toolrt.Arg{}, Closed: true}, `Kind: toolrt.KindObject, Fields: []toolrt.Arg{}, Closed: true`},
		{toolrt.Arg{Kind: toolrt.KindObject, Elem: &toolrt.Arg{Kind: toolrt.KindNumber}, Keys: toolrt.DecimalUint}, `Kind: toolrt.KindObject, Elem: &toolrt.Arg{Kind: toolrt.KindNumber}, Keys: toolrt.DecimalUint`},
		{toolrt.Arg{Name: "n", Ref: 2, Nullable: true}, `Name: "n", Ref: 2, Nullable: true`},
		{toolrt.Arg{Kind: toolrt.KindString, Format: toolrt.Email, Rules: []toolrt.Rule{{Op: toolrt.MaxLength, Count: 64}, {Op: toolrt.Pattern, Text: `^[a-z]+@`}}},
			"Kind: toolrt.KindString, Format: toolrt.Email, Rules: []toolrt.Rule{{Op: toolrt.MaxLength, Count: 64}, {Op: toolrt.Pattern, Text: `^[a-z]+@`}}"},
		{toolrt.Arg{Kind: toolrt.KindNumber, Rules: []toolrt.Rule{{Op: toolrt.ExclusiveMinimum, Num: 0.5}}, Default: []byte("2.5")},
			"Kind: toolrt.KindNumber, Rules: []toolrt.Rule{{Op: toolrt.ExclusiveMinimum, Num: 0.5}}, Default: []byte(`2.5`)"},
	} {
		if got := argText(tc.arg); got != tc.want {
			t.Errorf("argText(%+v):\ngot  %s\nwant %s", tc.arg, got, tc.want)
		}
	}
}

// TestArgFieldsComplete fails when toolrt.Arg gains a field the literal
// leaves out: each field set alone must show in the literal.
func TestArgFieldsComplete(t *testing.T) {
	typ := reflect.TypeFor[toolrt.Arg]()
	for i := range typ.NumField() {
		f := typ.Field(i)
		var a toolrt.Arg
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
			a.Rules[0].Op = toolrt.Minimum // a rule has an operator
		}
		if f.Name == "Nullable" {
			a.Kind = toolrt.KindString
		}
		if got := argText(a); !strings.Contains(got, f.Name+":") {
			t.Errorf("field %s set alone: literal %q does not show it", f.Name, got)
		}
	}
}
