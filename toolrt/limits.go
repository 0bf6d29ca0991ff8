package toolrt

// The limits a server sets on what checking one call's arguments may
// cost. The checker behind generated code is mcptag's internal argspec
// package; it reads the limits the call's context carries.

import (
	"context"
	"slices"

	"github.com/mcptag/mcptag/internal/argspec"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Limits bound the arguments of one call. A model, or anyone else who
// can reach the server, controls the arguments; these bound the time and
// memory one call can cost before the tool runs. A field that is zero
// (or negative) takes its default, so Limits{Depth: 100} raises the
// depth alone.
//
// A server sets them on a selection of its tools with WithLimits, and on
// its resources and prompts with LimitsMiddleware, not for the process:
// two servers in one process may check with different limits, and a
// setting is a value copied into the tools, never a variable every call
// reads, so that no call races with it. The generated code of version 6
// on passes them to the checker (docs/compat.md); a file generated before
// checks within the defaults.
type Limits struct {
	// ArgumentBytes bounds the size of a call's arguments object:
	// 4 MiB by default.
	// The go-sdk (v1.8.0) bounds whole messages before a handler runs:
	// its streamable HTTP handler answers 413 above 4 MiB by default, but
	// its stdio and in-memory transports accept frames up to 16 MiB (and
	// drop the connection beyond that), so a call with 8 MiB of arguments
	// does reach the handler, which refuses it here.
	ArgumentBytes int
	// Depth bounds how deeply arrays and objects may nest in the
	// arguments, the arguments object itself being depth 1: 64 by
	// default.
	Depth int
	// NumberBytes bounds the length of a number argument as sent (or of
	// the string holding it): 512 bytes by default, more than any float64
	// written out in full takes (the smallest, 5e-324, is 327 bytes
	// without an exponent), which keeps the exact comparison of a number
	// with its bounds cheap.
	NumberBytes int
	// URIBytes bounds a string argument of format uri, and the URI of a
	// resources/read that a resource template reads (LimitsMiddleware):
	// 8 KiB by default, the request line that common HTTP servers accept
	// (RFC 9110 asks for at least 8000 octets).
	URIBytes int
}

// DefaultLimits returns the limits a tool is checked with unless
// WithLimits sets others.
func DefaultLimits() Limits { return Limits(argspec.DefaultLimits()) }

// withDefaults returns l with each field that is not positive set to
// its default.
func (l Limits) withDefaults() Limits {
	return Limits(argspec.Limits(l).WithDefaults())
}

// WithLimits returns tools (a new slice; tools is not changed), each
// checking its calls' arguments within l, fields that are zero taking
// their defaults, in place of the limits it had. Every other field of a
// Tool is kept, and the limits hold through Use, before or after it.
// RequireScopes and CheckHeaders read a request body up to the largest
// ArgumentBytes of the tools they are given.
func WithLimits(tools []Tool, l Limits) []Tool {
	l = l.withDefaults()
	out := slices.Clone(tools)
	for i := range out {
		out[i] = out[i].limitedBy(l)
	}
	return out
}

// limitedBy returns t checking within l: its Handler as it was before
// any limits, with l in the context of every call.
func (t Tool) limitedBy(l Limits) Tool {
	if t.unlimited == nil {
		t.unlimited = t.Handler
	}
	t.limits = &l
	h := t.unlimited
	t.Handler = func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return h(argspec.WithLimits(ctx, argspec.Limits(l)), req)
	}
	return t
}

// argumentBytes is the most bytes of arguments t accepts.
func (t Tool) argumentBytes() int {
	if t.limits == nil {
		return argspec.DefaultArgumentBytes
	}
	return t.limits.ArgumentBytes
}

// LimitsMiddleware returns a receiving middleware, for a server's
// AddReceivingMiddleware, that checks the resources and prompts of that
// server within l (fields that are zero taking their defaults): a
// resources/read whose URI a resource template reads is refused above
// l.URIBytes, and the URI's variables and a prompt's arguments are
// checked within l. It leaves tools/call alone: tools keep the limits
// WithLimits gave them, so that RequireScopes and CheckHeaders, which
// see the tools, size a body by them.
func LimitsMiddleware(l Limits) mcp.Middleware {
	lim := argspec.Limits(l.withDefaults())
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method != "tools/call" {
				ctx = argspec.WithLimits(ctx, lim)
			}
			return next(ctx, method, req)
		}
	}
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
	// within the limits (Limits' ArgumentBytes and Depth).
	ArgMalformed ArgErrorKind = "malformed"
)
