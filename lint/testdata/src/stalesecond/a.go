package stalesecond

// Hello says hello.
//   - name: whom to greet
//
//mcp:tool
func Hello(name string) string { return "hello " + name }
