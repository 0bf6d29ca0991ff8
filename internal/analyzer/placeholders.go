package analyzer

import (
	"go/ast"
	"go/token"
	"regexp"
	"strings"

	"github.com/mcptag/mcptag/internal/directive"
	"github.com/mcptag/mcptag/internal/finding"
	"github.com/mcptag/mcptag/internal/placeholder"
)

// goDirective is a comment line that go/ast leaves out of a doc comment's
// text (//go:generate, //mcp:tool, //lint:ignore): not part of a
// description.
var goDirective = regexp.MustCompile(`^//[a-z0-9]+:[a-z0-9]`)

// placeholders reports each malformed placeholder of a tool's title and
// description, which a server fills at start-up (toolrt.Fill): one in
// the doc comment doc at its characters, one in title= at the option.
// A malformed one would be served as it is written, or refused by Fill.
func (a *analysis) placeholders(tool string, doc *ast.CommentGroup, dir *directive.Directive) {
	if doc != nil {
		for _, c := range doc.List {
			if goDirective.MatchString(c.Text) {
				continue
			}
			a.malformed(c.Slash, c.Text, c.Text, tool+"'s description")
		}
	}
	if span, ok := dir.Spans["title"]; ok {
		a.malformed(span.Pos, span.Raw, dir.Title, tool+"'s title")
	}
}

// malformed reports each malformed placeholder of text, written as raw
// from pos: at its characters in raw, found in order, else at pos.
func (a *analysis) malformed(pos token.Pos, raw, text, what string) {
	from := 0
	for _, p := range placeholder.Find(text) {
		if p.Err == "" {
			continue
		}
		frag := text[p.Off:p.End]
		start, end := pos, token.NoPos
		if i := strings.Index(raw[from:], frag); i >= 0 {
			from += i
			start, end = pos+token.Pos(from), pos+token.Pos(from+len(frag))
			from += len(frag)
		}
		a.report(finding.Finding{Pos: start, End: end, Category: finding.CatDirective, Error: true,
			Message: what + ": " + p.Err + " (toolrt.Fill fills each ${NAME} at start-up)"})
	}
}
