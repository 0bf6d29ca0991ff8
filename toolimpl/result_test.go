package toolimpl_test

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mcptag/mcptag/toolimpl"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

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
