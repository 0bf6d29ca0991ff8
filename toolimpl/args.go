package toolrt

// The arguments of a call: the limits a server sets on what checking them
// may cost, and the vocabulary generated code describes them in. The
// checker behind Spec.Parse and its vocabulary are mcptag's internal
// argspec package; these aliases and constants are their public names.

import "github.com/mcptag/mcptag/internal/argspec"

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
	// MaxArgumentBytes bounds the size of a call's arguments object:
	// 4 MiB by default.
	// The go-sdk (v1.8.0) bounds whole messages before a handler runs:
	// its streamable HTTP handler answers 413 above 4 MiB by default, but
	// its stdio and in-memory transports accept frames up to 16 MiB (and
	// drop the connection beyond that), so a call with 8 MiB of arguments
	// does reach the handler, which refuses it here.
	MaxArgumentBytes = argspec.DefaultArgumentBytes
	// MaxDepth bounds how deeply arrays and objects may nest in the
	// arguments, the arguments object itself being depth 1: 64 by
	// default.
	MaxDepth = argspec.DefaultDepth
	// MaxNumberBytes bounds the length of a number argument as sent (or
	// of the string holding it): 512 bytes by default, more than any
	// float64 written out in full takes (the smallest, 5e-324, is 327
	// bytes without an exponent), which keeps the exact comparison of a
	// number with its bounds cheap.
	MaxNumberBytes = argspec.DefaultNumberBytes
	// MaxURIBytes bounds the URI of a resources/read that a resource
	// template reads, and a string argument of format uri: 8 KiB by
	// default, the request line that common HTTP servers accept (RFC 9110 asks for at
	// least 8000 octets).
	MaxURIBytes = argspec.DefaultURIBytes
)

// The checker reads the limits from the variables above on every call, so
// a server that sets them before serving is obeyed.
func init() {
	argspec.SetLimits(argspec.Limits{
		ArgumentBytes: &MaxArgumentBytes,
		Depth:         &MaxDepth,
		NumberBytes:   &MaxNumberBytes,
		URIBytes:      &MaxURIBytes,
	})
}

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

// An ArgError is an argument a model got wrong, as Spec.Parse and
// Form.Elicit report it. Its message names the tool (or the form) and the
// argument, so the model can correct the call.
type ArgError = argspec.ArgError

// A Rule is one constraint a value must meet beyond its kind and Go type,
// as the developer declared it: a bound, a length, a pattern.
type Rule = argspec.Rule

// Kind is the set of JSON types an Arg may have, its constants combined:
// KindInteger | KindString.
type Kind = argspec.Kind

// The JSON types of a Kind.
const (
	KindBoolean = argspec.KindBoolean // true or false
	KindInteger = argspec.KindInteger // an integer: a number written without a fraction or exponent
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
