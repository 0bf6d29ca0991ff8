package searchindex

import (
	"encoding/json"
	"sort"
)

// Fields are the texts of one tool that its terms come from.
type Fields struct {
	Name, Title, Description string
	// Args are the tool's arguments, the properties of its input schema.
	Args []Arg
}

// An Arg is one argument of a tool: its name and description.
type Arg struct{ Name, Description string }

// Weights of the fields: a word of a tool's name says more of what the
// tool does than a word of its description (BM25F's field weights, with
// each field's words counted that many times).
const (
	NameWeight        = 6
	TitleWeight       = 4
	DescriptionWeight = 2
	ArgNameWeight     = 1
	ArgDescWeight     = 1
)

// Terms are a tool's stems, sorted, with the weighted count of each:
// how often it occurs in each field times the field's weight.
type Terms struct {
	Terms  []string
	Counts []int
}

// Len is the weighted length of the tool's text, BM25's document length.
func (t Terms) Len() int {
	n := 0
	for _, c := range t.Counts {
		n += c
	}
	return n
}

// TermsOf returns the terms of f.
func TermsOf(f Fields) Terms {
	counts := map[string]int{}
	add := func(text string, weight int) {
		for _, w := range Words(text) {
			if !Stop(w) {
				counts[Stem(w)] += weight
			}
		}
	}
	add(f.Name, NameWeight)
	add(f.Title, TitleWeight)
	add(f.Description, DescriptionWeight)
	for _, a := range f.Args {
		add(a.Name, ArgNameWeight)
		add(a.Description, ArgDescWeight)
	}
	var t Terms
	for s := range counts {
		t.Terms = append(t.Terms, s)
	}
	sort.Strings(t.Terms)
	for _, s := range t.Terms {
		t.Counts = append(t.Counts, counts[s])
	}
	return t
}

// SchemaArgs returns the arguments of an input schema, as a tool's
// listing holds it (a json.RawMessage, a *jsonschema.Schema, a map):
// the names and descriptions of its properties, sorted by name, and those
// of the properties of its object properties, one level down. A schema
// that does not marshal to an object has none.
func SchemaArgs(schema any) []Arg {
	raw, ok := schema.(json.RawMessage)
	if !ok {
		var err error
		if raw, err = json.Marshal(schema); err != nil {
			return nil
		}
	}
	var s props
	if json.Unmarshal(raw, &s) != nil {
		return nil
	}
	return s.args(2)
}

// props is the part of a JSON schema SchemaArgs reads.
type props struct {
	Description string           `json:"description"`
	Properties  map[string]props `json:"properties"`
	Items       *props           `json:"items"`
}

// args returns the arguments of s's properties, depth levels down.
func (s props) args(depth int) []Arg {
	if depth == 0 {
		return nil
	}
	names := make([]string, 0, len(s.Properties))
	for n := range s.Properties {
		names = append(names, n)
	}
	sort.Strings(names)
	var args []Arg
	for _, n := range names {
		p := s.Properties[n]
		args = append(args, Arg{n, p.Description})
		if p.Items != nil {
			p = *p.Items
		}
		args = append(args, p.args(depth-1)...)
	}
	return args
}

// ToolFields returns the fields of a tool's listing: its name, title,
// description, and the arguments of its input schema (SchemaArgs).
func ToolFields(name, title, description string, inputSchema any) Fields {
	return Fields{Name: name, Title: title, Description: description, Args: SchemaArgs(inputSchema)}
}
