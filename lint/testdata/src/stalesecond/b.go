package stalesecond

// Bye says goodbye, and the snapshot has the words it said before: the
// stale code is reported here, at the declaration that changed.
//   - name: whom to see off
//
//mcp:tool
func Bye(name string) string { return "bye " + name } // want `stale: mcp_tools_gen.go is stale: it differs from what mcptag generates from the sources now; run go generate`
