package templates_test

import (
	"context"
	"testing"

	"github.com/mcptag/mcptag/internal/emit/testdata/endtoend/templates"
	"github.com/mcptag/mcptag/toolrt"
	"github.com/mcptag/mcptag/toolrt/toolrttest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// serve returns a client session of a server of tools.
func serve(t *testing.T, tools []toolrt.Tool) *mcp.ClientSession {
	s := mcp.NewServer(&mcp.Implementation{Name: "templates", Version: "v1"}, nil)
	toolrt.AddTools(s, tools)
	return toolrttest.Connect(t, s)
}

// TestFilledTemplatesAreTheSnapshot: the snapshot records the templates;
// a server that fills them at start-up lists the filled texts through a
// go-sdk client, and still serves what the snapshot records. emit's
// TestEndToEnd runs it.
func TestFilledTemplatesAreTheSnapshot(t *testing.T) {
	tools, err := toolrt.Fill(templates.Tools(), map[string]string{"cluster": "prod", "region": "eu-west-1"})
	if err != nil {
		t.Fatal(err)
	}
	cs := serve(t, tools)
	toolrttest.ServesSnapshot(t, cs, "mcp_tools.json")
	served, err := toolrttest.ListTools(context.Background(), cs)
	if err != nil {
		t.Fatal(err)
	}
	pods := served[0]
	if pods.Title != "Pods of prod" || pods.Annotations.Title != "Pods of prod" || pods.Description != "Lists the pods of the prod cluster, in eu-west-1." {
		t.Errorf("list_pods is served as %q, %q, %q", pods.Title, pods.Annotations.Title, pods.Description)
	}
	if served[1].Description != "Restarts a deployment; it costs $0 {always}." {
		t.Errorf("restart is served as %q", served[1].Description)
	}
	// The tools as generated, unfilled, are the snapshot too.
	toolrttest.ServesSnapshot(t, serve(t, templates.Tools()), "mcp_tools.json")
}

// TestNotDestructiveKeepsTheDeclaredHarmless: restart declares itself
// not destructive, list_pods only reads.
func TestNotDestructiveKeepsTheDeclaredHarmless(t *testing.T) {
	if got := toolrt.NotDestructive(templates.Tools()); len(got) != 2 {
		t.Errorf("NotDestructive kept %d tools, want 2", len(got))
	}
}
