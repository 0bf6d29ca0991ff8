// Package catalog renders the catalogue of an MCP server's surface: one
// self-contained HTML page of every tool, prompt, resource, resource
// template and form that packages declare, as tools/list and its siblings serve
// them, with each tool's arguments, result shape and token cost, a chart
// of the costs, a search box and, against older snapshots, what changed.
//
// Build makes the page's model from analyzed packages; Render writes it.
// The page's stable hooks are documented in docs/catalog.md.
package catalog

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/argmodel"
	"github.com/mcptag/mcptag/internal/budget"
	"github.com/mcptag/mcptag/internal/emit"
	"github.com/mcptag/mcptag/internal/profile"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Options say how to build a page.
type Options struct {
	// Budget is the tokens a tool's tools/list entry may take (0:
	// budget.DefaultBudget); a tool's own budget= overrides it.
	Budget int
	// Diff, when set, compares each package with older snapshots and
	// marks what changed.
	Diff *Diff
}

// The kinds of Entry.
const (
	KindTool             = "tool"
	KindPrompt           = "prompt"
	KindResource         = "resource"
	KindResourceTemplate = "resource template"
	KindForm             = "form"
)

// A Page is the model of one catalogue.
type Page struct {
	Title    string
	Budget   int
	Packages []*Package
	Chart    Chart
	Totals   Totals
	// Since names the snapshots compared with (a -diff revision); "" when
	// the page compares nothing.
	Since string
	// Toolsets are the toolsets of the page's tools, in order, for the
	// page's toolset filter; nil when no tool has one.
	Toolsets []string
}

// Totals count what the page shows.
type Totals struct {
	Tools, Prompts, Resources, Forms int
	Tokens                           int // of every tool's tools/list entry
	OverBudget                       int // tools over their budget
	Changes                          DiffTotals
}

// A Package is what one Go package declares.
type Package struct {
	Path      string // import path
	ID        string
	Tools     []*Entry
	Prompts   []*Entry
	Resources []*Entry // resources, then resource templates
	Forms     []*Entry // the forms tools ask their users to fill in
	// Removed are the entries of the compared snapshot that the package
	// no longer declares.
	Removed []*Entry
	Tokens  int
	// Changes count the package's changes, with -diff.
	Changes ChangeCounts
}

// An Entry is one tool, prompt, resource or resource template.
type Entry struct {
	Kind        string
	ID          string
	Name        string
	Title       string
	Description string
	URI         string // a resource's URI or a template's URI template
	Func        string // a form's Elicit function
	MIME        string
	Icons       []Icon
	Badges      []string // annotations: "read-only", "destructive", ...
	Args        []Arg
	// Result is the shape of a tool's structured result; nil when the
	// tool sends text only. ResultOpen shows it unfolded.
	Result     *Node
	ResultOpen bool
	Cost       *Cost // a tool's tokens; nil for the other kinds
	Diff       *EntryDiff

	// Content says the tool's result is content blocks (images, audio,
	// links), sent as they are: not text, though it has no schema.
	Content bool
	// A tool's place in a server's inventory: its toolset, the OAuth
	// scopes a caller's token must hold, and its feature flag.
	Toolset string
	Scopes  []string
	Flag    string
	// Task is how a tool runs as a task (task=): "optional", "required",
	// or "" for never.
	Task string
	// App is a tool's MCP App (apps.go), nil for none.
	App *App
	// Profiles are the model providers whose rules a tool's input
	// schema, as served, meets: openai, gemini, anthropic (-profile).
	Profiles []string
}

// Key is what the page's test hooks call the entry: a tool's or a
// prompt's name, a resource's URI or a template's URI template.
func (e *Entry) Key() string {
	if e.URI != "" {
		return e.URI
	}
	return e.Name
}

