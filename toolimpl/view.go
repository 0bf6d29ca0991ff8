package toolimpl

// Views: the generated code of a tool with view= writes the part of its
// result the view keeps, straight into a Writer, with encoding/json's
// rules for every value on the view's paths (docs/views.md). What lies
// past the end of a path is written by encoding/json itself, whole.

import (
	"bytes"
	"context"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/mcptag/mcptag/internal/argspec"
	"github.com/mcptag/mcptag/internal/rtlink"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A View names the paths of a tool's view that the tool's fields argument
// chooses among, in the order the generated writer numbers them, and
// those of them (Keep) that every call serves.
type View struct {
	Paths []string
	Keep  []string

	once    sync.Once
	choices []int            // the index in Paths of each path fields may name
	lookup  func(string) int // finds a path of choices by name (argspec.Lookup)
}

// Select returns the selection the fields argument of a call makes, with
// the paths of Keep: nil, every path, when the argument is absent or
// null. Call it with arguments the tool's Spec has checked, which holds
// fields to unique paths of v, each as spelled or, unless the tool is
// strict, in another case: a path is found as the Spec's enum finds it.
func (v *View) Select(raw json.RawMessage) (Selection, error) {
	if len(raw) == 0 {
		return nil, nil
	}
	var args struct {
		Fields []string `json:"fields"`
	}
	if err := json.Unmarshal(raw, &args); err != nil {
		return nil, err
	}
	if args.Fields == nil {
		return nil, nil
	}
	v.once.Do(v.index)
	sel := make(Selection, (len(v.Paths)+63)/64)
	for _, f := range v.Keep {
		i := slices.Index(v.Paths, f)
		if i < 0 {
			return nil, fmt.Errorf("argument \"fields\": unknown path %q", f)
		}
		sel[i/64] |= 1 << (i % 64)
	}
	for _, f := range args.Fields {
		c := v.lookup(f)
		if c < 0 {
			return nil, fmt.Errorf("argument \"fields\": unknown path %q", f)
		}
		i := v.choices[c]
		sel[i/64] |= 1 << (i % 64)
	}
	return sel, nil
}

// index lists the paths fields may name: those not kept, which its enum
// lists.
func (v *View) index() {
	var names []string
	for i, p := range v.Paths {
		if !slices.Contains(v.Keep, p) {
			v.choices = append(v.choices, i)
			names = append(names, p)
		}
	}
	v.lookup = argspec.Lookup(names)
}

// WithFields returns ctx carrying the paths sel selects, in the order of
// Paths, for toolrt.Fields.
func (v *View) WithFields(ctx context.Context, sel Selection) context.Context {
	paths := make([]string, 0, len(v.Paths))
	for i, p := range v.Paths {
		if sel.has(i, i+1) {
			paths = append(paths, p)
		}
	}
	return rtlink.WithFields(ctx, paths)
}

// A Selection is the set of a view's paths one call asks for, by their
// index in View.Paths; nil selects them all.
type Selection []uint64

// has reports whether the selection holds a path of index lo to hi-1.
func (s Selection) has(lo, hi int) bool {
	if s == nil {
		return true
	}
	for i := lo; i < hi; {
		word := s[i/64] >> (i % 64)
		if n := min(64-i%64, hi-i); n < 64 {
			word &= 1<<n - 1
		}
		if word != 0 {
			return true
		}
		i += 64 - i%64
	}
	return false
}

// A Writer writes the JSON of a view of one value. Generated code calls
// its methods in the order of the value's JSON; the first error sticks
// and stops nothing but the result.
type Writer struct {
	buf   []byte
	comma bool // a value was written where the next one needs a comma
	sel   Selection
	err   error
	enc   *json.Encoder // for Marshal
}

// writers are reused: a view's JSON is written into a pooled buffer and
// copied out once, at its size, rather than grown from nothing.
var writers = sync.Pool{New: func() any { return &Writer{buf: make([]byte, 0, 1024)} }}

// maxPooled is the largest buffer kept for reuse.
const maxPooled = 64 << 10

// writeView runs a generated writer on a pooled Writer and returns a
// copy of what it wrote, or its error; wrapped, inside {"result": ...},
// with inner the part the writer wrote.
func writeView[T any](sel Selection, v T, f func(*Writer, T), wrapped bool) (data, inner []byte, err error) {
	w := writers.Get().(*Writer)
	w.buf, w.comma, w.sel, w.err = w.buf[:0], false, sel, nil
	if wrapped {
		w.buf = append(w.buf, `{"result":`...)
	}
	start := len(w.buf)
	f(w, v)
	end := len(w.buf)
	if wrapped {
		w.buf = append(w.buf, '}')
	}
	data, err = bytes.Clone(w.buf), w.err
	if cap(w.buf) <= maxPooled {
		w.sel = nil
		writers.Put(w)
	}
	return data, data[start:end], err
}

// Has reports whether the call's selection holds one of the paths
// numbered lo to hi-1: the paths through one property.
func (w *Writer) Has(lo, hi int) bool { return w.sel.has(lo, hi) }

// BeginObject writes '{'.
func (w *Writer) BeginObject() { w.buf = append(w.buf, '{'); w.comma = false }

// EndObject writes '}'.
func (w *Writer) EndObject() { w.buf = append(w.buf, '}'); w.comma = true }

// BeginArray writes '['.
func (w *Writer) BeginArray() { w.buf = append(w.buf, '['); w.comma = false }

// EndArray writes ']'.
func (w *Writer) EndArray() { w.buf = append(w.buf, ']'); w.comma = true }

// Elem starts an element of an array.
func (w *Writer) Elem() {
	if w.comma {
		w.buf = append(w.buf, ',')
	}
}

// Name starts a property of a struct: name is its JSON key with its colon,
// as encoding/json writes it (`"name":`).
func (w *Writer) Name(name string) {
	if w.comma {
		w.buf = append(w.buf, ',')
	}
	w.buf = append(w.buf, name...)
	w.comma = false
}

// MapKey starts an entry of a map, whose key encoding/json has turned
// into the string name.
func (w *Writer) MapKey(name string) {
	if w.comma {
		w.buf = append(w.buf, ',')
	}
	w.buf = appendJSONString(w.buf, name, true)
	w.buf = append(w.buf, ':')
	w.comma = false
}

// Null writes null.
func (w *Writer) Null() { w.scalar(append(w.buf, "null"...)) }

// Bool writes b; quoted, as a JSON string (a ",string" field).
func (w *Writer) Bool(b, quoted bool) {
	w.scalar(quote(strconv.AppendBool(quote(w.buf, quoted), b), quoted))
}

// Int writes i; quoted, as a JSON string.
func (w *Writer) Int(i int64, quoted bool) {
	w.scalar(quote(strconv.AppendInt(quote(w.buf, quoted), i, 10), quoted))
}

// Uint writes u; quoted, as a JSON string.
func (w *Writer) Uint(u uint64, quoted bool) {
	w.scalar(quote(strconv.AppendUint(quote(w.buf, quoted), u, 10), quoted))
}

// Float writes f, a float of the given bits (32 or 64), as encoding/json
// writes it; quoted, as a JSON string. NaN and the infinities are an
// error, as they are to encoding/json.
func (w *Writer) Float(f float64, bits int, quoted bool) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		w.fail(fmt.Errorf("json: unsupported value: %s", strconv.FormatFloat(f, 'g', -1, bits)))
		return
	}
	w.scalar(quote(appendFloat(quote(w.buf, quoted), f, bits), quoted))
}

