package finding

import (
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"github.com/mcptag/mcptag/internal/suggest"
)

// IgnorePrefix starts a suppression comment:
//
//	//mcptag:ignore CATEGORY[,CATEGORY...] reason
const IgnorePrefix = "//mcptag:ignore"

// A suppression is one //mcptag:ignore comment.
type suppression struct {
	pos, end   token.Pos
	file       string
	line       int
	categories []string
	problem    string // why the comment is not a valid suppression, or ""
	fix        *Fix   // the correction of a misspelled category
	used       bool
	// errorLine is the line of an error the comment would silence, which
	// no comment can: an error means that mcptag cannot serve what the
	// source says.
	errorLine int
}

// Suppressions are the //mcptag:ignore comments of a package's files.
type Suppressions struct {
	list []*suppression
}

// ParseSuppressions finds the //mcptag:ignore comments of files.
func ParseSuppressions(fset *token.FileSet, files []*ast.File) *Suppressions {
	s := &Suppressions{}
	for _, f := range files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if sup := parseSuppression(fset, c); sup != nil {
					s.list = append(s.list, sup)
				}
			}
		}
	}
	return s
}

// parseSuppression reads one comment, or returns nil if it is no
// suppression.
func parseSuppression(fset *token.FileSet, c *ast.Comment) *suppression {
	rest, ok := strings.CutPrefix(c.Text, IgnorePrefix)
	if !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
		return nil
	}
	p := fset.Position(c.Slash)
	sup := &suppression{pos: c.Slash, end: c.End(), file: p.Filename, line: p.Line}
	fields := strings.Fields(rest)
	if len(fields) == 0 {
		sup.problem = "//mcptag:ignore needs a category and a reason: //mcptag:ignore CATEGORY reason"
		return sup
	}
	off := token.Pos(len(IgnorePrefix) + strings.Index(rest, fields[0]))
	for _, cat := range strings.Split(fields[0], ",") {
		if _, ok := LookupCategory(cat); !ok {
			sup.problem, sup.fix = unknownCategory(cat, c.Slash+off)
		}
		off += token.Pos(len(cat) + 1)
		sup.categories = append(sup.categories, cat)
	}
	if sup.problem == "" && len(fields) == 1 {
		sup.problem = fmt.Sprintf("//mcptag:ignore %s needs a reason after the category; it suppresses nothing without one", fields[0])
	}
	return sup
}

// unknownCategory says that cat, written at pos, is no category, and
// corrects it to the category it is close to, if any.
func unknownCategory(cat string, pos token.Pos) (string, *Fix) {
	if s := suggest.Closest(cat, CategoryNames()); s != "" {
		return fmt.Sprintf("//mcptag:ignore: unknown category %q (did you mean %q?)", cat, s),
			&Fix{Message: "write " + s, Pos: pos, End: pos + token.Pos(len(cat)), NewText: s}
	}
	return fmt.Sprintf("//mcptag:ignore: unknown category %q; categories are %s", cat, strings.Join(CategoryNames(), ", ")), nil
}

// silences reports whether a valid suppression of f's category sits on
// the line of pos (where f is reported) or on the line above, and marks
// it used. An error is never silenced; the suppression that tries
// reports that it cannot.
func (s *Suppressions) silences(pos token.Position, f Finding) bool {
	for _, sup := range s.list {
		if sup.problem != "" || sup.file != pos.Filename || (sup.line != pos.Line && sup.line != pos.Line-1) ||
			!slices.Contains(sup.categories, f.Category) {
			continue
		}
		if f.Error {
			sup.errorLine = pos.Line
			return false
		}
		sup.used = true
		return true
	}
	return false
}

// Findings returns what is wrong with the suppressions themselves, as
// directive findings: a malformed one, one that tries to silence an
// error, and, if unused is set, one that silenced nothing: it has
// outlived its reason. Only a run that made every finding a suppression
// may silence can tell that one silenced nothing.
func (s *Suppressions) Findings(unused bool) []Finding {
	var out []Finding
	for _, sup := range s.list {
		msg := sup.problem
		switch {
		case msg != "":
		case sup.errorLine > 0 && !sup.used:
			msg = fmt.Sprintf("//mcptag:ignore %s cannot silence the error on line %d: mcptag cannot serve the code as it is; fix it",
				strings.Join(sup.categories, ","), sup.errorLine)
		case unused && !sup.used:
			msg = fmt.Sprintf("//mcptag:ignore %s suppresses nothing on this line or the next; remove it", strings.Join(sup.categories, ","))
		default:
			continue
		}
		out = append(out, Finding{Pos: sup.pos, End: sup.end, Category: CatDirective, Message: msg, Fix: sup.fix})
	}
	return out
}
