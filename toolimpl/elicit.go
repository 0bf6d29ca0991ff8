package toolimpl

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mcptag/mcptag/internal/rtlink"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A Form is a struct type marked //mcp:elicit: the requested schema that
// a client shows its user as a form, and the checks the answer must pass,
// both computed by mcptag. Generated code declares one per form, and its
// Elicit<Type> function calls Elicit; it is used from any number of
// goroutines.
type Form struct {
	Name   string          // the struct type's name
	Schema json.RawMessage // the requested schema, the protocol's restricted form
	Spec   *Spec           // the answer's checks, as a tool's arguments are checked
}

// newProtocol is the first protocol version whose clients answer a
// server's requests by retrying the call (multi round-trip requests),
// rather than while the call waits.
const newProtocol = "2026-07-28"

// stateMark starts the request state of a call whose forms Elicit has
// asked for: a tool may keep a state of its own.
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
// safe to do twice. An older client is asked while the call waits, once.
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
	if err := f.Spec.DecodeStruct(content, dst); err != nil {
		return false, err
	}
	return true, nil
}

// ask returns the client's answer to params: by asking while the call
// waits, for an older client; for a newer one, from the answers it sent
// with this call, or else by a *toolrt.InputRequired error.
func (f *Form) ask(ctx context.Context, req *mcp.CallToolRequest, params *mcp.ElicitParams) (*mcp.ElicitResult, error) {
	if ip := req.Session.InitializeParams(); ip != nil && ip.ProtocolVersion < newProtocol {
		res, err := req.Session.Elicit(ctx, params)
		if err != nil {
			return nil, fmt.Errorf("%s: asking for the form: %w", f.Name, err)
		}
		return res, nil
	}
	key := f.key(params.Message)
	answers := answersOf(req.Params)
	if res, ok := answers[key]; ok {
		return res, nil
	}
	return nil, rtlink.NewInputRequired(key, params, encodeAnswers(answers))
}

// key names the request for the form with message in a call's input
// requests: a form asked twice with one message is asked once.
func (f *Form) key(message string) string {
	sum := sha256.Sum256([]byte(message))
	return f.Name + "." + hex.EncodeToString(sum[:6])
}

// answersOf returns the answers to forms that the client sent with the
// call p: those of this round (its input responses) and of the rounds
// before (kept in its request state, since the client sends each answer
// once).
func answersOf(p *mcp.CallToolParamsRaw) map[string]*mcp.ElicitResult {
	answers := map[string]*mcp.ElicitResult{}
	if enc, ok := strings.CutPrefix(p.RequestState, stateMark); ok {
		if data, err := base64.RawURLEncoding.DecodeString(enc); err == nil {
			_ = json.Unmarshal(data, &answers) // a state not ours holds no answers
		}
	}
	for key, r := range p.InputResponses {
		if res, ok := r.(*mcp.ElicitResult); ok {
			answers[key] = res
		}
	}
	return answers
}

// encodeAnswers renders answers as a request state; "" when there are
// none. A client can change the state it echoes, as it can change any
// answer: each answer is checked when it is used, as the first time.
func encodeAnswers(answers map[string]*mcp.ElicitResult) string {
	if len(answers) == 0 {
		return ""
	}
	data, err := json.Marshal(answers)
	if err != nil {
		return ""
	}
	return stateMark + base64.RawURLEncoding.EncodeToString(data)
}

// CacheReads returns h with the caching hints of the resource's reads
// set: ttlMs, and cacheScope ("" leaves the go-sdk's default, "public").
// A result on which h set either hint itself keeps its own.
func CacheReads(h mcp.ResourceHandler, ttlMs int, scope string) mcp.ResourceHandler {
	return func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		res, err := h(ctx, req)
		if res != nil && res.TTLMs == 0 && res.CacheScope == "" {
			res.TTLMs, res.CacheScope = ttlMs, scope
		}
		return res, err
	}
}
