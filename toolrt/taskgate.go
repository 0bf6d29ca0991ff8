package toolrt

// How a tool with task support takes a call that may become a task: the
// offer a transport makes, the round of a task it runs in, and
// StartTask, by which a tool's code becomes a task where it says.

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"

	"github.com/mcptag/mcptag/internal/argspec"
	"github.com/mcptag/mcptag/internal/rtlink"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A taskOffer is what a transport gives a tools/call that may become a
// task; the handler of a tool with task support takes it (taskGate).
type taskOffer struct{ taken atomic.Bool }

type taskOfferKey struct{}

// taskRoundKey marks the context of a round of a task: the call runs.
// Its value is the round's context, which tasks/cancel cancels: the
// go-sdk hands a handler a context of its own, which carries the
// request's values but not its cancellation.
type taskRoundKey struct{}

// taskGate is the handler of a tool with task support mode: it takes the
// offer of a call that may become a task, runs a round of a task, and
// runs any other call at once, unless the tool runs only as a task. A
// tool that starts its task itself (startsTask) runs at once with the
// offer, which StartTask takes: what it did before, such as asking for
// forms, was the call's, not the task's.
func taskGate(mode TaskSupport, startsTask bool, check mcp.ToolHandler, h mcp.ToolHandler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		offer, round := markOf(ctx, req)
		if round != nil {
			ctx, cancel := context.WithCancel(context.WithValue(ctx, taskRoundKey{}, round))
			defer cancel()
			defer context.AfterFunc(round, cancel)()
			return h(ctx, req)
		}
		if offer == nil && mode == TaskRequired {
			return nil, requiredTaskError(req)
		}
		if offer == nil || startsTask {
			if offer != nil {
				ctx = context.WithValue(ctx, taskOfferKey{}, offer) // for StartTask
			}
			res, err := h(ctx, req)
			if offer != nil && offer.taken.Load() {
				return &mcp.CallToolResult{}, nil
			}
			return res, err
		}
		if res, err := check(ctx, req); res != nil || err != nil {
			return res, err // refused: the call's answer, at once
		}
		offer.taken.Store(true)
		return &mcp.CallToolResult{}, nil
	}
}

// precheck is the check of a call's parameter headers and arguments that
// the generated handler of steps makes before the tool runs: a handler
// that answers a call they refuse with the refusal, any other with nil.
// A call that would be refused is refused at once, never made a task.
// A tool without steps (built by hand) is not checked. The arguments are
// checked within limits, the tool's (WithLimits), nil for the defaults,
// as its handler checks them.
func precheck(steps *rtlink.Steps, limits *Limits) mcp.ToolHandler {
	if steps == nil {
		return func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) { return nil, nil }
	}
	return steps.Guard(func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if limits != nil {
			ctx = argspec.WithLimits(ctx, argspec.Limits(*limits))
		}
		if _, err := steps.Decode(ctx, req); err != nil {
			return steps.Convert(err)
		}
		return nil, nil
	})
}

// StartTask makes the tool call of ctx a task from here on, for a tool
// with task support (task=) whose code calls it: the call's answer is
// then the new task, and StartTask returns an error that the tool
// returns as it is (or wrapped), like a form's *InputRequired. The task
// calls the tool again, with the answers to the forms it asked before
// (docs/tasks.md), and there StartTask returns nil, as it does when the
// call cannot become a task (the client did not declare the extension)
// and runs on at once.
//
// A tool with task support that never calls StartTask is a task from its
// start; mcptag sees the call in the tool's function (Tool.StartsTask).
func StartTask(ctx context.Context) error {
	if ctx.Value(taskRoundKey{}) != nil {
		return nil
	}
	offer, ok := ctx.Value(taskOfferKey{}).(*taskOffer)
	if !ok {
		return nil
	}
	offer.taken.Store(true)
	return errTaskStarted
}

// errTaskStarted is StartTask's error once the call became a task.
var errTaskStarted = errors.New("the call became a task: return this error from the tool")

// requiredTaskError is the error of a call to a tool that runs only as a
// task, which cannot become one: -32021 when the client did not declare
// the extension; when it did, the server serves no tasks, which the
// error says for the server's operator.
func requiredTaskError(req *mcp.CallToolRequest) error {
	name := req.Params.Name
	if caps := req.ClientCapabilities(); caps == nil || caps.Extensions[TasksExtension] == nil {
		return missingTasksError("the tool " + name + " runs only as a task")
	}
	return &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: "the tool " + name + " runs only as a task, and this server serves no tasks: serve it through toolrt.TasksHandler, without sessions (docs/tasks.md)"}
}

// taskMarkKey is the _meta key of the mark a transport without
// per-request contexts puts on a tools/call: the token of an offer, or
// of a task's round.
const taskMarkKey = "io.mcptag/task"

// taskMarks holds what each mark's token stands for: a *taskOffer, or a
// round's context. Tokens are 128 random bits, taken out once used, so a
// client can neither guess one nor reuse one.
var taskMarks sync.Map // string -> *taskOffer | context.Context

// markOf returns what the tool call req, handled with ctx, carries: an
// offer or a round's context, from ctx or from the mark in its _meta.
func markOf(ctx context.Context, req *mcp.CallToolRequest) (offer *taskOffer, round context.Context) {
	if r, ok := ctx.Value(taskRoundKey{}).(context.Context); ok {
		return nil, r
	}
	if o, ok := ctx.Value(taskOfferKey{}).(*taskOffer); ok {
		return o, nil
	}
	if req == nil || req.Params == nil {
		return nil, nil
	}
	token, _ := req.Params.Meta[taskMarkKey].(string)
	if token == "" {
		return nil, nil
	}
	switch v, _ := taskMarks.Load(token); v := v.(type) {
	case *taskOffer:
		return v, nil
	case context.Context:
		return nil, v
	}
	return nil, nil
}
