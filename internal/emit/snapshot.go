package emit

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"slices"
	"sort"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/genfile"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Snapshot returns the package's mcp_tools.json: its tools, prompts,
// resources and resource templates exactly as tools/list, prompts/list,
// resources/list and resources/templates/list serve them (the same
// values, in the same order), indented, after a first member "$comment"
// that marks the file as generated, a member "options" that records the
// generator's options unless they are the defaults, and last, under
// "cacheable", the caching hints that resources/read carries for the
// resources that declare them (by URI), after "inventory", the toolset,
// scopes, flag and task= of the tools that declare any (by name), and "apps",
// the MCP App of each tool that has one (by name, AppRecord). Between the
// two, under "forms",
// the package's forms by name, each with the requestedSchema its
// Elicit function sends: a form is a schema a client fills in, and
// changes to it matter to clients as an argument's do. An empty list is
// left out, so that the snapshot of a package of tools has its tools only.
func Snapshot(pkg *analyzer.Package) ([]byte, error) {
	tools, err := Tools(pkg)
	if err != nil {
		return nil, err
	}
	return snapshot(pkg, tools)
}

func snapshot(pkg *analyzer.Package, tools []*mcp.Tool) ([]byte, error) {
	tools = slices.Clone(tools)
	sort.Slice(tools, func(i, j int) bool { return tools[i].Name < tools[j].Name })
	prompts := Prompts(pkg)
	sort.Slice(prompts, func(i, j int) bool { return prompts[i].Name < prompts[j].Name })
	resources := append(Resources(pkg), AppResources(pkg)...)
	sort.Slice(resources, func(i, j int) bool { return resources[i].URI < resources[j].URI })
	templates := ResourceTemplates(pkg)
	sort.Slice(templates, func(i, j int) bool { return templates[i].URITemplate < templates[j].URITemplate })
	forms, err := snapshotForms(pkg)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(struct {
		Comment           string                  `json:"$comment"`
		Options           []string                `json:"options,omitempty"` // genfile.OptionsMember
		Tools             []*mcp.Tool             `json:"tools,omitempty"`
		Prompts           []*mcp.Prompt           `json:"prompts,omitempty"`
		Resources         []*mcp.Resource         `json:"resources,omitempty"`
		ResourceTemplates []*mcp.ResourceTemplate `json:"resourceTemplates,omitempty"`
		Forms             []snapshotForm          `json:"forms,omitempty"`
		Inventory         map[string]Placement    `json:"inventory,omitempty"`
		Apps              map[string]AppRecord    `json:"apps,omitempty"`
		Cacheable         map[string]Cache        `json:"cacheable,omitempty"`
	}{genfile.Comment, pkg.Flags, tools, prompts, resources, templates, forms, Inventory(pkg), Apps(pkg), Cacheable(pkg)}); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// A snapshotForm is one form in the snapshot: its name, the Go type's,
// the key of its input requests when key= fixes it, and the schema
// elicitation/create sends for it.
type snapshotForm struct {
	Name            string          `json:"name"`
	Key             string          `json:"key,omitempty"`
	RequestedSchema json.RawMessage `json:"requestedSchema"`
}

// snapshotForms returns the package's forms, sorted by name.
func snapshotForms(pkg *analyzer.Package) ([]snapshotForm, error) {
	values, err := formValues(pkg)
	if err != nil {
		return nil, err
	}
	var forms []snapshotForm
	for _, f := range values {
		forms = append(forms, snapshotForm{f.Name, f.Key, f.Schema})
	}
	return forms, nil
}

// Tools returns the package's tools as the generated code registers them.
func Tools(pkg *analyzer.Package) ([]*mcp.Tool, error) {
	var tools []*mcp.Tool
	for _, t := range pkg.Tools {
		tool := &mcp.Tool{Name: t.Name, Title: t.Title, Description: t.Description, Icons: mcpIcons(t.Icons)}
		if t.App != nil {
			tool.Meta = appToolMeta(t.App)
		}
		in, err := SchemaJSON(t.Input)
		if err != nil {
			return nil, err
		}
		tool.InputSchema = json.RawMessage(in)
		if t.Output != nil {
			out, err := SchemaJSON(t.Output)
			if err != nil {
				return nil, err
			}
			tool.OutputSchema = json.RawMessage(out)
		}
		// The title goes in the annotations too: the protocol's first
		// tool title was annotations.title, which some hosts still read.
		if a := t.Annotations; !a.IsZero() || t.Title != "" {
			tool.Annotations = &mcp.ToolAnnotations{
				Title:           t.Title,
				DestructiveHint: a.Destructive,
				OpenWorldHint:   a.OpenWorld,
				ReadOnlyHint:    a.ReadOnly != nil && *a.ReadOnly,
				IdempotentHint:  a.Idempotent != nil && *a.Idempotent,
			}
		}
		tools = append(tools, tool)
	}
	return tools, nil
}

// A File is one file mcptag writes. Nil Data means the file must not exist:
// a package that lost its last declaration keeps no generated files.
type File struct {
	Path string
	Data []byte
}

// Files returns the generated files of one package directory: the Go
// file, then the snapshot.
func Files(dir string, pkg *analyzer.Package) ([]File, error) {
	gen := File{Path: filepath.Join(dir, genfile.GoName)}
	snap := File{Path: filepath.Join(dir, genfile.SnapshotName)}
	if pkg.Empty() {
		return []File{gen, snap}, nil
	}
	// The schemas are rendered once, for both files.
	tools, err := Tools(pkg)
	if err != nil {
		return nil, err
	}
	if gen.Data, err = goSource(pkg, tools); err != nil {
		return nil, err
	}
	if snap.Data, err = snapshot(pkg, tools); err != nil {
		return nil, err
	}
	return []File{gen, snap}, nil
}
