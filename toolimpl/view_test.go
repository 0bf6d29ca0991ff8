package toolimpl

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// marshalled is what encoding/json writes for v, or its error.
func marshalled(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		return "error"
	}
	return string(data)
}

// written is what one Writer call writes, or "error".
func written(write func(w *Writer)) string {
	w := &Writer{}
	write(w)
	if w.err != nil {
		return "error"
	}
	return string(w.buf)
}

var testStrings = []string{
	"", "a", "héllo wörld", "日本語", "emoji 🌧️", "quote \" and \\ backslash", "<html>&amp;</html>",
	"line\nbreak\ttab\r", "\x00\x1f control \x7f", "\b\f", "\xff\xfe invalid utf-8", "\xe2\x80", "\u2028\u2029",
	"\ufeffbom", "\U0010FFFF", "\ufffd", "123", "null", "\\u0041", strings.Repeat("long ", 50),
}

// TestWriterScalarsAsEncodingJSON checks every scalar the Writer writes
// against encoding/json, plain and as a ",string" field.
func TestWriterScalarsAsEncodingJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	check := func(what string, want, got string) {
		t.Helper()
		if got != want {
			t.Errorf("%s: wrote %s, encoding/json %s", what, got, want)
		}
	}
	quotedField := func(v any) string { // the value of a ",string" field
		s := marshalled(v)
		if s == "error" {
			return s
		}
		_, value, _ := strings.Cut(s[:len(s)-1], ":")
		return value
	}
	strs := append([]string(nil), testStrings...)
	for range 200 {
		b := make([]byte, rng.IntN(12))
		for i := range b {
			b[i] = byte(rng.IntN(256))
		}
		strs = append(strs, string(b))
	}
	for _, s := range strs {
		check(fmt.Sprintf("String(%q)", s), marshalled(s), written(func(w *Writer) { w.String(s, false) }))
		check(fmt.Sprintf("quoted String(%q)", s), quotedField(struct {
			S string `json:"s,string"`
		}{s}), written(func(w *Writer) { w.String(s, true) }))
	}
	floats := []float64{0, math.Copysign(0, -1), 1.5, -273.15, 1e21, 1e20, 1e-6, 1e-7, 5e-324, math.MaxFloat32,
		math.MaxFloat64, -math.MaxFloat64, 1 << 53, 123456789, 1e-9, math.NaN(), math.Inf(1), math.Inf(-1)}
	for range 200 {
		floats = append(floats, rng.NormFloat64()*math.Pow(10, float64(rng.IntN(60)-30)))
	}
	for _, f := range floats {
		check(fmt.Sprint("Float64 ", f), marshalled(f), written(func(w *Writer) { w.Float(f, 64, false) }))
		check(fmt.Sprint("quoted Float64 ", f), quotedField(struct {
			F float64 `json:"f,string"`
		}{f}), written(func(w *Writer) { w.Float(f, 64, true) }))
		f32 := float32(f)
		check(fmt.Sprint("Float32 ", f32), marshalled(f32), written(func(w *Writer) { w.Float(float64(f32), 32, false) }))
	}
	for _, i := range []int64{0, 1, -1, math.MinInt64, math.MaxInt64, rng.Int64()} {
		check(fmt.Sprint("Int ", i), marshalled(i), written(func(w *Writer) { w.Int(i, false) }))
		check(fmt.Sprint("quoted Int ", i), quotedField(struct {
			I int64 `json:"i,string"`
		}{i}), written(func(w *Writer) { w.Int(i, true) }))
	}
	for _, u := range []uint64{0, 1, math.MaxUint64, rng.Uint64()} {
		check(fmt.Sprint("Uint ", u), marshalled(u), written(func(w *Writer) { w.Uint(u, false) }))
	}
	for _, b := range []bool{false, true} {
		check(fmt.Sprint("Bool ", b), marshalled(b), written(func(w *Writer) { w.Bool(b, false) }))
		check(fmt.Sprint("quoted Bool ", b), quotedField(struct {
			B bool `json:"b,string"`
		}{b}), written(func(w *Writer) { w.Bool(b, true) }))
	}
	for _, n := range []json.Number{"", "0", "-0", "-1", "3.25", "1e21", "-2.5E-8", "1E+2", "01", "1.", ".5", "-", "1e", "+1", "0x10", "1e+", "NaN"} {
		check(fmt.Sprintf("Number(%q)", n), marshalled(n), written(func(w *Writer) { w.Number(string(n), false) }))
		check(fmt.Sprintf("quoted Number(%q)", n), quotedField(struct {
			N json.Number `json:"n,string"`
		}{n}), written(func(w *Writer) { w.Number(string(n), true) }))
	}
}

// TestWriterMapKeys checks the key helpers against encoding/json's order
// and key strings: maps of one entry per key, written as a whole.
func TestWriterMapKeys(t *testing.T) {
	writeMap := func(names []string) string {
		w := &Writer{}
		w.BeginObject()
		for _, n := range names {
			w.MapKey(n)
			w.Int(1, false)
		}
		w.EndObject()
		return string(w.buf)
	}
	strs := map[string]int{}
	for _, s := range testStrings {
		strs[s] = 1
	}
	ints := map[int8]int{-128: 1, -1: 1, 0: 1, 9: 1, 10: 1, 127: 1}
	uints := map[uint]int{0: 1, 9: 1, 10: 1, 100: 1, math.MaxUint: 1}
	texts := map[textKey]int{{1, 2}: 1, {10, 0}: 1, {-1, 5}: 1}
	textKeys, err := TextKeys(texts)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		m     any
		names []string
	}{
		{strs, keyNames(StringKeys(strs))},
		{ints, keyNames(IntKeys(ints))},
		{uints, keyNames(UintKeys(uints))},
		{texts, keyNames(textKeys)},
	} {
		if got, want := writeMap(tc.names), marshalled(tc.m); got != want {
			t.Errorf("wrote %s, encoding/json %s", got, want)
		}
	}
	if _, err := TextKeys(map[textKey]int{{-9, 9}: 1}); err == nil {
		t.Error("TextKeys: no error from a failing MarshalText")
	}
}

