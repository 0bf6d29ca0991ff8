package toolimpl

import (
	"context"
	"strings"

	"github.com/mcptag/mcptag/toolrt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Completions are the values each argument of a prompt, and each
// variable of a resource template, may take: the constants of its type.
// Generated code declares one per package.
type Completions struct {
	// Prompts maps a prompt's name, then an argument's, to its values.
	Prompts map[string]map[string][]string
	// Resources maps a resource template's URI template, then a
	// variable's name, to its values.
	Resources map[string]map[string][]string
}

// Complete answers a completion/complete request with the values of the
// argument it names that begin with what the user typed so far, ignoring
// case. An argument it knows no values of, of a prompt or template it
// may not know, gets no values, not an error: toolrt.FirstCompletion
// may ask another handler.
func (c *Completions) Complete(_ context.Context, req *mcp.CompleteRequest) (*mcp.CompleteResult, error) {
	var byArg map[string][]string
	if ref := req.Params.Ref; ref != nil {
		switch ref.Type {
		case "ref/prompt":
			byArg = c.Prompts[ref.Name]
		case "ref/resource":
			byArg = c.Resources[ref.URI]
		}
	}
	arg := req.Params.Argument
	var values []string
	for _, v := range byArg[arg.Name] {
		if len(v) >= len(arg.Value) && strings.EqualFold(v[:len(arg.Value)], arg.Value) {
			values = append(values, v)
		}
	}
	return completeResult(values), nil
}

func completeResult(values []string) *mcp.CompleteResult {
	res := &mcp.CompleteResult{Completion: mcp.CompletionResultDetails{Values: values}}
	if values == nil {
		res.Completion.Values = []string{}
	}
	if len(values) > toolrt.MaxCompletions {
		res.Completion.Values = values[:toolrt.MaxCompletions]
		res.Completion.Total, res.Completion.HasMore = len(values), true
	}
	return res
}
