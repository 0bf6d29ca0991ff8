package catalog

import (
	"cmp"
	"fmt"
	"slices"
	"unicode/utf8"

	"github.com/mcptag/mcptag/internal/budget"
)

// A Chart is a bar chart of every tool's tokens, split by part, most
// expensive first, with the budget drawn across it. Coordinates are in
// the units of its viewBox, Width wide.
type Chart struct {
	Width, Height  int
	Top, RowHeight int // where the first bar is, and the distance between bars
	Bars           []Bar
	BudgetX        float64
	Budget         int
	AxisX          float64 // where the bars start
}

// A Bar is one tool's row of the chart.
type Bar struct {
	Name   string // the tool's name, whole
	Label  string // its name, cut to fit
	Href   string // its entry on the page
	Y      int
	Parts  []Segment
	Total  int
	ValueX float64 // where the total is written
	Over   bool
}

// A Segment is one part of a bar: the tokens of a tool's text, input or
// output schema, or the rest of its entry.
type Segment struct {
	Part   string // "text", "input", "output", "other"
	Name   string // how the legend names it
	X, W   float64
	Tokens int
}

// The chart's layout, in viewBox units.
const (
	chartWidth  = 1000
	labelRight  = 236 // labels end here
	barsLeft    = 244
	barsRight   = 900 // room for the total after the longest bar
	chartTop    = 30
	rowHeight   = 18
	labelLength = 34 // runes of a name before it is cut
)

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
	x := func(tokens int) float64 { return float64(barsRight-barsLeft) * float64(tokens) / scale }
	c := Chart{Width: chartWidth, Top: chartTop, RowHeight: rowHeight, Budget: limit,
		BudgetX: barsLeft + x(limit), AxisX: barsLeft}
	for i, t := range tools {
		b := Bar{Name: t.Name, Label: cut(t.Name, labelLength), Href: "#" + t.ID, Y: chartTop + i*rowHeight,
			Total: t.Cost.Total, Over: t.Cost.Over}
		at := float64(barsLeft)
		for _, s := range t.Cost.Segments() {
			s.X, s.W = at, x(s.Tokens)
			at += s.W
			b.Parts = append(b.Parts, s)
		}
		b.ValueX = at + 6
		c.Bars = append(c.Bars, b)
	}
	c.Height = chartTop + len(tools)*rowHeight + 8
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

// cut shortens s to n runes, ending it with "…" if it was longer.
func cut(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}
