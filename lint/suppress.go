package lint

import (
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"github.com/mcptag/mcptag/internal/analyzer"
	"golang.org/x/tools/go/analysis"
)

// ignorePrefix starts a suppression comment.
const ignorePrefix = "//mcptag:ignore"

// A suppression is one //mcptag:ignore comment.
type suppression struct {
	pos, end   token.Pos
	file       string
	line       int
	categories []string
	reason     string
	problem    string // why the comment is not a valid suppression, or ""
	used       bool
}

type suppressions struct {
	pass *analysis.Pass
	list []*suppression
}

// parseSuppressions finds the //mcptag:ignore comments of files.
func parseSuppressions(pass *analysis.Pass, files []*ast.File) *suppressions {
	s := &suppressions{pass: pass}
	for _, f := range files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				rest, ok := strings.CutPrefix(c.Text, ignorePrefix)
				if !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
					continue
				}
				p := pass.Fset.Position(c.Slash)
				sup := &suppression{pos: c.Slash, end: c.End(), file: p.Filename, line: p.Line}
				fields := strings.Fields(rest)
				switch {
				case len(fields) == 0:
					sup.problem = "//mcptag:ignore needs a category and a reason: //mcptag:ignore CATEGORY reason"
				default:
					for _, cat := range strings.Split(fields[0], ",") {
						if _, ok := analyzer.LookupCategory(cat); !ok {
							sup.problem = fmt.Sprintf("//mcptag:ignore: unknown category %q; categories are %s", cat, strings.Join(analyzer.CategoryNames(), ", "))
						}
						sup.categories = append(sup.categories, cat)
					}
					sup.reason = strings.Join(fields[1:], " ")
					if sup.problem == "" && sup.reason == "" {
						sup.problem = fmt.Sprintf("//mcptag:ignore %s needs a reason after the category; it suppresses nothing without one", fields[0])
					}
				}
				s.list = append(s.list, sup)
			}
		}
	}
	return s
}

// suppressed reports whether a valid suppression of category sits on the
// line of pos or on the line above, and marks it used.
func (s *suppressions) suppressed(pos token.Position, category string) bool {
	for _, sup := range s.list {
		if sup.problem == "" && sup.file == pos.Filename && (sup.line == pos.Line || sup.line == pos.Line-1) &&
			slices.Contains(sup.categories, category) {
			sup.used = true
			return true
		}
	}
	return false
}

// reportSuppressions reports malformed and unused suppressions: a
// suppression that silences nothing has outlived its reason.
func (r *reporter) reportSuppressions() {
	for _, sup := range r.suppressions.list {
		msg := sup.problem
		if msg == "" && !sup.used {
			msg = fmt.Sprintf("//mcptag:ignore %s suppresses nothing on this line or the next; remove it", strings.Join(sup.categories, ","))
		}
		if msg == "" {
			continue
		}
		r.diagnose(sup.pos, sup.end, analyzer.CatDirective, msg, nil)
	}
}
