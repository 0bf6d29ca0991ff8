package tasktest

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// newServer is a server of the package's tools with their task support.
func newServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "tasktest", Version: "v1"}, nil)
	toolrt.AddTools(s, Tools())
	return s
}

// serve serves s without sessions, through a TasksHandler with opts, on
// loopback.
func serve(t *testing.T, s *mcp.Server, opts toolrt.TaskOptions) *httptest.Server {
	t.Helper()
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{Stateless: true})
	srv := httptest.NewServer(opts.Handler(h))
	t.Cleanup(srv.Close)
	return srv
}

// resultText is the text of the result a completed task inlines.
func resultText(t *testing.T, task map[string]any) string {
	t.Helper()
	res, _ := task["result"].(map[string]any)
	content, _ := res["content"].([]any)
	if len(content) == 0 {
		t.Fatalf("task %v inlines no content", task)
	}
	text, _ := content[0].(map[string]any)["text"].(string)
	return text
}

// awaitStarted polls the task id, a Work call, until the tool reports
// its first step: until then, a cancel may come before the tool runs.
func awaitStarted(c *mcptest.TaskClient, id string) map[string]any {
	c.T.Helper()
	return c.AwaitTask(id, `the tool's progress, "step 1 of 2"`, func(task map[string]any) bool {
		return task["statusMessage"] == "step 1 of 2"
	})
}

// startTask calls the tool name with args, and returns the ID of the
// task the call answers with, failing the test if it is anything else.
func startTask(c *mcptest.TaskClient, name string, args map[string]any) string {
	c.T.Helper()
	res, err := c.Call(name, args)
	if err != nil {
		c.T.Fatal(err)
	}
	return created(c.T, res)
}

// awaitCancelled waits until a Work call at gate saw its context
// cancelled, failing the test after 10s.
func awaitCancelled(t *testing.T, gate string) {
	t.Helper()
	select {
	case <-GateNamed(gate).Cancelled():
	case <-time.After(10 * time.Second):
		t.Fatal("the tool's context was not cancelled")
	}
}
