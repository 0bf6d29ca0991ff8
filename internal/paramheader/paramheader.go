// Package paramheader checks the parameter headers of a tool call
// (Mcp-Param-NAME, for an argument whose input schema property has
// "x-mcp-header") against its arguments: the generated handlers check
// them as a call runs, and toolrt.CheckHeaders before the go-sdk sees the
// request, so that its refusal can carry HTTP 400.
package paramheader

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/big"
	"net/http"
	"strconv"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Prefix starts the HTTP header that carries an argument
// whose input schema property has "x-mcp-header".
const Prefix = "Mcp-Param-"

// A Header is an argument that travels in an HTTP header too: its
// path of property names from the arguments, its header, and its JSON
// type (string, integer or boolean).
type Header struct {
	path   []string
	header string
	typ    string
}

// schemaProperty is what Find reads of an input schema's
// property.
type schemaProperty struct {
	Type       string                    `json:"type"`
	Header     string                    `json:"x-mcp-header"`
	Properties map[string]schemaProperty `json:"properties"`
}

// Find returns the arguments of an input schema that carry a
// parameter header, found as the go-sdk finds them: through properties
// only. A schema it cannot read has none: the go-sdk refuses such a tool.
func Find(schema any) []Header {
	data, ok := schema.(json.RawMessage)
	if !ok {
		var err error
		if data, err = json.Marshal(schema); err != nil {
			return nil
		}
	}
	var root schemaProperty
	if !bytes.Contains(data, []byte(`"x-mcp-header"`)) || json.Unmarshal(data, &root) != nil {
		return nil
	}
	return collectHeaders(root.Properties, nil, nil)
}

func collectHeaders(props map[string]schemaProperty, prefix []string, out []Header) []Header {
	for name, p := range props {
		path := append(prefix[:len(prefix):len(prefix)], name)
		if p.Header != "" {
			out = append(out, Header{path: path, header: http.CanonicalHeaderKey(Prefix + p.Header), typ: p.Type})
		}
		out = collectHeaders(p.Properties, path, out)
	}
	return out
}

// Check returns the protocol's error for the first of
// headers present in h that is not the only one of its name or differs
// from its argument in args. An absent header is the go-sdk's to refuse,
// on the protocol version that requires it.
func Check(h http.Header, args json.RawMessage, headers []Header) error {
	var body map[string]json.RawMessage
	for _, ph := range headers {
		values := h[ph.header]
		if len(values) == 0 {
			continue
		}
		if len(values) > 1 {
			return headerMismatch("%d %s headers; want one", len(values), ph.header)
		}
		if body == nil {
			if json.Unmarshal(args, &body) != nil || body == nil {
				body = map[string]json.RawMessage{}
			}
		}
		arg, ok := lookupArgument(body, ph.path)
		if !ok || string(arg) == "null" {
			return headerMismatch("a %s header for the absent or null argument %q", ph.header, strings.Join(ph.path, "."))
		}
		if err := matchHeader(ph, values[0], arg); err != nil {
			return err
		}
	}
	return nil
}

// lookupArgument returns the value at path in body.
func lookupArgument(body map[string]json.RawMessage, path []string) (json.RawMessage, bool) {
	v, ok := body[path[0]]
	for _, name := range path[1:] {
		var obj map[string]json.RawMessage
		if !ok || json.Unmarshal(v, &obj) != nil {
			return nil, false
		}
		v, ok = obj[name]
	}
	return v, ok
}

// matchHeader returns the protocol's error when the header value of ph
// is not arg's value in the header's form.
func matchHeader(ph Header, value string, arg json.RawMessage) error {
	decoded, ok := decodeHeaderValue(value)
	if !ok {
		return headerMismatch("the %s header's base64 value does not decode", ph.header)
	}
	var match bool
	switch ph.typ {
	case "integer":
		match = integerHeaderEqual(decoded, arg)
	case "boolean":
		match = (decoded == "true" || decoded == "false") && decoded == string(arg)
	default:
		var s string
		match = json.Unmarshal(arg, &s) == nil && decoded == s
	}
	if !match {
		return headerMismatch("the %s header %q does not match the argument %q", ph.header, value, strings.Join(ph.path, "."))
	}
	return nil
}

// decodeHeaderValue returns the value a header carries: the base64 text
// between =?base64? and ?=, or the value as it is.
func decodeHeaderValue(v string) (string, bool) {
	inner, ok := strings.CutPrefix(v, "=?base64?")
	if ok {
		inner, ok = strings.CutSuffix(inner, "?=")
	}
	if !ok {
		return v, true
	}
	data, err := base64.StdEncoding.Strict().DecodeString(inner)
	return string(data), err == nil
}

// integerHeaderEqual reports whether header is an integer in the plain
// decimal form the protocol sends (an optional minus, no leading zeros,
// no plus, point, exponent or other base) equal to the JSON number arg.
// The two are compared exactly, not as float64s, which would take
// 4.9999999999999999 for 5.
func integerHeaderEqual(header string, arg json.RawMessage) bool {
	digits := strings.TrimPrefix(header, "-")
	if digits == "" || strings.Trim(digits, "0123456789") != "" || digits[0] == '0' && (len(digits) > 1 || header[0] == '-') {
		return false
	}
	if string(arg) == header {
		return true // the form a client writes both in
	}
	if !plainNumber(arg) {
		return false
	}
	h, ok1 := new(big.Rat).SetString(header)
	b, ok2 := new(big.Rat).SetString(string(arg))
	return ok1 && ok2 && h.Cmp(b) == 0
}

// plainNumber reports whether arg is a JSON number that big.Rat reads
// quickly: its exponent, if any, is small, where 1e999999999 would have
// it compute a billion digits. An integer a header carries needs none
// beyond a few dozen.
func plainNumber(arg json.RawMessage) bool {
	if len(arg) == 0 || arg[0] != '-' && (arg[0] < '0' || arg[0] > '9') {
		return false // a string or another JSON value, never a number
	}
	i := strings.IndexAny(string(arg), "eE")
	if i < 0 {
		return true
	}
	exp, err := strconv.Atoi(string(arg[i+1:]))
	return err == nil && exp >= -maxExponent && exp <= maxExponent
}

// maxExponent bounds the exponent of a JSON number compared with an
// integer header: far beyond the ±(2⁵³−1) that a header carries, written
// with a long fraction.
const maxExponent = 400

// headerMismatch is the protocol's error for a parameter header that
// differs from its argument, as the go-sdk sends it.
func headerMismatch(format string, args ...any) error {
	return &jsonrpc.Error{Code: mcp.CodeHeaderMismatch, Message: "header mismatch: " + fmt.Sprintf(format, args...)}
}
