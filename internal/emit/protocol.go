package emit

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/toolimpl"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The protocol's declarative features (docs/protocol.md) in the
// generated code and the snapshot: icons, the caching hints of resource
// reads, and forms.

// mcpIcons returns icons as the go-sdk lists them.
func mcpIcons(icons []analyzer.Icon) []mcp.Icon {
	var out []mcp.Icon
	for _, i := range icons {
		out = append(out, mcp.Icon{Source: i.Source, MIMEType: i.MIMEType, Sizes: i.Sizes, Theme: mcp.IconTheme(i.Theme)})
	}
	return out
}

// iconsField is the Go expression of the Icons field of a tool, prompt or
// resource literal: the package's icon variables, or "" for none.
func (g *genFile) iconsField(icons []mcp.Icon) string {
	if len(icons) == 0 {
		return ""
	}
	var names []string
	for _, i := range icons {
		names = append(names, g.iconVar(i))
	}
	return "[]" + g.QualifiedGoIdent(mcpIdent("Icon")) + "{" + strings.Join(names, ", ") + "}"
}

// iconVar returns the name of the package variable holding icon, which
// iconVars declares: an icon embedded as a data: URI can be tens of
// kilobytes, written once however many declarations show it.
func (g *genFile) iconVar(icon mcp.Icon) string {
	name := g.names.Icon(analyzer.Icon{Source: icon.Source, MIMEType: icon.MIMEType, Sizes: icon.Sizes, Theme: string(icon.Theme)})
	if !slices.ContainsFunc(g.icons, func(i namedIcon) bool { return i.name == name }) {
		g.icons = append(g.icons, namedIcon{name, icon})
	}
	return name
}

// A namedIcon is an icon variable of the generated file.
type namedIcon struct {
	name string
	icon mcp.Icon
}

// iconVars prints the icon variables, in the order of their first use.
func (g *genFile) iconVars() {
	if len(g.icons) == 0 {
		return
	}
	g.P()
	g.P("// The icons of the package's declarations, read by mcptag.")
	for _, i := range g.icons {
		g.P("var ", i.name, " = ", g.iconLiteral(i.icon))
	}
}

// iconFiles prints the variable that embeds the files the package's
// icons were read from: the go command then counts them among the
// package's inputs, so go vet checks the package again when one changes
// and finds the generated code stale.
func (g *genFile) iconFiles() {
	name := g.names.IconFiles()
	if name == "" {
		return
	}
	var files []string
	for _, d := range g.pkg.Decls() {
		for _, i := range d.Icons {
			if i.File != "" && !slices.Contains(files, i.File) {
				files = append(files, i.File)
			}
		}
	}
	slices.Sort(files)
	for i, f := range files {
		files[i] = strconv.Quote(f)
	}
	g.P()
	g.P("// The icon files, embedded so that the go command counts them among the")
	g.P("// package's inputs: go vet checks the package again when one changes.")
	g.P("//")
	g.P("//go:embed ", strings.Join(files, " "))
	g.P("var ", name, " ", GoImportPath("embed").Ident("FS"))
}

// iconLiteral is the literal of i, on one line.
func (g *genFile) iconLiteral(i mcp.Icon) string {
	fields := []string{"Source: " + goString(i.Source)}
	if i.MIMEType != "" {
		fields = append(fields, "MIMEType: "+strconv.Quote(i.MIMEType))
	}
	if len(i.Sizes) > 0 {
		fields = append(fields, "Sizes: []string{"+quoteAll(i.Sizes)+"}")
	}
	if i.Theme != "" {
		fields = append(fields, "Theme: "+strconv.Quote(string(i.Theme)))
	}
	return g.QualifiedGoIdent(mcpIdent("Icon")) + "{" + strings.Join(fields, ", ") + "}"
}

// cachedHandler wraps the handler expression h of resource r in the
// caching hints of its directive, if it has any.
func (g *genFile) cachedHandler(r *analyzer.Resource, h string) string {
	if r.TTL == nil && r.CacheScope == "" {
		return h
	}
	ttl := "0"
	if r.TTL != nil {
		ttl = g.durationExpr(*r.TTL)
	}
	scope := cacheScopes[r.CacheScope]
	if scope == "" {
		panic(fmt.Sprintf("emit: cache scope %q", r.CacheScope)) // the directive's parser allows no other
	}
	return fmt.Sprintf("%s(%s, %s, %s)", g.QualifiedGoIdent(rt("CacheReadsFor")), h, ttl, g.QualifiedGoIdent(rt(scope)))
}

// cacheScopes are the toolimpl constants of the values of cache=.
var cacheScopes = map[string]string{"": "CacheDefault", "public": "CachePublic", "private": "CachePrivate"}

// timeUnits are the units of a duration in generated code, largest first.
var timeUnits = []struct {
	name string
	ms   int
}{{"Hour", 3600000}, {"Minute", 60000}, {"Second", 1000}, {"Millisecond", 1}}

