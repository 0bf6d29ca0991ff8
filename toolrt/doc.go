// Package toolrt holds what a server that serves mcptag's generated code
// sets, calls or meets:
//
//   - the tools as data (Tool), the selections a server makes of them
//     (ReadOnly, NotDestructive, InToolsets, Named, ...), their
//     registration (AddTools, ReplaceTools) or their discovery through a
//     search (AddSearch);
//   - a hook around every call (Use, Middleware, Call), the limits on one
//     call's arguments (Limits, WithLimits) and the errors a hook or a
//     tool may meet (ArgError, InputRequired, InsufficientScope);
//   - what a tool calls from inside (Progress, Log, Fields);
//   - the HTTP wrappers that check OAuth scopes and parameter headers
//     before the go-sdk reads a request (RequireScopes, CheckHeaders), and
//     the stdio transport that bounds a line (StdioTransport);
//   - tasks, the extension io.modelcontextprotocol/tasks: the handler that
//     serves them in front of the go-sdk's (TasksHandler, TaskOptions),
//     StartTask, and the store replicas share (TaskStore, Task,
//     NewMemoryTaskStore);
//   - the pages of tools shown as MCP Apps (AppPage), the helpers that
//     combine completion handlers, and the error of a generated typed
//     client whose tool failed (ToolError).
//
// Its API is covered by the module's compatibility promise
// (docs/compat.md); package toolrttest beside it helps a server's tests.
//
// What only generated code calls is package toolimpl, whose promise is
// narrower: it keeps existing generated code working, through the
// generated file's version pin, and nothing more.
package toolrt
