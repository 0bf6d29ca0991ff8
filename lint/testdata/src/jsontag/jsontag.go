package jsontag // want package:"mcptag docs: 15 declared here, 0 from dependencies"

// Out is out.
type Out struct {
	// A is a.
	A int `json:"a,omitemtpy"` // want `json-tag: unknown json tag option "omitemtpy": encoding/json ignores it`
	// B is b.
	B int `json:"b" bad` // want "json-tag: malformed struct tag"
}

// Get gets.
//
//mcp:tool
func Get() Out { return Out{} }
