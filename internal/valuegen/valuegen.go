// Package valuegen makes random values of Go types by reflection, for
// the property tests that check schemas against what encoding/json
// writes. It favours the edges: nil and empty containers, zero and
// extreme numbers, odd strings, times in odd zones.
package valuegen

import (
	"encoding/json"
	"io/fs"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"time"
)

// A Generator makes values of any type the JSON property tests use.
// Enum types get only their declared constants.
type Generator struct {
	Rand *rand.Rand

	// Enum returns the constants of t, or nil if t is no enum type.
	Enum func(t reflect.Type) []any

	// Special makes a value of t for types the generator should not
	// build field by field, such as one with JSON methods that read back
	// only some of its values; false leaves t to the generator.
	Special func(rng *rand.Rand, t reflect.Type) (any, bool)

	// Interfaces are the values an interface may hold; one that does not
	// implement the interface, or nil, leaves it nil.
	Interfaces []any

	// MaxDepth is how deep values nest: below it pointers, slices and
	// maps are nil.
	MaxDepth int

	// FiniteNumbers keeps json.Number values to those a float64 holds.
	FiniteNumbers bool

	// NonNil makes no nil pointer, slice or map, as an input schema
	// wants: it accepts null nowhere (an interface may still be nil).
	// Below MaxDepth, a pointer points to a zero value, and slices and
	// maps are empty.
	NonNil bool
}

var (
	timeType   = reflect.TypeFor[time.Time]()
	numberType = reflect.TypeFor[json.Number]()
	rawType    = reflect.TypeFor[json.RawMessage]()
	modeType   = reflect.TypeFor[fs.FileMode]()
)

var strs = []string{
	"", "a", "Overcast", "héllo wörld", "日本語", "emoji 🌧️", "quote \" and \\ backslash",
	"<html>&amp;</html>", "line\nbreak\ttab", "line\nbreak\ttab\r", "\x00\x1f control", "\x00\x1f control \x7f",
	"\xff\xfe invalid utf-8", "\u2028\u2029", "\ufeffbom", "\U0010FFFF", "123", "-0", "1e5", "null", "true",
	"{}", "[", "\"", "\\u0041", strings.Repeat("long ", 200),
}

var zones = []*time.Location{
	time.UTC, time.Local, time.FixedZone("", 0), time.FixedZone("IST", 5*3600+1800),
	time.FixedZone("", -8*3600), time.FixedZone("", 14*3600), time.FixedZone("", -12*3600-45*60),
}

var (
	numbers = []json.Number{"", "0", "-0", "-1", "3.25", "1e21", "-2.5E-8", "1E+2", "0.000001",
		"18446744073709551616", "-9223372036854775809"}
	hugeNumbers = []json.Number{"1e400"} // beyond a float64
	raws        = []string{"", "null", "1", "-0.5e3", `"s"`, `{"a":[1,2,{}]}`, "[]", "true", "{ \"sp\" : [ 1 , 2 ] }"}
	modes       = []fs.FileMode{0, 0o644, fs.ModeDir | 0o755, fs.ModeSymlink, math.MaxUint32}
)

// Zero returns the zero value of t, but with each value of an enum type
// in it, which has no valid zero, set to its first constant, and with no
// nil pointer, slice or map when NonNil is set.
func (g *Generator) Zero(t reflect.Type) reflect.Value {
	v := reflect.New(t).Elem()
	if g.NonNil {
		return g.nonNilZero(t, v)
	}
	if consts := g.enum(t); consts != nil {
		v.Set(reflect.ValueOf(consts[0]))
		return v
	}
	switch t.Kind() {
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if f := v.Field(i); f.CanSet() {
				f.Set(g.Zero(t.Field(i).Type))
			}
		}
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			v.Index(i).Set(g.Zero(t.Elem()))
		}
	}
	return v
}

// Value returns a random value of t. It is addressable.
func (g *Generator) Value(t reflect.Type) reflect.Value {
	return g.value(t, 0)
}

func (g *Generator) enum(t reflect.Type) []any {
	if g.Enum == nil {
		return nil
	}
	return g.Enum(t)
}

