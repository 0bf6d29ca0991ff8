package wire

import (
	"bytes"
	"cmp"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/mcptag/mcptag/internal/rtlink"
	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// newServer is a server of the package's tools.
func newServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "wire", Version: "v0"}, nil)
	Register(s)
	return s
}

// memSession connects a client made with opts to a new server, in
// memory, on protocol 2026-07-28.
func memSession(t *testing.T, opts *mcp.ClientOptions) *mcp.ClientSession {
	t.Helper()
	cs := mcptest.Connect(t, newServer(), opts)
	if v := cs.InitializeResult().ProtocolVersion; v != "2026-07-28" {
		t.Fatalf("protocol %s, want 2026-07-28", v)
	}
	return cs
}

// stateful connects a go-sdk client made with opts to a new server over
// streamable HTTP with sessions: protocol 2025-11-25, where a form is
// asked while the call waits.
func stateful(t *testing.T, opts *mcp.ClientOptions) *mcp.ClientSession {
	t.Helper()
	server := newServer()
	ts := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, nil))
	t.Cleanup(ts.Close)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "v0"}, opts).Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: ts.URL}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	if v := cs.InitializeResult().ProtocolVersion; v != "2025-11-25" {
		t.Fatalf("protocol %s, want 2025-11-25", v)
	}
	return cs
}

func call(t *testing.T, cs *mcp.ClientSession, p *mcp.CallToolParams) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), p)
	if err != nil {
		t.Fatalf("%s: %v", p.Name, err)
	}
	return res
}

func structured(t *testing.T, res *mcp.CallToolResult) string {
	t.Helper()
	data, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// The two messages of one 48-bit SHA-256 prefix, found by a search of
// 2^25 messages.
const (
	first48  = "report-2013680.txt"
	second48 = "report-6409067.txt"
)

// TestFormsOfOnePrefixAskedApart: two messages whose SHA-256 share their
// first 48 bits are two forms: the user is asked both, and only the file
// confirmed is deleted, on both protocol versions.
func TestFormsOfOnePrefixAskedApart(t *testing.T) {
	a, b := sha256.Sum256([]byte("Delete the file "+first48+"?")), sha256.Sum256([]byte("Delete the file "+second48+"?"))
	if !bytes.Equal(a[:6], b[:6]) || a == b {
		t.Fatalf("the messages' digests %x and %x do not share exactly a prefix", a, b)
	}
	for name, connect := range map[string]func(*testing.T, *mcp.ClientOptions) *mcp.ClientSession{"2026-07-28": memSession, "2025-11-25": stateful} {
		t.Run(name, func(t *testing.T) {
			var user mcptest.User
			cs := connect(t, &mcp.ClientOptions{ElicitationHandler: user.Elicit})
			user.Answer(&mcp.ElicitResult{Action: "accept", Content: map[string]any{"yes": true}}, &mcp.ElicitResult{Action: "accept", Content: map[string]any{"yes": false}})
			res := call(t, cs, &mcp.CallToolParams{Name: "delete_files", Arguments: map[string]any{"names": []string{first48, second48}}})
			var asked []string
			for _, p := range user.Asked() {
				asked = append(asked, p.Message)
			}
			if want := []string{"Delete the file " + first48 + "?", "Delete the file " + second48 + "?"}; !slices.Equal(asked, want) {
				t.Errorf("asked %q, want %q", asked, want)
			}
			if got := takeDeleted(); res.IsError || !slices.Equal(got, []string{first48}) {
				t.Errorf("deleted %q (%s), want only %s", got, structured(t, res), first48)
			}
		})
	}
}

// TestFormOfClientWithoutElicitation: a client that declared no form
// elicitation is answered at once with the protocol's error for a
// missing capability, which names the capability; nothing is asked.
func TestFormOfClientWithoutElicitation(t *testing.T) {
	urlOnly := &mcp.ClientCapabilities{Elicitation: &mcp.ElicitationCapabilities{URL: &mcp.URLElicitationCapabilities{}}}
	for name, cs := range map[string]*mcp.ClientSession{
		"2026-07-28 none":     memSession(t, nil),
		"2026-07-28 url only": memSession(t, &mcp.ClientOptions{Capabilities: urlOnly}),
		"2025-11-25 none":     stateful(t, nil),
		"2025-11-25 url only": stateful(t, &mcp.ClientOptions{Capabilities: urlOnly}),
	} {
		_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "delete_files", Arguments: map[string]any{"names": []string{"a"}}})
		var rpc *jsonrpc.Error
		if !errors.As(err, &rpc) || rpc.Code != mcp.CodeMissingRequiredClientCapabilities {
			t.Errorf("%s: %v, want the error %d", name, err, mcp.CodeMissingRequiredClientCapabilities)
			continue
		}
		if want := `{"requiredCapabilities":{"elicitation":{"form":{}}}}`; string(rpc.Data) != want {
			t.Errorf("%s: data %s, want %s", name, rpc.Data, want)
		}
	}
	if got := takeDeleted(); len(got) > 0 {
		t.Errorf("deleted %q", got)
	}
}

