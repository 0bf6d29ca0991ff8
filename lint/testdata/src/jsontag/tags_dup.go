package jsontag

// Base has an ID.
type Base struct {
	// ID of the base.
	ID string `json:"id"`
}

// Meta has an ID too.
type Meta struct {
	// ID of the meta.
	ID string `json:"id"`
}

// Dup has names that collide.
type Dup struct {
	// Name is the name.
	Name string // want `json-tag: json name "Name" of Name is taken by the tag of Alias at the same depth: encoding/json leaves Name out`
	// Alias claims Name's JSON name with a tag.
	Alias string `json:"Name"`
	// Label is a label.
	Label string `json:"label"`
	// Other has two problems on one line.
	Other string `json:"label,omitemtpy"` // want `json-tag: unknown json tag option "omitemtpy"` `json-tag: json name "label" is claimed by Label and Other`
	// Code is a code.
	Code string `json:"code"`
	// Code2 claims "code" too.
	Code2 string `json:"code"` // want `json-tag: json name "code" is claimed by Code and Code2 at the same depth: encoding/json leaves out all of them`
	Base
	Meta // want `json-tag: json name "id" is claimed by Base.ID and Meta.ID at the same depth: encoding/json leaves out all of them`
}

// GetDup gets a Dup.
//
//mcp:tool
func GetDup() Dup { return Dup{} }
