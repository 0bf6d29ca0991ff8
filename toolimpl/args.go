package toolimpl

// The arguments of a call, in the vocabulary generated code describes
// them in. The checker behind Spec.Parse and its vocabulary are mcptag's
// internal argspec package; these aliases and constants are the names
// generated code spells them with.

import "github.com/mcptag/mcptag/internal/argspec"

// Spec describes the arguments of a tool (or of a prompt, a resource
// template or a form), as mcptag derives it from the input schema at
// generate time: its Args, in schema order, and the Defs they share
// through Arg.Ref. Generated code declares one per tool, uses it from any
// number of goroutines, and never changes it once used. Parse checks the
// arguments of a call against it: their size and syntax, that every
// argument is known, has the right type and value, and that every
// required one is present. DecodeStruct checks them and decodes them into
// a struct, defaults applied to what is absent.
//
// Generated code is the only code that builds a Spec, an Arg or a Rule:
// their fields and constants may grow from one release to the next
// (docs/compat.md).
type Spec = argspec.Spec

// An Arg describes one value of the arguments: an argument, or a value
// nested inside one. Its zero Kind accepts any value, its zero Range is
// encoding/json's, and its zero Format is no format.
type Arg = argspec.Arg

// Args are the checked arguments of one call, from Spec.Parse or
// URITemplate.Match: Decode decodes one of them.
type Args = argspec.Args

// A Rule is one constraint a value must meet beyond its kind and Go type,
// as the developer declared it: a bound, a length, a pattern.
type Rule = argspec.Rule

// Kind is the set of JSON types an Arg may have, its constants combined:
// KindInteger | KindString.
type Kind = argspec.Kind

// The JSON types of a Kind.
const (
	KindBoolean = argspec.KindBoolean // true or false
	KindInteger = argspec.KindInteger // an integer: a whole number, 2 or 2.0 or 2e0
	KindNumber  = argspec.KindNumber  // any number, integers included
	KindString  = argspec.KindString  // a string
	KindArray   = argspec.KindArray   // an array
	KindObject  = argspec.KindObject  // an object
)

// IntRange restricts an integer Arg to the range of a sized Go integer
// type, or says that a number decodes into a float32.
type IntRange = argspec.IntRange

// The ranges of an IntRange.
const (
	RangeInt8    = argspec.RangeInt8    // an int8
	RangeInt16   = argspec.RangeInt16   // an int16
	RangeInt32   = argspec.RangeInt32   // an int32 (or a rune)
	RangeUint8   = argspec.RangeUint8   // a uint8 (or a byte)
	RangeUint16  = argspec.RangeUint16  // a uint16
	RangeUint32  = argspec.RangeUint32  // a uint32
	RangeUint64  = argspec.RangeUint64  // a uint64, uint or uintptr
	RangeFloat32 = argspec.RangeFloat32 // a number that decodes into a float32, its bounds checked on the float32
)

// Format is what a string Arg must hold, beyond being a string.
type Format = argspec.Format

// The formats of a Format: those a Go type implies, then those a
// developer declares, by their JSON Schema names.
const (
	DateTime     = argspec.DateTime     // an RFC 3339 time, as time.Time reads it ("date-time")
	Base64       = argspec.Base64       // standard base64, as []byte reads it
	DecimalInt   = argspec.DecimalInt   // a signed decimal integer (",string" fields, integer map keys)
	DecimalUint  = argspec.DecimalUint  // an unsigned decimal integer
	DecimalFloat = argspec.DecimalFloat // a decimal number (",string" float fields)
	Date         = argspec.Date         // an RFC 3339 full-date: 2006-01-02 ("date")
	Time         = argspec.Time         // an RFC 3339 full-time: 15:04:05Z ("time")
	Email        = argspec.Email        // an e-mail address ("email")
	URI          = argspec.URI          // an absolute URI ("uri")
	UUID         = argspec.UUID         // a UUID: 8-4-4-4-12 hexadecimal digits ("uuid")
	IPv4         = argspec.IPv4         // an IPv4 address, dotted ("ipv4")
	IPv6         = argspec.IPv6         // an IPv6 address ("ipv6")
	Hostname     = argspec.Hostname     // an Internet host name ("hostname")
)

// An Op is the kind of a Rule.
type Op = argspec.Op

// The ops of a Rule.
const (
	Minimum          = argspec.Minimum          // a number at least Num
	Maximum          = argspec.Maximum          // a number at most Num
	ExclusiveMinimum = argspec.ExclusiveMinimum // a number greater than Num
	ExclusiveMaximum = argspec.ExclusiveMaximum // a number less than Num
	MultipleOf       = argspec.MultipleOf       // a number that is a multiple of Num
	MinLength        = argspec.MinLength        // a string of at least Count characters
	MaxLength        = argspec.MaxLength        // a string of at most Count characters
	Pattern          = argspec.Pattern          // a string that Text matches somewhere
	MinItems         = argspec.MinItems         // an array of at least Count items
	MaxItems         = argspec.MaxItems         // an array of at most Count items
	UniqueItems      = argspec.UniqueItems      // an array whose items are all different
)
