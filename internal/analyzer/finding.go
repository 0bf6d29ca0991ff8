package analyzer

import "go/token"

// A Finding is one problem found in a package.
//
// Errors stop generation: the generator refuses to write code for a package
// with any. A warning's category says what generation does with it
// (Category.Generation).
type Finding struct {
	Pos token.Pos
	// End, if valid, ends the text the finding is about (a directive, a
	// struct tag), so that an editor underlines all of it.
	End      token.Pos
	Category string
	Message  string
	Error    bool
	// ToolPos is the position of the tool being analyzed when the finding
	// was made, if any: a finding in a type declared in another package is
	// reported there by the linter.
	ToolPos token.Pos
}

// AtGeneration says what generation does with f: an error stops it; any
// other finding does what its category says.
func (f Finding) AtGeneration() Generation {
	if f.Error {
		return Stops
	}
	c, _ := LookupCategory(f.Category)
	return c.Generation
}
