package unsupported // want package:"mcptag docs: 3 declared here, 0 from dependencies"

// Feed streams updates.
type Feed struct {
	// Updates arrive here.
	Updates chan int `json:"updates"` // want `unsupported: updates: unsupported type chan int: encoding/json cannot encode it`
}

// Watch watches.
//
//mcp:tool
func Watch() Feed {
	return Feed{}
}

// Opaque has no exported fields.
type Opaque struct{ n int }

// Strict insists on structured output.
//
//mcp:tool structured=true
func Strict() Opaque { // want `unstructured: strict: structured=true, but result type Opaque has no JSON schema`
	return Opaque{}
}
