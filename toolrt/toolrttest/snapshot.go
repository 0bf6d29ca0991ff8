package toolrttest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/internal/placeholder"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A Kind is what a Difference is.
type Kind int

const (
	// Added is served, not in the snapshot.
	Added Kind = iota + 1
	// Removed is in the snapshot, not served.
	Removed
	// Changed is in both, with another value.
	Changed
)

func (k Kind) String() string {
	switch k {
	case Added:
		return "added"
	case Removed:
		return "removed"
	case Changed:
		return "changed"
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// A Difference is one way a server's listing differs from its snapshot:
// a tool, or a member of a tool's entry, added, removed or changed.
type Difference struct {
	Tool string
	Kind Kind
	// Path is the member, as a JSON Pointer into the tool's entry
	// ("/description", "/inputSchema/properties/days/maximum"); "" when
	// the whole tool is added or removed.
	Path string
	// Snapshot and Served are the compact JSON of the member in each, ""
	// where it is absent.
	Snapshot, Served string
}

func (d Difference) String() string {
	switch {
	case d.Path == "" && d.Kind == Added:
		return fmt.Sprintf("tool %s is served but not in the snapshot", d.Tool)
	case d.Path == "" && d.Kind == Removed:
		return fmt.Sprintf("tool %s is in the snapshot but not served", d.Tool)
	case d.Kind == Added:
		return fmt.Sprintf("%s: %s added: served %s", d.Tool, d.Path, d.Served)
	case d.Kind == Removed:
		return fmt.Sprintf("%s: %s removed: snapshot %s", d.Tool, d.Path, d.Snapshot)
	}
	return fmt.Sprintf("%s: %s changed: snapshot %s, served %s", d.Tool, d.Path, d.Snapshot, d.Served)
}

// ServesSnapshot checks that the server of cs lists the tools of the
// snapshot in file (an mcp_tools.json), each as the snapshot records it,
// and reports each difference as an error of t. A title or description
// the snapshot records as a template matches the template filled with
// any values (toolrt.Fill). The snapshot's other members (prompts,
// resources, inventory) are not compared.
func ServesSnapshot(t testing.TB, cs *mcp.ClientSession, file string) {
	t.Helper()
	snapshot, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	served, err := ListTools(context.Background(), cs)
	if err != nil {
		t.Fatal(err)
	}
	diffs, err := Compare(snapshot, served)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	for _, d := range diffs {
		t.Errorf("what the server lists differs from %s: %s", file, d)
	}
}

// ListTools returns every tool the server of cs lists, over all pages.
func ListTools(ctx context.Context, cs *mcp.ClientSession) ([]*mcp.Tool, error) {
	var tools []*mcp.Tool
	for tool, err := range cs.Tools(ctx, nil) {
		if err != nil {
			return nil, err
		}
		tools = append(tools, tool)
	}
	return tools, nil
}

// Compare returns how the tools served differ from those of snapshot,
// the JSON of an mcp_tools.json (or of a tools/list result): the tools of
// the snapshot, in its order, then those only served; within a tool,
// members in path order. A snapshot's title or description with
// ${NAME} placeholders matches any filling of them.
func Compare(snapshot []byte, served []*mcp.Tool) ([]Difference, error) {
	want, err := snapshotTools(snapshot)
	if err != nil {
		return nil, err
	}
	got, err := servedTools(served)
	if err != nil {
		return nil, err
	}
	var diffs []Difference
	for _, w := range want {
		i := slices.IndexFunc(got, func(g entry) bool { return g.name == w.name })
		if i < 0 {
			diffs = append(diffs, Difference{Tool: w.name, Kind: Removed})
			continue
		}
		diffs = append(diffs, compareValues(w.name, "", w.value, got[i].value)...)
	}
	for _, g := range got {
		if !slices.ContainsFunc(want, func(w entry) bool { return w.name == g.name }) {
			diffs = append(diffs, Difference{Tool: g.name, Kind: Added})
		}
	}
	return diffs, nil
}

// An entry is one tool's entry, decoded.
type entry struct {
	name  string
	value any
}

// snapshotTools decodes the "tools" of a snapshot.
func snapshotTools(snapshot []byte) ([]entry, error) {
	var s struct {
		Tools []json.RawMessage `json:"tools"`
	}
	if err := json.Unmarshal(snapshot, &s); err != nil {
		return nil, fmt.Errorf("snapshot: %v", err)
	}
	if s.Tools == nil {
		return nil, fmt.Errorf(`snapshot: no "tools"`)
	}
	return decodeEntries(s.Tools)
}

// servedTools decodes the tools as they travel.
func servedTools(tools []*mcp.Tool) ([]entry, error) {
	var raws []json.RawMessage
	for _, t := range tools {
		data, err := json.Marshal(t)
		if err != nil {
			return nil, fmt.Errorf("tool %s: %v", t.Name, err)
		}
		raws = append(raws, data)
	}
	return decodeEntries(raws)
}

// decodeEntries decodes each tool entry, its numbers as written.
func decodeEntries(raws []json.RawMessage) ([]entry, error) {
	var out []entry
	for _, raw := range raws {
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		var v map[string]any
		if err := dec.Decode(&v); err != nil {
			return nil, fmt.Errorf("tool entry: %v", err)
		}
		name, _ := v["name"].(string)
		out = append(out, entry{name, v})
	}
	return out, nil
}

// templated are the members whose snapshot text may be a template.
var templated = []string{"/title", "/description", "/annotations/title"}

// compareValues returns the differences between want and got, the values
// at path of tool's entry.
func compareValues(tool, path string, want, got any) []Difference {
	switch w := want.(type) {
	case map[string]any:
		if g, ok := got.(map[string]any); ok {
			return compareObjects(tool, path, w, g)
		}
	case []any:
		if g, ok := got.([]any); ok {
			return compareArrays(tool, path, w, g)
		}
	case string:
		if g, ok := got.(string); ok && slices.Contains(templated, path) && placeholder.Matches(w, g) {
			return nil
		}
	}
	if compact(want) == compact(got) {
		return nil
	}
	return []Difference{{Tool: tool, Kind: Changed, Path: path, Snapshot: compact(want), Served: compact(got)}}
}

// compareObjects compares two objects member by member, in key order.
func compareObjects(tool, path string, want, got map[string]any) []Difference {
	both := maps.Clone(want) // for its keys
	maps.Copy(both, got)
	var diffs []Difference
	for _, k := range slices.Sorted(maps.Keys(both)) {
		p := path + "/" + escape(k)
		w, inWant := want[k]
		g, inGot := got[k]
		switch {
		case !inGot:
			diffs = append(diffs, Difference{Tool: tool, Kind: Removed, Path: p, Snapshot: compact(w)})
		case !inWant:
			diffs = append(diffs, Difference{Tool: tool, Kind: Added, Path: p, Served: compact(g)})
		default:
			diffs = append(diffs, compareValues(tool, p, w, g)...)
		}
	}
	return diffs
}

// compareArrays compares two arrays element by element.
func compareArrays(tool, path string, want, got []any) []Difference {
	var diffs []Difference
	for i := range max(len(want), len(got)) {
		p := path + "/" + strconv.Itoa(i)
		switch {
		case i >= len(got):
			diffs = append(diffs, Difference{Tool: tool, Kind: Removed, Path: p, Snapshot: compact(want[i])})
		case i >= len(want):
			diffs = append(diffs, Difference{Tool: tool, Kind: Added, Path: p, Served: compact(got[i])})
		default:
			diffs = append(diffs, compareValues(tool, p, want[i], got[i])...)
		}
	}
	return diffs
}

// escape escapes a key as a JSON Pointer token (RFC 6901).
func escape(key string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(key)
}

// compact returns v as compact JSON, "<" and ">" as they are: a message
// quotes the text as it reads.
func compact(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Sprint(v)
	}
	return strings.TrimSuffix(b.String(), "\n")
}
