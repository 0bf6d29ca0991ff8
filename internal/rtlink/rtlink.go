// Package rtlink links toolimpl, the run-time of generated code, to what
// toolrt, the run-time a server uses, keeps unexported. toolrt fills it in
// when it is initialized, which is before toolimpl runs, since toolimpl
// imports toolrt.
package rtlink

import (
	"context"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// NewInputRequired returns a *toolrt.InputRequired: the request for the
// form params, named key, with the request state that carries the
// answers to the forms asked before; form is what toolimpl needs to merge
// it with the forms asked at once beside it (FormOf).
var NewInputRequired func(key string, params *mcp.ElicitParams, state string, form any) error

// FormOf returns the key, the request and the form of err if it is a
// *toolrt.InputRequired, which toolrt sets.
var FormOf func(err error) (key string, params *mcp.ElicitParams, form any, ok bool)

// StateKey returns the key that signs the request states of forms, which
// toolrt.SetStateKey sets.
var StateKey func() []byte

// StateMaxAge returns how long after it was signed a request state is
// accepted, which toolrt.SetStateMaxAge sets.
var StateMaxAge func() time.Duration

// Now is the clock that dates request states and judges their age: the
// wall clock, which a test of expiry replaces.
var Now = time.Now

// WithFields returns ctx carrying the view paths a call's result will
// carry, which toolrt.Fields returns.
var WithFields func(ctx context.Context, paths []string) context.Context

// GuardScopes returns h, refusing a call of the tool name whose bearer
// token lacks one of scopes, or that carries none, unless
// toolrt.AddTools registered the tool and checked the scopes it holds
// now; toolrt sets it.
var GuardScopes func(name string, scopes []string, h mcp.ToolHandler) mcp.ToolHandler

// WithCall returns ctx carrying the tool call req, which toolrt.Progress
// and toolrt.Log report on; toolrt sets it.
var WithCall func(ctx context.Context, req *mcp.CallToolRequest) context.Context

// Steps are a generated tool's handler taken apart, for toolrt.Use to
// run a hook between them: Decode checks and decodes a call's arguments,
// Run calls the tool with them and converts what it returns, Convert
// turns an error into the tool's result, and Panicked answers a panic.
// toolimpl builds them; toolrt keeps them unexported on a Tool.
type Steps struct {
	// Decode returns the decoded arguments as a hook meets them (nil for
	// a tool without arguments), or the refusal of the arguments, a
	// *toolrt.ArgError.
	Decode func(ctx context.Context, req *mcp.CallToolRequest) (args any, err error)
	// Shared decodes the package's shared arguments (//mcp:shared) as a
	// hook meets them; nil for a package without them.
	Shared func(ctx context.Context, req *mcp.CallToolRequest) (any, error)
	// Run calls the tool with args, a value Decode returned, and returns
	// its result, or the tool's own error unconverted.
	Run func(ctx context.Context, req *mcp.CallToolRequest, args any) (*mcp.CallToolResult, error)
	// Convert is what the handler returns for err, a tool's error.
	Convert func(err error) (*mcp.CallToolResult, error)
	// Panicked logs v, what a call of the tool panicked with, with the
	// stack of the panic, and returns the tool's answer to it; it is
	// called in the deferred function that recovered.
	Panicked func(ctx context.Context, v any) *mcp.CallToolResult
	// Guard wraps a handler of the tool in the checks the generated
	// handler makes before its steps: parameter headers and scopes.
	Guard func(h mcp.ToolHandler) mcp.ToolHandler
}

// WithSteps returns the toolrt.Tool t with steps, which toolrt sets.
var WithSteps func(t any, steps *Steps) any

// Convert is what a generated handler returns for err, a tool's error:
// toolimpl.Failed, which toolimpl sets. A hook's error around a tool
// built by hand is converted by it too.
var Convert func(err error) (*mcp.CallToolResult, error)

// Panicked logs v, what a call of the tool named tool panicked with, and
// returns the tool's answer to it: toolimpl sets it. It is called in
// the deferred function that recovered.
var Panicked func(ctx context.Context, tool string, v any) *mcp.CallToolResult
