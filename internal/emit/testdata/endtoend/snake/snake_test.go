package snake_test

import (
	"testing"

	"github.com/mcptag/mcptag/internal/emit/testdata/endtoend/snake"
	"github.com/mcptag/mcptag/internal/mcptest"
)

// TestSnakeCaseArguments calls the tools through a go-sdk client by the
// names their arguments have on the wire: snake case under the package's
// -args=snake, the source's under a tool's args=go; a name the tool does
// not take is refused. emit's TestEndToEnd runs it.
func TestSnakeCaseArguments(t *testing.T) {
	cs := mcptest.Session(t, snake.RegisterTools)
	mcptest.ServesSnapshot(t, cs, "mcp_tools.json")
	mcptest.Run(t, cs, []mcptest.Call{
		{Tool: "start_run", Args: map[string]any{"run_id": "r1", "http_server": "h", "dry_run": true},
			Structured: `{"result":"run r1 on h, dry true"}`, Texts: []string{"run r1 on h, dry true"}},
		{Tool: "start_run", Args: map[string]any{"run_id": "r2", "http_server": "h"},
			Structured: `{"result":"run r2 on h, dry false"}`, Texts: []string{"run r2 on h, dry false"}},
		{Tool: "start_run", Args: map[string]any{"runID": "r1", "http_server": "h"}, IsError: true,
			Texts: []string{`start_run: unknown argument "runID" (did you mean "run_id"?)`}},
		{Tool: "get_run", Args: map[string]any{"runID": "r3"}, Structured: `{"result":"run r3"}`, Texts: []string{"run r3"}},
		{Tool: "get_run", Args: map[string]any{"run_id": "r3"}, IsError: true,
			Texts: []string{`get_run: unknown argument "run_id" (did you mean "runID"?)`}},
	})
	schemas := mcptest.InputSchemas(t, cs)
	if got := schemas["start_run"].Raw.Properties["run_id"].Description; got != "the run to start" {
		t.Errorf("run_id described as %q, want %q", got, "the run to start")
	}
}

// TestClientSendsWireNames calls the tools through the generated typed
// client, which sends each plain parameter by its wire name: snake case
// for start_run, the source's for get_run.
func TestClientSendsWireNames(t *testing.T) {
	c := snake.NewClient(mcptest.Session(t, snake.RegisterTools))
	dry := true
	if got, err := c.StartRun(t.Context(), "r1", "h", &dry); err != nil || got != "run r1 on h, dry true" {
		t.Errorf("StartRun: %q, %v", got, err)
	}
	if got, err := c.GetRun(t.Context(), "r3"); err != nil || got != "run r3" {
		t.Errorf("GetRun: %q, %v", got, err)
	}
}