// connectAt connects a go-sdk client made with opts, asking for protocol
// version, to a new server over streamable HTTP, stateless or with
// sessions.
func connectAt(t *testing.T, stateless bool, version string, opts *mcp.ClientOptions) *mcp.ClientSession {
	t.Helper()
	server := newServer()
	ts := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, &mcp.StreamableHTTPOptions{Stateless: stateless}))
	t.Cleanup(ts.Close)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "v0"}, opts).Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: ts.URL}, &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// TestFormOnStatelessOlderProtocol: a client on 2025-11-25 that declared
// forms, of a server without sessions, is told that its protocol has no
// session to ask on, not that it declared no capability; nothing is
// asked.
func TestFormOnStatelessOlderProtocol(t *testing.T) {
	var user mcptest.User
	cs := connectAt(t, true, "2025-11-25", &mcp.ClientOptions{ElicitationHandler: user.Elicit})
	if v := cs.InitializeResult().ProtocolVersion; v != "2025-11-25" {
		t.Fatalf("protocol %s, want 2025-11-25", v)
	}
	_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "delete_files", Arguments: map[string]any{"names": []string{"a"}}})
	var rpc *jsonrpc.Error
	if !errors.As(err, &rpc) || rpc.Code != mcp.CodeMissingRequiredClientCapabilities {
		t.Fatalf("%v, want the error %d", err, mcp.CodeMissingRequiredClientCapabilities)
	}
	want := "Confirm: protocol 2025-11-25 asks for a form on the client's session, and this server serves without sessions, so the form cannot be asked"
	if rpc.Message != want {
		t.Errorf("message %q,\nwant %q", rpc.Message, want)
	}
	if len(user.Asked()) > 0 || len(takeDeleted()) > 0 {
		t.Errorf("asked %d forms, deleted %q", len(user.Asked()), takeDeleted())
	}
}

// askingFor is a client transport that sends initialize asking for
// protocol version, whatever its client asked for: a client that asks
// for a version the server negotiates down.
type askingFor struct {
	mcp.Transport
	version string
}

func (t askingFor) Connect(ctx context.Context) (mcp.Connection, error) {
	c, err := t.Transport.Connect(ctx)
	return askingForConn{c, t.version}, err
}

type askingForConn struct {
	mcp.Connection
	version string
}

func (c askingForConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if req, ok := msg.(*jsonrpc.Request); ok && req.Method == "initialize" {
		req.Params = bytes.Replace(req.Params, []byte(`"protocolVersion":"2025-11-25"`), []byte(`"protocolVersion":"`+c.version+`"`), 1)
	}
	return c.Connection.Write(ctx, msg)
}

