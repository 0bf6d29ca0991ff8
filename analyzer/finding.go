package analyzer

import "go/token"

// Finding categories. They are stable: users name them in suppression
// comments and in the linter's -fail flag, so never rename one.
const (
	CatUnstructured    = "unstructured"     // a result degrades to unstructured text
	CatUnsupported     = "unsupported"      // a Go type with no JSON form (chan, func, complex, ...)
	CatCustomMarshaler = "custom-marshaler" // a MarshalJSON whose output shape is unknown
	CatUntyped         = "untyped"          // any, interface or json.RawMessage: schema {}
	CatNullable        = "nullable"         // an output property that can be null
	CatUndocumented    = "undocumented"     // a tool or output field without a description
	CatName            = "name"             // an invalid or duplicate tool name
	CatDirective       = "directive"        // a malformed or misspelled //mcp:tool directive
	CatSignature       = "signature"        // a function shape mcptag cannot register
	CatJSONTag         = "json-tag"         // a malformed struct tag or duplicate JSON name
	CatClosedExtra     = "closed-extra"     // a closed schema on a type that can emit undeclared properties
	CatStale           = "stale"            // generated code that no longer matches the sources
)

// A Finding is one problem found in a package.
//
// Errors stop generation: the generator refuses to write code for a package
// with any. Warnings are reported by the linter only.
type Finding struct {
	Pos      token.Pos
	Category string
	Message  string
	Error    bool
	// ToolPos is the position of the tool being analyzed when the finding
	// was made, if any: a finding in a type declared in another package is
	// reported there by the linter.
	ToolPos token.Pos
}
