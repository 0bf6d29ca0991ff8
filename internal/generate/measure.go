package generate

import (
	"fmt"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/budget"
	"github.com/mcptag/mcptag/internal/emit"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Measure returns the package's tools as tools/list serves them and what
// each costs a model's context, in the same order. mcptag stats, lint's
// size check and mcptag catalog all measure through it, so that they
// never disagree about a tool's tokens.
func Measure(pkg *analyzer.Package) ([]*mcp.Tool, []budget.Tool, error) {
	tools, err := emit.Tools(pkg)
	if err != nil {
		return nil, nil, err
	}
	costs := make([]budget.Tool, len(tools))
	for i, t := range tools {
		if costs[i], err = budget.MeasureTool(t); err != nil {
			return nil, nil, fmt.Errorf("%s: %v", t.Name, err)
		}
	}
	return tools, costs, nil
}
