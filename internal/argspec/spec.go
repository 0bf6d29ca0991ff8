// Package argspec describes the arguments of a tool, a prompt, a resource
// template or a form, and checks the arguments of a call against the
// description before encoding/json decodes them: the vocabulary (Spec,
// Arg, Rule, and their kinds, ranges, formats and ops) that mcptag's
// analyzer builds and its generated code declares, and the checker behind
// Spec.Parse.
//
// Generated code names these by toolimpl's type aliases and constants
// (toolimpl.Spec is Spec), and servers meet ArgError as toolrt.ArgError.
// What only mcptag itself uses stays here: the names of the string
// formats, the ranges of the integer types, the grammar of JSON numbers.
package argspec

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Limits are the bounds on what checking one call's arguments may cost,
// toolrt.Limits as a server sets them. A check reads the Limits its
// context carries (WithLimits), each field zero or negative taking its
// default: a call checked without a server's limits is checked within
// the defaults.
type Limits struct {
	ArgumentBytes int // the size of a call's arguments object
	Depth         int // how deeply arrays and objects nest, the arguments object being depth 1
	NumberBytes   int // the length of a number as sent, or of the string holding it
	URIBytes      int // the length of a string of format uri
}

// The limits' defaults.
const (
	DefaultArgumentBytes = 4 << 20
	DefaultDepth         = 64
	DefaultNumberBytes   = 512
	DefaultURIBytes      = 8 << 10
)

// DefaultLimits returns the default limits.
func DefaultLimits() Limits {
	return Limits{DefaultArgumentBytes, DefaultDepth, DefaultNumberBytes, DefaultURIBytes}
}

// WithDefaults returns l with each field that is not positive set to its
// default.
func (l Limits) WithDefaults() Limits {
	d := DefaultLimits()
	for _, f := range []struct{ v, def *int }{
		{&l.ArgumentBytes, &d.ArgumentBytes}, {&l.Depth, &d.Depth},
		{&l.NumberBytes, &d.NumberBytes}, {&l.URIBytes, &d.URIBytes},
	} {
		if *f.v <= 0 {
			*f.v = *f.def
		}
	}
	return l
}

type limitsKey struct{}

// WithLimits returns ctx carrying l, the limits every check made with it
// reads.
func WithLimits(ctx context.Context, l Limits) context.Context {
	return context.WithValue(ctx, limitsKey{}, l)
}

// LimitsFrom returns the limits ctx carries, each field that is not
// positive (or all of them, if ctx carries none) set to its default.
func LimitsFrom(ctx context.Context) Limits {
	l, _ := ctx.Value(limitsKey{}).(Limits)
	return l.WithDefaults()
}

// An ArgError is an argument a model got wrong. Its message names the
// tool and the argument, so the model can correct the call; the other
// fields take the message apart, for toolrt.ArgError.
type ArgError struct {
	Tool    string
	Message string
	Kind    string // Missing, Unknown, Duplicate, Invalid or Malformed
	Path    string // the argument, "" for the arguments as a whole
	Want    string // what was wanted, when the message says
	Got     string // what was sent, when the message says
}

// The kinds of an ArgError.
const (
	Missing   = "missing"   // a required argument is absent
	Unknown   = "unknown"   // an argument the tool does not take
	Duplicate = "duplicate" // an argument sent twice
	Invalid   = "invalid"   // a value of the wrong type, or that breaks a constraint
	Malformed = "malformed" // arguments that are not a JSON object within the limits
)

func (e *ArgError) Error() string { return e.Tool + ": " + e.Message }

// Spec describes a tool's arguments, as mcptag derives it from the input
// schema at generate time. Generated code declares one per tool, and
// uses it from any number of goroutines; it must not change once used.
type Spec struct {
	Tool string
	Args []Arg // the properties of the arguments object, in schema order
	Defs []Arg // descriptions shared through Arg.Ref (the schema's $defs)
	// Strict turns off the leniency toward scalars sent as strings and
	// the case of enum values: by default a string holding a number is
	// accepted for a number, "true" or "false" for a boolean, and a
	// string equal to one enum value ignoring case for that value.
	Strict bool

	indexOnce sync.Once
	index     map[*Arg]map[string]int     // see Spec.fieldIndex
	enums     map[*string]map[string]bool // see Spec.inEnum
	folds     map[*string]*foldIndex      // see Spec.foldedLookup
	patterns  sync.Map                    // Pattern rules, compiled: see Spec.pattern
}

