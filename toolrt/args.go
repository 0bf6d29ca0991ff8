package toolrt

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
)

// Limits on the arguments of one call. A model, or anyone else who can
// reach the server, controls the arguments; these bound the time and
// memory one call can cost before the tool runs.
//
// Set them once, before the server handles its first call (before
// Server.Run or Connect, or before serving HTTP), and never while it
// serves: every call reads them without synchronization, so a write
// while a call runs is a data race. They apply to every server in the
// process. (They are variables rather than options of a registration so
// that generated code, whose Register functions take only the server,
// need not change; see docs/compat.md.)
var (
	// MaxArgumentBytes bounds the size of a call's arguments object.
	// The go-sdk (v1.8.0) bounds whole messages before a handler runs:
	// its streamable HTTP handler answers 413 above 4 MiB by default, but
	// its stdio and in-memory transports accept frames up to 16 MiB (and
	// drop the connection beyond that), so a call with 8 MiB of arguments
	// does reach the handler, which refuses it here.
	MaxArgumentBytes = 4 << 20
	// MaxDepth bounds how deeply arrays and objects may nest in the
	// arguments, the arguments object itself being depth 1.
	MaxDepth = 64
	// MaxNumberBytes bounds the length of a number argument as sent (or
	// of the string holding it): 512 bytes is more than any float64
	// written out in full takes (the smallest, 5e-324, is 327 bytes
	// without an exponent), and it keeps the exact comparison of a
	// number with its bounds cheap.
	MaxNumberBytes = 512
	// MaxURIBytes bounds the URI of a resources/read that a resource
	// template reads, and a string argument of format uri: 8 KiB, the
	// request line that common HTTP servers accept (RFC 9110 asks for at
	// least 8000 octets).
	MaxURIBytes = 8 << 10
)

// An ArgError is an argument a model got wrong. Its message names the
// tool and the argument, so the model can correct the call.
type ArgError struct {
	Tool    string
	Message string
}

func (e *ArgError) Error() string { return e.Tool + ": " + e.Message }

// Spec describes a tool's arguments, as mcptag derives it from the input
// schema at generate time. Generated code declares one per tool, and
// uses it from any number of goroutines; it must not change once used.
type Spec struct {
	Tool string
	Args []Arg // the properties of the arguments object, in schema order
	Defs []Arg // descriptions shared through Arg.Ref (the schema's $defs)
	// Strict turns off the leniency toward scalars sent as strings: by
	// default a string holding a number is accepted for a number, and
	// "true" or "false" for a boolean.
	Strict bool

	indexOnce sync.Once
	index     map[*Arg]map[string]int // see Spec.fieldIndex
	patterns  sync.Map                // Pattern rules, compiled: see Spec.pattern
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

// buildIndex maps every list of more than linearFields fields reachable
// from sp, by its first element, to the index of each name in it.
func (sp *Spec) buildIndex() {
	sp.index = map[*Arg]map[string]int{}
	visited := map[*Arg]bool{}
	var visit func(a *Arg)
	visit = func(a *Arg) {
		for ; a != nil && !visited[a]; a = a.Elem {
			visited[a] = true
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

// Format is what a JSON string must hold, beyond being a string.
type Format uint8

const (
	NoFormat     Format = iota
	DateTime            // an RFC 3339 time, as time.Time reads it
	Base64              // standard base64, as []byte reads it
	DecimalInt          // a signed decimal integer (",string" fields, integer map keys)
	DecimalUint         // an unsigned decimal integer
	DecimalFloat        // a decimal number (",string" float fields)
)

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

// Parse checks the arguments object of a call against the spec: its
// size and syntax, that every argument is known, has the right type and
// value, and that every required one is present. Absent or null
// arguments are an empty object.
func (sp *Spec) Parse(raw json.RawMessage) (*Args, error) {
	c, err := sp.check(raw)
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

// DecodeStruct checks the arguments and decodes them into the struct dst
// points to, defaults applied to what is absent.
func (sp *Spec) DecodeStruct(raw json.RawMessage, dst any) error {
	c, err := sp.check(raw)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(c.data, dst); err != nil {
		return sp.decodeError("", err, c.suspects)
	}
	return nil
}

func (sp *Spec) errorf(format string, args ...any) error {
	return &ArgError{Tool: sp.Tool, Message: fmt.Sprintf(format, args...)}
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
					return sp.errorf("argument %q: want %s that fits %s, got %s", s.path, jsonType(te.Type), te.Type, excerpt([]byte(lit)))
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
			return sp.errorf("argument %q: want number that fits %s, got %s", path, te.Type, excerpt([]byte(lit)))
		}
		if path != "" {
			return sp.errorf("argument %q: want %s, got %s", path, jsonType(te.Type), excerpt([]byte(te.Value)))
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
