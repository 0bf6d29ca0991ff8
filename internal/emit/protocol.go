package emit

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/mcptag/mcptag/internal/analyzer"
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
func (g *goFile) iconsField(icons []analyzer.Icon) string {
	if len(icons) == 0 {
		return ""
	}
	var names []string
	for _, i := range mcpIcons(icons) {
		names = append(names, g.iconVar(i))
	}
	for _, i := range icons {
		if i.File != "" && !slices.Contains(g.iconFiles, i.File) {
			g.iconFiles = append(g.iconFiles, i.File)
		}
	}
	return "[]mcp.Icon{" + strings.Join(names, ", ") + "}"
}

// embedPatterns is the //go:embed line's patterns naming the icon files,
// each quoted, in order: the generated file embeds them so that the go
// command counts them among the package's inputs (go vet then runs
// mcptag's checks again when one changes, and finds the code stale).
func embedPatterns(files []string) string {
	sorted := slices.Sorted(slices.Values(files))
	for i, f := range sorted {
		sorted[i] = strconv.Quote(f)
	}
	return strings.Join(sorted, " ")
}

// iconVar returns the name of the package variable holding icon,
// declaring it on first use: an icon embedded as a data: URI can be tens
// of kilobytes, written once however many declarations show it.
func (g *goFile) iconVar(icon mcp.Icon) string {
	lit := iconLiteral(icon)
	for _, v := range g.icons {
		if v.Value == lit {
			return v.Name
		}
	}
	name := fmt.Sprintf("mcptagIcon%d", len(g.icons)+1)
	g.icons = append(g.icons, varData{Name: name, Value: lit})
	return name
}

// varData is one package variable of the generated file.
type varData struct{ Name, Value string }

func iconLiteral(i mcp.Icon) string {
	fields := []string{"Source: " + goString(i.Source)}
	if i.MIMEType != "" {
		fields = append(fields, "MIMEType: "+strconv.Quote(i.MIMEType))
	}
	if len(i.Sizes) > 0 {
		q := make([]string, len(i.Sizes))
		for j, s := range i.Sizes {
			q[j] = strconv.Quote(s)
		}
		fields = append(fields, "Sizes: []string{"+strings.Join(q, ", ")+"}")
	}
	if i.Theme != "" {
		fields = append(fields, "Theme: "+strconv.Quote(string(i.Theme)))
	}
	return "mcp.Icon{" + strings.Join(fields, ", ") + "}"
}

// cachedHandler wraps the handler expression h of resource r in the
// caching hints of its directive, if it has any.
func cachedHandler(r *analyzer.Resource, h string) string {
	if r.TTL == nil && r.CacheScope == "" {
		return h
	}
	ttl := 0
	if r.TTL != nil {
		ttl = *r.TTL
	}
	return fmt.Sprintf("toolrt.CacheReads(%s, %d, %q)", h, ttl, r.CacheScope)
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

// formData is one form in the generated file: its Elicit function and
// its toolrt.Form.
type formData struct {
	Func, Type, Name string
	Ident            string // the toolrt.Form variable
	Form             string // its literal
}

// forms renders the package's forms, in the order of their names.
func (g *goFile) forms() ([]formData, error) {
	forms := append([]*analyzer.Form(nil), g.pkg.Forms...)
	sort.Slice(forms, func(i, j int) bool { return forms[i].Name < forms[j].Name })
	var out []formData
	for _, f := range forms {
		schema, err := SchemaJSON(f.Schema)
		if err != nil {
			return nil, fmt.Errorf("form %s: %v", f.Name, err)
		}
		ident := "mcptag" + exportedName(f.Name) + "Form"
		out = append(out, formData{
			Func: f.Func, Type: g.typeString(f.Type), Name: f.Name, Ident: ident,
			Form: literal("toolrt.Form", "Name", strconv.Quote(f.Name),
				"Schema", "json.RawMessage("+goString(string(schema))+")",
				"Spec", specLiteral(f.Fields, f.Name+" form", true)),
		})
	}
	return out, nil
}

// FormSchemas returns the requested schema of each of the package's
// forms, by the form's name, as the generated code sends it.
func FormSchemas(pkg *analyzer.Package) (map[string]json.RawMessage, error) {
	out := map[string]json.RawMessage{}
	for _, f := range pkg.Forms {
		data, err := SchemaJSON(f.Schema)
		if err != nil {
			return nil, err
		}
		out[f.Name] = data
	}
	return out, nil
}
