package lint

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strconv"
	"strings"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/directive"
	"github.com/mcptag/mcptag/internal/finding"
	"golang.org/x/tools/go/analysis"
)

// fixes returns the suggested fixes for a finding, reported where it
// was made, when the fix is obvious: the finding's own, a misspelled
// directive, a nullable field without omitempty.
func (r *reporter) fixes(f finding.Finding) []analysis.SuggestedFix {
	file := r.files[r.pass.Fset.File(f.Pos)]
	if file == nil {
		return nil
	}
	if f.Fix != nil {
		return []analysis.SuggestedFix{{
			Message:   f.Fix.Message,
			TextEdits: []analysis.TextEdit{{Pos: f.Fix.Pos, End: f.Fix.End, NewText: []byte(f.Fix.NewText)}},
		}}
	}
	switch f.Category {
	case finding.CatDirective:
		return directiveFix(file, f.Pos)
	case finding.CatNullable:
		return omitemptyFix(file, f.Pos, r.pass.TypesInfo)
	}
	return nil
}

// directiveFix rewrites a near miss of a directive at pos ("// mcp:tool",
// "//mcp:tools", "//MCP:tool") as the directive, where the correction
// is clear.
func directiveFix(file *ast.File, pos token.Pos) []analysis.SuggestedFix {
	c := commentAt(file, pos)
	if c == nil {
		return nil
	}
	fixed := directive.Recognize(c.Text).Fixed
	if fixed == "" {
		return nil
	}
	return []analysis.SuggestedFix{{
		Message:   "write the directive as " + strings.Fields(fixed)[0],
		TextEdits: []analysis.TextEdit{{Pos: c.Slash, End: c.End(), NewText: []byte(fixed)}},
	}}
}

func commentAt(file *ast.File, pos token.Pos) *ast.Comment {
	for _, cg := range file.Comments {
		if cg.Pos() <= pos && pos < cg.End() {
			for _, c := range cg.List {
				if c.Slash == pos {
					return c
				}
			}
		}
	}
	return nil
}

// omitemptyFix adds omitempty to the json tag of the field declared at
// pos, or a json tag with it if there is none. Its message says what that
// changes in what the tool sends (analyzer.OmitemptyEffect).
func omitemptyFix(file *ast.File, pos token.Pos, info *types.Info) []analysis.SuggestedFix {
	field := fieldAt(file, pos)
	if field == nil || len(field.Names) > 1 {
		return nil // one tag for several fields: not obvious
	}
	msg := "add omitempty"
	if t := info.TypeOf(field.Type); t != nil {
		msg += ": " + analyzer.OmitemptyEffect(t)
	}
	fix := func(edit analysis.TextEdit) []analysis.SuggestedFix {
		return []analysis.SuggestedFix{{Message: msg, TextEdits: []analysis.TextEdit{edit}}}
	}
	if field.Tag == nil {
		return fix(analysis.TextEdit{Pos: field.Type.End(), End: field.Type.End(), NewText: []byte(" `json:\",omitempty\"`")})
	}
	raw := field.Tag.Value
	if !strings.HasPrefix(raw, "`") {
		return nil
	}
	tag, err := strconv.Unquote(raw)
	if err != nil {
		return nil
	}
	var newTag string
	if value, ok := reflect.StructTag(tag).Lookup("json"); ok {
		if value == "-" || strings.Contains(value, "`") {
			return nil
		}
		old := `json:` + strconv.Quote(value)
		if !strings.Contains(tag, old) {
			return nil
		}
		newTag = strings.Replace(tag, old, `json:`+strconv.Quote(value+",omitempty"), 1)
	} else {
		newTag = strings.TrimSpace(`json:",omitempty" ` + tag)
	}
	return fix(analysis.TextEdit{Pos: field.Tag.Pos(), End: field.Tag.End(), NewText: []byte("`" + newTag + "`")})
}

// fieldAt finds the struct field whose name (or embedded type) is at pos.
func fieldAt(file *ast.File, pos token.Pos) *ast.Field {
	var found *ast.Field
	ast.Inspect(file, func(n ast.Node) bool {
		if n == nil || found != nil || pos < n.Pos() || n.End() <= pos {
			return false
		}
		if f, ok := n.(*ast.Field); ok {
			for _, name := range f.Names {
				if name.Pos() == pos {
					found = f
				}
			}
			if id := analyzer.EmbeddedIdent(f.Type); len(f.Names) == 0 && id != nil && id.Pos() == pos {
				found = f
			}
		}
		return true
	})
	return found
}
