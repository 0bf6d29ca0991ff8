package toolimpl

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"time"

	"github.com/mcptag/mcptag/internal/rtlink"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A Form is a struct type marked //mcp:elicit: the requested schema that
// a client shows its user as a form, and the checks the answer must pass,
// both computed by mcptag. Generated code declares one per form, and its
// Elicit<Type> function calls Elicit; it is used from any number of
// goroutines.
type Form struct {
	Name string // the struct type's name
	// Key is the key of every input request of the form (key=), the name
	// a caller answers it by; "" keys each request by the form's name and
	// the SHA-256 of its message.
	Key    string
	Schema json.RawMessage // the requested schema, the protocol's restricted form
	Spec   *Spec           // the answer's checks, as a tool's arguments are checked
}

// newProtocol is the first protocol version whose clients answer a
// server's requests by retrying the call (multi round-trip requests),
// rather than while the call waits.
const newProtocol = "2026-07-28"

// stateMark starts the request state of a call whose forms Elicit has
// asked for.
const stateMark = "mcptag.forms:"

// Elicit asks the user of the client that made the tool call req to fill
// in the form, showing message, and decodes the answer into dst, a
// pointer to the form's struct. It reports false when the user declines
// or cancels. An answer that breaks the form's schema is an error, and
// dst is then left as it is.
//
// A client on protocol 2026-07-28 or later answers by calling the tool
// again with the answer (multi round-trip requests): the first time,
// Elicit returns a *toolrt.InputRequired error, which the tool returns as it is
// (or wrapped), and the generated handler turns into the result that asks
// for the form (see Error). The tool's function then runs again, up to
// Elicit, which returns the answer: what it does before Elicit must be
// safe to do twice. The answers so far travel in the call's request
// state, signed (see SetStateKey): a state that fails verification is a
// JSON-RPC invalid-params error, never used. An older client is asked
// while the call waits, once. A client that declared no form elicitation
// is asked nothing: the error is the protocol's for a missing client
// capability, a *jsonrpc.Error that the generated handler sends as it is.
func (f *Form) Elicit(ctx context.Context, req *mcp.CallToolRequest, message string, dst any) (ok bool, err error) {
	if req == nil || req.Session == nil || req.Params == nil {
		return false, fmt.Errorf("%s: a form is asked during a tool call: want its *mcp.CallToolRequest", f.Name)
	}
	params := &mcp.ElicitParams{Mode: "form", Message: message, RequestedSchema: f.Schema}
	res, err := f.ask(ctx, req, params)
	if err != nil {
		return false, err
	}
	switch res.Action {
	case "accept":
	case "decline", "cancel":
		return false, nil
	default:
		return false, fmt.Errorf("%s: the client answered the form with the action %q; want accept, decline or cancel", f.Name, res.Action)
	}
	content, err := json.Marshal(res.Content)
	if err != nil {
		return false, fmt.Errorf("%s: the answer: %v", f.Name, err)
	}
	if err := f.Spec.DecodeStructContext(ctx, content, dst); err != nil {
		return false, publicArgError(err)
	}
	return true, nil
}

// ask returns the client's answer to params: by asking while the call
// waits, for an older client; for a newer one, from the answers it sent
// with this call, or else by a *toolrt.InputRequired error. A client that
// cannot be asked is answered at once with the protocol's error.
func (f *Form) ask(ctx context.Context, req *mcp.CallToolRequest, params *mcp.ElicitParams) (*mcp.ElicitResult, error) {
	waits := asksWhileWaiting(req)
	if err := f.canAsk(req, waits); err != nil {
		return nil, err
	}
	if waits {
		res, err := req.Session.Elicit(ctx, params)
		if err != nil {
			return nil, fmt.Errorf("%s: asking for the form: %w", f.Name, err)
		}
		return res, nil
	}
	st, err := verifyState(req.Params)
	if err != nil {
		return nil, err
	}
	key := f.key(params.Message)
	st.keep(req.Params.InputResponses)
	if res, ok := st.answer(key); ok {
		return res, nil
	}
	st.Asked, st.AskedAs = key, f.Key
	state, err := signState(req.Params, st)
	if err != nil {
		return nil, fmt.Errorf("%s: keeping the answers: %v", f.Name, err)
	}
	return nil, rtlink.NewInputRequired(cmp.Or(st.AskedAs, key), params, state, &pendingForm{params: req.Params, st: st})
}

// A pendingForm is the round of forms an InputRequired asks for, as
// mergeForms merges it with the forms asked beside it.
type pendingForm struct {
	params *mcp.CallToolParamsRaw // the call, whose request state signs it
	st     formState              // the state before signing
}

// asksWhileWaiting reports whether the form of the call req is asked
// while the call waits, as protocols before 2026-07-28 ask, rather than
// by an input request. It goes by the protocol the call is served on,
// never by the version a client asked for in initialize: a request of
// 2026-07-28 or later declares its version in its _meta, which is how
// the go-sdk tells it; a session that ran initialize negotiated an older
// version, whatever the client asked for (the go-sdk answers initialize
// with 2025-11-25 at the latest). A session with neither is served as
// 2026-07-28.
func asksWhileWaiting(req *mcp.CallToolRequest) bool {
	if v, ok := req.Params.Meta[mcp.MetaKeyProtocolVersion].(string); ok && v >= newProtocol {
		return false
	}
	return req.Session.InitializeParams() != nil
}

