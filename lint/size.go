package lint

import (
	"fmt"
	"go/ast"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/budget"
	"github.com/mcptag/mcptag/internal/emit"
	"github.com/mcptag/mcptag/internal/finding"
)

// sizeFindings reports each tool whose tools/list entry takes more tokens
// than its budget (its directive's budget=, else the Config's), at its
// directive, naming the largest parts; and the package whose tools take
// more than the package budget together, at its package clause.
func (c *Config) sizeFindings(src []*ast.File, pkg *analyzer.Package) []finding.Finding {
	if pkg.Errors() || len(pkg.Tools) == 0 {
		return nil
	}
	_, costs, err := emit.Measure(pkg)
	if err != nil {
		return nil // the generator reports it
	}
	var findings []finding.Finding
	total := 0
	for i, t := range pkg.Tools {
		m := costs[i]
		total += m.Total.Tokens
		if limit := budget.Limit(c.Budget, t.Directive.Budget); m.Total.Tokens > limit {
			findings = append(findings, finding.Finding{Pos: t.Directive.Pos, Category: finding.CatSize,
				Message: fmt.Sprintf("%s: %s tokens in tools/list (%s); budget %s: shrink it with depth= or descriptions=, or raise budget=",
					t.Name, budget.Thousands(m.Total.Tokens), m.Parts(), budget.Thousands(limit))})
		}
	}
	if c.PackageBudget > 0 && total > c.PackageBudget {
		findings = append(findings, finding.Finding{Pos: firstDeclClause(src, pkg), Category: finding.CatSize,
			Message: fmt.Sprintf("the package's %d tools take %s tokens in tools/list; package budget %s",
				len(pkg.Tools), budget.Thousands(total), budget.Thousands(c.PackageBudget))})
	}
	return findings
}
