package interop_test

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcptag/mcptag/internal/interop"
)

// TestTrimmedResultsThroughTypeScript lists and calls the tools of
// emit's endtoend package trimmed with the strict TypeScript client: a
// view sent as text has no output schema and no structuredContent; keep=
// paths come whatever fields names, and fields does not offer them; the
// fields argument says what its doc item says; the tool reads the
// selection (toolrt.Fields); text=json sends a list as one text; a view
// leaves out a nil pointer and a nil list that omitempty leaves out.
func TestTrimmedResultsThroughTypeScript(t *testing.T) {
	skipShort(t)
	interop.Require(t)
	bin, err := goBuild(t.TempDir(), "./testdata/trimmedserver")
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("INTEROP_INPUT_SCHEMAS", "1")
	calls := []map[string]any{
		{"name": "get_issue", "arguments": map[string]any{"number": 2}},
		{"name": "list_issue_texts", "arguments": map[string]any{"fields": []string{"title"}}},
		{"name": "list_issues", "arguments": map[string]any{"query": "q", "fields": []string{"total"}}},
		{"name": "selected", "arguments": map[string]any{"fields": []string{"body"}}},
		{"name": "get_assignee", "arguments": map[string]any{"number": 1}},
		{"name": "get_assignee", "arguments": map[string]any{"number": 2}},
		{"name": "search", "arguments": map[string]any{"query": "q", "fields": []string{"title"}}},
		{"name": "all_issues", "arguments": map[string]any{}},
	}
	data, _ := json.Marshal(calls)
	lines, err := interop.Run(t, string(data), bin)
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != len(calls)+1 {
		t.Fatalf("got %d lines, want the lists and %d calls: %q", len(lines), len(calls), lines)
	}
	var lists struct {
		InputSchemas map[string]struct {
			Properties map[string]struct {
				Description string
				Items       struct{ Enum []string }
			}
		}
	}
	if err := json.Unmarshal([]byte(lines[0]), &lists); err != nil {
		t.Fatal(err)
	}
	fields := lists.InputSchemas["list_issues"].Properties["fields"]
	if want := "which parts of the page to return; pageInfo always comes"; fields.Description != want {
		t.Errorf("list_issues: fields described as %q, want %q", fields.Description, want)
	}
	if want := []string{"total", "issues.title", "issues.number"}; !cmp.Equal(fields.Items.Enum, want) {
		t.Errorf("list_issues: fields offers %q, want %q (the view's order, less keep)", fields.Items.Enum, want)
	}
	if got, want := lists.InputSchemas["search"].Properties["fields"].Description, "the issue parts to send back"; got != want {
		t.Errorf("search: fields described as %q, want %q", got, want)
	}
	type text struct{ Type, Text string }
	for i, want := range []struct {
		structured string // "null" for none
		texts      []string
	}{
		{"null", []string{`{"number":1,"title":"a < b","user":{"login":"ann"}}`}},
		{"null", []string{`[{"title":"a < b"},{"title":"c"}]`}},
		{`{"pageInfo":{"next":"c2"},"total":2}`, []string{`{"pageInfo":{"next":"c2"},"total":2}`}},
		{`{"number":7,"body":"number,body"}`, []string{`{"number":7,"body":"number,body"}`}},
		{`{"number":1,"assignee":{"login":"ann"},"links":["https://example.com"]}`, []string{`{"number":1,"assignee":{"login":"ann"},"links":["https://example.com"]}`}},
		{`{"number":2}`, []string{`{"number":2}`}},
		{`{"result":[{"title":"a < b"},{"title":"c"}]}`, []string{`{"title":"a < b"}`, `{"title":"c"}`}},
		{`{"result":[{"login":"ann"},{"login":"bob"}]}`, []string{"[\n  {\n    \"login\": \"ann\"\n  },\n  {\n    \"login\": \"bob\"\n  }\n]"}},
	} {
		var got struct {
			StructuredContent json.RawMessage
			Content           []text
		}
		if err := json.Unmarshal([]byte(lines[i+1]), &got); err != nil {
			t.Fatal(err)
		}
		name := calls[i]["name"]
		if string(got.StructuredContent) != want.structured {
			t.Errorf("%s: structuredContent %s, want %s", name, got.StructuredContent, want.structured)
		}
		var texts []string
		for _, c := range got.Content {
			texts = append(texts, c.Text)
		}
		if diff := cmp.Diff(want.texts, texts); diff != "" {
			t.Errorf("%s: content (-want +got):\n%s", name, diff)
		}
	}
}
