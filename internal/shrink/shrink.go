// Package shrink cuts a tool's JSON Schemas down for the context of a model
// that reads them (the -depth and -descriptions options, and depth= and
// descriptions= on a tool), keeping them sound: every value that validated
// before still does.
package shrink

import (
	"errors"
	"flag"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
)

// Options say how far to cut a tool's schemas down, for the context of
// a model that reads them, while keeping them sound: every value of the
// type still validates.
type Options struct {
	// Depth, when set, keeps nested objects to Depth property hops from
	// the root. A deeper object is {"type": "object"}, with the first
	// sentence of its description: sound, since it accepts every object.
	Depth *int
	// Descriptions keeps the schema's descriptions down to
	// DescriptionDepth hops ("N"), or only their first sentence
	// ("first"), or none ("none"); "" keeps them all.
	Descriptions     string
	DescriptionDepth int
}

// IsZero reports whether s cuts nothing.
func (s Options) IsZero() bool { return s.Depth == nil && s.Descriptions == "" }

// SetDescriptions sets the descriptions option: a whole number, first or
// none.
func (s *Options) SetDescriptions(v string) error {
	switch v {
	case "first", "none":
		s.Descriptions = v
		return nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return errors.New("want a whole number, first or none")
	}
	s.Descriptions, s.DescriptionDepth = "depth", n
	return nil
}

// Over returns s with what o sets put on top.
func (s Options) Over(o Options) Options {
	if o.Depth != nil {
		s.Depth = o.Depth
	}
	if o.Descriptions != "" {
		s.Descriptions, s.DescriptionDepth = o.Descriptions, o.DescriptionDepth
	}
	return s
}

// AddFlags defines -depth and -descriptions on fs, which set s.
func (s *Options) AddFlags(fs *flag.FlagSet) {
	fs.Var((*depthFlag)(s), "depth", "keep nested objects to `N` property hops from the root of every schema (deeper ones become {\"type\":\"object\"})")
	fs.Var((*descriptionsFlag)(s), "descriptions", "keep the descriptions of every schema down to `N` hops, or only their first sentence (first), or none (none)")
}

// depthFlag is -depth: Options.Depth.
type depthFlag Options

func (f *depthFlag) String() string {
	if f == nil || f.Depth == nil {
		return ""
	}
	return strconv.Itoa(*f.Depth)
}

func (f *depthFlag) Set(v string) error {
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return errors.New("want a whole number, 0 or more")
	}
	f.Depth = &n
	return nil
}

// descriptionsFlag is -descriptions: Options.Descriptions and
// DescriptionDepth.
type descriptionsFlag Options

func (f *descriptionsFlag) String() string {
	switch {
	case f == nil:
		return ""
	case f.Descriptions == "depth":
		return strconv.Itoa(f.DescriptionDepth)
	}
	return f.Descriptions
}

func (f *descriptionsFlag) Set(v string) error { return (*Options)(f).SetDescriptions(v) }

// Apply cuts root down by s, in place. In an input schema (input set),
// an argument's own description stays but for "first": it is what a model
// fills the argument by. A $defs entry is shrunk once, as seen from the
// shallowest place that refers to it (deeper references keep more than
// the depth asks, which is sound); entries no longer referred to are
// dropped.
func (s Options) Apply(root *jsonschema.Schema, input bool) {
	if s.IsZero() || root == nil {
		return
	}
	// The schemas of a tree may share nodes (a recursive root shares its
	// properties with its $defs entry), which are cut at different depths.
	*root = *clone(root)
	c := &shrinker{s: s, input: input, defs: root.Defs, depth: map[string]int{}, defDesc: map[string]string{}}
	for name, d := range root.Defs {
		c.defDesc[name] = d.Description // before any walk shortens it
	}
	c.reach(root, 0)
	c.walk(root, 0)
	for name, hops := range c.depth {
		c.walk(root.Defs[name], hops)
	}
	for name := range root.Defs {
		if _, reached := c.depth[name]; !reached {
			delete(root.Defs, name) // only after every walk: cut reads the entries
		}
	}
	if len(root.Defs) == 0 {
		root.Defs = nil
	}
}

type shrinker struct {
	s     Options
	input bool
	defs  map[string]*jsonschema.Schema
	depth map[string]int // the least hops at which each $defs entry is reached
	// defDesc are the descriptions of the $defs entries as they were,
	// which a cut reference takes, whatever order the entries are
	// walked in.
	defDesc map[string]string
}

// reach records the least hops at which s's references are reached,
// leaving out those the depth cuts.
func (c *shrinker) reach(s *jsonschema.Schema, hops int) {
	if s == nil {
		return
	}
	if name, ok := strings.CutPrefix(s.Ref, "#/$defs/"); ok {
		if d, seen := c.depth[name]; (!seen || hops < d) && c.defs[name] != nil {
			c.depth[name] = hops
			c.reach(c.defs[name], hops)
		}
		return
	}
	c.children(s, hops, func(child *jsonschema.Schema, hops int) {
		if !c.cuts(child, hops) {
			c.reach(child, hops)
		}
	})
}

