package toolimpl

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// StringArguments renders the arguments of a prompts/get request, which
// are strings, as the JSON object Spec.Parse checks, in the order of
// their names so that the first problem reported is always the same.
func StringArguments(args map[string]string) json.RawMessage {
	names := make([]string, 0, len(args))
	for name := range args {
		names = append(names, name)
	}
	slices.Sort(names)
	buf := []byte{'{'}
	for i, name := range names {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = appendString(buf, name)
		buf = append(buf, ':')
		buf = appendString(buf, args[name])
	}
	return append(buf, '}')
}

func appendString(buf []byte, s string) []byte {
	data, _ := json.Marshal(s) // a string always marshals
	return append(buf, data...)
}

// InvalidParams is the protocol's error for arguments a client got
// wrong: JSON-RPC's invalid params (-32602), with the message of err,
// which names the prompt and the argument.
func InvalidParams(err error) error {
	return &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: err.Error()}
}

// PromptText is the result of a prompt function that returns a string:
// one message, from the user, holding the text.
func PromptText(text string) *mcp.GetPromptResult {
	return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: text}}}}
}

// PromptMessages is the result of a prompt function that returns
// messages. nil is no messages: the protocol's list is never null.
func PromptMessages(messages []*mcp.PromptMessage) *mcp.GetPromptResult {
	if messages == nil {
		messages = []*mcp.PromptMessage{}
	}
	return &mcp.GetPromptResult{Messages: messages}
}

// PromptResult is the result of a prompt function that returns the
// go-sdk's own result: an error if it is nil, which no client can read.
func PromptResult(prompt string, res *mcp.GetPromptResult) (*mcp.GetPromptResult, error) {
	if res == nil {
		return nil, internalError(fmt.Errorf("%s: the prompt returned no result", prompt))
	}
	if res.Messages == nil {
		res.Messages = []*mcp.PromptMessage{}
	}
	return res, nil
}

// HandlerError is the protocol error of a prompt or resource function
// that failed: a *jsonrpc.Error it returned (such as
// mcp.ResourceNotFoundError) as it is, any other error as an internal
// error (-32603) whose message is name and the error's text.
func HandlerError(name string, err error) error {
	if rpc, ok := protocolError(err); ok {
		return rpc
	}
	return internalError(fmt.Errorf("%s: %w", name, err))
}

// protocolError returns the *jsonrpc.Error in err's chain, if any: the
// error a handler sends the client as it is.
func protocolError(err error) (*jsonrpc.Error, bool) {
	var rpc *jsonrpc.Error
	ok := errors.As(err, &rpc)
	return rpc, ok
}

func internalError(err error) error {
	return &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: err.Error()}
}

// RecoverError turns a panic in a prompt or resource function into an
// internal error, so that one bad request does not take the server down.
// The stack goes to the server's log only. Call it deferred, with the
// handler's named error result.
func RecoverError(ctx context.Context, name string, err *error) {
	v := recover()
	if v == nil {
		return
	}
	logPanic(ctx, "handler", name, v)
	*err = internalError(fmt.Errorf("%s: internal error: the handler panicked", name))
}
