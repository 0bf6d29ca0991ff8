// Package snapdiff compares two mcp_tools.json snapshots (what an MCP
// server's tools/list serves) and classifies every difference as breaking
// or compatible for a strict client.
//
// A strict client (the TypeScript MCP SDK, for example) validates the
// arguments it sends against inputSchema and the structuredContent it
// receives against outputSchema, and rejects additional properties on a
// closed object. The question asked of every change is therefore: can an
// old client, built against the old snapshot, still talk to the new server?
//
//   - Input flows from client to server: the new inputSchema must accept
//     everything the old one accepted. Narrowing it (a new required
//     argument, a tighter bound, fewer enum values, a closed object) is
//     breaking; widening it is compatible.
//   - Output flows from server to client: every value the new server may
//     send must still satisfy the old outputSchema. Widening it (a removed
//     or newly optional property, a new enum value, a new nullable type, a
//     new property on a closed object, a looser bound) is breaking;
//     narrowing it is compatible.
//
// A form's requestedSchema is compared as an input schema, closed: the
// client's answer flows to the server, which refuses a field the form
// does not have (forms.go).
//
// Descriptions, titles and annotations never affect validation, so their
// changes are always compatible.
package snapdiff

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"

	"github.com/mcptag/mcptag/internal/budget"
)

// Snapshot is one snapshot file's contents: the tools a server lists,
// and its prompts, resources and resource templates (features.go).
type Snapshot struct {
	// Tools in file order; names are unique within a snapshot.
	Tools             []Tool
	Prompts           []Prompt
	Resources         []Resource
	ResourceTemplates []Resource
	// Forms are the forms tools ask their users to fill in (forms.go).
	Forms []Form
	// Cacheable are the caching hints of resource reads, by URI or URI
	// template (protocol.go).
	Cacheable map[string]Cache
	// Inventory are the toolset, scopes and flag of the tools that
	// declare any, by name (inventory.go).
	Inventory map[string]Placement
	// Apps are the MCP Apps of the tools that have one, by name
	// (apps.go).
	Apps map[string]App
}

// Tool is one entry of a snapshot's "tools" array.
//
// Schemas are kept as decoded JSON (numbers as json.Number, so bounds are
// compared exactly) because the comparison walks them generically.
type Tool struct {
	Name        string
	Title       string
	Description string
	// Annotations holds the MCP tool annotations (readOnlyHint, ...).
	Annotations map[string]any
	// InputSchema is the JSON Schema of the tool's arguments.
	InputSchema map[string]any
	// OutputSchema is the JSON Schema of the tool's structuredContent,
	// or nil for a tool without structured output.
	OutputSchema map[string]any
	// Other holds any other top-level fields (such as _meta or icons),
	// so that changes to them are reported rather than silently dropped.
	Other map[string]any
	// Tokens estimates what the entry costs a model's context (see
	// package budget).
	Tokens int
}

// Parse decodes a snapshot file. It rejects duplicate or empty tool names,
// since changes are matched up by name.
func Parse(data []byte) (*Snapshot, error) {
	var file map[string]any
	if err := decode(data, &file); err != nil {
		return nil, err
	}
	if file == nil {
		return nil, errors.New("snapshot is not a JSON object")
	}
	s := &Snapshot{}
	if err := parseFeatures(file, s); err != nil {
		return nil, err
	}
	var err error
	if s.Cacheable, err = parseCacheable(file); err != nil {
		return nil, err
	}
	if s.Inventory, err = parseInventory(file); err != nil {
		return nil, err
	}
	if s.Apps, err = parseApps(file); err != nil {
		return nil, err
	}
	defer foldApps(s) // once the tools are read
	raw, ok := file["tools"]
	if !ok || raw == nil {
		return s, nil
	}
	list, ok := raw.([]any)
	if !ok {
		return nil, errors.New(`"tools" is not an array`)
	}
	seen := map[string]bool{}
	for i, v := range list {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("tools[%d] is not an object", i)
		}
		t, err := parseTool(m)
		if err != nil {
			return nil, fmt.Errorf("tools[%d]: %v", i, err)
		}
		if seen[t.Name] {
			return nil, fmt.Errorf("tools[%d]: duplicate tool name %q", i, t.Name)
		}
		seen[t.Name] = true
		s.Tools = append(s.Tools, t)
	}
	return s, nil
}

// decode unmarshals with json.Number so that bounds such as 0.1 or large
// integers compare exactly, and rejects trailing data.
func decode(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("unexpected data after the snapshot's JSON object")
	}
	return nil
}