// linearFields is the most fields looked up by a scan of their names;
// longer lists are indexed. Up to about this many, comparing names is as
// fast as hashing one.
const linearFields = 16

// fieldIndex returns the index in fields, sp.Args or the Fields of one
// of sp's Args, of the field called name, or -1. A long list is looked up
// in an index of sp's field lists, built on first use, so that checking
// and decoding a call costs time linear in its arguments however wide
// its structs are.
func (sp *Spec) fieldIndex(fields []Arg, name string) int {
	if len(fields) > linearFields {
		sp.indexOnce.Do(sp.buildIndex)
		if byName, ok := sp.index[&fields[0]]; ok {
			if i, ok := byName[name]; ok {
				return i
			}
			return -1
		}
	}
	for i := range fields {
		if fields[i].Name == name {
			return i
		}
	}
	return -1
}

// inEnum reports whether s is one of the values of a's Enum. A long
// enum is looked up in an index built on first use, as fieldIndex looks
// up fields, so that an array of enum values costs time linear in the
// call, not its items times the enum's values (a view's fields argument
// lists every property of a result).
func (sp *Spec) inEnum(a *Arg, s string) bool {
	if len(a.Enum) > linearFields {
		sp.indexOnce.Do(sp.buildIndex)
		if values, ok := sp.enums[&a.Enum[0]]; ok {
			return values[s]
		}
	}
	return slices.Contains(a.Enum, s)
}

// buildIndex maps every list of more than linearFields fields reachable
// from sp, by its first element, to the index of each name in it; and
// every enum of more than linearFields values, by its first element, to
// the set of its values; and unless sp is strict, every string enum to
// its fold index (fold.go).
func (sp *Spec) buildIndex() {
	sp.index = map[*Arg]map[string]int{}
	sp.enums = map[*string]map[string]bool{}
	sp.folds = map[*string]*foldIndex{}
	visited := map[*Arg]bool{}
	var visit func(a *Arg)
	visit = func(a *Arg) {
		for ; a != nil && !visited[a]; a = a.Elem {
			visited[a] = true
			if len(a.Enum) > linearFields {
				sp.enums[&a.Enum[0]] = setOf(a.Enum)
			}
			if len(a.Enum) > 0 && a.Kind&KindInteger == 0 && !sp.Strict {
				sp.folds[&a.Enum[0]] = newFoldIndex(a.Enum)
			}
			if len(a.Fields) > linearFields && sp.index[&a.Fields[0]] == nil {
				byName := make(map[string]int, len(a.Fields))
				for i := len(a.Fields) - 1; i >= 0; i-- {
					byName[a.Fields[i].Name] = i // the first of equal names wins
				}
				sp.index[&a.Fields[0]] = byName
			}
			for i := range a.Fields {
				visit(&a.Fields[i])
			}
		}
	}
	visit(&Arg{Fields: sp.Args})
	for i := range sp.Defs {
		visit(&sp.Defs[i])
	}
}

// Kind is the set of JSON types a value may have. The zero Kind accepts
// any value, null included.
type Kind uint8

const (
	KindBoolean Kind = 1 << iota
	KindInteger
	KindNumber // any number, integers included
	KindString
	KindArray
	KindObject
)

// IntRange restricts an integer to the range of a sized Go integer type,
// or says that a number decodes into a float32.
type IntRange uint8

const (
	// AnyInt: the range is left to encoding/json (int, int64, big.Int).
	AnyInt IntRange = iota
	RangeInt8
	RangeInt16
	RangeInt32
	RangeUint8
	RangeUint16
	RangeUint32
	RangeUint64 // also uint and uintptr
	// RangeFloat32, for KindNumber, says the number decodes into a
	// float32: its bounds are checked on the float32 the tool receives.
	// Any other number is checked as the float64 it decodes into, and as
	// the literal sent.
	RangeFloat32
)

