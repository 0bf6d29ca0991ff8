package mcptest

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/mcptag/mcptag/internal/analyzer"
)

// PruneView deletes from full, the structuredContent a tool would send
// without its view, everything outside the view's selected paths (all of
// them when selected is nil): what the tool must send with the view. The
// bytes of what stays are kept as they are, in their order, so a view's
// JSON must equal it byte for byte. A struct's members are matched by
// name; of the view's model it takes only the names and the containers.
func PruneView(full []byte, r analyzer.Result, view *analyzer.View, selected map[string]bool) ([]byte, error) {
	pr := &jsonPruner{sel: selected, paths: view.Paths}
	if r.Kind != analyzer.ResultWrapped {
		return pr.prune(full, view.Root)
	}
	var wrapper struct{ Result json.RawMessage }
	if err := json.Unmarshal(full, &wrapper); err != nil {
		return nil, err
	}
	inner, err := pr.prune(wrapper.Result, view.Root)
	return []byte(`{"result":` + string(inner) + `}`), err
}

type jsonPruner struct {
	sel   map[string]bool
	paths []string
}

// keeps reports whether the selection holds a path through field f.
func (pr *jsonPruner) keeps(f *analyzer.ViewField) bool {
	if pr.sel == nil {
		return true
	}
	for _, p := range pr.paths[f.Lo:f.Hi] {
		if pr.sel[p] {
			return true
		}
	}
	return false
}

// prune keeps of raw, the JSON of a value described by v, what lies on
// the selected paths.
func (pr *jsonPruner) prune(raw []byte, v *analyzer.ViewValue) ([]byte, error) {
	if v.Kind == analyzer.ViewLeaf || string(raw) == "null" {
		return raw, nil
	}
	var b bytes.Buffer
	switch v.Kind {
	case analyzer.ViewPointer:
		return pr.prune(raw, v.Elem)
	case analyzer.ViewSlice, analyzer.ViewArray:
		var items []json.RawMessage
		if err := json.Unmarshal(raw, &items); err != nil {
			return nil, fmt.Errorf("%v: %s", err, raw)
		}
		b.WriteByte('[')
		for i, item := range items {
			if i > 0 {
				b.WriteByte(',')
			}
			data, err := pr.prune(item, v.Elem)
			if err != nil {
				return nil, err
			}
			b.Write(data)
		}
		b.WriteByte(']')
	case analyzer.ViewMap, analyzer.ViewStruct:
		members, err := objectMembers(raw)
		if err != nil {
			return nil, err
		}
		b.WriteByte('{')
		first := true
		for _, m := range members {
			elem := v.Elem
			if v.Kind == analyzer.ViewStruct {
				f := fieldNamed(v, m.key)
				if f == nil || !pr.keeps(f) {
					continue
				}
				elem = f.Value
			}
			data, err := pr.prune(m.value, elem)
			if err != nil {
				return nil, err
			}
			if !first {
				b.WriteByte(',')
			}
			first = false
			b.Write(m.rawKey)
			b.WriteByte(':')
			b.Write(data)
		}
		b.WriteByte('}')
	}
	return b.Bytes(), nil
}

func fieldNamed(v *analyzer.ViewValue, name string) *analyzer.ViewField {
	for _, f := range v.Fields {
		if f.Name == name {
			return f
		}
	}
	return nil
}

type member struct {
	key    string
	rawKey []byte // as the JSON spells it
	value  json.RawMessage
}

// objectMembers returns the members of a compact JSON object in their
// order.
func objectMembers(raw []byte) ([]member, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, fmt.Errorf("want an object, got %s", raw)
	}
	var out []member
	for dec.More() {
		start := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		m := member{key: tok.(string), rawKey: bytes.TrimLeft(raw[start:dec.InputOffset()], ", ")}
		if err := dec.Decode(&m.value); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}
