package emit

import (
	"fmt"

	"github.com/mcptag/mcptag/internal/argspec"
)

// The packages the generated code refers to.
const (
	toolrtPackage   GoImportPath = "github.com/mcptag/mcptag/toolrt"
	toolimplPackage GoImportPath = "github.com/mcptag/mcptag/toolimpl"
	mcpPackage      GoImportPath = "github.com/modelcontextprotocol/go-sdk/mcp"
	jsonPackage     GoImportPath = "encoding/json"
	contextPackage  GoImportPath = "context"
	timePackage     GoImportPath = "time"
)

// runtimeNames is every identifier of mcptag's run time that generated
// code uses, with the package that declares it: the one place that says
// where each lives, so that moving a name to another package is a change
// of this table.
var runtimeNames = map[string]GoImportPath{}

func init() {
	for _, name := range []string{
		// The version pin.
		"RegenerateWithMcptagOfGoMod", "MinGeneratedVersion", "MaxGeneratedVersion",
		// Tool handlers and their results.
		"Failed", "Recover", "Error", "Bool", "Empty", "Object", "Slice", "Wrapped", "JSONText", "Sprint", "Merge",
		"IndentedText", "NoText", "IndentedList", "Content", "Contents", "ContentValues",
		// Argument checks.
		"Spec", "Arg", "Rule",
		"KindBoolean", "KindInteger", "KindNumber", "KindString", "KindArray", "KindObject",
		"RangeInt8", "RangeInt16", "RangeInt32", "RangeUint8", "RangeUint16", "RangeUint32", "RangeUint64", "RangeFloat32",
		"Minimum", "Maximum", "ExclusiveMinimum", "ExclusiveMaximum", "MultipleOf",
		"MinLength", "MaxLength", "Pattern", "MinItems", "MaxItems", "UniqueItems",
		// Views.
		"View", "Writer", "ViewSlice", "ViewWrapped", "ViewObject", "ViewText", "ViewSliceText",
		"StringKeys", "IntKeys", "UintKeys", "TextKeys", "NilPointer", "IsZero", "IsZeroValue",
		// Prompts, resources, completions, forms.
		"RecoverError", "StringArguments", "InvalidParams", "HandlerError", "PromptText", "PromptMessages", "PromptResult",
		"URITemplate", "InvalidURI", "ReadError", "TextContents", "BlobContents", "JSONContents", "ReadResult", "CacheReadsFor",
		"CacheDefault", "CachePublic", "CachePrivate",
		"Completions", "Form",
		// Typed clients.
		"CallTool", "ClientObject", "ClientWrapped", "ClientText", "ClientJSONText",
	} {
		runtimeNames[name] = toolimplPackage
	}
	for f := range argspec.Format(255) {
		if ident := argspec.FormatIdent(f); ident != "" {
			runtimeNames[ident] = toolimplPackage
		}
	}
	// A tool's handler as steps (steps.go).
	for _, name := range []string{"StepTool", "ContextStepTool", "Runner", "NoArgs", "Ran", "SharedArgs"} {
		runtimeNames[name] = toolimplPackage
	}
	runtimeNames["AppPage"] = toolimplPackage // an MCP App's page resource
	// What a server calls itself: the tools as data, and in doc comments
	// only, the combining of completion handlers.
	for _, name := range []string{"Tool", "AddTools", "FirstCompletion", "Call", "Use", "TaskOptional", "TaskRequired"} {
		runtimeNames[name] = toolrtPackage
	}
}

// rt is the run-time identifier name; it panics on a name runtimeNames
// does not list, which every golden test would show.
func rt(name string) GoIdent {
	p, ok := runtimeNames[name]
	if !ok {
		panic(fmt.Sprintf("emit: %s is not in runtimeNames", name))
	}
	return p.Ident(name)
}

// mcpIdent is the go-sdk's identifier name.
func mcpIdent(name string) GoIdent { return mcpPackage.Ident(name) }
