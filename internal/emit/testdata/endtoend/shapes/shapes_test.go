package shapes_test

import (
	"testing"

	"github.com/mcptag/mcptag/internal/emit/testdata/endtoend/shapes"
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
		{Tool: "origin", Structured: `{"X":0,"Y":0}`, Texts: []string{`{"X":0,"Y":0}`}},
		{Tool: "count", Args: map[string]any{"limit": 7}, Structured: `{"result":7}`, Texts: []string{"7"}},
		{Tool: "count", Structured: `{"result":0}`, Texts: []string{"0"}},
		{Tool: "corners", Structured: `{"result":[{"X":0,"Y":0},{"X":0,"Y":0},{"X":0,"Y":0},{"X":0,"Y":0}]}`,
			Texts: []string{`{"X":0,"Y":0}`, `{"X":0,"Y":0}`, `{"X":0,"Y":0}`, `{"X":0,"Y":0}`}},
		{Tool: "bytes", Args: map[string]any{"n": 3}, Structured: `{"result":"AAAA"}`, Texts: []string{"AAAA"}},
		// A nil map is sent as {}.
		{Tool: "labels", Structured: `{}`, Texts: []string{"{}"}},
		{Tool: "address", Args: map[string]any{"addr": "127.0.0.1", "timeout": 5}, Structured: `{"result":"127.0.0.1"}`, Texts: []string{"127.0.0.1"}},
		{Tool: "handler", Args: map[string]any{"X": 1, "Y": 2}, Structured: `{"result":[{"X":1,"Y":2}]}`, Texts: []string{`{"X":1,"Y":2}`}},
		{Tool: "describe", Args: map[string]any{"X": 1, "Y": 2}, Texts: []string{"<nil>"}},
		{Tool: "text", Args: map[string]any{"X": 1, "Y": 2}, Texts: []string{`{"X":1,"Y":2}`}},
		{Tool: "indented", Structured: `{"from":{"X":0,"Y":0},"to":{"X":1,"Y":0}}`, Texts: []string{"{\n  \"from\": {\n    \"X\": 0,\n    \"Y\": 0\n  },\n  \"to\": {\n    \"X\": 1,\n    \"Y\": 0\n  }\n}"}},
		{Tool: "summarized", Structured: `{"result":[{"X":0,"Y":0},{"X":1,"Y":0}]}`, Texts: []string{"the result is the 2 items of structuredContent.result"}},
		// The handler checks the whole Line, which the shrunk schema no longer shows.
		{Tool: "shallow", Args: map[string]any{"from": map[string]any{"X": 1, "Y": 2}, "to": map[string]any{"X": 3, "Y": 4}}, Structured: `{"from":{"X":1,"Y":2},"to":{"X":3,"Y":4}}`, Texts: []string{`{"from":{"X":1,"Y":2},"to":{"X":3,"Y":4}}`}},
		{Tool: "shallow", Args: map[string]any{"from": map[string]any{"X": "1", "Z": 2}, "to": map[string]any{}}, IsError: true, Texts: []string{`shallow: unknown argument "from.Z"; "from" has "X", "Y"`}},
	})
}
