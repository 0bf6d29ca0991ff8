package toolrt

// The limits a server sets on what checking one call's arguments may
// cost. The checker behind generated code is mcptag's internal argspec
// package; it reads these very variables.

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
// need not change.)
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

// An ArgError is arguments a model got wrong, as a generated handler
// refuses them before the tool runs, or a form's answer that breaks the
// form's schema, as a generated Elicit<Type> reports it. A hook meets it
// from next (Middleware), and may answer with a message of its own made
// from its fields (docs/middleware.md).
type ArgError struct {
	// Tool is the tool (or the form) whose arguments were refused.
	Tool string
	// Kind says what is wrong.
	Kind ArgErrorKind
	// Path is the argument, "days" or "filters[0].city"; "" when the
	// arguments as a whole were refused (ArgMalformed).
	Path string
	// Want is what was wanted (integer, at most 12), when the refusal
	// says; for ArgUnknown, the argument the model most likely meant, if
	// any.
	Want string
	// Got is what was sent, excerpted as the message shows it (a string
	// quoted, a number as sent), when the refusal says.
	Got string
	// Message is the refusal as a model reads it after the tool's name:
	// `argument "days": want integer, got "two"`.
	Message string
}

// Error returns the refusal as a model reads it: the tool, then Message.
func (e *ArgError) Error() string { return e.Tool + ": " + e.Message }

// An ArgErrorKind is the kind of an ArgError.
type ArgErrorKind string

// The kinds of an ArgError.
const (
	// ArgMissing is a required argument left out.
	ArgMissing ArgErrorKind = "missing"
	// ArgUnknown is an argument the tool does not take.
	ArgUnknown ArgErrorKind = "unknown"
	// ArgDuplicate is an argument sent twice.
	ArgDuplicate ArgErrorKind = "duplicate"
	// ArgInvalid is a value of the wrong type, or one that breaks a
	// constraint of the argument.
	ArgInvalid ArgErrorKind = "invalid"
	// ArgMalformed is arguments that are not a JSON object, or not
	// within the limits (MaxArgumentBytes, MaxDepth).
	ArgMalformed ArgErrorKind = "malformed"
)
