package port_test

import (
	"context"
	"encoding/json"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcptag/mcptag/example/thirdparty/port"
	"github.com/mcptag/mcptag/internal/budget"
	"github.com/mcptag/mcptag/internal/interop"
	"github.com/mcptag/mcptag/internal/mcptest"
)

func issues(t *testing.T) port.Issues {
	t.Helper()
	data, err := os.ReadFile("../testdata/issues.json")
	if err != nil {
		t.Fatal(err)
	}
	var is port.Issues
	if err := json.Unmarshal(data, &is); err != nil {
		t.Fatal(err)
	}
	return is
}

// handWritten is search_issues as a server written by hand declares it,
// in the go-sdk's types: the same arguments, described in the same words,
// and no output schema.
func handWritten() *mcp.Tool {
	str := func(desc string) *jsonschema.Schema { return &jsonschema.Schema{Type: "string", Description: desc} }
	return &mcp.Tool{
		Name:        "search_issues",
		Description: "Searches the issues of a GitHub repository by the words of their titles, a page at a time.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true},
		InputSchema: &jsonschema.Schema{
			Type: "object",
			Properties: map[string]*jsonschema.Schema{
				"owner": str("the account that owns the repository"),
				"repo":  str("the repository's name"),
				"query": str("words the title holds; every issue when empty"),
				"after": str("the endCursor of the page before, for the next page"),
				"fields": {
					Type:        "array",
					Description: "which parts of each issue to return; pageInfo always comes",
					Items: &jsonschema.Schema{Type: "string", Enum: []any{
						"issues.number", "issues.title", "issues.state", "issues.user.login", "issues.labels.name",
						"issues.comments", "issues.created_at", "issues.html_url", "totalCount",
					}},
				},
			},
			Required: []string{"owner", "repo", "query"},
		},
	}
}

// listed returns the tools/list entries of a server that register sets up,
// as a go-sdk client receives them.
func listed(t *testing.T, register func(*mcp.Server)) []*mcp.Tool {
	t.Helper()
	res, err := mcptest.Session(t, register).ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return res.Tools
}

// TestListsLikeHandWritten measures the port's listing: with view= and
// structured=false, the generated tool lists within 10% of the tokens of
// the same tool written by hand with no output schema, in o200k tokens
// (the TypeScript tokenizer of internal/interop) and in budget's estimate.
func TestListsLikeHandWritten(t *testing.T) {
	gen := listed(t, func(s *mcp.Server) { port.RegisterIssuesTools(s, issues(t)) })
	hand := listed(t, func(s *mcp.Server) {
		s.AddTool(handWritten(), func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) { return nil, nil })
	})
	if len(gen) != 1 || len(hand) != 1 {
		t.Fatalf("listed %d and %d tools, want one each", len(gen), len(hand))
	}
	if gen[0].OutputSchema != nil {
		t.Fatalf("search_issues lists an output schema: %v", gen[0].OutputSchema)
	}
	var texts []string
	var estimates []int
	for _, tool := range []*mcp.Tool{gen[0], hand[0]} {
		m, err := budget.MeasureTool(tool)
		if err != nil {
			t.Fatal(err)
		}
		data, err := json.Marshal(tool)
		if err != nil {
			t.Fatal(err)
		}
		texts, estimates = append(texts, string(data)), append(estimates, m.Total.Tokens)
	}
	real := interop.Tokens(t, texts)
	t.Logf("generated: %d tokens (o200k %d); hand-written: %d (o200k %d)", estimates[0], real[0], estimates[1], real[1])
	for _, c := range []struct {
		what      string
		gen, hand int
	}{{"o200k", real[0], real[1]}, {"estimated", estimates[0], estimates[1]}} {
		if float64(c.gen) > 1.1*float64(c.hand) {
			t.Errorf("%s: the generated tool lists %d tokens, over 110%% of the hand-written one's %d", c.what, c.gen, c.hand)
		}
	}
}

// TestFieldsKeepsPageInfo calls the tool through a go-sdk client with
// fields that leave out pageInfo: it comes all the same, as keep= says,
// and the text is the view's JSON, with no structuredContent.
func TestFieldsKeepsPageInfo(t *testing.T) {
	is := issues(t)
	cs := mcptest.Session(t, func(s *mcp.Server) { port.RegisterIssuesTools(s, is) })
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "search_issues", Arguments: map[string]any{
		"owner": "octocat", "repo": "Hello-World", "query": "", "fields": []string{"issues.title"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if res.IsError || res.StructuredContent != nil || len(res.Content) != 1 {
		t.Fatalf("result: isError %v, structuredContent %v, %d contents; want text only", res.IsError, res.StructuredContent, len(res.Content))
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(res.Content[0].(*mcp.TextContent).Text), &got); err != nil {
		t.Fatal(err)
	}
	first := is["octocat/Hello-World"][0]
	want := map[string]any{
		"issues":   []any{map[string]any{"title": first.GetTitle()}},
		"pageInfo": map[string]any{"hasNextPage": true, "endCursor": "1"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("search_issues with fields issues.title (-want +got):\n%s", diff)
	}
}