func keyNames[K comparable](keys []MapKey[K]) []string {
	var names []string
	for _, k := range keys {
		names = append(names, k.Name)
	}
	return names
}

type textKey struct{ a, b int }

func (k textKey) MarshalText() ([]byte, error) {
	if k.a == -9 {
		return nil, fmt.Errorf("no text for %d", k.a)
	}
	return fmt.Appendf(nil, "%d-%d", k.a, k.b), nil
}

// TestSelection checks Has against the paths a selection holds, across
// the words of its bit set.
func TestSelection(t *testing.T) {
	const n = 150
	paths := make([]string, n)
	for i := range paths {
		paths[i] = fmt.Sprint("p", i)
	}
	v := &View{Paths: paths}
	for _, chosen := range [][]int{{0}, {63}, {64}, {149}, {5, 70, 130}} {
		var names []string
		for _, i := range chosen {
			names = append(names, paths[i])
		}
		raw, _ := json.Marshal(map[string]any{"fields": names, "other": 1})
		sel, err := v.Select(raw)
		if err != nil {
			t.Fatal(err)
		}
		for lo := 0; lo < n; lo += 7 {
			for hi := lo + 1; hi <= n; hi += 13 {
				want := false
				for _, i := range chosen {
					want = want || lo <= i && i < hi
				}
				if got := (&Writer{sel: sel}).Has(lo, hi); got != want {
					t.Errorf("fields %v: Has(%d, %d) = %v, want %v", names, lo, hi, got, want)
				}
			}
		}
	}
	for _, raw := range []string{``, `{}`, `{"fields":null}`} {
		if sel, err := v.Select(json.RawMessage(raw)); sel != nil || err != nil {
			t.Errorf("Select(%s) = %v, %v; want every path", raw, sel, err)
		}
	}
	if _, err := v.Select(json.RawMessage(`{"fields":["nope"]}`)); err == nil {
		t.Error("Select of an unknown path: no error")
	}
}

// TestViewSliceText checks that each element of a slice result gets the
// text of its own JSON, without the HTML escapes its structuredContent
// keeps.
func TestViewSliceText(t *testing.T) {
	write := func(w *Writer, s *string) {
		w.BeginObject()
		w.Name(`"s":`)
		w.String(*s, false)
		w.EndObject()
	}
	res := ViewSlice("t", []string{"a", "<b>"}, write, nil)
	if got := string(res.StructuredContent.(json.RawMessage)); got != `{"result":[{"s":"a"},{"s":"\u003cb\u003e"}]}` {
		t.Errorf("structuredContent %s", got)
	}
	if len(res.Content) != 2 {
		t.Fatalf("%d contents, want 2", len(res.Content))
	}
	for i, want := range []string{`{"s":"a"}`, `{"s":"<b>"}`} {
		if got := res.Content[i].(*mcp.TextContent).Text; got != want {
			t.Errorf("content %d = %s, want %s", i, got, want)
		}
	}
}

// failingJSON and failingText are marshalers that fail, with a value and
// a pointer receiver.
type failingJSON struct{}

func (failingJSON) MarshalJSON() ([]byte, error) { return nil, errors.New("no JSON") }

type failingPtrJSON struct{}

func (*failingPtrJSON) MarshalJSON() ([]byte, error) { return nil, errors.New("no JSON") }

type failingText struct{}

func (failingText) MarshalText() ([]byte, error) { return nil, errors.New("no text") }

type failingPtrText struct{}

func (*failingPtrText) MarshalText() ([]byte, error) { return nil, errors.New("no text") }

// TestWriterMarshalErrorsAsEncodingJSON: a marshaler that fails at the end
// of a path, whose value generated code passes by its address, is
// reported as encoding/json reports it for the field: under the field's
// type, json.RawMessage and not *json.RawMessage.
func TestWriterMarshalErrorsAsEncodingJSON(t *testing.T) {
	raw := json.RawMessage("{bad")
	var fields struct {
		Raw     json.RawMessage
		RawPtr  *json.RawMessage
		JSON    failingJSON
		PtrJSON failingPtrJSON
		Text    failingText
		PtrText failingPtrText
	}
	fields.Raw, fields.RawPtr = raw, &raw
	for name, field := range map[string]any{
		"Raw": &fields.Raw, "RawPtr": &fields.RawPtr, "JSON": &fields.JSON,
		"PtrJSON": &fields.PtrJSON, "Text": &fields.Text, "PtrText": &fields.PtrText,
	} {
		one := reflect.New(reflect.StructOf([]reflect.StructField{{Name: name, Type: reflect.TypeOf(field).Elem()}}))
		one.Elem().Field(0).Set(reflect.ValueOf(field).Elem())
		_, want := json.Marshal(one.Interface())
		w := &Writer{}
		w.Marshal(field)
		if want == nil || w.err == nil || w.err.Error() != want.Error() {
			t.Errorf("%s: Marshal's error %v, encoding/json's %v", name, w.err, want)
		}
		var me *json.MarshalerError
		if !errors.As(w.err, &me) {
			t.Errorf("%s: Marshal's error %v is no *json.MarshalerError", name, w.err)
		}
	}
}
