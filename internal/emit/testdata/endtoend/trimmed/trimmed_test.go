package trimmed_test

import (
	"testing"

	"github.com/mcptag/mcptag/internal/emit/testdata/endtoend/trimmed"
	"github.com/mcptag/mcptag/internal/mcptest"
)

// TestTrimmedResults calls each tool through a go-sdk client: a view sent
// as text has no structuredContent (and its tool no output schema, which
// the snapshot holds); keep= paths come whatever fields names; the tool
// sees the selection; text=json sends a list as one text. emit's
// TestEndToEnd runs it.
func TestTrimmedResults(t *testing.T) {
	cs := mcptest.Session(t, trimmed.RegisterTools)
	mcptest.ServesSnapshot(t, cs, "mcp_tools.json")
	mcptest.Run(t, cs, []mcptest.Call{
		// Only the view's paths, in the JSON's order, with < unescaped.
		{Tool: "get_issue", Args: map[string]any{"number": 2}, Texts: []string{`{"number":1,"title":"a < b","user":{"login":"ann"}}`}},
		{Tool: "list_issue_texts", Texts: []string{`[{"number":1,"title":"a < b"},{"number":2,"title":"c"}]`}},
		{Tool: "list_issue_texts", Args: map[string]any{"fields": []string{"title"}}, Texts: []string{`[{"title":"a < b"},{"title":"c"}]`}},
		// pageInfo is kept though fields leaves it out.
		{Tool: "list_issues", Args: map[string]any{"query": "q", "fields": []string{"total"}},
			Structured: `{"pageInfo":{"next":"c2"},"total":2}`, Texts: []string{`{"pageInfo":{"next":"c2"},"total":2}`}},
		{Tool: "list_issues", Args: map[string]any{"query": "q", "fields": []string{"pageInfo"}}, IsError: true,
			Texts: []string{`list_issues: argument "fields[0]": want one of "total", "issues.title", "issues.number", got "pageInfo"`}},
		// The tool reads the selection: the kept path and those asked for.
		{Tool: "selected", Args: map[string]any{"fields": []string{"body"}},
			Structured: `{"number":7,"body":"number,body"}`, Texts: []string{`{"number":7,"body":"number,body"}`}},
		{Tool: "selected", Structured: `{"number":7,"title":"t","body":"number,title,body"}`, Texts: []string{`{"number":7,"title":"t","body":"number,title,body"}`}},
		// A nil assignee and no links are left out; set, they are written.
		{Tool: "get_assignee", Args: map[string]any{"number": 1},
			Structured: `{"number":1,"assignee":{"login":"ann"},"links":["https://example.com"]}`,
			Texts:      []string{`{"number":1,"assignee":{"login":"ann"},"links":["https://example.com"]}`}},
		{Tool: "get_assignee", Args: map[string]any{"number": 2}, Structured: `{"number":2}`, Texts: []string{`{"number":2}`}},
		{Tool: "all_issues", Structured: `{"result":[{"login":"ann"},{"login":"bob"}]}`,
			Texts: []string{"[\n  {\n    \"login\": \"ann\"\n  },\n  {\n    \"login\": \"bob\"\n  }\n]"}},
	})
	schemas := mcptest.InputSchemas(t, cs)
	for tool, want := range map[string]string{
		"list_issues": "which parts of the page to return; pageInfo always comes",
		"search":      "the issue parts to send back",
		// Without a doc item, the description says what comes anyway.
		"selected": "Return only these parts of the result, each a path of property names; all of them when absent. Always returned: number.",
	} {
		if got := schemas[tool].Raw.Properties["fields"].Description; got != want {
			t.Errorf("%s: fields described as %q, want %q", tool, got, want)
		}
	}
}
