package finding

import (
	"fmt"
	"go/ast"
	"go/token"
	"path/filepath"
)

// A Reporter decides where, and whether, each finding of one package's
// analysis is reported, for the linter and for generation alike, so that
// the two report the same findings at the same places: a finding in a
// type declared outside the package's files moves to the tool that
// reaches it; one that a //mcptag:ignore comment silences is dropped, and
// so is one already reported.
type Reporter struct {
	fset  *token.FileSet
	files map[*token.File]bool
	sups  *Suppressions
	seen  map[string]bool
}

// NewReporter returns a Reporter for the findings of an analysis of files.
func NewReporter(fset *token.FileSet, files []*ast.File) *Reporter {
	r := &Reporter{fset: fset, files: map[*token.File]bool{}, sups: ParseSuppressions(fset, files), seen: map[string]bool{}}
	for _, f := range files {
		r.files[fset.File(f.FileStart)] = true
	}
	return r
}

// pathCategories are those whose messages carry the path from the tool's
// root to the field.
var pathCategories = map[string]bool{
	CatNullable: true, CatUntyped: true, CatCustomMarshaler: true, CatUnsupported: true,
}

// Place returns f as it is reported, and false if it is not reported.
func (r *Reporter) Place(f Finding) (Finding, bool) {
	// A type reached from several tools or roots is analyzed once for
	// each, and the findings of schema building name the path from each
	// root ("items[].tags", "largest.tags"): one of those a place is
	// enough.
	key := fmt.Sprint(f.Pos, f.Category, f.Message)
	if pathCategories[f.Category] {
		key = fmt.Sprint(f.Pos, f.Category)
	}
	if f.Pos.IsValid() && r.seen[key] {
		return f, false
	}
	r.seen[key] = true
	if !r.inFiles(f.Pos) {
		// A field of a type from another package: say so at the tool.
		moved := f
		if p := r.fset.Position(f.Pos); p.IsValid() {
			moved.Message += fmt.Sprintf(" (declared at %s:%d)", filepath.Base(p.Filename), p.Line)
		}
		moved.Pos, moved.End = f.ToolPos, token.NoPos
		switch {
		case r.inFiles(moved.Pos):
			f = moved
		case !f.Error:
			return f, false // nowhere in this package to put it
		} // an error stays where it was made: it must stop generation
	}
	if r.sups.silences(r.fset.Position(f.Pos), f) {
		return f, false
	}
	return f, true
}

// SuppressionFindings returns the findings about the suppression comments
// themselves (see Suppressions.Findings), once every finding has been
// placed.
func (r *Reporter) SuppressionFindings(unused bool) []Finding { return r.sups.Findings(unused) }

func (r *Reporter) inFiles(pos token.Pos) bool {
	return pos.IsValid() && r.files[r.fset.File(pos)]
}
