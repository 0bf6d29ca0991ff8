package mcptest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcptag/mcptag/toolrt"
)

// A TaskClient speaks protocol 2026-07-28 to a server over HTTP, without
// sessions, declaring the tasks extension or not: the go-sdk's client
// knows no task method. Its results are the JSON-RPC results as maps.
type TaskClient struct {
	T     testing.TB
	URL   string
	Tasks bool   // declares the extension
	Token string // a bearer token, "" for none
}

// An ErrorResponse is a JSON-RPC error response, with the HTTP status it
// came with.
type ErrorResponse struct {
	Code    int64           `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data"`
	Status  int             `json:"-"`
}

func (e *ErrorResponse) Error() string {
	return fmt.Sprintf("%d %s (HTTP %d)", e.Code, e.Message, e.Status)
}

// Do sends the request method with params, which it gives the _meta of
// protocol 2026-07-28 (merged with any _meta of params'), and returns its
// result or its error. header is pairs of HTTP header names and values
// set on the request after the protocol's own.
func (c *TaskClient) Do(method string, params map[string]any, header ...string) (map[string]any, *ErrorResponse) {
	c.T.Helper()
	params["_meta"] = c.meta(params)
	body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
	req, _ := http.NewRequest(http.MethodPost, c.URL, bytes.NewReader(body))
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
	if c.Token != "" {
		req.Header.Set("Authorization", "Bearer "+c.Token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.T.Fatalf("%s: %v", method, err)
	}
	defer resp.Body.Close()
	var msg struct {
		Result map[string]any `json:"result"`
		Error  *ErrorResponse `json:"error"`
	}
	if err := json.Unmarshal(lastMessage(c.T, resp), &msg); err != nil {
		c.T.Fatalf("%s: the response: %v", method, err)
	}
	if msg.Error != nil {
		msg.Error.Status = resp.StatusCode
		return nil, msg.Error
	}
	return msg.Result, nil
}

// meta is the _meta of a request of protocol 2026-07-28 with params: the
// client's version, capabilities (forms, and the tasks extension if it
// declares it) and name, and params' own _meta.
func (c *TaskClient) meta(params map[string]any) map[string]any {
	meta := RequestMeta(c.Tasks)
	if m, ok := params["_meta"].(map[string]any); ok {
		for k, v := range m {
			meta[k] = v
		}
	}
	return meta
}

// RequestMeta is the _meta of a request of protocol 2026-07-28: the
// client's version, capabilities (forms, and the tasks extension if
// tasks) and name.
func RequestMeta(tasks bool) map[string]any {
	caps := map[string]any{"elicitation": map[string]any{"form": map[string]any{}}}
	if tasks {
		caps["extensions"] = map[string]any{toolrt.TasksExtension: map[string]any{}}
	}
	return map[string]any{
		"io.modelcontextprotocol/protocolVersion":    "2026-07-28",
		"io.modelcontextprotocol/clientCapabilities": caps,
		"io.modelcontextprotocol/clientInfo":         map[string]any{"name": "mcptest", "version": "1"},
	}
}

// lastMessage is the response's JSON-RPC message: its body, or the last
// event of its stream.
func lastMessage(t testing.TB, resp *http.Response) []byte {
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

// Must is Do, failing the test on an error.
func (c *TaskClient) Must(method string, params map[string]any) map[string]any {
	c.T.Helper()
	res, err := c.Do(method, params)
	if err != nil {
		c.T.Fatalf("%s: %v", method, err)
	}
	return res
}

// Call calls the tool name with args.
func (c *TaskClient) Call(name string, args map[string]any) (map[string]any, *ErrorResponse) {
	c.T.Helper()
	return c.Do("tools/call", map[string]any{"name": name, "arguments": args})
}

// Get returns the task id as tasks/get reports it.
func (c *TaskClient) Get(id string) map[string]any {
	c.T.Helper()
	return c.Must("tasks/get", map[string]any{"taskId": id})
}

// Await polls the task id until its status is one of statuses, and
// returns it then; the test fails if it is not within 10 seconds.
func (c *TaskClient) Await(id string, statuses ...string) map[string]any {
	c.T.Helper()
	return c.AwaitTask(id, fmt.Sprintf("status one of %v", statuses), func(task map[string]any) bool {
		for _, s := range statuses {
			if task["status"] == s {
				return true
			}
		}
		return false
	})
}

// AwaitTask polls the task id until done reports true of it, and returns
// it then; the test fails, saying it wanted want, if it is not within 10
// seconds.
func (c *TaskClient) AwaitTask(id, want string, done func(task map[string]any) bool) map[string]any {
	c.T.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		task := c.Get(id)
		if done(task) {
			return task
		}
		if time.Now().After(deadline) {
			c.T.Fatalf("task %s after 10s: %v; want %s", id, task, want)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
