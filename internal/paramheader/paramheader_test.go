package paramheader

import (
	"encoding/json"
	"errors"
	"net/http"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestDecodeHeaderValue: a value is base64 only between both markers,
// each spelled exactly; anything else is the value as it is. The cases
// are those of the go-sdk's own decodeHeaderValue, and the forms that
// end in the suffix alone.
func TestDecodeHeaderValue(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
		ok             bool
	}{
		{"plain value", "us-west1", "us-west1", true},
		{"empty value", "", "", true},
		{"valid base64", "=?base64?SGVsbG8=?=", "Hello", true},
		{"non-ASCII decoded", "=?base64?5pel5pys6Kqe?=", "日本語", true},
		{"leading space decoded", "=?base64?IHVzLXdlc3Qx?=", " us-west1", true},
		{"uppercase prefix is literal", "=?BASE64?SGVsbG8=?=", "=?BASE64?SGVsbG8=?=", true},
		{"mixed case prefix is literal", "=?Base64?SGVsbG8=?=", "=?Base64?SGVsbG8=?=", true},
		{"invalid base64 chars", "=?base64?SGVs!!!bG8=?=", "", false},
		{"missing prefix", "SGVsbG8=", "SGVsbG8=", true},
		{"missing suffix", "=?base64?SGVsbG8=", "=?base64?SGVsbG8=", true},
		{"suffix alone", "what?=", "what?=", true},
		{"base64 before the suffix alone", "aGk=?=", "aGk=?=", true},
		{"the suffix alone, nothing before", "?=", "?=", true},
		{"empty between the markers", "=?base64??=", "", true},
		{"the markers overlap", "=?base64?=", "=?base64?=", true},
		{"non-zero padding bits", "=?base64?aGl=?=", "", false},
	} {
		got, ok := decodeHeaderValue(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("%s: decodeHeaderValue(%q) = %q, %t; want %q, %t", tc.name, tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

// TestCheckSDKEncodings: a header in the form the go-sdk's client sends
// an argument in (its encodeHeaderValue cases) matches the argument; so
// does one the client sends verbatim because it is not base64.
func TestCheckSDKEncodings(t *testing.T) {
	for _, tc := range []struct {
		name, typ, arg, header string
	}{
		{"plain ASCII", "string", `"us-west1"`, "us-west1"},
		{"string with internal spaces", "string", `"us west 1"`, "us west 1"},
		{"string with leading space", "string", `" us-west1"`, "=?base64?IHVzLXdlc3Qx?="},
		{"string with trailing space", "string", `"us-west1 "`, "=?base64?dXMtd2VzdDEg?="},
		{"string with both spaces", "string", `" us-west1 "`, "=?base64?IHVzLXdlc3QxIA==?="},
		{"non-ASCII", "string", `"日本語"`, "=?base64?5pel5pys6Kqe?="},
		{"mixed ASCII and non-ASCII", "string", `"Hello, 世界"`, "=?base64?SGVsbG8sIOS4lueVjA==?="},
		{"string with newline", "string", `"line1\nline2"`, "=?base64?bGluZTEKbGluZTI=?="},
		{"string with carriage return", "string", `"line1\r\nline2"`, "=?base64?bGluZTENCmxpbmUy?="},
		{"string with leading tab", "string", `"\tindented"`, "=?base64?CWluZGVudGVk?="},
		{"sentinel collision literal", "string", `"=?base64?literal?="`, "=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?="},
		{"sentinel collision empty", "string", `"=?base64??="`, "=?base64?PT9iYXNlNjQ/Pz0=?="},
		{"uppercase pseudo-sentinel passes through", "string", `"=?BASE64?abc?="`, "=?BASE64?abc?="},
		{"the suffix alone", "string", `"what?="`, "what?="},
		{"base64 text and the suffix", "string", `"aGk=?="`, "aGk=?="},
		{"integer", "integer", `42`, "42"},
		{"integer zero", "integer", `0`, "0"},
		{"integer negative", "integer", `-7`, "-7"},
		{"integer max safe", "integer", `9007199254740991`, "9007199254740991"},
		{"integer min safe", "integer", `-9007199254740991`, "-9007199254740991"},
		{"true", "boolean", `true`, "true"},
		{"false", "boolean", `false`, "false"},
	} {
		if err := checkOne(tc.typ, tc.arg, tc.header); err != nil {
			t.Errorf("%s: the header %q for %s: %v", tc.name, tc.header, tc.arg, err)
		}
	}
}

// TestCheckMismatches: a header that is not its argument's value, in any
// form, is the protocol's header mismatch; the go-sdk's encodings of
// values that are not a primitive match nothing.
func TestCheckMismatches(t *testing.T) {
	for _, tc := range []struct {
		name, typ, arg, header string
	}{
		{"base64 text and the suffix, for its decoding", "string", `"hi"`, "aGk=?="},
		{"the suffix alone, for the value before it", "string", `"what"`, "what?="},
		{"uppercase pseudo-sentinel, for its decoding", "string", `"Hello"`, "=?BASE64?SGVsbG8=?="},
		{"base64 of the value, without the prefix", "string", `"Hello"`, "SGVsbG8=?="},
		{"base64 of the value, without the suffix", "string", `"Hello"`, "=?base64?SGVsbG8="},
		{"invalid base64", "string", `"Hello"`, "=?base64?SGVs!!!bG8=?="},
		{"raw float64", "integer", `42.5`, "42"},
		{"nil", "string", `null`, ""},
		{"slice", "string", `["a"]`, "a"},
		{"boolean as a string", "boolean", `"true"`, "true"},
	} {
		err := checkOne(tc.typ, tc.arg, tc.header)
		var rpcErr *jsonrpc.Error
		if !errors.As(err, &rpcErr) || rpcErr.Code != mcp.CodeHeaderMismatch {
			t.Errorf("%s: the header %q for %s: %v, want a header mismatch", tc.name, tc.header, tc.arg, err)
		}
	}
}

// checkOne checks the header X of the argument a of type typ, whose
// value is arg.
func checkOne(typ, arg, header string) error {
	schema := json.RawMessage(`{"type":"object","properties":{"a":{"type":"` + typ + `","x-mcp-header":"X"}}}`)
	h := http.Header{}
	h.Set(Prefix+"X", header)
	return Check(h, json.RawMessage(`{"a":`+arg+`}`), Find(schema))
}

// TestCheckSpelled: an argument with an enum that travels in a header
// is one of the enum's values as spelled, or refused; one that is not a
// string, absent, or without an enum is left to the handler.
func TestCheckSpelled(t *testing.T) {
	headers := Find(json.RawMessage(`{"type":"object","properties":{
		"tenant":{"type":"string","enum":["ACME","KELVIN"],"x-mcp-header":"Tenant"},
		"user":{"type":"string","x-mcp-header":"User"},
		"where":{"type":"object","properties":{"zone":{"type":"string","enum":["eu"],"x-mcp-header":"Zone"}}}}}`))
	if !HasEnum(headers) {
		t.Fatal("HasEnum: false")
	}
	for _, tc := range []struct {
		args string
		ok   bool
	}{
		{`{"tenant":"ACME","user":"alice"}`, true},
		{`{"tenant":"KELVIN","where":{"zone":"eu"}}`, true},
		{`{"user":"anyone"}`, true},
		{`{"tenant":null}`, true},
		{`{"tenant":5}`, true},
		{`not JSON`, true},
		{`{"tenant":"acme"}`, false},
		{`{"tenant":"\u212AELVIN"}`, false},
		{`{"tenant":"ACME "}`, false},
		{`{"where":{"zone":"EU"}}`, false},
	} {
		if err := CheckSpelled(json.RawMessage(tc.args), headers); (err == nil) != tc.ok {
			t.Errorf("CheckSpelled(%s) = %v, want ok %t", tc.args, err, tc.ok)
		}
	}
	if HasEnum(Find(json.RawMessage(`{"type":"object","properties":{"user":{"type":"string","x-mcp-header":"User"}}}`))) {
		t.Error("HasEnum of a header without an enum: true")
	}
}
