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

// An ArgError is an argument a model got wrong, as a generated handler
// reports it, or a form's answer that breaks the form's schema, as a
// generated Elicit<Type> reports it. Its message names the tool (or the
// form) and the argument, so the model can correct the call.
type ArgError = argspec.ArgError
