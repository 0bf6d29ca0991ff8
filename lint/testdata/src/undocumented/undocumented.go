package undocumented // want "stale: mcp_tools_gen.go is missing" package:"mcptag docs: 5 declared here, 3 from dependencies"

import "docsdep"

//mcp:tool
func NoDoc() string { // want `undocumented: no_doc has no description: a model sees only its name; add a doc comment`
	return ""
}

// Summary sums up.
type Summary struct {
	// want +2 `undocumented: output field Summary.Count \("count"\) has no description`

	Count int `json:"count"`
	// Total is documented.
	Total int `json:"total"`
	// Its type's doc comment (from package docsdep, through a fact) is
	// enough for Place, but not for its field Code.
	Place docsdep.Place `json:"place"`
	// want +2 `undocumented: output field Summary.Where \("where"\) has no description`

	Where docsdep.Where `json:"where"`
	Note  string        `json:"note" jsonschema:"a free-form note"`
}

// Summarize sums up.
//
//mcp:tool
func Summarize() Summary { // want `undocumented: output field docsdep.Place.Code \("code"\) has no description; add a doc or line comment \(declared at docsdep.go:8\)`
	return Summary{}
}

// want +3 `undocumented: doc list item "town" names no parameter of greet; it is left out of the description`

// Greet greets.
//   - town: the city
//   - loud: whether to shout
//
//mcp:tool
func Greet(
	name string, // want `undocumented: argument "name" of greet has no description; describe it in the tool's doc comment: //   - name: \.\.\.`
	city string, // want `undocumented: argument "city" of greet has no description`
	loud bool,
) string {
	return ""
}

// GreetArgs are the arguments of Welcome.
type GreetArgs struct {
	// Name is documented.
	Name string `json:"name"`
	// want +2 `undocumented: argument "home" of welcome has no description; add a doc or line comment`

	Home string `json:"home"`
}

// Welcome welcomes.
//
//mcp:tool
func Welcome(args GreetArgs) string { return "" }