// TestFormOfNegotiatedVersion: a client that asks for 2026-07-28, or a
// version to come, in initialize, and is answered 2025-11-25, is asked
// for the form while the call waits, as that version asks, and its
// answer reaches the tool; it is never sent input requests it does not
// know.
func TestFormOfNegotiatedVersion(t *testing.T) {
	for _, asked := range []string{"2026-07-28", "2099-01-01"} {
		t.Run(asked, func(t *testing.T) {
			ct, st := mcp.NewInMemoryTransports()
			ss, err := newServer().Connect(context.Background(), st, nil)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { ss.Close() })
			var user mcptest.User
			user.Answer(yes)
			client := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "v0"}, &mcp.ClientOptions{
				ElicitationHandler: user.Elicit,
				MultiRoundTrip:     &mcp.MultiRoundTripOptions{Disabled: true},
			})
			cs, err := client.Connect(context.Background(), askingFor{ct, asked}, &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { cs.Close() })
			if v := cs.InitializeResult().ProtocolVersion; v != "2025-11-25" {
				t.Fatalf("negotiated %s, want 2025-11-25", v)
			}
			res := call(t, cs, &mcp.CallToolParams{Name: "delete_files", Arguments: map[string]any{"names": []string{"a"}}})
			if got := takeDeleted(); res.IsError || len(res.InputRequests) > 0 || !slices.Equal(got, []string{"a"}) {
				t.Errorf("deleted %q, %+v; want the form asked while the call waits, and a deleted", got, res)
			}
			if len(user.Asked()) != 1 {
				t.Errorf("asked %d forms, want 1", len(user.Asked()))
			}
		})
	}
	// A server whose tools are added one by one, not by toolrt.AddTools,
	// keeps the version asked for, and the go-sdk refuses to ask while
	// the call waits: the call fails, and is never answered with input
	// requests the client does not know.
	ct, st := mcp.NewInMemoryTransports()
	bare := mcp.NewServer(&mcp.Implementation{Name: "bare", Version: "v0"}, nil)
	for _, tool := range Tools() {
		bare.AddTool(tool.Tool, tool.Handler)
	}
	ss, err := bare.Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	client := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "v0"}, &mcp.ClientOptions{
		Capabilities:   &mcp.ClientCapabilities{Elicitation: &mcp.ElicitationCapabilities{}},
		MultiRoundTrip: &mcp.MultiRoundTripOptions{Disabled: true},
	})
	cs, err := client.Connect(context.Background(), askingFor{ct, "2099-01-01"}, &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	res := call(t, cs, &mcp.CallToolParams{Name: "delete_files", Arguments: map[string]any{"names": []string{"a"}}})
	if got := takeDeleted(); !res.IsError || len(res.InputRequests) > 0 || len(got) > 0 {
		t.Errorf("without toolrt.AddTools: deleted %q, %+v; want the call failed, with no input requests", got, res)
	}
}

// TestFormWithKey: a form with key= is asked under that key, by each of
// its messages in turn: the answer to the first message is not taken for
// the second, and a response under the key that the state did not ask
// for is ignored. On 2025-11-25 both are asked while the call waits.
func TestFormWithKey(t *testing.T) {
	cs := memSession(t, &mcp.ClientOptions{
		Capabilities:   &mcp.ClientCapabilities{Elicitation: &mcp.ElicitationCapabilities{}},
		MultiRoundTrip: &mcp.MultiRoundTripOptions{Disabled: true},
	})
	name := func(n string) *mcp.ElicitResult {
		return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"name": n}}
	}
	p := &mcp.CallToolParams{Name: "greet_two", InputResponses: mcp.InputResponseMap{"user_name": name("Eve")}}
	first := call(t, cs, p)
	if key := askedKey(t, first); key != "user_name" || first.InputRequests[key].(*mcp.ElicitParams).Message != "Your name?" {
		t.Fatalf("asked %v, want user_name: Your name? (Eve's answer, asked for by no state, ignored)", first.InputRequests)
	}
	p = &mcp.CallToolParams{Name: "greet_two", InputResponses: mcp.InputResponseMap{"user_name": name("Alice")}, RequestState: first.RequestState}
	second := call(t, cs, p)
	if key := askedKey(t, second); key != "user_name" || second.InputRequests[key].(*mcp.ElicitParams).Message != "Your friend's name?" {
		t.Fatalf("asked %v, want user_name: Your friend's name?", second.InputRequests)
	}
	p = &mcp.CallToolParams{Name: "greet_two", InputResponses: mcp.InputResponseMap{"user_name": name("Bob")}, RequestState: second.RequestState}
	if got := mcptest.Texts(call(t, cs, p)); !slices.Equal(got, []string{"Hello, Alice and Bob"}) {
		t.Errorf("greet_two: %q, want Hello, Alice and Bob", got)
	}

	var user mcptest.User
	user.Answer(name("Ann"), name("Ben"))
	old := stateful(t, &mcp.ClientOptions{ElicitationHandler: user.Elicit})
	if got := mcptest.Texts(call(t, old, &mcp.CallToolParams{Name: "greet_two"})); !slices.Equal(got, []string{"Hello, Ann and Ben"}) || len(user.Asked()) != 2 {
		t.Errorf("on 2025-11-25: %q, asked %d forms; want Hello, Ann and Ben, two", got, len(user.Asked()))
	}
}