// Bounds gives the range of r; bounded is false for AnyInt. RangeUint64's
// upper bound is 1<<64-1, which hi cannot hold: it is reported as
// math.MaxInt64.
func Bounds(r IntRange) (lo, hi int64, bounded bool) {
	switch r {
	case RangeInt8:
		return -1 << 7, 1<<7 - 1, true
	case RangeInt16:
		return -1 << 15, 1<<15 - 1, true
	case RangeInt32:
		return -1 << 31, 1<<31 - 1, true
	case RangeUint8:
		return 0, 1<<8 - 1, true
	case RangeUint16:
		return 0, 1<<16 - 1, true
	case RangeUint32:
		return 0, 1<<32 - 1, true
	case RangeUint64:
		return 0, 1<<63 - 1, true
	}
	return 0, 0, false
}

// An Arg describes one value of the arguments: an argument, or a value
// nested inside one.
type Arg struct {
	Name     string // the property name, for a member of Fields or Spec.Args
	Required bool   // a member of Fields that must be present
	Kind     Kind
	Nullable bool     // null is accepted (always, when Kind is 0)
	Range    IntRange // for KindInteger
	Format   Format   // for KindString
	// Enum lists the accepted values, when restricted: strings as they
	// are, integers in decimal.
	Enum []string
	// Elem describes the items of an array or the values of a map; nil
	// accepts any value.
	Elem *Arg
	// Fields are the properties of a struct; with Closed, no other
	// property is accepted.
	Fields []Arg
	Closed bool
	Keys   Format // the form of a map's keys: NoFormat, DecimalInt or DecimalUint
	// Fixed requires an array of exactly Len items (a Go array).
	Fixed bool
	Len   int
	// Rules are the constraints the developer declared.
	Rules []Rule
	// Default is the JSON of the value of an absent member of Fields or
	// Spec.Args, applied before the tool is called.
	Default []byte
	// Ref, when not 0, says the value is described by Spec.Defs[Ref-1]
	// (with Nullable added); the other fields are then unused.
	Ref int
}

// Args are the checked arguments of one call, ready to decode one by one.
type Args struct {
	sp       *Spec
	values   []json.RawMessage // by index in sp.Args; nil when absent
	suspects []suspect
}

// Parse is ParseContext within the default limits, for code generated
// before the limits were the call's.
func (sp *Spec) Parse(raw json.RawMessage) (*Args, error) {
	return sp.ParseContext(context.Background(), raw)
}

// ParseContext checks the arguments object of a call against the spec,
// within the limits ctx carries: its size and syntax, that every
// argument is known, has the right type and value, and that every
// required one is present. Absent or null arguments are an empty object.
func (sp *Spec) ParseContext(ctx context.Context, raw json.RawMessage) (*Args, error) {
	c, err := sp.check(LimitsFrom(ctx), raw)
	if err != nil {
		return nil, err
	}
	return &Args{sp: sp, values: c.values, suspects: c.suspects}, nil
}

// Decode decodes the argument name into dst; an absent one leaves dst as
// it is.
func (a *Args) Decode(name string, dst any) error {
	i := a.sp.fieldIndex(a.sp.Args, name)
	if i < 0 {
		return a.sp.errorf("no argument %q (a bug in the generated code)", name)
	}
	raw := a.values[i]
	if raw == nil {
		return nil
	}
	if err := json.Unmarshal(raw, dst); err != nil {
		return a.sp.decodeError(name, err, a.suspects)
	}
	return nil
}

// DecodeStruct is DecodeStructContext within the default limits, for
// code generated before the limits were the call's.
func (sp *Spec) DecodeStruct(raw json.RawMessage, dst any) error {
	return sp.DecodeStructContext(context.Background(), raw, dst)
}

// DecodeStructContext checks the arguments within the limits ctx
// carries, and decodes them into the struct dst points to, defaults
// applied to what is absent.
func (sp *Spec) DecodeStructContext(ctx context.Context, raw json.RawMessage, dst any) error {
	c, err := sp.check(LimitsFrom(ctx), raw)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(c.data, dst); err != nil {
		return sp.decodeError("", err, c.suspects)
	}
	return nil
}

// Errorf returns the *ArgError of sp's tool whose message format makes,
// for a check made outside this package (toolimpl's URI templates).
func Errorf(sp *Spec, format string, args ...any) error { return sp.errorf(format, args...) }

