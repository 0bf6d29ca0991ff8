package directives

// Ping answers.
//
// mcp:tool // want `directive: malformed directive "// mcp:tool // want`
func Ping() {}

// Pong answers.
//
//mcp:tools readonly // want `directive: malformed directive "//mcp:tools readonly`
func Pong() {}

// Pang answers.
//
// want +2 `directive: unknown option "readonyl" \(did you mean "readonly"\?\)`
//
//mcp:tool pang readonyl=true
func Pang() {}