// TestInputRequestsOfHandler: a go-sdk style handler that returns input
// requests of its own gets them to the client as they are (no content
// beside them, which the go-sdk refuses), and its value once answered.
func TestInputRequestsOfHandler(t *testing.T) {
	var user mcptest.User
	cs := memSession(t, &mcp.ClientOptions{ElicitationHandler: user.Elicit})
	user.Answer(&mcp.ElicitResult{Action: "accept", Content: map[string]any{"name": "Ada"}})
	res := call(t, cs, &mcp.CallToolParams{Name: "ask_name"})
	if got := structured(t, res); res.IsError || got != `{"name":"Ada"}` {
		t.Errorf("ask_name: %s, isError=%v", got, res.IsError)
	}
	if len(user.Asked()) != 1 {
		t.Errorf("asked %d forms, want 1", len(user.Asked()))
	}
}

// TestToolRPCError: a tool's *jsonrpc.Error, wrapped, reaches the client
// as that JSON-RPC error, as mcp.AddTool sends it; any other error is a
// tool error.
func TestToolRPCError(t *testing.T) {
	cs := memSession(t, nil)
	_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "refuse", Arguments: map[string]any{"code": -32021}})
	mcptest.RPCError(t, err, -32021, "refused")
	res := call(t, cs, &mcp.CallToolParams{Name: "fail"})
	if !res.IsError || mcptest.Texts(res)[0] != "failing" {
		t.Errorf("fail: %+v", res)
	}
}

// askedKey returns the key of the one input request of res.
func askedKey(t *testing.T, res *mcp.CallToolResult) string {
	t.Helper()
	if !res.NeedsInput() || len(res.InputRequests) != 1 || res.RequestState == "" {
		t.Fatalf("%+v, want one input request and a state", res)
	}
	for k := range res.InputRequests {
		return k
	}
	return ""
}

var yes = &mcp.ElicitResult{Action: "accept", Content: map[string]any{"yes": true}}

// TestRequestStateRefused: the state of a call comes back signed; a
// state altered in any way (tampered with, re-encoded, changed to say
// another answer, null) or sent with other arguments is refused with
// invalid params,
// and nothing is asked or deleted. The state signed as it was works.
func TestRequestStateRefused(t *testing.T) {
	cs := memSession(t, &mcp.ClientOptions{
		Capabilities:   &mcp.ClientCapabilities{Elicitation: &mcp.ElicitationCapabilities{}},
		MultiRoundTrip: &mcp.MultiRoundTripOptions{Disabled: true},
	})
	args := map[string]any{"names": []string{"a", "b"}}
	first := call(t, cs, &mcp.CallToolParams{Name: "delete_files", Arguments: args})
	keyA := askedKey(t, first)
	second := call(t, cs, &mcp.CallToolParams{Name: "delete_files", Arguments: args, InputResponses: mcp.InputResponseMap{keyA: yes}, RequestState: first.RequestState})
	keyB := askedKey(t, second)
	state := second.RequestState
	body, sig, _ := strings.Cut(strings.TrimPrefix(state, "mcptag.forms:"), ".")
	payload, err := base64.RawURLEncoding.DecodeString(body)
	if err != nil {
		t.Fatalf("the state %q: %v", state, err)
	}
	if !strings.Contains(string(payload), `"yes":true`) {
		t.Fatalf("the state holds %s, want a's answer", payload)
	}
	denied := strings.Replace(string(payload), `"yes":true`, `"yes":false`, 1)
	nullAnswer := strings.Replace(string(payload), `{"action":"accept","content":{"yes":true}}`, `null`, 1)
	for name, bad := range map[string]string{
		"tampered":      state + "-TAMPERED",
		"padded":        "mcptag.forms:" + body + "=." + sig,
		"re-encoded":    "mcptag.forms:" + base64.RawURLEncoding.EncodeToString([]byte(denied)) + "." + sig,
		"null answer":   "mcptag.forms:" + base64.RawURLEncoding.EncodeToString([]byte(nullAnswer)) + "." + sig,
		"null":          "mcptag.forms:" + base64.RawURLEncoding.EncodeToString([]byte("null")) + "." + sig,
		"unsigned":      "mcptag.forms:" + body,
		"not ours":      "theirs",
		"the text null": "null",
	} {
		_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "delete_files", Arguments: args, InputResponses: mcp.InputResponseMap{keyB: yes}, RequestState: bad})
		var rpc *jsonrpc.Error
		if !errors.As(err, &rpc) || rpc.Code != jsonrpc.CodeInvalidParams || !strings.Contains(rpc.Message, "request state") {
			t.Errorf("%s state %q: %v, want it refused", name, bad, err)
		}
	}
	// The state of a call is not another's: a's answer does not carry
	// over to a call for a and c.
	_, err = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "delete_files", Arguments: map[string]any{"names": []string{"a", "c"}}, RequestState: state})
	var rpc *jsonrpc.Error
	if !errors.As(err, &rpc) || rpc.Code != jsonrpc.CodeInvalidParams {
		t.Errorf("the state with other arguments: %v, want it refused", err)
	}
	if got := takeDeleted(); len(got) > 0 {
		t.Fatalf("deleted %q with an altered state", got)
	}
	done := call(t, cs, &mcp.CallToolParams{Name: "delete_files", Arguments: args, InputResponses: mcp.InputResponseMap{keyB: yes}, RequestState: state})
	if got := takeDeleted(); done.IsError || !slices.Equal(got, []string{"a", "b"}) {
		t.Errorf("with the state as signed: deleted %q (%+v)", got, done)
	}
}

