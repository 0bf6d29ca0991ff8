package toolrt

import (
	"fmt"

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
	rtlink.NewInputRequired = func(key string, params *mcp.ElicitParams, state string) error {
		return &InputRequired{key: key, params: params, state: state}
	}
}
