package toolimpl

// Generated code builds toolimpl's values (Spec, Arg, Rule, Completions)
// field by field and calls its functions by their signatures, so a file
// that one mcptag generated can compile against the toolimpl of another
// and misbehave. Every generated file therefore pins the version of the
// generated code it holds, as protobuf-go's generated code does:
//
//	const (
//		_ = toolimpl.RegenerateWithMcptagOfGoMod(3 - toolimpl.MinGeneratedVersion)
//		_ = toolimpl.RegenerateWithMcptagOfGoMod(toolimpl.MaxGeneratedVersion - 3)
//	)
//
// A file whose version this toolimpl does not run, older than
// MinGeneratedVersion or newer than MaxGeneratedVersion, does not compile:
//
//	mcp_tools_gen.go:14:42: constant -1 overflows toolimpl.RegenerateWithMcptagOfGoMod
//
// and the error says the fix. toolimpl and the mcptag command are one
// module, so the mcptag of the version that go.mod requires generates
// code its toolimpl runs: go generate with a //go:generate line that runs
// "go tool mcptag" or "go run github.com/mcptag/mcptag/cmd/mcptag" (with
// no @version). docs/compat.md says when the version changes.
const (
	// MinGeneratedVersion is the oldest version of generated code this
	// toolimpl runs. Version 1 called package toolrt, which now holds
	// only what servers use: files of version 1 must be generated again.
	MinGeneratedVersion = 2
	// MaxGeneratedVersion is the newest version of generated code this
	// toolimpl runs, and the version the mcptag of this module generates.
	// Version 3 gives a tool shown as an MCP App its page (AppPage);
	// version 4 passes a resource's cache hints as a time.Duration and a
	// CacheScope (CacheReadsFor); version 5 declares typed clients, which
	// call the tools through CallTool and decode their results
	// (ClientObject, ClientWrapped, ClientText, ClientJSONText), builds a
	// tool's handler from two steps, decoding and running (StepTool), that
	// toolrt.Use runs a hook between, and gives each tool its search terms
	// (toolrt.Tool.Terms); version 6 checks arguments within the limits of
	// the call's context (ContextStepTool, ParseContext,
	// DecodeStructContext, MatchContext), which toolrt.WithLimits and
	// toolrt.LimitsMiddleware set; version 7 says how a tool runs as a
	// task (toolrt.Tool.Task, toolrt.TaskOptional, toolrt.TaskRequired).
	MaxGeneratedVersion = 7
)

// RegenerateWithMcptagOfGoMod is the type of a generated file's version
// pin, named for what to do when the pin does not compile: generate the
// file again with the mcptag whose toolimpl the build uses, the version
// that go.mod requires. (A constant that overflows it is the compile
// error; see MinGeneratedVersion.)
type RegenerateWithMcptagOfGoMod uint
