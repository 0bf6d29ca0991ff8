package tasktest

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A client speaks protocol 2026-07-28 to a server over HTTP, declaring
// the tasks extension or not (mcptest.TaskClient).
type client struct {
	t     *testing.T
	url   string
	tasks bool   // declares the extension
	token string // a bearer token, "" for none
}

// An rpcError is a JSON-RPC error response, with the HTTP status it came
// with.
type rpcError = mcptest.ErrorResponse

func (c *client) raw() *mcptest.TaskClient {
	return &mcptest.TaskClient{T: c.t, URL: c.url, Tasks: c.tasks, Token: c.token}
}

// do sends the request method with params, which it gives the _meta of
// protocol 2026-07-28, and returns its result or its error.
func (c *client) do(method string, params map[string]any, header ...string) (map[string]any, *rpcError) {
	c.t.Helper()
	return c.raw().Do(method, params, header...)
}

// must is do, failing the test on an error.
func (c *client) must(method string, params map[string]any) map[string]any {
	c.t.Helper()
	return c.raw().Must(method, params)
}

// call calls the tool name with args.
func (c *client) call(name string, args map[string]any) (map[string]any, *rpcError) {
	c.t.Helper()
	return c.raw().Call(name, args)
}

// get returns the task id as tasks/get reports it.
func (c *client) get(id string) map[string]any {
	c.t.Helper()
	return c.raw().Get(id)
}

// await polls the task id until its status is one of statuses, and
// returns it then.
func (c *client) await(id string, statuses ...string) map[string]any {
	c.t.Helper()
	return c.raw().Await(id, statuses...)
}

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
func (c *client) awaitStarted(id string) map[string]any {
	c.t.Helper()
	return c.raw().AwaitTask(id, `the tool's progress, "step 1 of 2"`, func(task map[string]any) bool {
		return task["statusMessage"] == "step 1 of 2"
	})
}
