package lint

import (
	"bytes"
	"encoding/json"
	"go/token"
	"os"
	"path/filepath"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/emit"
	"github.com/mcptag/mcptag/internal/genfile"
)

// A servedEntry is one tool, prompt or resource as the snapshot records
// it: its kind and name (or URI), where it is declared, and its JSON.
type servedEntry struct {
	key  string
	pos  token.Pos
	json []byte
}

// changedDecl returns where the first declaration whose entry in the
// snapshot beside the generated file gen (its path) differs from what it
// serves now is declared, in source order: what a stale file is stale
// about. NoPos when the snapshot cannot be read or every entry in it is
// current (a declaration removed, or a change of the generated code
// alone).
func changedDecl(gen string, pkg *analyzer.Package) token.Pos {
	old, ok := snapshotEntries(filepath.Join(filepath.Dir(gen), genfile.SnapshotName))
	if !ok {
		return token.NoPos
	}
	first := token.NoPos
	for _, e := range servedEntries(pkg) {
		if !bytes.Equal(old[e.key], e.json) && (!first.IsValid() || e.pos < first) {
			first = e.pos
		}
	}
	return first
}

// servedEntries lists what pkg serves now, as the snapshot writes it.
func servedEntries(pkg *analyzer.Package) []servedEntry {
	var out []servedEntry
	add := func(key string, pos token.Pos, v any) {
		out = append(out, servedEntry{key, pos, compactJSON(v)})
	}
	tools, err := emit.Tools(pkg)
	if err != nil {
		return nil
	}
	for i, t := range tools {
		add("tool "+t.Name, pkg.Tools[i].Pos, t)
	}
	for i, p := range emit.Prompts(pkg) {
		add("prompt "+p.Name, pkg.Prompts[i].Pos, p)
	}
	resources, templates := emit.Resources(pkg), emit.ResourceTemplates(pkg)
	for _, r := range pkg.Resources {
		if r.Template {
			add("resource "+r.URI, r.Pos, templates[0])
			templates = templates[1:]
		} else {
			add("resource "+r.URI, r.Pos, resources[0])
			resources = resources[1:]
		}
	}
	return out
}

// snapshotEntries reads the entries of the snapshot at path, by key.
func snapshotEntries(path string) (map[string][]byte, bool) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, false
	}
	var snap struct {
		Tools, Prompts []struct {
			Name string `json:"name"`
		}
		Resources []struct {
			URI string `json:"uri"`
		}
		ResourceTemplates []struct {
			URITemplate string `json:"uriTemplate"`
		}
	}
	var raw struct{ Tools, Prompts, Resources, ResourceTemplates []json.RawMessage }
	if json.Unmarshal(data, &snap) != nil || json.Unmarshal(data, &raw) != nil {
		return nil, false
	}
	entries := map[string][]byte{}
	put := func(key string, r json.RawMessage) {
		var b bytes.Buffer
		if json.Compact(&b, r) == nil {
			entries[key] = b.Bytes()
		}
	}
	for i, t := range snap.Tools {
		put("tool "+t.Name, raw.Tools[i])
	}
	for i, p := range snap.Prompts {
		put("prompt "+p.Name, raw.Prompts[i])
	}
	for i, r := range snap.Resources {
		put("resource "+r.URI, raw.Resources[i])
	}
	for i, r := range snap.ResourceTemplates {
		put("resource "+r.URITemplate, raw.ResourceTemplates[i])
	}
	return entries, true
}

// compactJSON is v as the snapshot encodes it, compacted: no HTML
// escaping.
func compactJSON(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if enc.Encode(v) != nil {
		return nil
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}
