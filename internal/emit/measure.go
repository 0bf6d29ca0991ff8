package emit

import (
	"encoding/json"
	"fmt"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/budget"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Measure returns the package's tools as tools/list serves them and what
// each costs a model's context, in the same order. mcptag stats, lint's
// size check and mcptag catalog all measure through it, so that they
// never disagree about a tool's tokens.
func Measure(pkg *analyzer.Package) ([]*mcp.Tool, []budget.Tool, error) {
	tools, err := Tools(pkg)
	if err != nil {
		return nil, nil, err
	}
	costs := make([]budget.Tool, len(tools))
	for i, t := range tools {
		if costs[i], err = measureTool(t, pkg.Tools[i]); err != nil {
			return nil, nil, fmt.Errorf("%s: %v", t.Name, err)
		}
	}
	return tools, costs, nil
}

// measureTool measures the tools/list entry t of the analyzed tool a, and
// for a tool with a view, the entry it would have without; not for a view
// sent as text only, which without its view has no output schema either.
func measureTool(t *mcp.Tool, a *analyzer.Tool) (budget.Tool, error) {
	m, err := budget.MeasureTool(t)
	if err != nil || a.View == nil || a.View.TextOnly {
		return m, err
	}
	full, err := SchemaJSON(a.View.Full)
	if err != nil {
		return m, err
	}
	whole := *t
	whole.OutputSchema = json.RawMessage(full)
	w, err := budget.MeasureTool(&whole)
	m.WithoutView = &w.Total
	return m, err
}
