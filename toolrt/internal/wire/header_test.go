package wire

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// statelessURL serves a new server over streamable HTTP without
// sessions, answering with JSON, and returns its address; checked puts
// toolrt.CheckHeaders in front of it.
func statelessURL(t *testing.T, checked bool) string {
	t.Helper()
	server := newServer()
	var h http.Handler = mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, &mcp.StreamableHTTPOptions{Stateless: true, JSONResponse: true})
	if checked {
		h = toolrt.CheckHeaders(h, Tools())
	}
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	return ts.URL
}

// rpcReply is what a raw call reads of the response.
type rpcReply struct {
	status int
	ID     json.RawMessage `json:"id"`
	Error  *struct {
		Code    int64  `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
	Result json.RawMessage `json:"result"`
}

// postAct sends act the arguments args as protocol version declares it
// (2026-07-28 with its _meta and standard headers), with the parameter
// headers params, each name's values in turn.
func postAct(t *testing.T, url, version string, args map[string]any, params map[string][]string) rpcReply {
	t.Helper()
	p := map[string]any{"name": "act", "arguments": args}
	if version >= "2026-07-28" {
		p["_meta"] = map[string]any{"io.modelcontextprotocol/protocolVersion": version, "io.modelcontextprotocol/clientCapabilities": map[string]any{}}
	}
	body, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": p})
	if err != nil {
		t.Fatal(err)
	}
	req, err := http.NewRequest("POST", url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Protocol-Version", version)
	req.Header.Set("Mcp-Method", "tools/call")
	req.Header.Set("Mcp-Name", "act")
	for name, values := range params {
		for _, v := range values {
			req.Header.Add("Mcp-Param-"+name, v)
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	r := rpcReply{status: resp.StatusCode}
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatalf("the reply %q (%d): %v", data, resp.StatusCode, err)
	}
	return r
}

const modern, older = "2026-07-28", "2025-11-25"

// TestHeadersRefused: a call whose parameter headers are not the only
// ones of their names, or differ from its arguments in any form, is
// refused with the protocol's header mismatch error before the tool
// runs, whatever protocol version it declares. Behind
// toolrt.CheckHeaders every refusal is HTTP 400, as the protocol asks;
// without it, only those the go-sdk makes itself are, and the generated
// handler's are sent with 200.
func TestHeadersRefused(t *testing.T) {
	for _, checked := range []bool{false, true} {
		t.Run(map[bool]string{false: "handler", true: "CheckHeaders"}[checked], func(t *testing.T) {
			testHeadersRefused(t, checked)
		})
	}
}

func testHeadersRefused(t *testing.T, checked bool) {
	url := statelessURL(t, checked)
	alice5 := map[string]any{"user": "alice", "count": 5}
	h := func(kv ...string) map[string][]string {
		m := map[string][]string{}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i]] = append(m[kv[i]], kv[i+1])
		}
		return m
	}
	for _, tc := range []struct {
		name    string
		version string
		args    map[string]any
		headers map[string][]string
		sdk     bool // the go-sdk refuses it itself
	}{
		{"duplicate", modern, alice5, h("User", "alice", "User", "bob", "Count", "5"), false},
		{"duplicate, equal", modern, alice5, h("User", "alice", "User", "alice", "Count", "5"), false},
		{"mismatch", modern, alice5, h("User", "bob", "Count", "5"), true},
		{"downgraded", older, map[string]any{"user": "bob", "count": 5}, h("User", "alice"), false},
		{"downgraded integer", older, alice5, h("Count", "6"), false},
		{"plus", modern, alice5, h("User", "alice", "Count", "+5"), false},
		{"hex float", modern, alice5, h("User", "alice", "Count", "0x5p0"), false},
		{"rounded", modern, alice5, h("User", "alice", "Count", "4.9999999999999999"), false},
		{"leading zero", modern, alice5, h("User", "alice", "Count", "05"), false},
		{"fraction", modern, alice5, h("User", "alice", "Count", "5.0"), false},
		{"exponent", modern, alice5, h("User", "alice", "Count", "5e0"), false},
		{"minus zero", modern, map[string]any{"user": "alice", "count": 0}, h("User", "alice", "Count", "-0"), false},
		{"boolean True", modern, map[string]any{"user": "alice", "count": 5, "dry": true}, h("User", "alice", "Count", "5", "Dry", "True"), true},
		{"boolean 1", older, map[string]any{"user": "alice", "count": 5, "dry": true}, h("Dry", "1"), false},
		{"absent argument", older, alice5, h("Dry", "false"), false},
		{"bad base64", older, alice5, h("User", "=?base64?***?="), false},
	} {
		r := postAct(t, url, tc.version, tc.args, tc.headers)
		if r.Error == nil || r.Error.Code != mcp.CodeHeaderMismatch {
			t.Errorf("%s: %+v %s, want the error %d", tc.name, r.Error, r.Result, mcp.CodeHeaderMismatch)
		}
		if wantStatus := map[bool]int{true: http.StatusBadRequest, false: http.StatusOK}[tc.sdk || checked]; r.status != wantStatus {
			t.Errorf("%s: HTTP %d, want %d", tc.name, r.status, wantStatus)
		}
		if string(r.ID) != "1" {
			t.Errorf("%s: the error answers the id %s, want 1", tc.name, r.ID)
		}
		if got := takeActed(); len(got) > 0 {
			t.Errorf("%s: the tool ran: %+v", tc.name, got)
		}
	}
}

// TestHeadersAccepted: headers equal to the arguments, in the forms the
// protocol sends, let the call run, on either version; so does a call
// without them on the older one.
func TestHeadersAccepted(t *testing.T) {
	for _, checked := range []bool{false, true} {
		testHeadersAccepted(t, statelessURL(t, checked))
	}
}

func testHeadersAccepted(t *testing.T, url string) {
	for _, tc := range []struct {
		name    string
		version string
		args    map[string]any
		headers map[string][]string
	}{
		{"all", modern, map[string]any{"user": "alice", "count": -5, "dry": true}, map[string][]string{"User": {"alice"}, "Count": {"-5"}, "Dry": {"true"}}},
		{"zero", modern, map[string]any{"user": "alice", "count": 0}, map[string][]string{"User": {"alice"}, "Count": {"0"}}},
		{"base64", modern, map[string]any{"user": " ünï", "count": 1}, map[string][]string{"User": {"=?base64?IMO8bsOv?="}, "Count": {"1"}}},
		// Only a value that starts with =?base64? too is base64.
		{"ends as base64", modern, map[string]any{"user": "who?=", "count": 1}, map[string][]string{"User": {"who?="}, "Count": {"1"}}},
		{"older, matching", older, map[string]any{"user": "alice", "count": 5}, map[string][]string{"User": {"alice"}}},
		{"older, none", older, map[string]any{"user": "alice", "count": 5}, nil},
	} {
		r := postAct(t, url, tc.version, tc.args, tc.headers)
		if r.Error != nil || r.status != http.StatusOK {
			t.Errorf("%s: HTTP %d %+v, want the call run", tc.name, r.status, r.Error)
		}
		if got := takeActed(); len(got) != 1 || got[0].User != tc.args["user"] {
			t.Errorf("%s: ran %+v", tc.name, got)
		}
	}
}

// TestSDKClientHeaderValues: a go-sdk client on protocol 2026-07-28 calls
// act with users whose headers it sends verbatim though they end in ?=,
// or base64-encoded; each call runs, with and without CheckHeaders.
func TestSDKClientHeaderValues(t *testing.T) {
	for _, checked := range []bool{false, true} {
		handler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return newServer() }, &mcp.StreamableHTTPOptions{Stateless: true})
		var h http.Handler = handler
		if checked {
			h = toolrt.CheckHeaders(h, Tools())
		}
		cs, sent := mcptest.HTTPSession(t, h, &mcptest.User{}, nil)
		for _, user := range []string{"what?=", "aGk=?=", "?=", "=?BASE64?abc?=", "=?base64?literal?=", " ünï"} {
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "act", Arguments: map[string]any{"user": user, "count": 1}})
			if err != nil || res.IsError {
				t.Errorf("checked %t: act as %q (Mcp-Param-User %q): %v %+v", checked, user, sent("act").Get("Mcp-Param-User"), err, res)
			}
			if got := takeActed(); len(got) != 1 || got[0].User != user {
				t.Errorf("checked %t: act as %q ran %+v", checked, user, got)
			}
		}
	}
}

// TestHeaderArgumentNotFolded: an enum argument that travels in a
// parameter header is taken only as spelled. A go-sdk client calling
// act_for with the tenant "acme", or "Kelvin" written with the Kelvin
// sign (U+212A), sends it in the body and in Mcp-Param-Tenant alike, so
// both checks of the header pass; but the tool would act for ACME or
// KELVIN, which a gateway routing on the header never saw. The call is
// refused before the tool runs, and the tenants as spelled act.
func TestHeaderArgumentNotFolded(t *testing.T) {
	for _, checked := range []bool{false, true} {
		var h http.Handler = mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return newServer() }, &mcp.StreamableHTTPOptions{Stateless: true})
		if checked {
			h = toolrt.CheckHeaders(h, Tools())
		}
		cs, sent := mcptest.HTTPSession(t, h, &mcptest.User{}, nil)
		for _, tenant := range []string{"acme", "Acme", "\u212Aelvin", "\u212AELVIN"} {
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "act_for", Arguments: map[string]any{"tenant": tenant}})
			if got := sent("act_for").Get("Mcp-Param-Tenant"); got == "" {
				t.Fatalf("the client sent no Mcp-Param-Tenant for %q", tenant)
			}
			if err != nil || !res.IsError || !strings.Contains(strings.Join(mcptest.Texts(res), ""), "as spelled") {
				t.Errorf("checked %t: act_for %q: %v %+v, want a tool error", checked, tenant, err, res)
			}
			if got := takeTenants(); len(got) > 0 {
				t.Errorf("checked %t: act_for %q acted for %q", checked, tenant, got)
			}
		}
		for _, tenant := range []Tenant{TenantAcme, TenantKelvin} {
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "act_for", Arguments: map[string]any{"tenant": tenant}})
			if err != nil || res.IsError {
				t.Errorf("checked %t: act_for %q: %v %+v", checked, tenant, err, res)
			}
			if got := takeTenants(); len(got) != 1 || got[0] != tenant {
				t.Errorf("checked %t: act_for %q acted for %q", checked, tenant, got)
			}
		}
	}
}
