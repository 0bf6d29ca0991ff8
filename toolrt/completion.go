package toolrt

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A CompletionHandler answers completion/complete requests: the type of
// mcp.ServerOptions.CompletionHandler.
type CompletionHandler = func(context.Context, *mcp.CompleteRequest) (*mcp.CompleteResult, error)

// MaxCompletions is the most values one completion answer holds, as the
// protocol allows; HasMore and Total say that there are more.
const MaxCompletions = 100

// FirstCompletion combines completion handlers, such as a package's
// generated Complete and one of your own, into one for
// mcp.ServerOptions.CompletionHandler: it asks each in turn, and answers
// with the first result that holds values. When none does, it answers
// with the first error a handler returned, or else no values.
func FirstCompletion(handlers ...CompletionHandler) CompletionHandler {
	return func(ctx context.Context, req *mcp.CompleteRequest) (*mcp.CompleteResult, error) {
		var firstErr error
		for _, h := range handlers {
			res, err := h(ctx, req)
			switch {
			case err != nil:
				if firstErr == nil {
					firstErr = err
				}
			case res != nil && len(res.Completion.Values) > 0:
				return res, nil
			}
		}
		if firstErr != nil {
			return nil, firstErr
		}
		// The protocol's list of values is never null.
		return &mcp.CompleteResult{Completion: mcp.CompletionResultDetails{Values: []string{}}}, nil
	}
}
