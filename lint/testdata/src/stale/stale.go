package stale // want `stale: mcp_tools_gen.go is stale: it differs from what mcptag generates from the sources now; run go generate`

// Hello says hello.
//   - name: whom to greet
//
//mcp:tool
func Hello(name string) string { return "hello " + name }