func parseTool(m map[string]any) (Tool, error) {
	var t Tool
	str, obj := object(m).str, object(m).obj
	var err error
	if t.Name, err = str("name"); err != nil {
		return t, err
	}
	if t.Name == "" {
		return t, errors.New("tool has no name")
	}
	if t.Title, err = str("title"); err != nil {
		return t, err
	}
	if t.Description, err = str("description"); err != nil {
		return t, err
	}
	if t.Annotations, err = obj("annotations"); err != nil {
		return t, err
	}
	if t.InputSchema, err = obj("inputSchema"); err != nil {
		return t, err
	}
	if t.OutputSchema, err = obj("outputSchema"); err != nil {
		return t, err
	}
	for k, v := range m {
		switch k {
		case "name", "title", "description", "annotations", "inputSchema", "outputSchema":
			continue
		}
		if t.Other == nil {
			t.Other = map[string]any{}
		}
		t.Other[k] = v
	}
	if entry, err := json.Marshal(m); err == nil {
		if size, err := budget.Measure(entry); err == nil {
			t.Tokens = size.Total.Tokens
		}
	}
	return t, nil
}

// An Option changes how Compare and CompareTrees compare.
type Option func(*options)

type options struct {
	budget int
}

func newOptions(opts []Option) options {
	o := options{budget: budget.DefaultBudget}
	for _, opt := range opts {
		opt(&o)
	}
	return o
}

// WithBudget sets the tokens a tool's entry may take (budget.DefaultBudget
// when not given): a tool that grows past it is reported, as is one that
// grows by more than a quarter (and by minGrowth tokens at least, so that
// a small tool's small change is not).
func WithBudget(tokens int) Option {
	return func(o *options) { o.budget = tokens }
}

const minGrowth = 100

// sizeChange reports a tool that grew past limit tokens or by more than
// 25%.
func sizeChange(o, n *Tool, limit int) (Change, bool) {
	past := o.Tokens <= limit && n.Tokens > limit
	grew := n.Tokens*4 > o.Tokens*5 && n.Tokens-o.Tokens >= minGrowth
	if !past && !grew {
		return Change{}, false
	}
	msg := fmt.Sprintf("%s → %s tokens", budget.Thousands(o.Tokens), budget.Thousands(n.Tokens))
	if past {
		msg += fmt.Sprintf(", past the budget of %s", budget.Thousands(limit))
	}
	return Change{Tool: o.Name, Path: "size", Grew: true, Message: msg}, true
}

// Change is one difference between two snapshots.
type Change struct {
	// File is the snapshot file's path within its Tree, set by
	// CompareTrees only when more than one file is involved, so that
	// messages stay unambiguous; empty otherwise.
	File string
	// Kind is what changed when it is not a tool: KindPrompt,
	// KindResource, KindResourceTemplate or KindForm.
	Kind string
	// Tool is the name of the tool, prompt or form that changed, or the
	// URI (or URI template) of the resource.
	Tool string
	// Path locates the change within the tool, dotted through the JSON
	// document: "description", "annotations.readOnlyHint",
	// "outputSchema.properties.temperature", "inputSchema.properties.tags.items".
	// A $ref is followed transparently, so the path is where the change is
	// reached, not the location inside $defs. Empty for a tool added or
	// removed.
	Path string
	// Breaking reports whether an old strict client may fail against the
	// new server because of this change.
	Breaking bool
	// Grew marks a change of size, which breaks no client but costs every
	// model that reads the tool: see WithBudget.
	Grew bool
	// Message describes the change for a human, e.g.
	// `output property "humidity" removed`.
	Message string
}

// Compare returns every difference between two snapshots, ordered by kind
// (tools, then prompts, resources and resource templates), name, then path (changes at the same path keep a fixed order). A nil
// snapshot is treated as one without tools.
func Compare(before, after *Snapshot, opts ...Option) []Change {
	cfg := newOptions(opts)
	oldTools, newTools := toolsByName(before), toolsByName(after)
	var changes []Change
	for _, name := range unionKeys(oldTools, newTools) {
		o, inOld := oldTools[name]
		n, inNew := newTools[name]
		switch {
		case !inNew:
			changes = append(changes, Change{Tool: name, Breaking: true, Message: "tool removed"})
		case !inOld:
			changes = append(changes, Change{Tool: name, Message: "tool added"})
		default:
			changes = append(changes, compareTool(o, n)...)
			if c, ok := sizeChange(o, n, cfg.budget); ok {
				changes = append(changes, c)
			}
		}
	}
	changes = append(changes, compareFeatures(before, after)...)
	sortChanges(changes)
	return changes
}

func toolsByName(s *Snapshot) map[string]*Tool {
	m := map[string]*Tool{}
	if s != nil {
		for i := range s.Tools {
			m[s.Tools[i].Name] = &s.Tools[i]
		}
	}
	return m
}