// A Cost is what a tool's tools/list entry costs a model's context, in
// tokens, as mcptag stats measures it.
type Cost struct {
	Total, Text, Input, Output int
	// Other is the rest of the entry: annotations, member names and
	// punctuation.
	Other int
	Limit int // the tool's budget
	Over  bool
	// WithoutOutput is what the entry would take without its output
	// schema (structured=false); 0 for a tool that has none.
	WithoutOutput int
}

func newCost(m budget.Tool, limit int) *Cost {
	return &Cost{
		Total: m.Total.Tokens, Text: m.Text.Tokens, Input: m.Input.Tokens, Output: m.Output.Tokens,
		Other: max(0, m.Total.Tokens-m.Text.Tokens-m.Input.Tokens-m.Output.Tokens),
		Limit: limit, Over: m.Total.Tokens > limit, WithoutOutput: withoutOutput(m),
	}
}

func withoutOutput(m budget.Tool) int {
	if m.WithoutOutputSchema == nil {
		return 0
	}
	return m.WithoutOutputSchema.Tokens
}

// A Source is one analyzed package for the page, and where it is.
type Source struct {
	*analyzer.Package
	Dir string // the package's directory, where its snapshot is
}

// Build makes the page of the packages, which must have analyzed without
// errors, in the order given; packages that declare nothing are left out.
func Build(pkgs []Source, opts Options) (*Page, error) {
	page := &Page{Title: "MCP catalog", Budget: budget.Limit(opts.Budget, 0)}
	ids := newIDs()
	single := len(pkgs) == 1
	for _, p := range pkgs {
		if p.Empty() && (opts.Diff == nil || !opts.Diff.had(p, single)) {
			continue
		}
		pkg, err := buildPackage(p, opts, ids)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", p.Path, err)
		}
		if opts.Diff != nil {
			if err := opts.Diff.mark(pkg, p, single, ids); err != nil {
				return nil, fmt.Errorf("%s: %v", p.Path, err)
			}
		}
		page.Packages = append(page.Packages, pkg)
		page.Totals.add(pkg)
		for _, e := range pkg.Tools {
			if e.Toolset != "" && !slices.Contains(page.Toolsets, e.Toolset) {
				page.Toolsets = append(page.Toolsets, e.Toolset)
			}
		}
	}
	slices.Sort(page.Toolsets)
	if opts.Diff != nil {
		page.Since = opts.Diff.Since
	}
	if len(page.Packages) == 1 {
		page.Title = page.Packages[0].Path + " · MCP catalog"
	}
	page.Chart = newChart(page.Packages, page.Budget)
	if page.Totals.Tools <= foldFrom {
		unfoldResults(page)
	}
	return page, nil
}

// foldFrom is the number of tools from which results start folded: a
// browser that shows hundreds of unfolded trees at once is slow to
// search.
const foldFrom = 50

// unfoldResults shows every result's shape, and the first level of those
// that are small.
func unfoldResults(page *Page) {
	for _, p := range page.Packages {
		for _, e := range p.Tools {
			if e.Result == nil {
				continue
			}
			e.ResultOpen = true
			if size(e.Result) <= smallTree {
				for _, c := range e.Result.Children {
					c.Open = true
				}
			}
		}
	}
}

func (t *Totals) add(p *Package) {
	t.Tools += len(p.Tools)
	t.Prompts += len(p.Prompts)
	t.Resources += len(p.Resources)
	t.Forms += len(p.Forms)
	t.Changes.Lines.Breaking += p.Changes.Breaking
	t.Changes.Lines.Compatible += p.Changes.Compatible
	t.Changes.Lines.Grew += p.Changes.Grew
	t.Tokens += p.Tokens
	for _, e := range p.Tools {
		if e.Cost.Over {
			t.OverBudget++
		}
	}
	for _, list := range [][]*Entry{p.Tools, p.Prompts, p.Resources, p.Forms, p.Removed} {
		for _, e := range list {
			t.Changes.add(e.Diff)
		}
	}
}

