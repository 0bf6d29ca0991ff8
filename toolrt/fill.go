package toolrt

import (
	"fmt"
	"maps"
	"slices"

	"github.com/mcptag/mcptag/internal/placeholder"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Fill returns tools with the placeholders of their titles and
// descriptions filled from values: ${cluster} becomes values["cluster"].
// A title or description that depends on the deployment is declared so,
// as a template (docs/security.md, Templates): the snapshot records the
// template, and the server fills it at start-up.
//
// A placeholder without a value, and a value that no tool's title or
// description has a placeholder for, are an error that names them, and
// then Fill returns no tools: a misspelled name would otherwise serve
// "${clustr}" to the model, or leave a text unfilled. Fill the tools a
// package declares before selecting among them, so that every value has
// its placeholder.
//
// The tools' Tool values are copies: the tools given are left as they
// were.
func Fill(tools []Tool, values map[string]string) ([]Tool, error) {
	out := slices.Clone(tools)
	used := map[string]bool{}
	for i, t := range out {
		filled, err := fillTool(t, values, used)
		if err != nil {
			return nil, err
		}
		out[i].Tool = filled
	}
	var unused []string
	for _, name := range slices.Sorted(maps.Keys(values)) {
		if !used[name] {
			unused = append(unused, "${"+name+"}")
		}
	}
	if len(unused) > 0 {
		return nil, fmt.Errorf("no tool's title or description has the placeholder %s", quoteAll(unused))
	}
	return out, nil
}

// fillTool returns a copy of t's listing with its texts filled, and
// records in used the placeholders they have.
func fillTool(t Tool, values map[string]string, used map[string]bool) (*mcp.Tool, error) {
	c := *t.Tool
	texts := []*string{&c.Title, &c.Description}
	if c.Annotations != nil {
		a := *c.Annotations
		c.Annotations = &a
		texts = append(texts, &a.Title)
	}
	for _, s := range texts {
		for _, name := range placeholder.Names(*s) {
			used[name] = true
		}
		filled, err := placeholder.Fill(*s, values)
		if err != nil {
			return nil, fmt.Errorf("tool %s: %v", c.Name, err)
		}
		*s = filled
	}
	return &c, nil
}
