package toolimpl

import (
	"bytes"
	"cmp"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/mcptag/mcptag/internal/rtlink"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// An askedForm is a form a state's round asked: its Form.key, and the
// request's key when the form has one of its own (key=).
type askedForm struct {
	Asked   string `json:"asked"`
	AskedAs string `json:"askedAs,omitempty"`
}

// requestKey is the key the client answers f under.
func (f askedForm) requestKey() string { return cmp.Or(f.AskedAs, f.Asked) }

// formState is what a request state of forms holds: when it was signed
// (Unix milliseconds, so that a bound under a second holds), the answers
// so far, by their form's name and message (Form.key), and the form and
// message the client is answering, whose answer it sends once, in its
// input responses, under the request's key: AskedAs for a form with a
// fixed key, else Asked itself.
type formState struct {
	Issued  int64                      `json:"issuedMs"`
	Asked   string                     `json:"asked,omitempty"`
	AskedAs string                     `json:"askedAs,omitempty"`
	Answers map[string]json.RawMessage `json:"answers,omitempty"`
	// More are the forms asked in the same round besides Asked, by forms
	// a tool asked at once (from goroutines of its own), each answered
	// as Asked is.
	More []askedForm `json:"more,omitempty"`
}

// signState renders st as the request state of the call p, dated now:
// stateMark, the state in base64, a dot and its HMAC-SHA-256 in base64.
func signState(p *mcp.CallToolParamsRaw, st formState) (string, error) {
	st.Issued = rtlink.Now().UnixMilli()
	data, err := json.Marshal(st)
	if err != nil {
		return "", err
	}
	body := stateMark + base64.RawURLEncoding.EncodeToString(data)
	return body + "." + base64.RawURLEncoding.EncodeToString(stateMAC(p, body)), nil
}

// stateMAC is the signature of the state body of the call p. It signs the
// tool's name and the call's arguments too (their SHA-256, white space
// left out), so that a state answers only the call it was issued for: not
// another tool's, nor the same tool's with other arguments, where the
// same message would take the answer given for other ones. A client sends
// a call again with the arguments it sent.
func stateMAC(p *mcp.CallToolParamsRaw, body string) []byte {
	var args bytes.Buffer
	if json.Compact(&args, p.Arguments) != nil {
		args.Reset()
		args.Write(p.Arguments)
	}
	argSum := sha256.Sum256(args.Bytes())
	mac := hmac.New(sha256.New, rtlink.StateKey())
	mac.Write([]byte(p.Name))
	mac.Write([]byte{0})
	mac.Write(argSum[:])
	mac.Write([]byte(body))
	return mac.Sum(nil)
}

// errState is why a request state is refused.
var errState = errors.New("the request state is not one this server signed for this call of the tool (altered, from another call, from another server, or signed with another key): call the tool again without it")

// verifyState returns the state that the client sent back with the call
// p: none for "", and an error for a state that fails verification or is
// older than rtlink.StateMaxAge, which is never used. The signature
// covers the exact text, so that a state re-encoded in any way is refused
// too.
func verifyState(p *mcp.CallToolParamsRaw) (formState, error) {
	tool, state := p.Name, p.RequestState
	var st formState
	if state == "" {
		return st, nil
	}
	dot := strings.LastIndexByte(state, '.')
	body, sig := state[:max(dot, 0)], state[dot+1:]
	enc, marked := strings.CutPrefix(body, stateMark)
	if dot < 0 || !marked {
		return st, stateError(tool)
	}
	got, err := base64.RawURLEncoding.Strict().DecodeString(sig)
	if err != nil || subtle.ConstantTimeCompare(got, stateMAC(p, body)) != 1 {
		return st, stateError(tool)
	}
	data, err := base64.RawURLEncoding.Strict().DecodeString(enc)
	if err != nil || json.Unmarshal(data, &st) != nil || st.Issued == 0 {
		return formState{}, stateError(tool) // signed, yet not a state: never ours
	}
	if err := checkAge(tool, st.Issued); err != nil {
		return formState{}, err
	}
	return st, nil
}

// checkAge returns the protocol error of a state issued at the Unix time
// issued, in milliseconds, if it was issued longer ago than a state is accepted, or as
// long after the server's clock reads now (a replica's clock far ahead).
func checkAge(tool string, issued int64) error {
	maxAge := rtlink.StateMaxAge()
	age := rtlink.Now().Sub(time.UnixMilli(issued))
	switch {
	case age > maxAge:
		return &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: fmt.Sprintf(
			"%s: the request state expired: it was issued %v ago, and a state is accepted for %v: call the tool again without it", tool, roughly(age), maxAge)}
	case age < -maxAge:
		return &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: fmt.Sprintf(
			"%s: the request state was issued %v after this server's clock reads now: call the tool again without it", tool, roughly(-age))}
	}
	return nil
}

// roughly is d as an error message says it: in whole seconds, or in
// milliseconds under a second, where the bound may be too.
func roughly(d time.Duration) time.Duration {
	if d < time.Second {
		return d.Truncate(time.Millisecond)
	}
	return d.Truncate(time.Second)
}

// stateError is the protocol error of a call whose request state fails
// verification: invalid params, as any other argument the client got
// wrong, but a JSON-RPC error rather than a tool error, since no tool
// ran.
func stateError(tool string) error {
	return &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: tool + ": " + errState.Error()}
}

// answer returns the answer kept under key, if it is one: a null or
// malformed answer is none.
func (st formState) answer(key string) (*mcp.ElicitResult, bool) {
	raw, ok := st.Answers[key]
	if !ok {
		return nil, false
	}
	var res *mcp.ElicitResult
	if json.Unmarshal(raw, &res) != nil || res == nil {
		return nil, false
	}
	return res, true
}
