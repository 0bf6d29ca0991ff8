// Package finding defines what mcptag reports about a package: a Finding,
// its Category (whose table the linter's flags, docs/lint.md and
// //mcptag:ignore comments all name), and where and whether each finding
// is reported (Reporter), so that the generator and the linter report the
// same findings at the same places.
package finding

import (
	"go/token"
	"sort"
)

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
	// GoesOn says that generation prints this warning and goes on though
	// its category stops it: the finding is one lint reports by default
	// in a category of mistakes, but the code means exactly what mcptag
	// describes (a JSON name that encoding/json drops, deterministically).
	GoesOn bool
	// ToolPos is the position of the tool being analyzed when the finding
	// was made, if any: a finding in a type declared in another package is
	// reported there by the linter.
	ToolPos token.Pos
	// Fix, if set, is the one obvious correction (a misspelled key
	// replaced by the key it is close to), which lint -fix applies.
	Fix *Fix
}

// A Fix replaces the source text from Pos to End with NewText.
type Fix struct {
	Message  string // what the fix does: "write title="
	Pos, End token.Pos
	NewText  string
}

// AtGeneration says what generation does with f: an error stops it; any
// other finding does what its category says, but one that goes on warns.
func (f Finding) AtGeneration() Generation {
	if f.Error {
		return Stops
	}
	c, _ := LookupCategory(f.Category)
	if f.GoesOn && c.Generation == Stops {
		return Warns
	}
	return c.Generation
}

// Sort sorts findings by file, line and column, stably. (The order of
// token.Pos across files depends on the order in which files were
// loaded.)
func Sort(fset *token.FileSet, findings []Finding) {
	sort.SliceStable(findings, func(i, j int) bool {
		pi, pj := fset.Position(findings[i].Pos), fset.Position(findings[j].Pos)
		if pi.Filename != pj.Filename {
			return pi.Filename < pj.Filename
		}
		if pi.Line != pj.Line {
			return pi.Line < pj.Line
		}
		return pi.Column < pj.Column
	})
}
