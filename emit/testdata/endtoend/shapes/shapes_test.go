package shapes_test

import (
	"testing"

	"github.com/mcptag/mcptag/emit/testdata/endtoend/shapes"
	"github.com/mcptag/mcptag/internal/mcptest"
)

// TestResultShapes calls a tool of every result kind and checks both
// channels against docs/results.md, and structuredContent against the
// schema. emit's TestEndToEnd runs it.
func TestResultShapes(t *testing.T) {
	cs := mcptest.Session(t, shapes.RegisterTools)
	mcptest.Run(t, cs, []mcptest.Call{
		{Tool: "ping", Texts: []string{"ok"}},
		{Tool: "fail", IsError: true, Texts: []string{"failed"}},
		// A nil *Point is sent as the zero Point, which validates.
		{Tool: "origin", Structured: `{"X":0,"Y":0}`, Texts: []string{"{\n  \"X\": 0,\n  \"Y\": 0\n}"}},
		{Tool: "count", Args: map[string]any{"limit": 7}, Structured: `{"result":7}`, Texts: []string{"7"}},
		{Tool: "count", Structured: `{"result":0}`, Texts: []string{"0"}},
		{Tool: "corners", Structured: `{"result":[{"X":0,"Y":0},{"X":0,"Y":0},{"X":0,"Y":0},{"X":0,"Y":0}]}`,
			Texts: []string{"{\n  \"X\": 0,\n  \"Y\": 0\n}", "{\n  \"X\": 0,\n  \"Y\": 0\n}", "{\n  \"X\": 0,\n  \"Y\": 0\n}", "{\n  \"X\": 0,\n  \"Y\": 0\n}"}},
		{Tool: "bytes", Args: map[string]any{"n": 3}, Structured: `{"result":"AAAA"}`, Texts: []string{"AAAA"}},
		// A nil map is sent as {}.
		{Tool: "labels", Structured: `{}`, Texts: []string{"{}"}},
		{Tool: "address", Args: map[string]any{"addr": "127.0.0.1", "timeout": 5}, Structured: `{"result":"127.0.0.1"}`, Texts: []string{"127.0.0.1"}},
		{Tool: "handler", Args: map[string]any{"X": 1, "Y": 2}, Structured: `{"result":[{"X":1,"Y":2}]}`, Texts: []string{"{\n  \"X\": 1,\n  \"Y\": 2\n}"}},
		{Tool: "describe", Args: map[string]any{"X": 1, "Y": 2}, Texts: []string{"<nil>"}},
		{Tool: "text", Args: map[string]any{"X": 1, "Y": 2}, Texts: []string{"{\n  \"X\": 1,\n  \"Y\": 2\n}"}},
	})
}
