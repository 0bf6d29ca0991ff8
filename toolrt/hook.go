package toolrt

import (
	"context"
	"slices"

	"github.com/mcptag/mcptag/internal/rtlink"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A Middleware is a hook around every call of the tools Use gives it
// (docs/middleware.md). It sees the call with its decoded arguments, and
// calls next to run the tool, or does not; what it returns is what the
// client gets. A Go error it returns becomes the tool's error result, as
// an error the tool returns does: isError, with the error's text (a
// *jsonrpc.Error in its chain goes to the client as that protocol
// error). A panic in it is answered as a panic in the tool is.
type Middleware func(ctx context.Context, call *Call, next Next) (*mcp.CallToolResult, error)

// Next runs the rest of a call: the hooks inside the one given it, then
// the tool. It returns the tool's result, or the tool's own Go error as
// the tool returned it, so that errors.As finds a server's own error
// types; or, when the arguments were refused, the *ArgError, without
// running the tool. ctx is the context the tool runs with.
type Next func(ctx context.Context) (*mcp.CallToolResult, error)

// A Call is one call of a tool, as a Middleware sees it.
type Call struct {
	// Tool is the tool's listing.
	Tool *mcp.Tool
	// Request is the client's request, its arguments as sent.
	Request *mcp.CallToolRequest
	// Args are the decoded arguments: for a tool with one struct
	// parameter T or *T, a *T; for a tool with plain parameters, a
	// pointer to the struct of them that mcptag generates beside it,
	// <Func>Params (<Recv><Method>Params for a method), whose fields are the
	// parameters; nil for a tool without arguments, and nil when the
	// arguments were refused (next then returns the *ArgError). A hook may
	// change the value Args points to before it calls next: the tool
	// receives it as changed.
	Args any
	// Shared are the decoded arguments every tool of the package takes
	// (a struct type marked //mcp:shared): a pointer to that type; nil
	// for a package without them, and when the arguments were refused. A
	// tool that takes them decodes its own copy: a hook passes a value
	// down to it through the context, not through Shared.
	Shared any
}

// Use returns tools, each with its Handler running mw around every call
// (a new slice; tools is not changed). Hooks compose in the order they
// are given: in Use(a, Use(b, tools)), a sees each call first, and b
// runs inside a's next, then the tool. Every Tool field but Handler is
// kept, Scopes included, and the checks of scopes and parameter headers
// still refuse a call before any hook sees it.
//
// Use drives the handler that mcptag generated, taken apart into
// decoding, running and converting, in place of Handler: a handler a
// server put in a generated tool's Handler is not called. A tool that
// mcptag did not generate (one built by hand, or of a file generated
// before hooks) is run by its Handler, with Args nil.
func Use(mw Middleware, tools []Tool) []Tool {
	out := slices.Clone(tools)
	for i := range out {
		out[i] = use(mw, out[i])
	}
	return out
}

// A hooked tool is the steps of its generated handler, and the hooks
// around them, outermost first.
type hooked struct {
	steps *rtlink.Steps
	hooks []Middleware
}

// use returns t with mw outside the hooks t has.
func use(mw Middleware, t Tool) Tool {
	h := &hooked{steps: t.steps, hooks: []Middleware{mw}}
	if t.hooked != nil {
		h.steps = t.hooked.steps
		h.hooks = append(h.hooks, t.hooked.hooks...)
	}
	if h.steps == nil {
		h.steps = handlerSteps(t.Tool.Name, t.Handler)
	}
	t.hooked = h
	t.Handler = h.steps.Guard(h.handler(t.Tool))
	t.unlimited = nil
	if t.limits != nil {
		t = t.limitedBy(*t.limits)
	}
	return t
}

// handler is the handler that runs the steps with the hooks around them.
func (h *hooked) handler(tool *mcp.Tool) mcp.ToolHandler {
	st := h.steps
	return func(ctx context.Context, req *mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
		defer func() {
			if v := recover(); v != nil {
				res, err = st.Panicked(ctx, v), nil
			}
		}()
		args, argErr := st.Decode(ctx, req)
		call := &Call{Tool: tool, Request: req, Args: args}
		if argErr == nil && st.Shared != nil {
			if call.Shared, argErr = st.Shared(ctx, req); argErr != nil {
				call.Args = nil
			}
		}
		res, err = h.hooks[0](ctx, call, h.chain(1, call, func(ctx context.Context) (*mcp.CallToolResult, error) {
			if argErr != nil {
				return nil, argErr
			}
			return st.Run(ctx, req, args)
		}))
		if err != nil {
			return st.Convert(err)
		}
		return res, nil
	}
}

// chain is the Next that runs the hooks from the i-th inwards, then last.
func (h *hooked) chain(i int, call *Call, last Next) Next {
	if i == len(h.hooks) {
		return last
	}
	mw := h.hooks[i]
	return func(ctx context.Context) (*mcp.CallToolResult, error) {
		return mw(ctx, call, h.chain(i+1, call, last))
	}
}

// handlerSteps are the steps of a handler that mcptag did not generate:
// no arguments to decode, the handler to run, and errors and panics
// answered as generated tools answer them.
func handlerSteps(name string, handler mcp.ToolHandler) *rtlink.Steps {
	return &rtlink.Steps{
		Decode: func(context.Context, *mcp.CallToolRequest) (any, error) { return nil, nil },
		Run: func(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, error) {
			return handler(ctx, req)
		},
		Convert:  convertError,
		Panicked: func(ctx context.Context, v any) *mcp.CallToolResult { return rtlink.Panicked(ctx, name, v) },
		Guard:    func(h mcp.ToolHandler) mcp.ToolHandler { return h },
	}
}

// convertError is what a handler returns for err, as a generated
// handler returns it (toolimpl sets rtlink.Convert).
func convertError(err error) (*mcp.CallToolResult, error) { return rtlink.Convert(err) }

func init() {
	// Without toolimpl (no generated tool in the program), a hook's error
	// and panic around a tool built by hand are still the tool's error.
	rtlink.Convert = func(err error) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}, IsError: true}, nil
	}
	rtlink.Panicked = func(_ context.Context, tool string, _ any) *mcp.CallToolResult {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: tool + ": internal error: the tool panicked"}}, IsError: true}
	}
	rtlink.WithSteps = func(t any, steps *rtlink.Steps) any {
		tool := t.(Tool)
		tool.steps = steps
		return tool
	}
}
