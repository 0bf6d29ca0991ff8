package apps_test

import (
	"context"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mcptag/mcptag/internal/emit/testdata/endtoend/apps"
	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func register(s *mcp.Server) { apps.Register(s, &apps.Station{City: "Oslo"}) }

// TestSnapshot: a client of the MCP Apps extension is served the
// snapshot's tools, with their _meta.ui, and its resources, the pages
// among them, each page reading with the snapshot's digest.
func TestSnapshot(t *testing.T) {
	mcptest.ServesSnapshot(t, mcptest.AppSession(t, register), "mcp_tools.json")
}

// TestToolMeta: a tool with a page lists its URI under _meta.ui and the
// flat key, its visibility only when it declares one; a tool without a
// page has no _meta.
func TestToolMeta(t *testing.T) {
	cs := mcptest.AppSession(t, register)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]mcp.Meta{}
	for _, tool := range res.Tools {
		got[tool.Name] = tool.Meta
	}
	want := map[string]mcp.Meta{
		"get_forecast": {"ui": map[string]any{"resourceUri": "ui://apps/get_forecast"}, "ui/resourceUri": "ui://apps/get_forecast"},
		"refresh":      {"ui": map[string]any{"resourceUri": "ui://apps/refresh", "visibility": []any{"app"}}, "ui/resourceUri": "ui://apps/refresh"},
		"ping":         nil,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("tools' _meta (-want +got):\n%s", diff)
	}
}

// TestPages: each page reads as the file's exact text, of the MCP App
// MIME type, with the _meta of its resource: the policy and the border
// only where the directive gives them.
func TestPages(t *testing.T) {
	cs := mcptest.AppSession(t, register)
	ctx := context.Background()
	for _, tc := range []struct {
		uri, file string
		meta      mcp.Meta
	}{
		{"ui://apps/get_forecast", "forecast.html", mcp.Meta{"ui": map[string]any{
			"csp": map[string]any{
				"connectDomains":  []any{"https://api.example.com"},
				"resourceDomains": []any{"https://cdn.example.com", "https://fonts.example.com:8443"},
			},
			"prefersBorder": true,
		}}},
		{"ui://apps/refresh", "pages/refresh.html", nil},
	} {
		page, err := os.ReadFile(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		res, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: tc.uri})
		if err != nil {
			t.Fatalf("%s: %v", tc.uri, err)
		}
		want := []*mcp.ResourceContents{{URI: tc.uri, MIMEType: "text/html;profile=mcp-app", Text: string(page), Meta: tc.meta}}
		if diff := cmp.Diff(want, res.Contents); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.uri, diff)
		}
	}
}

// TestTextStays: a tool shown as an app still answers with the text a
// host without apps shows, and the method is bound to its receiver.
func TestTextStays(t *testing.T) {
	mcptest.Run(t, mcptest.AppSession(t, register), []mcptest.Call{
		{Tool: "get_forecast", Args: map[string]any{"city": "Oslo"},
			Structured: `{"city":"Oslo","days":[{"date":"2026-01-01","high":3.5},{"date":"2026-01-02","high":4}]}`,
			Texts:      []string{`{"city":"Oslo","days":[{"date":"2026-01-01","high":3.5},{"date":"2026-01-02","high":4}]}`}},
		{Tool: "refresh", Structured: `{"result":"Oslo refreshed"}`, Texts: []string{"Oslo refreshed"}},
	})
}

// TestWithoutExtension: the generated Register sets the server up for
// the extension by itself: it advertises it in the handshake, and a
// client that does not declare it is listed no UI metadata, but the
// pages all the same.
func TestWithoutExtension(t *testing.T) {
	apps := mcptest.AppSession(t, register)
	if _, ok := apps.InitializeResult().Capabilities.Extensions["io.modelcontextprotocol/ui"]; !ok {
		t.Errorf("the server advertises %v, want the MCP Apps extension", apps.InitializeResult().Capabilities.Extensions)
	}
	cs := mcptest.Session(t, register)
	ctx := context.Background()
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range tools.Tools {
		if tool.Meta != nil {
			t.Errorf("%s lists _meta %v to a client without the extension", tool.Name, tool.Meta)
		}
	}
	uris := mcptest.ResourceURIs(t, cs)
	if diff := cmp.Diff([]string{"ui://apps/get_forecast", "ui://apps/refresh"}, uris); diff != "" {
		t.Errorf("resources/list (-want +got):\n%s", diff)
	}
}
