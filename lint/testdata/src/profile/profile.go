package profile // want "stale: mcp_tools_gen.go is missing" package:"mcptag docs: 4 declared here, 0 from dependencies"

// Query is what to look for.
type Query struct {
	// City to look in.
	City string `json:"city" jsonschema:"minLength=1"` // want `profile: find: argument "city": OpenAI strict function calling cannot carry minLength: -profile says it in the description instead, and the handler checks it either way`
	// Tags to match.
	Tags []string `json:"tags,omitempty" jsonschema:"uniqueItems=true"` // want `argument "tags": OpenAI strict function calling and Gemini function parameters cannot carry uniqueItems` `argument "tags": OpenAI strict function calling requires every property`
	// Labels by name.
	Labels map[string]string `json:"labels"` // want `argument "labels": OpenAI strict function calling and Gemini function parameters cannot express an object of any property names \(a map, or an object cut by -depth\).*declare a struct`
}

// Find finds things.
//
//mcp:tool
func Find(q Query) []string { return nil }

// Ping answers, and every provider takes its arguments as they are.
//
//mcp:tool
func Ping() string { return "pong" }