// String writes s, escaped as encoding/json escapes it; quoted, as the
// JSON string of its JSON string (a ",string" field).
func (w *Writer) String(s string, quoted bool) {
	if quoted {
		w.scalar(appendJSONString(w.buf, appendJSONString(nil, s, true), false))
		return
	}
	w.scalar(appendJSONString(w.buf, s, true))
}

// Number writes a json.Number: its literal, "0" if it is empty, and an
// error if it is no JSON number; quoted, as a JSON string.
func (w *Writer) Number(n string, quoted bool) {
	if n == "" {
		n = "0"
	}
	if !argspec.IsJSONNumber(n) {
		w.fail(fmt.Errorf("json: invalid number literal %q", n))
		return
	}
	w.scalar(quote(append(quote(w.buf, quoted), n...), quoted))
}

// Marshal writes v as json.Marshal writes it: the value at the end of a
// path, whole. Generated code passes a pointer to the value where
// encoding/json would see it addressable, and a copy where that matters
// and it would not.
func (w *Writer) Marshal(v any) {
	// An Encoder writes what Marshal returns, and a newline, without
	// allocating the copy Marshal returns.
	if w.enc == nil {
		w.enc = json.NewEncoder((*appender)(w))
	}
	if err := w.enc.Encode(v); err != nil {
		w.fail(pointeeError(v, err))
		return
	}
	w.scalar(w.buf[:len(w.buf)-1]) // the newline
}

