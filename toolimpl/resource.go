package toolimpl

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"reflect"
	"sync"

	"github.com/mcptag/mcptag/internal/argspec"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/yosida95/uritemplate/v3"
)

// A URITemplate is a resource template's URI and what its variables
// hold: the Spec of the resource function's parameters, each a string
// or an integer. Generated code declares one per template, and uses it
// from any number of goroutines.
type URITemplate struct {
	Template string // RFC 6570, as the resource template lists it
	Spec     *Spec

	once    sync.Once
	matcher *uriMatcher
	err     error
}

// Match is MatchContext within the default limits, for code generated
// before the limits were the call's.
func (t *URITemplate) Match(uri string) (*Args, error) {
	return t.MatchContext(context.Background(), uri)
}

// MatchContext reads the variables of uri, which the go-sdk found to match the
// template, and checks them against the Spec: a string holding a number
// is taken for an integer. A variable that is empty in uri is absent. A
// uri that the template does not match, or that holds a list where a
// variable is (the go-sdk's matching accepts a comma inside a variable,
// which the template reads as a list), is not found:
// mcp.ResourceNotFoundError. A uri longer than the URIBytes of the limits
// ctx carries (toolrt.LimitsMiddleware), a variable
// that is not UTF-8 once decoded, a path segment variable (a simple
// {var}, or {/var}) that holds "/" or "\" or is "." or "..", and
// variables that the Spec rejects are InvalidURI's error. Match takes
// time linear in the length of uri.
func (t *URITemplate) MatchContext(ctx context.Context, uri string) (*Args, error) {
	t.once.Do(func() {
		if _, t.err = uritemplate.New(t.Template); t.err == nil {
			t.matcher, t.err = newURIMatcher(t.Template)
		}
	})
	if t.err != nil {
		return nil, internalError(fmt.Errorf("%s: URI template %q: %v", t.Spec.Tool, t.Template, t.err))
	}
	if limit := argspec.LimitsFrom(ctx).URIBytes; len(uri) > limit {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams,
			Message: argspec.Errorf(t.Spec, "URI too long: %d bytes, the limit is %d", len(uri), limit).Error()}
	}
	vars, ok, err := t.matcher.match(t.Spec, uri)
	switch {
	case err != nil:
		return nil, InvalidURI(uri, err)
	case !ok:
		return nil, mcp.ResourceNotFoundError(uri)
	}
	args, err := t.Spec.ParseContext(ctx, StringArguments(vars))
	if err != nil {
		return nil, InvalidURI(uri, err)
	}
	return args, nil
}

// InvalidURI is the protocol error for a URI whose variables a resource
// function cannot take, such as a word where it wants an integer: JSON-RPC's
// invalid params (-32602), the code the go-sdk's mcp.ResourceNotFoundError
// has, with a message that names the variable and the uri in its data.
func InvalidURI(uri string, err error) error {
	data, _ := json.Marshal(map[string]string{"uri": uri}) // strings always marshal
	return &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: err.Error(), Data: data}
}

// ReadError is the protocol error of a resource function that failed: an
// error that is fs.ErrNotExist (errors.Is) is mcp.ResourceNotFoundError,
// any other is HandlerError's.
func ReadError(name, uri string, err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return mcp.ResourceNotFoundError(uri)
	}
	return HandlerError(name, err)
}

// TextContents is the result of a resource function that returns text.
// An empty text is sent as an empty blob: the go-sdk (v1.8.0) leaves an
// empty text out of the contents, which then have neither text nor blob,
// and a strict client (the TypeScript SDK) rejects the read.
func TextContents(uri, mimeType, text string) *mcp.ReadResourceResult {
	c := &mcp.ResourceContents{URI: uri, MIMEType: mimeType, Text: text}
	if text == "" {
		c.Blob = []byte{}
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{c}}
}

// BlobContents is the result of a resource function that returns bytes:
// a blob, base64 on the wire. nil is no bytes.
func BlobContents(uri, mimeType string, blob []byte) *mcp.ReadResourceResult {
	if blob == nil {
		blob = []byte{}
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: mimeType, Blob: blob}}}
}

// JSONContents is the result of a resource function that returns any
// other value: its JSON, as text (<, > and & unescaped, as a tool's text
// content has them). A nil slice is sent as [] and a nil map
// as {}, as a tool sends them, rather than null. A value encoding/json
// cannot write (a NaN float, say) is an internal error.
func JSONContents(name, uri, mimeType string, v any) (*mcp.ReadResourceResult, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, internalError(fmt.Errorf("%s: encoding the resource: %v", name, err))
	}
	if string(data) == "null" {
		data = emptyJSON(v, data)
	}
	return TextContents(uri, mimeType, string(htmlUnescaped(data))), nil
}

// emptyJSON returns the JSON of an empty value of v's kind for a nil
// slice or map, and null, as encoding/json wrote it, for anything else: a
// nil pointer, or a value whose own MarshalJSON says null.
func emptyJSON(v any, null []byte) []byte {
	if _, ok := v.(json.Marshaler); ok {
		return null
	}
	switch reflect.ValueOf(v).Kind() {
	case reflect.Slice:
		return []byte("[]")
	case reflect.Map:
		return []byte("{}")
	}
	return null
}

// ReadResult is the result of a resource function that returns the
// go-sdk's own result: an error if it is nil, which the go-sdk would
// refuse with a less telling message. Contents with neither text nor blob
// get an empty blob, as TextContents explains.
func ReadResult(name string, res *mcp.ReadResourceResult) (*mcp.ReadResourceResult, error) {
	if res == nil {
		return nil, internalError(fmt.Errorf("%s: the resource function returned no contents", name))
	}
	for _, c := range res.Contents {
		if c != nil && c.Text == "" && c.Blob == nil {
			c.Blob = []byte{}
		}
	}
	return res, nil
}