// sortChanges orders by file, kind (tools first), tool and path; the sort is stable so that
// several changes at one path keep the order in which they were found,
// which is itself deterministic.
func sortChanges(changes []Change) {
	sort.SliceStable(changes, func(i, j int) bool {
		a, b := changes[i], changes[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Kind != b.Kind {
			return a.Kind < b.Kind
		}
		if a.Tool != b.Tool {
			return a.Tool < b.Tool
		}
		return a.Path < b.Path
	})
}

func compareTool(o, n *Tool) []Change {
	var changes []Change
	add := func(path string, breaking bool, msg string) {
		changes = append(changes, Change{Tool: o.Name, Path: path, Breaking: breaking, Message: msg})
	}
	if msg := textChange("title", o.Title, n.Title); msg != "" {
		add("title", false, msg)
	}
	if msg := textChange("description", o.Description, n.Description); msg != "" {
		add("description", false, msg)
	}
	// Annotations are hints for the client's UI and policy; they do not take
	// part in validation, so none of their changes breaks a client.
	for _, k := range unionKeys(o.Annotations, n.Annotations) {
		ov, inOld := o.Annotations[k]
		nv, inNew := n.Annotations[k]
		switch {
		case !inNew:
			add("annotations."+k, false, fmt.Sprintf("annotation %q removed", k))
		case !inOld:
			add("annotations."+k, false, fmt.Sprintf("annotation %q added: %s", k, render(nv)))
		case render(ov) != render(nv):
			add("annotations."+k, false, fmt.Sprintf("annotation %q changed from %s to %s", k, render(ov), render(nv)))
		}
	}
	for _, k := range unionKeys(o.Other, n.Other) {
		ov, inOld := o.Other[k]
		nv, inNew := n.Other[k]
		if !inOld || !inNew || render(ov) != render(nv) {
			add(k, false, otherChange(k, inOld, inNew))
		}
	}

	report := func(path string, breaking bool, msg string) { add(path, breaking, msg) }
	in := &schemaDiff{oldRoot: o.InputSchema, newRoot: n.InputSchema, report: report}
	in.compare(o.InputSchema, n.InputSchema, loc{path: "inputSchema"})

	switch {
	case o.OutputSchema == nil && n.OutputSchema == nil:
	case n.OutputSchema == nil:
		// Old clients may rely on structuredContent, which no longer comes.
		add("outputSchema", true, "output schema removed")
	case o.OutputSchema == nil:
		// Old clients never looked for structuredContent.
		add("outputSchema", false, "output schema added")
	default:
		out := &schemaDiff{output: true, oldRoot: o.OutputSchema, newRoot: n.OutputSchema, report: report}
		out.compare(o.OutputSchema, n.OutputSchema, loc{path: "outputSchema"})
	}
	return changes
}

// textChange describes a change of a free-text field, or returns "".
func textChange(what, o, n string) string {
	switch {
	case o == n:
		return ""
	case o == "":
		return what + " added"
	case n == "":
		return what + " removed"
	default:
		return what + " changed"
	}
}

// Write prints changes, one per line, as
//
//	breaking   get_weather: output property "humidity" removed
//	compatible get_weather: description changed
//	breaking   prompt plan_trip: argument "budget" added as required
//
// (prefixed with "FILE: " before the tool when Change.File is set),
// and "grew       get_pod: 6,120 → 46,461 tokens" for a tool that grew (see
// Budget), followed by a summary line "N breaking, M compatible" (", K
// grew" when any did). Growth is never breaking. It returns
// whether any change is breaking, which a CLI turns into its exit status.
// Write errors are not reported: the output is a report for a terminal
// or CI log, and a failing writer leaves nothing useful to do.
func Write(w io.Writer, changes []Change) (breaking bool) {
	nb, nc, ng := 0, 0, 0
	for _, c := range changes {
		kind := "compatible"
		switch {
		case c.Grew:
			kind = "grew"
			ng++
		case c.Breaking:
			kind = "breaking"
			nb++
		default:
			nc++
		}
		where := c.Tool
		if c.Kind != "" {
			where = c.Kind + " " + where
		}
		if c.File != "" {
			where = c.File + ": " + c.Tool
		}
		fmt.Fprintf(w, "%-10s %s: %s\n", kind, where, c.Message)
	}
	fmt.Fprintf(w, "%d breaking, %d compatible", nb, nc)
	if ng > 0 {
		fmt.Fprintf(w, ", %d grew", ng)
	}
	fmt.Fprintln(w)
	return nb > 0
}

// unionKeys returns the sorted union of the keys of two maps.
func unionKeys[V any](a, b map[string]V) []string {
	keys := make([]string, 0, len(a)+len(b))
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	return keys
}

// render returns the compact JSON of a decoded value. encoding/json sorts
// map keys, so equal values render equally and renderings can serve as
// comparison keys.
func render(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}
