package shared_test

import (
	"strings"
	"testing"

	"github.com/mcptag/mcptag/internal/emit/testdata/endtoend/shared"
	"github.com/mcptag/mcptag/internal/mcptest"
)

// tree builds a fresh object with the given keys at each of len(levels)
// levels, and leaf(path) at the bottom, path the keys that lead there.
func tree(levels [][]string, path string, leaf func(path string) any) any {
	if len(levels) == 0 {
		return leaf(path)
	}
	obj := map[string]any{}
	for _, k := range levels[0] {
		p := k
		if path != "" {
			p = path + "." + k
		}
		obj[k] = tree(levels[1:], p, leaf)
	}
	return obj
}

// dagArgs and boxArgs are arguments of the tools deep and boxes, with
// odd(path) at the leaf of path and a good leaf elsewhere.
func dagArgs(odd func(path string) any) map[string]any {
	ab := []string{"a", "b"}
	return tree([][]string{ab, ab, ab, {"a", "b", "c"}}, "", odd).(map[string]any)
}

func boxArgs(odd func(path string) any) map[string]any {
	lr := []string{"left", "right"}
	return tree([][]string{lr, lr, lr, lr, lr, lr}, "", odd).(map[string]any)
}

// chainArgs is a chain of 30 links ending in text, the leaves of the
// link at depth odd (0 for none) bad.
func chainArgs(text string, odd int, bad any) map[string]any {
	v := map[string]any{"text": text}
	for depth := 30; depth >= 1; depth-- {
		link := map[string]any{"next": v}
		if depth == odd {
			link["leaves"] = []any{bad, bad}
		}
		v = link
	}
	return v
}

func leafUnless(at string, bad any) func(path string) any {
	return func(path string) any {
		if path == at {
			return bad
		}
		return map[string]any{"text": "ab", "count": 1}
	}
}

// TestSharedTypes calls the tools whose argument types are shared, with
// arguments that meet the schema and with ones that break it deep inside
// a type the schema describes once, in $defs, or deep in a chain of
// types that $defs cut: the handler checks the whole value as the schema
// describes it. emit's TestEndToEnd runs it.
func TestSharedTypes(t *testing.T) {
	cs := mcptest.Session(t, shared.RegisterTools)
	mcptest.ServesSnapshot(t, cs, "mcp_tools.json")
	schemas := mcptest.InputSchemas(t, cs)
	for tool, s := range schemas {
		if len(s.Raw.Defs) == 0 {
			t.Errorf("%s: no $defs: the shared types are inlined", tool)
		}
	}
	good := leafUnless("", nil)
	outOfRange := leafUnless("b.a.b.c", map[string]any{"text": "x", "count": 300})
	unknown := leafUnless("right.left.right.left.right.left", map[string]any{"text": "x", "extra": 1})
	calls := []struct {
		tool string
		args map[string]any
		ok   bool
	}{
		{"deep", dagArgs(good), true}, {"deep", dagArgs(outOfRange), false},
		{"boxes", boxArgs(good), true}, {"boxes", boxArgs(unknown), false},
		{"chain", chainArgs("end", 0, nil), true}, {"chain", chainArgs("end", 25, map[string]any{"text": 1}), false},
	}
	for _, c := range calls {
		if err := schemas[c.tool].Resolved.Validate(map[string]any(c.args)); (err == nil) != c.ok {
			t.Errorf("%s: the input schema's verdict is %v, want ok=%v", c.tool, err, c.ok)
		}
	}
	mcptest.Run(t, cs, []mcptest.Call{
		{Tool: "deep", Args: calls[0].args, Structured: `{"result":4}`, Texts: []string{"4"}},
		{Tool: "deep", Args: calls[1].args, IsError: true, Texts: []string{`deep: argument "b.a.b.c.count": want integer from -128 to 127, got 300`}},
		{Tool: "boxes", Args: calls[2].args, Structured: `{"result":"ab"}`, Texts: []string{"ab"}},
		{Tool: "boxes", Args: calls[3].args, IsError: true, Texts: []string{`boxes: unknown argument "right.left.right.left.right.left.extra"; "right.left.right.left.right.left" has "text", "count"`}},
		{Tool: "chain", Args: calls[4].args, Structured: `{"result":true}`, Texts: []string{"true"}},
		{Tool: "chain", Args: calls[5].args, IsError: true, Texts: []string{`chain: argument "` + strings.Repeat("next.", 24) + `leaves[0].text": want string, got 1`}},
	})
}
