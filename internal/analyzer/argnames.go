package analyzer

import (
	"github.com/mcptag/mcptag/internal/directive"
	"github.com/mcptag/mcptag/internal/finding"
	"github.com/mcptag/mcptag/internal/naming"
)

// wireNames names t's plain parameters on the wire: in snake case, as
// tool names are, when the tool's args= says snake, or it says nothing
// and the run's -args does. An argument struct's fields keep the names
// their json tags give them. Two parameters whose snake case is one
// name are an error at the second, and t cannot be a tool.
func (a *analysis) wireNames(t *Tool, dir *directive.Directive) bool {
	style := dir.Args
	if style == "" {
		style = a.opts.Args.String()
	}
	if t.Args != ArgsPlain || style != directive.ArgsSnake {
		return true
	}
	ok := true
	first := map[string]string{} // the parameter named by each wire name
	for i := range t.Params {
		p := &t.Params[i]
		if snake := naming.SnakeCase(p.Name); snake != p.Name {
			p.Wire = snake
		}
		if prev, dup := first[p.WireName()]; dup {
			a.errorf(p.Pos, finding.CatName, "%s: parameters %s and %s are both the argument %q in snake case (args=snake); rename one",
				t.Name, prev, p.Name, p.WireName())
			ok = false
			continue
		}
		first[p.WireName()] = p.Name
	}
	return ok
}