// pointeeError is err, from encoding v, a pointer to the value at the end
// of a path, as encoding/json reports it for that value: a marshaler's
// error names the value's type (json.RawMessage), not the pointer's
// (*json.RawMessage) that Marshal was given.
func pointeeError(v any, err error) error {
	var me *json.MarshalerError
	t := reflect.TypeOf(v)
	if !errors.As(err, &me) || me.Type != t || t.Kind() != reflect.Pointer {
		return err
	}
	msg := strings.Replace(me.Error(), " for type "+t.String()+": ", " for type "+t.Elem().String()+": ", 1)
	return &renamedError{msg, me}
}

// A renamedError is an error with a message of its own, which wraps the
// error it replaces.
type renamedError struct {
	msg string
	err error
}

func (e *renamedError) Error() string { return e.msg }
func (e *renamedError) Unwrap() error { return e.err }

// An appender appends what is written to its Writer's buffer.
type appender Writer

func (a *appender) Write(p []byte) (int, error) {
	a.buf = append(a.buf, p...)
	return len(p), nil
}

// Fail records an error of the generated code's own making, such as a map
// key's MarshalText failing.
func (w *Writer) Fail(err error) { w.fail(err) }

func (w *Writer) scalar(buf []byte) { w.buf = buf; w.comma = true }

func (w *Writer) fail(err error) {
	if w.err == nil {
		w.err = err
	}
}

func quote(b []byte, quoted bool) []byte {
	if quoted {
		return append(b, '"')
	}
	return b
}