// durationExpr is the time.Duration expression of ms milliseconds, a
// whole number of the largest unit that divides it: time.Hour,
// 90*time.Second.
func (g *genFile) durationExpr(ms int) string {
	if ms == 0 {
		return "0" // ttl=0: never cache
	}
	for _, u := range timeUnits {
		if ms%u.ms == 0 {
			unit := g.QualifiedGoIdent(timePackage.Ident(u.name))
			if ms == u.ms {
				return unit
			}
			return strconv.Itoa(ms/u.ms) + "*" + unit // gofmt's spacing in a call's arguments
		}
	}
	panic("unreachable: every whole number of milliseconds is one of Millisecond")
}

// Cache is what the reads of a resource carry for a client's cache, as
// the snapshot records it under "cacheable", by URI or URI template.
type Cache struct {
	TTLMs      int    `json:"ttlMs"`
	CacheScope string `json:"cacheScope"`
}

// Cacheable returns the caching hints of the package's resources that
// declare them, by URI or URI template, as the reads serve them: a scope
// left to the go-sdk is its default, public.
func Cacheable(pkg *analyzer.Package) map[string]Cache {
	var out map[string]Cache
	for _, r := range pkg.Resources {
		if r.TTL == nil && r.CacheScope == "" {
			continue
		}
		c := Cache{CacheScope: r.CacheScope}
		if r.TTL != nil {
			c.TTLMs = *r.TTL
		}
		if c.CacheScope == "" {
			c.CacheScope = "public"
		}
		if out == nil {
			out = map[string]Cache{}
		}
		out[r.URI] = c
	}
	return out
}

// formValue returns the toolimpl.Form of f, as the generated code holds it.
func formValue(f *analyzer.Form) (*toolimpl.Form, error) {
	schema, err := SchemaJSON(f.Schema)
	if err != nil {
		return nil, fmt.Errorf("form %s: %v", f.Name, err)
	}
	return &toolimpl.Form{Name: f.Name, Key: f.Key, Schema: schema, Spec: f.Fields.Spec(f.Name+" form", true)}, nil
}

// forms prints the package's forms, in the order of their names: each
// its Elicit function and its toolimpl.Form.
func (g *genFile) forms() error {
	forms := append([]*analyzer.Form(nil), g.pkg.Forms...)
	sort.Slice(forms, func(i, j int) bool { return forms[i].Name < forms[j].Name })
	for _, f := range forms {
		form, err := formValue(f)
		if err != nil {
			return err
		}
		ident, typ := g.names.Form(f), g.typeString(f.Type)
		g.P()
		g.P("// ", f.Func, " asks the user of the client that made the tool call req to")
		g.P("// fill in the form ", f.Name, ", showing message. ok is false when the user")
		g.P("// declines or cancels; an answer that breaks the form's schema is an")
		g.P("// error. The tool returns the error as it is (or wrapped): on protocol")
		g.P("// 2026-07-28, it asks the client for the form, and the tool runs again up")
		g.P("// to here with the answer. See ", rtDoc("Form"), ".Elicit.")
		g.P("func ", f.Func, "(ctx ", contextPackage.Ident("Context"), ", req *", mcpIdent("CallToolRequest"), ", message string) (", typ, ", bool, error) {")
		g.P("var answer ", typ)
		g.P("if ok, err := ", ident, ".Elicit(ctx, req, message, &answer); !ok || err != nil {")
		g.P("return ", typ, "{}, false, err")
		g.P("}")
		g.P("return answer, true, nil")
		g.P("}")
		g.P()
		g.P("// The form of ", f.Func, ", computed by mcptag.")
		g.P("var ", ident, " = &", rt("Form"), "{")
		var key string
		if form.Key != "" {
			key = strconv.Quote(form.Key)
		}
		g.fields(
			field{key: "Name", value: strconv.Quote(form.Name)},
			field{key: "Key", value: key},
			field{key: "Schema", value: g.rawJSON(form.Schema)},
			field{key: "Spec", head: "&" + g.QualifiedGoIdent(rt("Spec")) + "{", body: func() { g.specFields(form.Spec, f.Fields) }},
		)
		g.P("}")
	}
	return nil
}

// FormSchemas returns the requested schema of each of the package's
// forms, by the form's name, as the generated code sends it.
func FormSchemas(pkg *analyzer.Package) (map[string]json.RawMessage, error) {
	forms, err := formValues(pkg)
	if err != nil {
		return nil, err
	}
	out := map[string]json.RawMessage{}
	for _, f := range forms {
		out[f.Name] = f.Schema
	}
	return out, nil
}

// formValues returns the toolimpl.Form of each of the package's forms,
// in the order of their names, as the generated code holds them.
func formValues(pkg *analyzer.Package) ([]*toolimpl.Form, error) {
	var out []*toolimpl.Form
	for _, f := range pkg.Forms {
		form, err := formValue(f)
		if err != nil {
			return nil, err
		}
		out = append(out, form)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}
