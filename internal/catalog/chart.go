package catalog

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/mcptag/mcptag/internal/budget"
)

// A Chart is a bar chart of every tool's tokens, split by part, most
// expensive first, with the budget drawn across it. Each bar is a row of
// its own, an inline SVG Width units wide, so that the search hides a bar
// without laying the others out again.
type Chart struct {
	Width   int
	Bars    []Bar
	Budget  int
	BudgetX float64 // where the budget is, in every bar
}

// A Bar is one tool's row of the chart.
type Bar struct {
	Name  string // the tool's name
	Href  string // its entry on the page
	Parts []Segment
	Total int
	Over  bool
}

// A Segment is one part of a bar: the tokens of a tool's text, input or
// output schema, or the rest of its entry.
type Segment struct {
	Part   string // "text", "input", "output", "other"
	Name   string // how the legend names it
	X, W   float64
	Tokens int
}

// chartWidth is the width of a bar's viewBox: the most tokens of a tool,
// or the budget if it is more, take nearly all of it.
const chartWidth = 1000

func newChart(pkgs []*Package, limit int) Chart {
	var tools []*Entry
	for _, p := range pkgs {
		tools = append(tools, p.Tools...)
	}
	slices.SortStableFunc(tools, func(a, b *Entry) int {
		return cmp.Or(cmp.Compare(b.Cost.Total, a.Cost.Total), cmp.Compare(a.Name, b.Name))
	})
	scale := float64(limit)
	for _, t := range tools {
		scale = max(scale, float64(t.Cost.Total))
	}
	scale *= 1.04 // room for the budget line at the end
	x := func(tokens int) float64 { return chartWidth * float64(tokens) / scale }
	c := Chart{Width: chartWidth, Budget: limit, BudgetX: x(limit)}
	for _, t := range tools {
		b := Bar{Name: t.Name, Href: "#" + t.ID, Total: t.Cost.Total, Over: t.Cost.Over}
		at := 0.0
		for _, s := range t.Cost.Segments() {
			s.X, s.W = at, x(s.Tokens)
			at += s.W
			b.Parts = append(b.Parts, s)
		}
		c.Bars = append(c.Bars, b)
	}
	return c
}

// Segments splits the cost by part, in the order the chart draws them,
// each as a share of the whole in percent (X, W).
func (c *Cost) Segments() []Segment {
	parts := []Segment{
		{Part: "text", Name: "name and description", Tokens: c.Text},
		{Part: "input", Name: "input schema", Tokens: c.Input},
		{Part: "output", Name: "output schema", Tokens: c.Output},
		{Part: "other", Name: "annotations and framing", Tokens: c.Other},
	}
	at := 0.0
	for i := range parts {
		parts[i].X = at
		if c.Total > 0 {
			parts[i].W = 100 * float64(parts[i].Tokens) / float64(c.Total)
		}
		at += parts[i].W
	}
	return parts
}

// Share is the tool's tokens as a percentage of its budget, for a reader.
func (c *Cost) Share() string {
	return fmt.Sprintf("%d%%", (100*c.Total+c.Limit/2)/c.Limit)
}

// thousands is budget.Thousands, for the template.
func thousands(n int) string { return budget.Thousands(n) }
