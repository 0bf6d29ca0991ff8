package toolimpl_test

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mcptag/mcptag/toolimpl"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type point struct{ X, Y int }

// writeX writes the view "x" of a point, as generated code would.
func writeX(w *toolimpl.Writer, p *point) {
	w.BeginObject()
	w.Name(`"x":`)
	w.Int(int64(p.X), false)
	w.EndObject()
}

// TestResultsSaySomething checks that a successful result always has
// content: a model that reads only the content must see an answer.
func TestResultsSaySomething(t *testing.T) {
	for _, tc := range []struct {
		name       string
		res        *mcp.CallToolResult
		texts      []string
		structured string // JSON; "" for none
	}{
		{"no value", toolimpl.Empty(), []string{"ok"}, ""},
		{"nil slice", toolimpl.Slice[int]("t", nil), []string{"[]"}, `{"result":[]}`},
		{"empty slice", toolimpl.Slice("t", []string{}), []string{"[]"}, `{"result":[]}`},
		{"one element", toolimpl.Slice("t", []string{"a"}), []string{"a"}, `{"result":["a"]}`},
		{"elements", toolimpl.Slice("t", []int{1, 2}), []string{"1", "2"}, `{"result":[1,2]}`},
		// text=json on a list: one text, the whole list, indented.
		{"one list", toolimpl.Slice("t", []string{"a<b", "c"}, toolimpl.IndentedList), []string{"[\n  \"a<b\",\n  \"c\"\n]"}, `{"result":["a\u003cb","c"]}`},
		{"empty list", toolimpl.Slice("t", []string{}, toolimpl.IndentedList), []string{"[]"}, `{"result":[]}`},
		{"a list's note", toolimpl.Slice("t", []int{1, 2}, toolimpl.NoText), []string{"the result is the 2 items of structuredContent.result"}, `{"result":[1,2]}`},
		{"a view as text", toolimpl.ViewText("t", &point{1, 2}, writeX, nil), []string{`{"x":1}`}, ""},
		{"a list's view as text", toolimpl.ViewSliceText("t", []point{{1, 2}, {3, 4}}, writeX, nil), []string{`[{"x":1},{"x":3}]`}, ""},
		{"no list's view as text", toolimpl.ViewSliceText[point]("t", nil, writeX, nil, toolimpl.NoText), []string{`[]`}, ""},
		{"a list's view, one text", toolimpl.ViewSlice("t", []point{{1, 2}}, writeX, nil, toolimpl.IndentedList), []string{"[\n  {\n    \"x\": 1\n  }\n]"}, `{"result":[{"x":1}]}`},
	} {
		if tc.res.IsError {
			t.Errorf("%s: isError", tc.name)
		}
		var texts []string
		for _, c := range tc.res.Content {
			texts = append(texts, c.(*mcp.TextContent).Text)
		}
		if diff := cmp.Diff(tc.texts, texts); diff != "" {
			t.Errorf("%s: content (-want +got):\n%s", tc.name, diff)
		}
		var structured string
		if tc.res.StructuredContent != nil {
			data, err := json.Marshal(tc.res.StructuredContent)
			if err != nil {
				t.Fatal(err)
			}
			structured = string(data)
		}
		if structured != tc.structured {
			t.Errorf("%s: structuredContent %s, want %s", tc.name, structured, tc.structured)
		}
	}
}
