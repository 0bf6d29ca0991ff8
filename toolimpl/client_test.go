package toolimpl_test

import (
	"strings"
	"testing"
	"time"

	"github.com/mcptag/mcptag/toolimpl"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func textResult(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

// TestClientJSONText reads back what JSONText writes: JSON, but the text
// of a value whose JSON is a string, which is the string unquoted.
func TestClientJSONText(t *testing.T) {
	when := time.Date(2026, 11, 30, 6, 0, 0, 0, time.UTC)
	got, err := toolimpl.ClientJSONText[time.Time](toolimpl.JSONText("t", when), "t")
	if err != nil || !got.Equal(when) {
		t.Errorf("ClientJSONText(JSONText(%v)) = %v, %v", when, got, err)
	}
	n, err := toolimpl.ClientJSONText[int](toolimpl.JSONText("n", 7), "n")
	if err != nil || n != 7 {
		t.Errorf("ClientJSONText(JSONText(7)) = %v, %v", n, err)
	}
	if _, err := toolimpl.ClientJSONText[int](textResult("seven"), "n"); err == nil || !strings.Contains(err.Error(), "tool n: its text is not the JSON") {
		t.Errorf("ClientJSONText of seven: %v, want an error that names the tool", err)
	}
}

// TestClientWrapped: a result without structuredContent, or without its
// "result", is an error, not a zero value.
func TestClientWrapped(t *testing.T) {
	if n, err := toolimpl.ClientWrapped[int](toolimpl.Wrapped("n", 7), "n"); err != nil || n != 7 {
		t.Errorf("ClientWrapped(Wrapped(7)) = %v, %v", n, err)
	}
	for _, res := range []*mcp.CallToolResult{textResult("7"), {StructuredContent: map[string]any{"other": 7}}} {
		if _, err := toolimpl.ClientWrapped[int](res, "n"); err == nil {
			t.Errorf("ClientWrapped(%+v): no error", res)
		}
	}
}