func (sp *Spec) errorf(format string, args ...any) error {
	e := &ArgError{Tool: sp.Tool, Message: fmt.Sprintf(format, args...)}
	e.classify()
	return e
}

// classify sets e's Kind, Path, Want and Got from its message. Every
// refusal is written by a format of this package whose words say its
// kind, so reading them back keeps the many formats as they are, and the
// fields true to the text a model reads.
func (e *ArgError) classify() {
	msg := e.Message
	for _, k := range []struct{ prefix, kind string }{
		{"missing required argument ", Missing}, {"unknown argument ", Unknown},
		{"duplicate argument ", Duplicate}, {"argument ", Invalid},
	} {
		rest, ok := strings.CutPrefix(msg, k.prefix)
		if !ok {
			continue
		}
		quoted, err := strconv.QuotedPrefix(rest)
		if err != nil {
			break
		}
		e.Kind, e.Path = k.kind, unquote(quoted)
		rest = rest[len(quoted):]
		switch {
		case k.kind == Unknown:
			if s, ok := strings.CutPrefix(rest, " (did you mean "); ok {
				if q, err := strconv.QuotedPrefix(s); err == nil {
					e.Want = unquote(q)
				}
			}
		case k.kind == Invalid && strings.HasPrefix(rest, " nests deeper"):
			e.Kind = Malformed
		case k.kind == Invalid:
			e.Want, e.Got = wantGot(strings.TrimPrefix(rest, ": "))
		}
		return
	}
	e.Kind = Malformed
}

// wantGot splits "want W, got G" (and "want W, got G, which is ...")
// into W and G; both "" for a detail of another shape.
func wantGot(detail string) (want, got string) {
	rest, ok := strings.CutPrefix(detail, "want ")
	if !ok {
		return "", ""
	}
	want, got, ok = strings.Cut(rest, ", got ")
	if !ok {
		return "", ""
	}
	if i := strings.Index(got, ", which "); i >= 0 {
		got = got[:i]
	}
	return want, got
}

func unquote(q string) string {
	s, err := strconv.Unquote(q)
	if err != nil {
		return q
	}
	return s
}

// decodeError explains an error of encoding/json that checking did not
// foresee: a number out of the range of an int64 or float32, say, or an
// error of a type's own UnmarshalJSON.
func (sp *Spec) decodeError(arg string, err error, suspects []suspect) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		lit, ok := strings.CutPrefix(te.Value, "number ")
		if ok {
			for _, s := range suspects {
				if s.literal == lit {
					return sp.errorf("argument %q: want %s that fits %s, got %s", s.path, jsonType(te.Type), te.Type, Excerpt([]byte(s.sent)))
				}
			}
		}
		path := te.Field
		if arg != "" {
			path = joinField(arg, te.Field)
		}
		if k := te.Type.Kind(); ok && path != "" && (k == reflect.Float32 || k == reflect.Float64) {
			// A number an any (or a float the checks could not see)
			// cannot hold: it is out of range.
			return sp.errorf("argument %q: want number that fits %s, got %s", path, te.Type, Excerpt([]byte(lit)))
		}
		if path != "" {
			return sp.errorf("argument %q: want %s, got %s", path, jsonType(te.Type), Excerpt([]byte(te.Value)))
		}
	}
	msg := clipTo(strings.TrimPrefix(err.Error(), "json: "), 300)
	if arg != "" {
		return sp.errorf("argument %q: %s", arg, msg)
	}
	return sp.errorf("arguments: %s", msg)
}

func joinField(arg, field string) string {
	if field == "" {
		return arg
	}
	return arg + "." + field
}

// jsonType names the JSON type a Go type decodes from.
func jsonType(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return "integer"
	case reflect.Float32, reflect.Float64:
		return "number"
	case reflect.String:
		return "string"
	case reflect.Slice, reflect.Array:
		return "array"
	case reflect.Map, reflect.Struct:
		return "object"
	case reflect.Pointer:
		return jsonType(t.Elem())
	}
	return t.String()
}

// setOf is the set of values.
func setOf(values []string) map[string]bool {
	set := make(map[string]bool, len(values))
	for _, v := range values {
		set[v] = true
	}
	return set
}