// answerOnClock puts the request states on a clock that reads start
// until the test moves it, restored with the default bound at the end,
// and returns a session whose client answers forms by hand, the call of
// delete_files that answers its form with the state signed at start,
// and the clock.
func answerOnClock(t *testing.T, start time.Time) (*mcp.ClientSession, *mcp.CallToolParams, *time.Time) {
	t.Helper()
	clock := start
	rtlink.Now = func() time.Time { return clock }
	t.Cleanup(func() {
		rtlink.Now = time.Now
		toolrt.SetStateMaxAge(toolrt.DefaultStateMaxAge)
	})
	cs := memSession(t, &mcp.ClientOptions{
		Capabilities:   &mcp.ClientCapabilities{Elicitation: &mcp.ElicitationCapabilities{}},
		MultiRoundTrip: &mcp.MultiRoundTripOptions{Disabled: true},
	})
	args := map[string]any{"names": []string{"a"}}
	first := call(t, cs, &mcp.CallToolParams{Name: "delete_files", Arguments: args})
	return cs, &mcp.CallToolParams{Name: "delete_files", Arguments: args, InputResponses: mcp.InputResponseMap{askedKey(t, first): yes}, RequestState: first.RequestState}, &clock
}

// TestRequestStateMaxAgeBelowASecond: the age of a state is measured in
// milliseconds, so that a bound under a second means what it says: with
// a bound of 300ms, a state signed 150ms ago is accepted and one signed
// 400ms ago refused, on a clock the test moves, whatever the fraction of
// a second the state was signed at.
func TestRequestStateMaxAgeBelowASecond(t *testing.T) {
	signedAt := time.Date(2026, 7, 28, 12, 0, 0, 900*int(time.Millisecond), time.UTC)
	cs, answer, clock := answerOnClock(t, signedAt)
	if err := toolrt.SetStateMaxAge(300 * time.Millisecond); err != nil {
		t.Fatal(err)
	}

	*clock = signedAt.Add(150 * time.Millisecond)
	res, err := cs.CallTool(context.Background(), answer)
	if got := takeDeleted(); err != nil || res.IsError || !slices.Equal(got, []string{"a"}) {
		t.Errorf("150ms old: deleted %q, %v %+v; want the call run", got, err, res)
	}
	*clock = signedAt.Add(400 * time.Millisecond)
	_, err = cs.CallTool(context.Background(), answer)
	want := "the request state expired: it was issued 400ms ago, and a state is accepted for 300ms"
	var rpc *jsonrpc.Error
	if !errors.As(err, &rpc) || rpc.Code != jsonrpc.CodeInvalidParams || !strings.Contains(rpc.Message, want) {
		t.Errorf("400ms old: %v, want -32602 saying %q", err, want)
	}
	if got := takeDeleted(); len(got) > 0 {
		t.Errorf("400ms old: deleted %q", got)
	}
}

// signed is the state payload signed with key for a call of delete_files
// with the arguments args, as toolrt signs it: a client that knew the key
// could send it.
func signed(key []byte, args, payload string) string {
	body := "mcptag.forms:" + base64.RawURLEncoding.EncodeToString([]byte(payload))
	argSum := sha256.Sum256([]byte(args))
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte("delete_files\x00"))
	mac.Write(argSum[:])
	mac.Write([]byte(body))
	return body + "." + base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// TestNullStoredAnswer: a null or malformed answer in a state that
