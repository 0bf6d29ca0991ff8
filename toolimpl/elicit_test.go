package toolimpl_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/mcptag/mcptag/toolimpl"
	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// pick is a form with a required integer from 1 to 3.
var pick = &toolimpl.Form{
	Name:   "Pick",
	Schema: json.RawMessage(`{"type":"object","properties":{"n":{"type":"integer","minimum":1,"maximum":3}},"required":["n"]}`),
	Spec: &toolimpl.Spec{Tool: "Pick form", Strict: true, Args: []toolimpl.Arg{
		{Name: "n", Required: true, Kind: toolimpl.KindInteger, Rules: []toolimpl.Rule{{Op: toolimpl.Minimum, Num: 1}, {Op: toolimpl.Maximum, Num: 3}}},
	}},
}

// pickSession serves a tool "pick" that asks for the form pick, returning
// its error wrapped, and connects a client on protocol 2026-07-28 that
// declares elicitation but answers no input request itself: each call
// returns what the server sends.
func pickSession(t *testing.T) *mcp.ClientSession {
	t.Helper()
	return pickSessionWith(t, formClient, toolimpl.Error)
}

// formClient declares elicitation in forms.
var formClient = &mcp.ClientCapabilities{Elicitation: &mcp.ElicitationCapabilities{}}

// pickSessionWith is pickSession with a client that declares caps, whose
// tool makes its result of the error of Elicit, wrapped, with onErr.
func pickSessionWith(t *testing.T, caps *mcp.ClientCapabilities, onErr func(error) *mcp.CallToolResult) *mcp.ClientSession {
	t.Helper()
	server := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "v0"}, nil)
	server.AddTool(&mcp.Tool{Name: "pick", InputSchema: json.RawMessage(`{"type":"object"}`)}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var v struct{ N int }
		ok, err := pick.Elicit(ctx, req, "Pick one", &v)
		if err != nil {
			return onErr(fmt.Errorf("picking: %w", err)), nil
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprint(ok, v.N)}}}, nil
	})
	cs := mcptest.Connect(t, server, &mcp.ClientOptions{Capabilities: caps, MultiRoundTrip: &mcp.MultiRoundTripOptions{Disabled: true}})
	if v := cs.InitializeResult().ProtocolVersion; v != "2026-07-28" {
		t.Fatalf("protocol %s, want 2026-07-28", v)
	}
	return cs
}

func callPick(t *testing.T, cs *mcp.ClientSession, responses mcp.InputResponseMap, state string) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "pick", InputResponses: responses, RequestState: state})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestElicitInputRequired: on 2026-07-28 the first call, the tool's error
// wrapping Form.Elicit's, is the result that asks for the form (Error
// sees through the wrapping); the call again with the answer gets it,
// checked: an answer the form forbids is an error, a declined form is
// not ok.
func TestElicitInputRequired(t *testing.T) {
	cs := pickSession(t)
	first := callPick(t, cs, nil, "")
	if !first.NeedsInput() || first.IsError || len(first.InputRequests) != 1 || first.RequestState == "" {
		t.Fatalf("first call: %+v, want one input request and a state", first)
	}
	var key string
	for k, r := range first.InputRequests {
		key = k
		p, ok := r.(*mcp.ElicitParams)
		if !ok || p.Message != "Pick one" || p.Mode != "form" || !strings.HasPrefix(k, "Pick.") {
			t.Fatalf("input request %q: %#v", k, r)
		}
	}
	for _, tc := range []struct {
		answer *mcp.ElicitResult
		want   string
		error  bool
	}{
		{&mcp.ElicitResult{Action: "accept", Content: map[string]any{"n": 2}}, "true 2", false},
		{&mcp.ElicitResult{Action: "decline"}, "false 0", false},
		{&mcp.ElicitResult{Action: "cancel"}, "false 0", false},
		{&mcp.ElicitResult{Action: "accept", Content: map[string]any{"n": 4}}, `picking: Pick form: argument "n": want at most 3, got 4`, true},
		{&mcp.ElicitResult{Action: "accept", Content: map[string]any{"n": "2"}}, `picking: Pick form: argument "n": want integer, got "2"`, true},
		{&mcp.ElicitResult{Action: "accept"}, `picking: Pick form: missing required argument "n"`, true},
		{&mcp.ElicitResult{Action: "accept", Content: map[string]any{"n": 1, "m": 1}}, `picking: Pick form: unknown argument "m"; the arguments are "n"`, true},
		{&mcp.ElicitResult{Action: "maybe"}, `picking: Pick: the client answered the form with the action "maybe"; want accept, decline or cancel`, true},
	} {
		res := callPick(t, cs, mcp.InputResponseMap{key: tc.answer}, first.RequestState)
		if got := res.Content[0].(*mcp.TextContent).Text; res.IsError != tc.error || got != tc.want {
			t.Errorf("%+v: isError=%v %q, want isError=%v %q", tc.answer, res.IsError, got, tc.error, tc.want)
		}
	}
}

