package toolimpl

import (
	"context"
	"errors"

	"github.com/mcptag/mcptag/internal/argspec"
	"github.com/mcptag/mcptag/internal/rtlink"
	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// NoArgs is the arguments of a tool that takes none: its decoding step
// only checks that none was sent, and a hook meets nil (toolrt.Call).
type NoArgs struct{}

// A Decoder is the first step of a generated tool's handler: it checks a
// call's arguments and decodes them into in, or returns the refusal.
// Files of version 5 generate it; it checks within the default limits.
type Decoder[A any] func(req *mcp.CallToolRequest, in *A) error

// A ContextDecoder is a Decoder that checks within the limits ctx
// carries (toolrt.WithLimits): files of version 6 on generate it.
type ContextDecoder[A any] func(ctx context.Context, req *mcp.CallToolRequest, in *A) error

// A Runner is the second step of a generated tool's handler: it calls
// the tool with in, what the Decoder decoded, and converts what the tool
// returns into its result; it returns the tool's own error as it is.
type Runner[A any] func(ctx context.Context, req *mcp.CallToolRequest, in *A) (*mcp.CallToolResult, error)

// StepTool returns t, whose Handler joins decode and run, guarded as
// GuardTool guards it, and with the steps kept apart for toolrt.Use,
// which runs a hook between them. A panic in a hook is recovered as
// Recover recovers one in the tool; a hook's error is what Failed returns
// for it.
//
// shared, at most one, decodes the package's shared arguments
// (//mcp:shared) for a hook (toolrt.Call's Shared): SharedArgs.
func StepTool[A any](t toolrt.Tool, decode Decoder[A], run Runner[A], shared ...SharedDecoder) toolrt.Tool {
	return ContextStepTool(t, func(_ context.Context, req *mcp.CallToolRequest, in *A) error { return decode(req, in) }, run, shared...)
}

// ContextStepTool is StepTool with a decoding step that checks within the
// limits of the call's context.
func ContextStepTool[A any](t toolrt.Tool, decode ContextDecoder[A], run Runner[A], shared ...SharedDecoder) toolrt.Tool {
	name := t.Tool.Name
	guarded := GuardTool(t)
	steps := &rtlink.Steps{
		Decode:   hookDecoder(decode),
		Run:      hookRunner(run),
		Convert:  Failed,
		Shared:   firstOrNil(shared),
		Panicked: func(ctx context.Context, v any) *mcp.CallToolResult { return panicked(ctx, name, v) },
		Guard: func(h mcp.ToolHandler) mcp.ToolHandler {
			g := t
			g.Handler = h
			return GuardTool(g).Handler
		},
	}
	return rtlink.WithSteps(guarded, steps).(toolrt.Tool)
}

// A SharedDecoder decodes a call's shared arguments (//mcp:shared), for
// a hook.
type SharedDecoder func(ctx context.Context, req *mcp.CallToolRequest) (any, error)

// SharedArgs returns the SharedDecoder of the shared arguments of the
// tool whose arguments sp describes: a *S, S the //mcp:shared type.
func SharedArgs[S any](sp *Spec) SharedDecoder {
	return func(ctx context.Context, req *mcp.CallToolRequest) (any, error) {
		in := new(S)
		if err := sp.DecodeStructContext(ctx, req.Params.Arguments, in); err != nil {
			return nil, publicArgError(err)
		}
		return in, nil
	}
}

func firstOrNil(shared []SharedDecoder) func(context.Context, *mcp.CallToolRequest) (any, error) {
	if len(shared) == 0 {
		return nil
	}
	return shared[0]
}

// Ran is what a tool's handler returns for what its run step returned:
// the result, or for the tool's error what Failed returns.
func Ran(res *mcp.CallToolResult, err error) (*mcp.CallToolResult, error) {
	if err != nil {
		return Failed(err)
	}
	return res, nil
}

// hookDecoder is decode as toolrt.Use calls it: the arguments a hook
// meets, nil for a tool without any, and a refusal as a *toolrt.ArgError.
func hookDecoder[A any](decode ContextDecoder[A]) func(context.Context, *mcp.CallToolRequest) (any, error) {
	_, none := any((*A)(nil)).(*NoArgs)
	return func(ctx context.Context, req *mcp.CallToolRequest) (any, error) {
		in := new(A)
		if err := decode(ctx, req, in); err != nil {
			return nil, publicArgError(err)
		}
		if none {
			return nil, nil
		}
		return in, nil
	}
}

// hookRunner is run as toolrt.Use calls it, with what hookDecoder
// returned.
func hookRunner[A any](run Runner[A]) func(context.Context, *mcp.CallToolRequest, any) (*mcp.CallToolResult, error) {
	return func(ctx context.Context, req *mcp.CallToolRequest, args any) (*mcp.CallToolResult, error) {
		in, _ := args.(*A)
		if in == nil {
			in = new(A) // NoArgs
		}
		return run(ctx, req, in)
	}
}

// publicArgError returns err, a refusal of arguments or of a form's
// answer, as the *toolrt.ArgError a server meets; any other error as it
// is.
func publicArgError(err error) error {
	var ae *argspec.ArgError
	if !errors.As(err, &ae) {
		return err
	}
	return &toolrt.ArgError{Tool: ae.Tool, Kind: toolrt.ArgErrorKind(ae.Kind), Path: ae.Path, Want: ae.Want, Got: ae.Got, Message: ae.Message}
}

// panicked logs v, what the tool named tool panicked with, and returns
// the result of Recover.
func panicked(ctx context.Context, tool string, v any) *mcp.CallToolResult {
	logPanic(ctx, "tool", tool, v)
	return panicResult(tool)
}

func init() {
	rtlink.Convert = Failed
	rtlink.Panicked = panicked
}