// appendFloat formats f as encoding/json does: like ES6's number to
// string, %g with its own exponent cutoffs and no exponent padding.
func appendFloat(b []byte, f float64, bits int) []byte {
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 {
		if bits == 64 && (abs < 1e-6 || abs >= 1e21) || bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21) {
			format = 'e'
		}
	}
	b = strconv.AppendFloat(b, f, format, -1, bits)
	if format == 'e' {
		// e-09 becomes e-9.
		n := len(b)
		if n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

const hexDigits = "0123456789abcdef"

// appendJSONString appends s as a JSON string, escaped as encoding/json
// escapes it: control characters, quote and backslash; <, > and & when
// html is set; U+2028 and U+2029 always; invalid UTF-8 as U+FFFD.
func appendJSONString[S []byte | string](dst []byte, s S, html bool) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		if b := s[i]; b < utf8.RuneSelf {
			if b >= 0x20 && b != '"' && b != '\\' && (!html || (b != '<' && b != '>' && b != '&')) {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '\\', '"':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[b>>4], hexDigits[b&0xF])
			}
			i++
			start = i
			continue
		}
		n := min(len(s)-i, utf8.UTFMax)
		c, size := utf8.DecodeRuneInString(string(s[i : i+n]))
		switch {
		case c == utf8.RuneError && size == 1:
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
		case c == '\u2028' || c == '\u2029':
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[c&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// A MapKey is a key of a map on a view's path, with the string
// encoding/json writes for it.
type MapKey[K comparable] struct {
	Key  K
	Name string
}

// StringKeys returns the keys of a map with string keys, in the order
// encoding/json writes them.
func StringKeys[M ~map[K]V, K ~string, V any](m M) []MapKey[K] {
	return sortedKeys(m, func(k K) (string, error) { return string(k), nil })
}

// IntKeys returns the keys of a map with signed integer keys, in the
// order encoding/json writes them: by their decimal strings.
func IntKeys[M ~map[K]V, K ~int | ~int8 | ~int16 | ~int32 | ~int64, V any](m M) []MapKey[K] {
	return sortedKeys(m, func(k K) (string, error) { return strconv.FormatInt(int64(k), 10), nil })
}

// UintKeys returns the keys of a map with unsigned integer keys, in the
// order encoding/json writes them: by their decimal strings.
func UintKeys[M ~map[K]V, K ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr, V any](m M) []MapKey[K] {
	return sortedKeys(m, func(k K) (string, error) { return strconv.FormatUint(uint64(k), 10), nil })
}

// TextKeys returns the keys of a map whose keys are encoding.TextMarshalers
// (and not strings), named by MarshalText, in the order encoding/json
// writes them; or the error of a MarshalText.
func TextKeys[M ~map[K]V, K interface {
	comparable
	encoding.TextMarshaler
}, V any](m M) ([]MapKey[K], error) {
	var failed error
	keys := sortedKeys(m, func(k K) (string, error) {
		text, err := k.MarshalText()
		if err != nil && failed == nil {
			failed = fmt.Errorf("json: encoding error for type %q: %q", reflect.TypeFor[M]().String(), err.Error())
		}
		return string(text), err
	})
	return keys, failed
}

func sortedKeys[M ~map[K]V, K comparable, V any](m M, name func(K) (string, error)) []MapKey[K] {
	keys := make([]MapKey[K], 0, len(m))
	for k := range m {
		n, _ := name(k)
		keys = append(keys, MapKey[K]{k, n})
	}
	slices.SortFunc(keys, func(a, b MapKey[K]) int { return strings.Compare(a.Name, b.Name) })
	return keys
}

// IsZero reports whether *p is its type's zero value, as
// reflect.Value.IsZero does for the comparable types omitzero leaves out
// when they have no IsZero method of their own.
func IsZero[T comparable](p *T) bool {
	var zero T
	return *p == zero
}

// IsZeroValue reports whether p points to its type's zero value, by
// reflect.Value.IsZero, as omitzero decides for a type without an IsZero
// method that == cannot compare (a struct holding a slice, say).
func IsZeroValue(p any) bool { return reflect.ValueOf(p).Elem().IsZero() }

// NilPointer reports whether v holds a nil pointer: encoding/json's
// omitzero leaves out an interface holding one, rather than call its
// IsZero method.
func NilPointer(v any) bool {
	r := reflect.ValueOf(v)
	return r.Kind() == reflect.Pointer && r.IsNil()
}

// ViewObject is the result of a tool with a view whose value is a JSON
// object (a struct or a map; a nil map is sent as {}): write writes the
// view of v, as sel selects it, and the result is as Object's.
func ViewObject[T any](tool string, v T, write func(*Writer, T), sel Selection, mode ...TextMode) *mcp.CallToolResult {
	data, _, err := writeView(sel, v, write, false)
	return objectResult(tool, data, err, mode)
}

// ViewWrapped is the result of a tool with a view whose value is not an
// object, as Wrapped's: {"result": v}, whose view write writes.
func ViewWrapped[T any](tool string, v T, write func(*Writer, T), sel Selection, mode ...TextMode) *mcp.CallToolResult {
	data, inner, err := writeView(sel, v, write, true)
	if err != nil {
		return resultError(tool, err)
	}
	note := "the result is structuredContent.result"
	return &mcp.CallToolResult{
		Content:           []mcp.Content{&mcp.TextContent{Text: text(inner, textMode(mode), note)}},
		StructuredContent: json.RawMessage(data),
	}
}

// ViewSlice is the result of a tool with a view returning a slice or an
// array, as Slice's: write writes the view of one element, and each
// element is one text content.
func ViewSlice[E any](tool string, s []E, write func(*Writer, *E), sel Selection, mode ...TextMode) *mcp.CallToolResult {
	if len(s) == 0 {
		return Slice[E](tool, nil, mode...)
	}
	m := textMode(mode)
	ends := make([]int, len(s)) // where each element's JSON ends
	data, _, err := writeView(sel, s, func(w *Writer, s []E) {
		w.BeginArray()
		for i := range s {
			w.Elem()
			write(w, &s[i])
			ends[i] = len(w.buf)
		}
		w.EndArray()
	}, true)
	if err != nil {
		return resultError(tool, err)
	}
	var content []mcp.Content
	start := len(`{"result":[`)
	for _, end := range ends {
		if m != NoText && m != IndentedList {
			content = append(content, &mcp.TextContent{Text: text(data[start:end], m, "")})
		}
		start = end + 1 // past the comma
	}
	content = listEnd(content, len(s), data[len(`{"result":`):len(data)-1], m)
	return &mcp.CallToolResult{Content: content, StructuredContent: json.RawMessage(data)}
}

// ViewText is the result of a tool whose view is sent as text only
// (structured=false): one text content, the view of v as JSON (indented
// for IndentedText), and no structuredContent.
func ViewText[T any](tool string, v T, write func(*Writer, T), sel Selection, mode ...TextMode) *mcp.CallToolResult {
	data, _, err := writeView(sel, v, write, false)
	return viewText(tool, data, err, mode)
}

// ViewSliceText is ViewText for a tool returning a slice or an array: one
// text content, the array of the views of its elements (a nil slice as
// []), which write writes one by one.
func ViewSliceText[E any](tool string, s []E, write func(*Writer, *E), sel Selection, mode ...TextMode) *mcp.CallToolResult {
	data, _, err := writeView(sel, s, func(w *Writer, s []E) {
		w.BeginArray()
		for i := range s {
			w.Elem()
			write(w, &s[i])
		}
		w.EndArray()
	}, false)
	return viewText(tool, data, err, mode)
}

// viewText is the text-only result of a view whose JSON is data, or err.
func viewText(tool string, data []byte, err error, modes []TextMode) *mcp.CallToolResult {
	if err != nil {
		return resultError(tool, err)
	}
	m := textMode(modes)
	if m == NoText {
		m = compactText // the text is all there is
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text(data, m, "")}}}
}