// TestElicitInputRequiredByHand: the error of Form.Elicit is a
// *toolrt.InputRequired, so a handler written by hand, which knows only
// toolrt, finds it and answers with its Result.
func TestElicitInputRequiredByHand(t *testing.T) {
	cs := pickSessionWith(t, formClient, func(err error) *mcp.CallToolResult {
		if ir, ok := errors.AsType[*toolrt.InputRequired](err); ok {
			return ir.Result()
		}
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}
	})
	if res := callPick(t, cs, nil, ""); !res.NeedsInput() || res.IsError || len(res.InputRequests) != 1 {
		t.Fatalf("first call: %+v, want one input request", res)
	}
}

// TestElicitRequestState: an answer the client sent in an earlier round
// comes back in the request state; a response to a request the server
// did not make is ignored, and without a state the form is asked again.
func TestElicitRequestState(t *testing.T) {
	cs := pickSession(t)
	first := callPick(t, cs, nil, "")
	var key string
	for k := range first.InputRequests {
		key = k
	}
	// The client answers another request than the one asked: the form is
	// asked again, with a new state.
	second := callPick(t, cs, mcp.InputResponseMap{"other": &mcp.ElicitResult{Action: "accept", Content: map[string]any{"x": 1}}}, first.RequestState)
	if !second.NeedsInput() || second.RequestState == "" {
		t.Fatalf("second call: %+v, want the form asked again, with a state", second)
	}
	for _, state := range []string{"", second.RequestState} {
		if res := callPick(t, cs, nil, state); !res.NeedsInput() {
			t.Errorf("state %q: %+v, want the form asked again", state, res)
		}
	}
	if res := callPick(t, cs, mcp.InputResponseMap{key: &mcp.ElicitResult{Action: "accept", Content: map[string]any{"n": 3}}}, ""); !res.NeedsInput() {
		t.Errorf("an answer without the state that asked for it was taken: %+v", res)
	}
	answered := callPick(t, cs, mcp.InputResponseMap{key: &mcp.ElicitResult{Action: "accept", Content: map[string]any{"n": 3}}}, second.RequestState)
	if got := answered.Content[0].(*mcp.TextContent).Text; got != "true 3" {
		t.Errorf("answered with a state: %q", got)
	}
}

// TestElicitNeedsRequest: a form is asked in a tool call.
func TestElicitNeedsRequest(t *testing.T) {
	var v struct{ N int }
	_, err := pick.Elicit(context.Background(), nil, "Pick one", &v)
	if err == nil || !strings.Contains(err.Error(), "want its *mcp.CallToolRequest") {
		t.Errorf("err = %v", err)
	}
}

// TestErrorOfInputRequired: Error of an error that is no InputRequired
// is a tool error, as before.
func TestErrorOfInputRequired(t *testing.T) {
	res := toolimpl.Error(errors.New("boom"))
	if !res.IsError || res.InputRequests != nil || res.Content[0].(*mcp.TextContent).Text != "boom" {
		t.Errorf("Error(boom) = %+v", res)
	}
}

// TestCacheReads: the hints are set on a result that has none, kept on
// one whose handler set its own, and an error passes through.
func TestCacheReads(t *testing.T) {
	ctx := context.Background()
	req := &mcp.ReadResourceRequest{Params: &mcp.ReadResourceParams{URI: "x://a"}}
	for _, tc := range []struct {
		own  mcp.Cacheable
		want mcp.Cacheable
	}{
		{mcp.Cacheable{}, mcp.Cacheable{TTLMs: 5000, CacheScope: "private"}},
		{mcp.Cacheable{TTLMs: 7}, mcp.Cacheable{TTLMs: 7}},
		{mcp.Cacheable{CacheScope: "public"}, mcp.Cacheable{CacheScope: "public"}},
	} {
		read := func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Cacheable: tc.own}, nil
		}
		// What files of version 3 call, and what later ones do.
		for _, h := range []mcp.ResourceHandler{
			toolimpl.CacheReads(read, 5000, "private"),
			toolimpl.CacheReadsFor(read, 5*time.Second, toolimpl.CachePrivate),
		} {
			res, err := h(ctx, req)
			if err != nil || res.Cacheable != tc.want {
				t.Errorf("own %+v: %+v %v, want %+v", tc.own, res.Cacheable, err, tc.want)
			}
		}
	}
	boom := errors.New("boom")
	h := toolimpl.CacheReads(func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) { return nil, boom }, 5000, "")
	if res, err := h(ctx, req); res != nil || err != boom {
		t.Errorf("an error: %v %v", res, err)
	}
}
