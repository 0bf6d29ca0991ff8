package unknownoption // want `stale: mcp_tools_gen.go:2:28: the generated file records an option this mcptag does not accept \(flag provided but not defined: -frobnicate\); regenerate the package with this mcptag and the options mcptag -h lists`

// Hello says hello.
//   - name: whom to greet
//
//mcp:tool
func Hello(name string) string { return "hello " + name }