func (g *Generator) value(t reflect.Type, depth int) reflect.Value {
	v := reflect.New(t).Elem()
	rng := g.Rand
	if consts := g.enum(t); consts != nil {
		v.Set(reflect.ValueOf(consts[rng.IntN(len(consts))]))
		return v
	}
	if g.Special != nil {
		if x, ok := g.Special(rng, t); ok {
			v.Set(reflect.ValueOf(x))
			return v
		}
	}
	switch t {
	case timeType:
		sec := rng.Int64N(253402300799+62135596800) - 62135596800 // years 1 to 9999
		var ns int64
		switch rng.IntN(3) {
		case 1:
			ns = rng.Int64N(1e9)
		case 2:
			ns = rng.Int64N(1000) * 1e6
		}
		tm := time.Unix(sec, ns).In(zones[rng.IntN(len(zones))])
		if rng.IntN(8) == 0 {
			tm = time.Time{}
		}
		v.Set(reflect.ValueOf(tm))
		return v
	case numberType:
		nums := numbers
		if !g.FiniteNumbers {
			nums = append(nums[:len(nums):len(nums)], hugeNumbers...)
		}
		v.SetString(string(nums[rng.IntN(len(nums))]))
		return v
	case rawType:
		if r := raws[rng.IntN(len(raws))]; r != "" {
			v.SetBytes([]byte(r))
		}
		return v
	case modeType:
		v.SetUint(uint64(modes[rng.IntN(len(modes))]))
		return v
	}
	if depth > g.MaxDepth {
		if g.NonNil {
			return g.nonNilZero(t, v)
		}
		return v // zero: nil pointers, slices and maps end recursion
	}
	switch t.Kind() {
	case reflect.Bool:
		v.SetBool(rng.IntN(2) == 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		bits := t.Bits()
		lo, hi := int64(-1)<<(bits-1), int64(1)<<(bits-1)-1
		is := []int64{0, 1, -1, lo, hi, lo + 1, hi - 1, rng.Int64() >> (64 - bits)}
		v.SetInt(is[rng.IntN(len(is))])
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		hi := uint64(math.MaxUint64) >> (64 - t.Bits())
		us := []uint64{0, 1, hi, hi - 1, hi >> 1, hi>>1 + 1, rng.Uint64() & hi}
		v.SetUint(us[rng.IntN(len(us))])
	case reflect.Float32:
		fs := []float64{0, math.Copysign(0, -1), 1.5, -273.15, 1e21, 1e20, 1e-6, 1e-7, math.MaxFloat32, -math.MaxFloat32,
			math.SmallestNonzeroFloat32, 16777217, float64(rng.Float32()) * 1e6, rng.NormFloat64() * 1e6}
		v.SetFloat(fs[rng.IntN(len(fs))])
	case reflect.Float64:
		fs := []float64{0, math.Copysign(0, -1), 1.5, -273.15, 1e21, 1e20, 1e-6, 1e-7, 5e-324, math.MaxFloat32,
			math.MaxFloat64, -math.MaxFloat64, 1 << 53, 1<<53 + 1, 9007199254740993, math.MaxInt64, rng.NormFloat64() * 1e6}
		v.SetFloat(fs[rng.IntN(len(fs))])
	case reflect.String:
		v.SetString(strs[rng.IntN(len(strs))])
	case reflect.Pointer:
		if g.NonNil || rng.IntN(3) > 0 {
			v.Set(g.value(t.Elem(), depth+1).Addr())
		}
	case reflect.Slice:
		switch rng.IntN(4) {
		case 0: // nil
			if g.NonNil {
				v.Set(reflect.MakeSlice(t, 0, 0))
			}
		case 1:
			v.Set(reflect.MakeSlice(t, 0, 0))
		default:
			n := 1 + rng.IntN(3)
			v.Set(reflect.MakeSlice(t, n, n))
			for i := 0; i < n; i++ {
				v.Index(i).Set(g.value(t.Elem(), depth+1))
			}
		}
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			v.Index(i).Set(g.value(t.Elem(), depth+1))
		}
	case reflect.Map:
		switch rng.IntN(4) {
		case 0: // nil
			if g.NonNil {
				v.Set(reflect.MakeMap(t))
			}
		case 1:
			v.Set(reflect.MakeMap(t))
		default:
			v.Set(reflect.MakeMap(t))
			for i := 1 + rng.IntN(3); i > 0; i-- {
				v.SetMapIndex(g.value(t.Key(), depth+1), g.value(t.Elem(), depth+1))
			}
		}
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if f := v.Field(i); f.CanSet() {
				f.Set(g.value(t.Field(i).Type, depth+1))
			}
		}
	case reflect.Interface:
		if len(g.Interfaces) > 0 {
			if x := g.Interfaces[rng.IntN(len(g.Interfaces))]; x != nil && reflect.TypeOf(x).Implements(t) {
				v.Set(reflect.ValueOf(x))
			}
		}
	default:
		panic("valuegen: unsupported kind " + t.Kind().String())
	}
	return v
}

// nonNilZero is the least value of t, into v, with no nil pointer, slice
// or map: what ends recursion when NonNil is set. A pointer to a type that
// contains itself through pointers alone cannot end; it stays nil.
func (g *Generator) nonNilZero(t reflect.Type, v reflect.Value) reflect.Value {
	return g.leastValue(t, v, map[reflect.Type]bool{})
}

func (g *Generator) leastValue(t reflect.Type, v reflect.Value, inProgress map[reflect.Type]bool) reflect.Value {
	if consts := g.enum(t); consts != nil {
		v.Set(reflect.ValueOf(consts[0]))
		return v
	}
	if inProgress[t] || t == rawType {
		return v // a nil json.RawMessage is null, which any value allows
	}
	inProgress[t] = true
	defer delete(inProgress, t)
	switch t.Kind() {
	case reflect.Pointer:
		v.Set(g.leastValue(t.Elem(), reflect.New(t.Elem()).Elem(), inProgress).Addr())
	case reflect.Slice:
		v.Set(reflect.MakeSlice(t, 0, 0))
	case reflect.Map:
		v.Set(reflect.MakeMap(t))
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			g.leastValue(t.Elem(), v.Index(i), inProgress)
		}
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if f := v.Field(i); f.CanSet() {
				g.leastValue(t.Field(i).Type, f, inProgress)
			}
		}
	}
	return v
}
