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
// answers to the forms asked before.
var NewInputRequired func(key string, params *mcp.ElicitParams, state string) error

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
