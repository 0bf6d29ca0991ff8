package directives

// Ping answers.
//
// mcp:tool // want `directive: malformed directive "// mcp:tool // want .*": want //mcp:tool, with no space after //`
func Ping() {}

// Pong answers.
//
//mcp:tools readonly // want `directive: misspelled directive "//mcp:tools readonly // want .*": want //mcp:tool$`
func Pong() {}

// Pang answers.
//
// want +2 `directive: unknown option "readonyl" \(did you mean "readonly"\?\)`
//
//mcp:tool pang readonyl=true
func Pang() {}

// Peng answers.
//
// MCP:tool // want `directive: malformed directive "// MCP:tool // want .*": want //mcp:tool, with no space after //`
func Peng() {}

// Pung answers.
//
//mcp:toolreadonly // want `directive: malformed directive "//mcp:toolreadonly // want .*": want //mcp:tool, then a space before its arguments`
func Pung() {}

// Pyng answers.
//
//mcp:toll // want `directive: unknown directive "//mcp:toll // want .*" \(did you mean //mcp:tool\?\)`
func Pyng() {}

// Pxng answers; the suggestion is the fix.
//
//mcp:tol readonly // want `directive: unknown directive "//mcp:tol readonly // want .*" \(did you mean //mcp:tool\?\)`
func Pxng() {}

// Echo echoes.
//
// want +2 `directive: title=Echo the three: a title with spaces needs quotes: title="Echo the three"`
//
//mcp:tool title=Echo the three readonly
func Echo() {}

// MCPToolsHandler returns the handler that serves the MCP tools below.
// mcp tool registry: prose, as is the line above; neither is a directive.
// MCP: tools are listed by tools/list.
func MCPToolsHandler() {}

//mcp:tool // want `directive: //mcp:tool must be in the doc comment of a function or method; here it declares nothing`
type Config struct{}

// Limit is not a function either.
//
//mcp:tool // want `directive: //mcp:tool must be in the doc comment of a function or method; here it declares nothing`
var Limit = 3

//mcp:tool // want `directive: //mcp:tool must be in the doc comment of a function or method; here it declares nothing`
const (
	A = 1
	B = 2
)

func body() {
	//mcp:tool // want `directive: //mcp:tool must be in the doc comment of a function or method; here it declares nothing`
	_ = 0
}

// GetStation names a station.
//
//mcp:tool
//mcptag:ignore unstructed a station is prose // want `directive: //mcptag:ignore: unknown category "unstructed" \(did you mean "unstructured"\?\)`
func GetStation() string { return "" }