// children calls f with each subschema of s and the hops it is at: a
// property or map value one hop further, an item or alternative as far.
// (What a cut keeps depends on no order among them: the properties come
// by name.)
func (c *shrinker) children(s *jsonschema.Schema, hops int, f func(*jsonschema.Schema, int)) {
	for _, name := range slices.Sorted(maps.Keys(s.Properties)) {
		f(s.Properties[name], hops+1)
	}
	if s.Items != nil {
		f(s.Items, hops)
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Not == nil {
		f(s.AdditionalProperties, hops+1)
	}
	for _, alt := range s.AnyOf {
		f(alt, hops)
	}
}

// walk shrinks s, found hops property hops from the root, not following
// references: each entry is walked on its own.
func (c *shrinker) walk(s *jsonschema.Schema, hops int) {
	c.describe(s, hops)
	if s.Ref != "" {
		return
	}
	c.children(s, hops, func(child *jsonschema.Schema, hops int) {
		if c.cuts(child, hops) {
			c.cut(child)
			c.describe(child, hops)
			return
		}
		c.walk(child, hops)
	})
}

// cuts reports whether the depth cuts s, found hops hops from the root:
// an object (or a reference to one) deeper than the depth.
func (c *shrinker) cuts(s *jsonschema.Schema, hops int) bool {
	if c.s.Depth == nil || hops <= *c.s.Depth {
		return false
	}
	return slices.Contains(c.types(s), "object")
}

// types are the JSON types s allows, through a reference.
func (c *shrinker) types(s *jsonschema.Schema) []string {
	if name, ok := strings.CutPrefix(s.Ref, "#/$defs/"); ok && c.defs[name] != nil {
		s = c.defs[name]
	}
	if s.Type != "" {
		return []string{s.Type}
	}
	if len(s.AnyOf) > 0 {
		var types []string
		for _, alt := range s.AnyOf {
			types = append(types, c.types(alt)...)
		}
		return types
	}
	return s.Types
}

// cut replaces s by {"type":"object"}, keeping whether it can be null and
// the first sentence of its description.
func (c *shrinker) cut(s *jsonschema.Schema) {
	desc := s.Description
	for _, r := range append([]*jsonschema.Schema{s}, s.AnyOf...) {
		if name, ok := strings.CutPrefix(r.Ref, "#/$defs/"); ok && desc == "" {
			desc = c.defDesc[name] // a reference, perhaps nullable
		}
	}
	types := []string{"object"}
	if slices.Contains(c.types(s), "null") {
		types = append(types, "null")
	}
	*s = jsonschema.Schema{Type: "object", Description: firstSentence(desc)}
	if len(types) > 1 {
		s.Type, s.Types = "", types
	}
}

// describe applies the descriptions option to s, found hops hops from
// the root.
func (c *shrinker) describe(s *jsonschema.Schema, hops int) {
	if c.input && hops == 1 && c.s.Descriptions != "first" {
		return // an argument's own
	}
	switch c.s.Descriptions {
	case "none":
		s.Description = ""
	case "first":
		s.Description = firstSentence(s.Description)
	case "depth":
		if hops > c.s.DescriptionDepth {
			s.Description = ""
		}
	}
}

// firstSentence is the first sentence of a description: up to the first
// period, question or exclamation mark followed by a space or the end,
// within the first paragraph.
func firstSentence(d string) string {
	d, _, _ = strings.Cut(d, "\n\n")
	for i := 0; i < len(d); i++ {
		switch d[i] {
		case '.', '!', '?':
			if i+1 == len(d) || d[i+1] == ' ' || d[i+1] == '\n' {
				return d[:i+1]
			}
		}
	}
	return d
}

// clone copies s and every subschema in it, so that no node is shared.
func clone(s *jsonschema.Schema) *jsonschema.Schema {
	if s == nil {
		return nil
	}
	c := *s
	c.Items, c.AdditionalProperties, c.PropertyNames, c.Not = clone(s.Items), clone(s.AdditionalProperties), clone(s.PropertyNames), clone(s.Not)
	c.AnyOf = cloneList(s.AnyOf)
	c.Properties, c.Defs = cloneMap(s.Properties), cloneMap(s.Defs)
	c.PropertyOrder = slices.Clone(s.PropertyOrder)
	c.Required = slices.Clone(s.Required)
	c.Types = slices.Clone(s.Types)
	return &c
}

func cloneList(list []*jsonschema.Schema) []*jsonschema.Schema {
	if list == nil {
		return nil
	}
	out := make([]*jsonschema.Schema, len(list))
	for i, s := range list {
		out[i] = clone(s)
	}
	return out
}

func cloneMap(m map[string]*jsonschema.Schema) map[string]*jsonschema.Schema {
	if m == nil {
		return nil
	}
	out := make(map[string]*jsonschema.Schema, len(m))
	for k, s := range m {
		out[k] = clone(s)
	}
	return out
}
