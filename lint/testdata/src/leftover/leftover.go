package leftover // want `stale: mcp_tools_gen.go is left over: the package has no tools now; run go generate`

// Hello is no tool any more.
func Hello(name string) string { return "hello " + name }
