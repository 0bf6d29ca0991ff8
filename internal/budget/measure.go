package budget

import (
	"cmp"
	"errors"
	"fmt"
	"slices"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A Size is the size of a piece of compact JSON, as tools/list sends it.
type Size struct {
	Bytes  int `json:"bytes"`
	Tokens int `json:"tokens"` // estimated by Tokens
}

func sizeOf(s string) Size { return Size{Bytes: len(s), Tokens: Tokens(s)} }

// A Schema is the size of one of a tool's schemas and of what it is made of.
type Schema struct {
	Size
	// DescriptionTokens is what the schema's description keywords cost:
	// its tokens less those of the same schema without them.
	DescriptionTokens int `json:"descriptionTokens"`
	// Defs are the entries of its $defs, most tokens first.
	Defs []Def `json:"defs,omitempty"`
}

// A Def is one $defs entry of a schema, sized as the member "Name":{...}.
type Def struct {
	Name string `json:"name"`
	Size
}

// A Tool is the context cost of one tool: its tools/list entry and the
// parts of it.
type Tool struct {
	Name string `json:"name"`
	// Text is the members name, title and description.
	Text   Size   `json:"text"`
	Input  Schema `json:"inputSchema"`
	Output Schema `json:"outputSchema,omitzero"` // zero if the tool has none
	// Total is the whole entry, with its annotations and punctuation,
	// but its icons: a client shows them, no model reads them, and an
	// icon embedded as a data: URI would outweigh the rest.
	Total Size `json:"total"`
	// WithoutView, for a tool with a view, is what its whole entry would
	// take without it.
	WithoutView *Size `json:"withoutView,omitempty"`
	// WithoutOutputSchema, for a tool with an output schema, is what its
	// whole entry would take without it (structured=false, or a view
	// with structured=false): the trade-off docs/budget.md describes.
	WithoutOutputSchema *Size `json:"withoutOutputSchema,omitempty"`
	// Profile, measured by mcptag stats -profile, is what the whole entry
	// takes with its input schema fitted to the model providers it names.
	Profile *ProfileCost `json:"profile,omitempty"`
}

// A ProfileCost is what a tool's entry takes with its input schema fitted
// to some model providers (-profile).
type ProfileCost struct {
	Providers string `json:"providers"` // as -profile names them: "openai,gemini"
	Total     Size   `json:"total"`
	// Refused says the profile cannot express the tool's arguments: the
	// generator refuses the tool, and Total is of the schema as it is.
	Refused bool `json:"refused,omitempty"`
}

// MeasureTool measures t as tools/list serves it.
func MeasureTool(t *mcp.Tool) (Tool, error) {
	data, err := marshal(t)
	if err != nil {
		return Tool{}, err
	}
	return Measure(data)
}

// Measure measures one tool given as the JSON of its tools/list entry
// (an element of a snapshot's "tools"), in any layout: sizes are those
// of compact JSON.
func Measure(entry []byte) (Tool, error) {
	root, err := parse(entry)
	if err != nil {
		return Tool{}, fmt.Errorf("tool entry: %v", err)
	}
	if !root.object {
		return Tool{}, errors.New("tool entry is not a JSON object")
	}
	t := Tool{Name: stringValue(root.get("name")), Total: sizeOf(compact(withoutMember(root, "icons")))}
	var text []member
	for _, m := range root.members {
		switch m.key {
		case "name", "title", "description":
			text = append(text, m)
		}
	}
	t.Text = sizeOf(members(text))
	if in := root.get("inputSchema"); in != nil {
		t.Input = measureSchema(in)
	}
	if out := root.get("outputSchema"); out != nil {
		t.Output = measureSchema(out)
		without := sizeOf(compact(withoutMember(withoutMember(root, "icons"), "outputSchema")))
		t.WithoutOutputSchema = &without
	}
	return t, nil
}

func measureSchema(n *node) Schema {
	text := compact(n)
	s := Schema{Size: sizeOf(text)}
	s.DescriptionTokens = max(0, s.Tokens-Tokens(withoutDescriptions(n)))
	if defs := n.get("$defs"); n.object && defs != nil && defs.object {
		for _, m := range defs.members {
			s.Defs = append(s.Defs, Def{Name: m.key, Size: sizeOf(members([]member{m}))})
		}
		sortDefs(s.Defs)
	}
	return s
}

// withoutMember returns the object n less its member key.
func withoutMember(n *node, key string) *node {
	out := &node{object: true}
	for _, m := range n.members {
		if m.key != key {
			out.members = append(out.members, m)
		}
	}
	return out
}

// members returns ms as compact JSON, without the braces of an object.
func members(ms []member) string {
	c := compact(&node{object: true, members: ms})
	return c[1 : len(c)-1]
}

// sortDefs sorts defs by tokens, most first, keeping the order of equals.
func sortDefs(defs []Def) {
	slices.SortStableFunc(defs, func(a, b Def) int { return cmp.Compare(b.Tokens, a.Tokens) })
}

// DefaultBudget is the tokens a tool's tools/list entry may take before
// mcptag lint warns about it: a few such tools fill a model's context.
const DefaultBudget = 5000

// Limit is the budget of one tool: its own (a directive's budget=) when
// set, else the configured one, else DefaultBudget.
func Limit(configured, own int) int {
	switch {
	case own > 0:
		return own
	case configured > 0:
		return configured
	}
	return DefaultBudget
}

// Parts describes where t's tokens go, largest part first, for a message:
// "outputSchema 46,388: $defs ObjectMeta 3,210, PodSpec 2,900, ...".
func (t Tool) Parts() string {
	parts := []struct {
		name   string
		tokens int
		defs   []Def
	}{{"description", t.Text.Tokens, nil}, {"inputSchema", t.Input.Tokens, t.Input.Defs}, {"outputSchema", t.Output.Tokens, t.Output.Defs}}
	slices.SortStableFunc(parts, func(a, b struct {
		name   string
		tokens int
		defs   []Def
	}) int {
		return cmp.Compare(b.tokens, a.tokens)
	})
	s := parts[0].name + " " + Thousands(parts[0].tokens)
	if defs := parts[0].defs; len(defs) > 0 {
		s += ": $defs"
		for i, d := range defs {
			if i == LargestDefs {
				s += ", ..."
				break
			}
			if i > 0 {
				s += ","
			}
			s += " " + d.Name + " " + Thousands(d.Tokens)
		}
	}
	return s
}
