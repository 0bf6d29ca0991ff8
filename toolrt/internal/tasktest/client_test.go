package tasktest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A client speaks protocol 2026-07-28 to a server over HTTP, declaring
// the tasks extension or not: the go-sdk's client knows no task method.
type client struct {
	t     *testing.T
	url   string
	tasks bool   // declares the extension
	token string // a bearer token, "" for none
}

// An rpcError is a JSON-RPC error response, with the HTTP status it came
// with.
type rpcError struct {
	Code    int64           `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data"`
	status  int
}

func (e *rpcError) Error() string { return fmt.Sprintf("%d %s (HTTP %d)", e.Code, e.Message, e.status) }

// do sends the request method with params, which it gives the _meta of
// protocol 2026-07-28, and returns its result or its error.
func (c *client) do(method string, params map[string]any, header ...string) (map[string]any, *rpcError) {
	c.t.Helper()
	caps := map[string]any{"elicitation": map[string]any{"form": map[string]any{}}}
	if c.tasks {
		caps["extensions"] = map[string]any{toolrt.TasksExtension: map[string]any{}}
	}
	meta := map[string]any{
		"io.modelcontextprotocol/protocolVersion":    "2026-07-28",
		"io.modelcontextprotocol/clientCapabilities": caps,
		"io.modelcontextprotocol/clientInfo":         map[string]any{"name": "tasktest", "version": "1"},
	}
	if m, ok := params["_meta"].(map[string]any); ok {
		for k, v := range m {
			meta[k] = v
		}
	}
	params["_meta"] = meta
	body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
	req, _ := http.NewRequest(http.MethodPost, c.url, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Protocol-Version", "2026-07-28")
	req.Header.Set("Mcp-Method", method)
	if name, ok := params["name"].(string); ok {
		req.Header.Set("Mcp-Name", name)
	}
	if id, ok := params["taskId"].(string); ok {
		req.Header.Set("Mcp-Name", id)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
	defer resp.Body.Close()
	var msg struct {
		Result map[string]any `json:"result"`
		Error  *rpcError      `json:"error"`
	}
	if err := json.Unmarshal(lastMessage(c.t, resp), &msg); err != nil {
		c.t.Fatalf("%s: the response: %v", method, err)
	}
	if msg.Error != nil {
		msg.Error.status = resp.StatusCode
		return nil, msg.Error
	}
	return msg.Result, nil
}

// lastMessage is the response's JSON-RPC message: its body, or the last
// event of its stream.
func lastMessage(t *testing.T, resp *http.Response) []byte {
	t.Helper()
	if !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		var buf bytes.Buffer
		buf.ReadFrom(resp.Body)
		return buf.Bytes()
	}
	var last []byte
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
			last = []byte(data)
		}
	}
	return last
}

// must is do, failing the test on an error.
func (c *client) must(method string, params map[string]any) map[string]any {
	c.t.Helper()
	res, err := c.do(method, params)
	if err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
	return res
}

// call calls the tool name with args.
func (c *client) call(name string, args map[string]any) (map[string]any, *rpcError) {
	c.t.Helper()
	return c.do("tools/call", map[string]any{"name": name, "arguments": args})
}

// get returns the task id as tasks/get reports it.
func (c *client) get(id string) map[string]any {
	c.t.Helper()
	return c.must("tasks/get", map[string]any{"taskId": id})
}

// await polls the task id until its status is one of statuses, and
// returns it then.
func (c *client) await(id string, statuses ...string) map[string]any {
	c.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		task := c.get(id)
		for _, s := range statuses {
			if task["status"] == s {
				return task
			}
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("task %s is %v after 10s, want one of %v: %v", id, task["status"], statuses, task)
		}
		time.Sleep(5 * time.Millisecond)
	}
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
	deadline := time.Now().Add(10 * time.Second)
	for {
		task := c.get(id)
		if task["statusMessage"] == "step 1 of 2" {
			return task
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("the task's status message is %v after 10s, want the tool's progress, %q", task["statusMessage"], "step 1 of 2")
		}
		time.Sleep(5 * time.Millisecond)
	}
}
