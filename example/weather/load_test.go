package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcptag/mcptag/internal/costtest"
)

// loadSessions is how many sessions TestHTTPLoad runs at once; go test
// -short runs shortLoadSessions, enough to interleave every call with
// the others' on two cores.
const loadSessions, shortLoadSessions = 50, 8

// A loadCall is one request of a session and what it must get: the text
// of a tool result (isError as said), or an error holding err.
type loadCall struct {
	name    string
	do      func(ctx context.Context, cs *mcp.ClientSession) (text string, isError bool, err error)
	text    string // a prefix of the result's text
	isError bool
	err     string // a part of the error's message, for a request that fails
}

func callTool(name string, args any) func(context.Context, *mcp.ClientSession) (string, bool, error) {
	return func(ctx context.Context, cs *mcp.ClientSession) (string, bool, error) {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
		if err != nil {
			return "", false, err
		}
		return res.Content[0].(*mcp.TextContent).Text, res.IsError, nil
	}
}

func readResource(uri string) func(context.Context, *mcp.ClientSession) (string, bool, error) {
	return func(ctx context.Context, cs *mcp.ClientSession) (string, bool, error) {
		res, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: uri})
		if err != nil {
			return "", false, err
		}
		return res.Contents[0].Text, false, nil
	}
}

// loadCalls mix good calls with the hostile ones that once cost far more
// than their size: resource URIs full of commas, number literals that
// took exact arithmetic, path segments that climb out of a directory.
func loadCalls() []loadCall {
	commas := "weather://" + strings.Repeat("a,", 4000) + "/current"
	long := `{"city":"London","days":1` + strings.Repeat("0", 100_000) + `}`
	return []loadCall{
		{name: "temperature", do: callTool("get_temperature", map[string]any{"city": "London"}), text: "16"},
		{name: "forecast", do: callTool("get_forecast", map[string]any{"city": "Cairo", "days": "2"}), text: `{"temperature":34.1`},
		{name: "forecast, days null", do: callTool("get_forecast", json.RawMessage(`{"city":"Cairo","days":null}`)), text: `{"temperature":34.1`},
		{name: "temperatures", do: callTool("get_temperatures", map[string]any{"cities": []string{"London", "Cairo"}}), text: `{"Cairo":34.1,"London":16.2}`},
		{name: "current", do: readResource("weather://London/current"), text: `{"temperature":16.2`},
		{name: "cities", do: readResource("weather://cities"), text: `["Cairo","London","Reykjavik"]`},
		{name: "long number", do: callTool("get_forecast", json.RawMessage(long)), isError: true,
			text: `get_forecast: argument "days": want a number of at most 512 characters`},
		{name: "tiny exponent", do: callTool("get_forecast", json.RawMessage(`{"city":"London","days":1e-999999}`)), isError: true,
			text: `get_forecast: argument "days": want integer, got 1e-999999`},
		{name: "unique cities", do: callTool("get_temperatures", json.RawMessage(`{"cities":["London","Lon\u0064on"]}`)), isError: true,
			text: `get_temperatures: argument "cities": want unique items`},
		{name: "huge exponents", do: callTool("get_temperatures", json.RawMessage(`{"cities":[1e999999,1e999998]}`)), isError: true,
			text: `get_temperatures: argument "cities[0]": want string`},
		{name: "commas", do: readResource(commas), err: "Resource not found"},
		{name: "traversal", do: readResource("weather://..%2F..%2Fetc%2Fpasswd/current"), err: `want one path segment`},
		{name: "dot dot", do: readResource("weather://%2E%2E/current"), err: `want one path segment`},
		{name: "not UTF-8", do: readResource("weather://%FF/current"), err: `not UTF-8 once decoded`},
		{name: "too long", do: readResource("weather://" + strings.Repeat("a", limits().URIBytes) + "/current"), err: "URI too long"},
	}
}

// check runs c and says how its outcome differs from what it must be.
func (c loadCall) check(ctx context.Context, cs *mcp.ClientSession) error {
	text, isError, err := c.do(ctx, cs)
	switch {
	case c.err != "":
		var rpc *jsonrpc.Error
		if !errors.As(err, &rpc) || rpc.Code != jsonrpc.CodeInvalidParams || !strings.Contains(rpc.Message, c.err) {
			return fmt.Errorf("%s: error %v, want invalid params holding %q", c.name, err, c.err)
		}
	case err != nil:
		return fmt.Errorf("%s: %v", c.name, err)
	case isError != c.isError || !strings.HasPrefix(text, c.text):
		return fmt.Errorf("%s: %.80q (isError %v), want %q (isError %v)", c.name, text, isError, c.text, c.isError)
	}
	return nil
}

// TestHTTPLoad runs 50 sessions at once over streamable HTTP, each
// making every good and hostile call of loadCalls in its own order: each
// gets exactly its answer, the sessions all close, and the server's and
// the clients' goroutines go back to what they were before.
func TestHTTPLoad(t *testing.T) {
	clients := loadSessions
	if testing.Short() {
		clients = shortLoadSessions
	}
	server := newServer()
	ts := httptest.NewServer(newHTTPHandler(server, 0))
	defer ts.Close()
	transport := &http.Transport{MaxIdleConnsPerHost: clients}
	client := &http.Client{Transport: transport}
	baseline := runtime.NumGoroutine()

	calls := loadCalls()
	errs := make(chan error, clients*len(calls))
	var wg sync.WaitGroup
	for i := range clients {
		wg.Go(func() {
			ctx := context.Background()
			c := mcp.NewClient(&mcp.Implementation{Name: fmt.Sprintf("load-%d", i), Version: "v0"}, nil)
			cs, err := c.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: ts.URL, HTTPClient: client}, nil)
			if err != nil {
				errs <- fmt.Errorf("session %d: %v", i, err)
				return
			}
			defer cs.Close()
			for j := range calls {
				if err := calls[(i+j)%len(calls)].check(ctx, cs); err != nil {
					errs <- fmt.Errorf("session %d: %v", i, err)
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}

	transport.CloseIdleConnections()
	deadline := time.Now().Add(hangGuard)
	for sessions(server) > 0 || runtime.NumGoroutine() > baseline {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<20)
			t.Fatalf("%d sessions open, %d goroutines, %d before the sessions:\n%s",
				sessions(server), runtime.NumGoroutine(), baseline, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestTemplateCost reads the example's template through the server with
// a URI whose variable is a list of commas, each of which once cost the
// matcher a copy of its captures at every character, and with a good URI
// of the same size: the hostile read costs at most three times the good
// one, each the best of several rounds (costtest.Compare).
func TestTemplateCost(t *testing.T) {
	if testing.Short() {
		t.Skip("measures costs")
	}
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	if _, err := newServer().Connect(ctx, st, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "cost", Version: "v0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	const n = 8000
	read := func(uri string) func() {
		return func() { cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: uri}) }
	}
	good := read("weather://" + strings.Repeat("a", n) + "/current")
	hostile := read("weather://" + strings.Repeat("a,", n/2) + "/current")
	g, h := costtest.Compare(3, good, hostile)
	t.Logf("good %v, hostile %v: %.2fx", g, h, float64(h)/float64(g))
	if float64(h) > 3*float64(g) {
		t.Errorf("a read of %d commas costs %v, %.1fx a good read of the same size (%v)", n/2, h, float64(h)/float64(g), g)
	}
}