// canAsk reports, as the protocol's error for a missing client
// capability (-32021, with the capability it needs), that the client of
// req declared no form elicitation: nothing is sent to such a client,
// which might wait for ever on a request it cannot answer. The
// capabilities are those of the request on 2026-07-28, of the session
// before (waits); a client that declares elicitation with neither mode
// takes forms, as the protocol says. Before 2026-07-28 a server without
// sessions has no session to ask on: the go-sdk gives each request a
// session of its own, made up, with no capabilities, which the error
// says rather than blame the client.
func (f *Form) canAsk(req *mcp.CallToolRequest, waits bool) error {
	caps := req.ClientCapabilities()
	var el *mcp.ElicitationCapabilities
	if caps != nil {
		el = caps.Elicitation
	}
	if el != nil && (el.Form != nil || el.URL == nil) {
		return nil
	}
	why := "the client declared no form elicitation capability"
	if ip := req.Session.InitializeParams(); waits && madeUp(ip) {
		why = "protocol " + ip.ProtocolVersion + " asks for a form on the client's session, and this server serves without sessions"
	}
	return &jsonrpc.Error{
		Code:    mcp.CodeMissingRequiredClientCapabilities,
		Message: fmt.Sprintf("%s: %s, so the form cannot be asked", f.Name, why),
		Data:    missingFormCapability,
	}
}

// madeUp reports whether ip are the initialize parameters that the
// go-sdk's streamable HTTP handler without sessions makes up for a
// request before 2026-07-28: a protocol version alone. A client's
// initialize always names the client.
func madeUp(ip *mcp.InitializeParams) bool {
	return ip != nil && ip.ClientInfo == nil && ip.Capabilities == nil
}

// missingFormCapability is the data of canAsk's error: the capability the
// form needs, as the protocol's MissingRequiredClientCapabilityError
// names it.
var missingFormCapability = json.RawMessage(`{"requiredCapabilities":{"elicitation":{"form":{}}}}`)

// key names the answer to the form with message in a call's request
// state, and the request for it in the call's input requests unless the
// form's Key names every request of the form: a form asked twice with one
// message is asked once, and two messages are two requests, since the
// key holds the message's whole SHA-256. A form with a Key asked with two
// messages in one call is asked twice, in two rounds, under that Key,
// and its answers are kept apart; so are those of two forms with one Key.
func (f *Form) key(message string) string {
	sum := sha256.Sum256([]byte(message))
	return f.Name + "." + hex.EncodeToString(sum[:])
}

// keep adds to st the answers the client sent in responses to the
// requests st asked, each the one answer it sends once, under the key the
// request had (AskedAs, or else Asked). A response to any other key is
// ignored: the server asked for none.
func (st *formState) keep(responses mcp.InputResponseMap) {
	asked := st.More
	if st.Asked != "" {
		asked = append([]askedForm{{st.Asked, st.AskedAs}}, st.More...)
	}
	for _, f := range asked {
		res, ok := responses[f.requestKey()].(*mcp.ElicitResult)
		if !ok || res == nil {
			continue
		}
		data, err := json.Marshal(res)
		if err != nil {
			continue
		}
		if st.Answers == nil {
			st.Answers = map[string]json.RawMessage{}
		}
		st.Answers[f.Asked] = data
	}
	st.Asked, st.AskedAs, st.More = "", "", nil
}

// CacheReads returns h with the caching hints of the resource's reads
// set: ttlMs, and cacheScope ("" leaves the go-sdk's default, "public").
// A result on which h set either hint itself keeps its own. Files of
// version 2 and 3 call it; later ones call CacheReadsFor.
func CacheReads(h mcp.ResourceHandler, ttlMs int, scope string) mcp.ResourceHandler {
	return CacheReadsFor(h, time.Duration(ttlMs)*time.Millisecond, CacheScope(scope))
}

// A CacheScope is who may cache a resource's reads, the cacheScope of a
// resources/read result: cache= of //mcp:resource.
type CacheScope string

// The cache scopes: CacheDefault sends none, which leaves the go-sdk's
// default (public).
const (
	CacheDefault CacheScope = ""
	CachePublic  CacheScope = "public"
	CachePrivate CacheScope = "private"
)

// CacheReadsFor returns h with the caching hints of the resource's reads
// set: ttl, sent in milliseconds (0 sends none), and scope. A result on
// which h set either hint itself keeps its own.
func CacheReadsFor(h mcp.ResourceHandler, ttl time.Duration, scope CacheScope) mcp.ResourceHandler {
	ttlMs := int(ttl / time.Millisecond)
	return func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		res, err := h(ctx, req)
		if res != nil && res.TTLMs == 0 && res.CacheScope == "" {
			res.TTLMs, res.CacheScope = ttlMs, string(scope)
		}
		return res, err
	}
}