func buildPackage(p Source, opts Options, ids *ids) (*Package, error) {
	pkg := &Package{Path: p.Path, ID: ids.id("pkg-" + p.Path)}
	tools, costs, err := emit.Measure(p.Package)
	if err != nil {
		return nil, err
	}
	for i, t := range tools {
		e, err := toolEntry(t, ids)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", t.Name, err)
		}
		e.Cost = newCost(costs[i], budget.Limit(opts.Budget, p.Tools[i].Directive.Budget))
		e.Content = p.Tools[i].Result.Kind == analyzer.ResultContent
		e.Toolset, e.Scopes, e.Flag, e.Task = p.Tools[i].Toolset, p.Tools[i].Scopes, p.Tools[i].Flag, p.Tools[i].Task
		e.App = newApp(p.Tools[i])
		e.Profiles = profiles(p.Tools[i])
		pkg.Tokens += e.Cost.Total
		pkg.Tools = append(pkg.Tools, e)
	}
	for i, mp := range emit.Prompts(p.Package) {
		e := &Entry{Kind: KindPrompt, ID: ids.id("prompt-" + mp.Name), Name: mp.Name, Title: mp.Title,
			Description: mp.Description, Icons: icons(mp.Icons)}
		if e.Args, err = arguments(p.Prompts[i].Arguments, ids, e.ID); err != nil {
			return nil, fmt.Errorf("prompt %s: %v", mp.Name, err)
		}
		pkg.Prompts = append(pkg.Prompts, e)
	}
	for _, r := range emit.Resources(p.Package) {
		pkg.Resources = append(pkg.Resources, &Entry{Kind: KindResource, ID: ids.id("resource-" + r.Name),
			Name: r.Name, Title: r.Title, Description: r.Description, URI: r.URI, MIME: r.MIMEType,
			Icons: icons(r.Icons), Badges: resourceBadges(r.Annotations)})
	}
	templates := templateDecls(p.Package)
	for i, r := range emit.ResourceTemplates(p.Package) {
		e := &Entry{Kind: KindResourceTemplate, ID: ids.id("resource-" + r.Name), Name: r.Name, Title: r.Title,
			Description: r.Description, URI: r.URITemplate, MIME: r.MIMEType,
			Icons: icons(r.Icons), Badges: resourceBadges(r.Annotations)}
		if e.Args, err = arguments(templates[i].Arguments, ids, e.ID); err != nil {
			return nil, fmt.Errorf("resource template %s: %v", r.URITemplate, err)
		}
		pkg.Resources = append(pkg.Resources, e)
	}
	if pkg.Forms, err = formEntries(p.Package, ids); err != nil {
		return nil, err
	}
	return pkg, nil
}

// profiles returns the providers whose rules t's input schema meets as
// it is served: those that lint -profile finds nothing for.
func profiles(t *analyzer.Tool) []string {
	var out []string
	for _, p := range profile.Providers {
		if len(profile.Check(t.Input, t.Arguments, t.Pos, profile.NewSet(p))) == 0 {
			out = append(out, string(p))
		}
	}
	return out
}

