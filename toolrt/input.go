package toolrt

import (
	"context"
	"fmt"

	"github.com/mcptag/mcptag/internal/perserver"
	"github.com/mcptag/mcptag/internal/rtlink"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// InputRequired is the error of a generated Elicit<Type> when a client on
// protocol 2026-07-28 or later has not answered the form yet. Returned by
// a tool (wrapped or not), it becomes the result that asks the client for
// the form: the generated handler returns it, and so does Result, for a
// handler written by hand.
type InputRequired struct {
	key    string
	params *mcp.ElicitParams
	state  string
	form   any // toolimpl's, to merge forms asked at once
}

func (e *InputRequired) Error() string {
	return fmt.Sprintf("the tool waits for the user's answer to a form (%s): return this error from the tool", e.key)
}

// Result is the tool call's result that asks the client for the form.
func (e *InputRequired) Result() *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{e.key: e.params}, RequestState: e.state}
}

// The forms of generated code ask through InputRequired, whose fields
// stay unexported so that a server cannot build a request the client
// would misread.
func init() {
	rtlink.NewInputRequired = func(key string, params *mcp.ElicitParams, state string, form any) error {
		return &InputRequired{key: key, params: params, state: state, form: form}
	}
	rtlink.FormOf = func(err error) (string, *mcp.ElicitParams, any, bool) {
		ir, ok := err.(*InputRequired)
		if !ok {
			return "", nil, nil, false
		}
		return ir.key, ir.params, ir.form, true
	}
}

// latestInitialized is the latest protocol version that initialize
// negotiates: later versions have no initialize.
const latestInitialized = "2025-11-25"

// negotiatedInitialize is receiving middleware that hands the go-sdk an
// initialize that asks for 2025-11-25 when the client asked for a later
// version, which the go-sdk negotiates down to the same version. The
// go-sdk keeps the version a client asked for as the session's, and goes
// by it to ask for a form while a call waits, or to refuse to; with it
// at the negotiated version, a client that asked for 2026-07-28 in
// initialize, or for a version to come, is asked as the version it
// speaks asks.
func negotiatedInitialize(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if init, ok := req.(*mcp.ServerRequest[*mcp.InitializeParams]); ok && init.Params != nil && init.Params.ProtocolVersion > latestInitialized {
			params := *init.Params
			params.ProtocolVersion = latestInitialized
			req = &mcp.ServerRequest[*mcp.InitializeParams]{Session: init.Session, Params: &params, Extra: init.Extra}
		}
		return next(ctx, method, req)
	}
}

// negotiating holds the servers that negotiatedInitialize serves,
// weakly: a stateless HTTP handler may build a server per request.
var negotiating perserver.Once

// negotiate installs negotiatedInitialize on s, once.
func negotiate(s *mcp.Server) {
	negotiating.Do(s, func(s *mcp.Server) { s.AddReceivingMiddleware(negotiatedInitialize) })
}
