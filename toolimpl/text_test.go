package toolimpl_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/mcptag/mcptag/toolimpl"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// An alert holds the characters encoding/json escapes for HTML, and the
// text of one of those escapes, which must reach a model as it is.
type alert struct {
	Rule string `json:"rule"`
}

var alerts = []alert{{"p99 > 2s && <5xx>"}, {`a literal \u003e`}}

// TestTextIsNotHTMLEscaped: the text content a client receives has <, >
// and & as themselves in every shape of result, and in a resource's JSON
// text; structuredContent still means the same value.
func TestTextIsNotHTMLEscaped(t *testing.T) {
	cs := mcptest.Session(t, func(s *mcp.Server) {
		for name, res := range map[string]*mcp.CallToolResult{
			"object":   toolimpl.Object("object", alerts[0]),
			"indented": toolimpl.Object("indented", alerts[0], toolimpl.IndentedText),
			"wrapped":  toolimpl.Wrapped("wrapped", alerts[0].Rule),
			"slice":    toolimpl.Slice("slice", alerts),
			"text":     toolimpl.JSONText("text", alerts[0]),
		} {
			s.AddTool(&mcp.Tool{Name: name, InputSchema: json.RawMessage(`{"type":"object"}`), OutputSchema: json.RawMessage(`{"type":"object"}`)}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return res, nil
			})
		}
		s.AddResource(&mcp.Resource{URI: "alerts://all", Name: "alerts"}, func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return toolimpl.JSONContents("alerts", "alerts://all", "application/json", alerts)
		})
	})
	mcptest.Run(t, cs, []mcptest.Call{
		{Tool: "object", Texts: []string{`{"rule":"p99 > 2s && <5xx>"}`}, Structured: `{"rule":"p99 > 2s && <5xx>"}`},
		{Tool: "indented", Texts: []string{"{\n  \"rule\": \"p99 > 2s && <5xx>\"\n}"}, Structured: `{"rule":"p99 > 2s && <5xx>"}`},
		{Tool: "wrapped", Texts: []string{"p99 > 2s && <5xx>"}, Structured: `{"result":"p99 > 2s && <5xx>"}`},
		{Tool: "slice", Texts: []string{`{"rule":"p99 > 2s && <5xx>"}`, `{"rule":"a literal \\u003e"}`}, Structured: `{"result":[{"rule":"p99 > 2s && <5xx>"},{"rule":"a literal \\u003e"}]}`},
		{Tool: "text", Texts: []string{`{"rule":"p99 > 2s && <5xx>"}`}},
	})
	res, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: "alerts://all"})
	if err != nil {
		t.Fatal(err)
	}
	want := `[{"rule":"p99 > 2s && <5xx>"},{"rule":"a literal \\u003e"}]`
	if diff := cmp.Diff(want, res.Contents[0].Text); diff != "" {
		t.Errorf("resource text (-want +got):\n%s", diff)
	}
	var back []alert
	if err := json.Unmarshal([]byte(res.Contents[0].Text), &back); err != nil || !cmp.Equal(back, alerts) {
		t.Errorf("resource text reads back as %v (%v), want %v", back, err, alerts)
	}
}