// formEntries describes the package's forms, by name, each with the
// fields of the schema its Elicit function sends.
func formEntries(pkg *analyzer.Package, ids *ids) ([]*Entry, error) {
	schemas, err := emit.FormSchemas(pkg)
	if err != nil {
		return nil, err
	}
	var out []*Entry
	for _, f := range pkg.Forms {
		s, err := decodeObject(schemas[f.Name])
		if err != nil {
			return nil, fmt.Errorf("form %s: %v", f.Name, err)
		}
		e := &Entry{Kind: KindForm, ID: ids.id("form-" + f.Name), Name: f.Name, Func: f.Func, Description: s.str("description")}
		e.Args = newShaper(s, ids, e.ID+"-in").args(s)
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, b *Entry) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

// templateDecls returns the package's resource templates, in the order
// emit.ResourceTemplates lists them.
func templateDecls(pkg *analyzer.Package) []*analyzer.Resource {
	var out []*analyzer.Resource
	for _, r := range pkg.Resources {
		if r.Template {
			out = append(out, r)
		}
	}
	return out
}

// toolEntry describes t as tools/list serves it.
func toolEntry(t *mcp.Tool, ids *ids) (*Entry, error) {
	e := &Entry{Kind: KindTool, ID: ids.id(t.Name), Name: t.Name, Title: t.Title, Description: t.Description,
		Icons: icons(t.Icons), Badges: toolBadges(t.Annotations)}
	in, err := schemaObject(t.InputSchema)
	if err != nil {
		return nil, fmt.Errorf("inputSchema: %v", err)
	}
	e.Args = newShaper(in, ids, e.ID+"-in").args(in)
	if t.OutputSchema != nil {
		out, err := schemaObject(t.OutputSchema)
		if err != nil {
			return nil, fmt.Errorf("outputSchema: %v", err)
		}
		e.Result = newShaper(out, ids, e.ID+"-out").tree(out)
	}
	return e, nil
}

// arguments describes the arguments of a prompt or the variables of a
// resource template, from the schema the generated handler checks them
// by.
func arguments(in *argmodel.Input, ids *ids, id string) ([]Arg, error) {
	if in == nil || in.Root == nil {
		return nil, nil
	}
	data, err := emit.SchemaJSON(in.Schema())
	if err != nil {
		return nil, err
	}
	s, err := decodeObject(data)
	if err != nil {
		return nil, err
	}
	return newShaper(s, ids, id+"-in").args(s), nil
}

// schemaObject decodes a schema of an mcp.Tool: JSON text, or a value
// that marshals to it.
func schemaObject(v any) (*object, error) {
	data, ok := v.(json.RawMessage)
	if !ok {
		var err error
		if data, err = json.Marshal(v); err != nil {
			return nil, err
		}
	}
	return decodeObject(data)
}

// toolBadges names the annotations a tool declares, as a client shows
// them: hints that are set, and those set to false where the protocol's
// default is true.
func toolBadges(a *mcp.ToolAnnotations) []string {
	if a == nil {
		return nil
	}
	var out []string
	if a.ReadOnlyHint {
		out = append(out, "read-only")
	}
	if a.DestructiveHint != nil {
		out = append(out, map[bool]string{true: "destructive", false: "not destructive"}[*a.DestructiveHint])
	}
	if a.IdempotentHint {
		out = append(out, "idempotent")
	}
	if a.OpenWorldHint != nil {
		out = append(out, map[bool]string{true: "open world", false: "closed world"}[*a.OpenWorldHint])
	}
	return out
}

// resourceBadges names a resource's annotations.
func resourceBadges(a *mcp.Annotations) []string {
	if a == nil {
		return nil
	}
	var out []string
	if len(a.Audience) > 0 {
		var who []string
		for _, r := range a.Audience {
			who = append(who, string(r))
		}
		out = append(out, "for "+strings.Join(who, ", "))
	}
	if a.Priority != 0 {
		out = append(out, fmt.Sprintf("priority %g", a.Priority))
	}
	if a.LastModified != "" {
		out = append(out, "modified "+a.LastModified)
	}
	return out
}

// ids hands out the page's element ids: readable ("get_forecast"), and
// unique.
type ids struct{ used map[string]bool }

func newIDs() *ids { return &ids{used: map[string]bool{}} }

// id returns base with every character but letters, digits, "-", "_"
// and "." replaced by "-", numbered if it is taken.
func (s *ids) id(base string) string {
	clean := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			return r
		}
		return '-'
	}, base)
	if clean == "" || !(clean[0] >= 'a' && clean[0] <= 'z' || clean[0] >= 'A' && clean[0] <= 'Z') {
		clean = "x" + clean
	}
	id := clean
	for n := 2; s.used[id]; n++ {
		id = fmt.Sprintf("%s-%d", clean, n)
	}
	s.used[id] = true
	return id
}