// passes verification is no answer: the form is asked again, and
// nothing panics. A null input response the go-sdk refuses itself.
func TestNullStoredAnswer(t *testing.T) {
	key := bytes.Repeat([]byte("k"), 32)
	if err := toolrt.SetStateKey(key); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { toolrt.SetStateKey(bytes.Repeat([]byte("r"), 32)) })
	cs := memSession(t, &mcp.ClientOptions{
		Capabilities:   &mcp.ClientCapabilities{Elicitation: &mcp.ElicitationCapabilities{}},
		MultiRoundTrip: &mcp.MultiRoundTripOptions{Disabled: true},
	})
	args := map[string]any{"names": []string{"a"}}
	keyA := askedKey(t, call(t, cs, &mcp.CallToolParams{Name: "delete_files", Arguments: args}))
	issued := fmt.Sprintf(`"issuedMs":%d,`, time.Now().UnixMilli())
	for _, answer := range []string{`null`, `7`, `[]`, `{"action":5}`} {
		state := signed(key, `{"names":["a"]}`, `{`+issued+`"answers":{"`+keyA+`":`+answer+`}}`)
		again := call(t, cs, &mcp.CallToolParams{Name: "delete_files", Arguments: args, RequestState: state})
		if askedKey(t, again) != keyA {
			t.Errorf("stored answer %s: asked %v, want %s again", answer, again.InputRequests, keyA)
		}
	}
	accepted := `"answers":{"` + keyA + `":{"action":"accept","content":{"yes":true}}}}`
	_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "delete_files", Arguments: args, RequestState: signed(key, `{"names":["a"]}`, `{`+accepted)})
	var rpc *jsonrpc.Error
	if got := takeDeleted(); !errors.As(err, &rpc) || rpc.Code != jsonrpc.CodeInvalidParams || len(got) > 0 {
		t.Errorf("a state signed with the key, with no time it was issued: deleted %q, %v; want it refused", got, err)
	}
	_, err = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "delete_files", Arguments: args, RequestState: signed(key, `{"names":["a"]}`, `{`+issued+accepted)})
	if got := takeDeleted(); err != nil || !slices.Equal(got, []string{"a"}) {
		t.Errorf("a state signed with the key: deleted %q, %v", got, err)
	}
	if err := toolrt.SetStateKey(key[:31]); err == nil {
		t.Errorf("SetStateKey took a key of 31 bytes")
	}
}

// TestRequestStateExpires: a state is accepted for the bound
// toolrt.SetStateMaxAge sets, ten minutes unless set, from when it was
// signed, on a clock the test moves: older, or dated as far ahead, it is
// refused with an error that says it expired, and the tool acts on
// nothing. Within the bound the same state is accepted, even twice.
func TestRequestStateExpires(t *testing.T) {
	signedAt := time.Date(2026, 7, 28, 12, 0, 0, 0, time.UTC)
	cs, answer, clock := answerOnClock(t, signedAt)
	for _, tc := range []struct {
		name   string
		after  time.Duration // from when the state was signed
		maxAge time.Duration // 0: the default
		want   string        // in the refusal; "" for the call to run
	}{
		{"a second too late", 10*time.Minute + time.Second, 0, "the request state expired: it was issued 10m1s ago, and a state is accepted for 10m0s"},
		{"a day too late", 24 * time.Hour, 0, "expired"},
		{"from a clock far ahead", -10*time.Minute - time.Second, 0, "after this server's clock reads now"},
		{"at the bound", 10 * time.Minute, 0, ""},
		{"replayed within the bound", time.Minute, 0, ""},
		{"under a shorter bound", 2 * time.Minute, time.Minute, "expired"},
		{"under a longer bound", time.Hour, 2 * time.Hour, ""},
	} {
		*clock = signedAt.Add(tc.after)
		maxAge := cmp.Or(tc.maxAge, toolrt.DefaultStateMaxAge)
		if err := toolrt.SetStateMaxAge(maxAge); err != nil {
			t.Fatal(err)
		}
		res, err := cs.CallTool(context.Background(), answer)
		got := takeDeleted()
		if tc.want == "" {
			if err != nil || res.IsError || !slices.Equal(got, []string{"a"}) {
				t.Errorf("%s: deleted %q, %v %+v; want the call run", tc.name, got, err, res)
			}
			continue
		}
		var rpc *jsonrpc.Error
		if !errors.As(err, &rpc) || rpc.Code != jsonrpc.CodeInvalidParams || !strings.Contains(rpc.Message, tc.want) {
			t.Errorf("%s: %v, want -32602 saying %q", tc.name, err, tc.want)
		}
		if len(got) > 0 {
			t.Errorf("%s: deleted %q with an expired state", tc.name, got)
		}
	}
	for _, d := range []time.Duration{0, -time.Second} {
		if toolrt.SetStateMaxAge(d) == nil {
			t.Errorf("SetStateMaxAge took %v", d)
		}
	}
}
