package nullable // want "stale: mcp_tools_gen.go is missing" package:"mcptag docs: 5 declared here, 0 from dependencies"

// Reading is one reading.
type Reading struct {
	// Tags label the reading.
	Tags []string `json:"tags"` // want `nullable: output field tags can be null; add omitempty to leave it out instead: an empty one is then left out too, not sent as \[\], and the property becomes optional: breaking by mcptag diff`
	// Next is the next reading.
	Next *Reading // want `nullable: output field Next can be null; add omitempty to leave it out instead: the property becomes optional: breaking by mcptag diff`
	// Meta holds metadata.
	Meta map[string]string `json:"meta" jsonschema:"metadata"` // want `nullable: output field meta can be null; .*an empty one is then left out too, not sent as \{\}`
	// Labels are left out when empty: not nullable.
	Labels []string `json:"labels,omitempty"`
}

// Read reads.
//
//mcp:tool
func Read() Reading {
	return Reading{}
}
