package toolimpl_test

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/mcptag/mcptag/toolimpl"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// forecast is the template of a resource function
// Forecast(city string, days int, units *string).
var forecast = &toolimpl.URITemplate{
	Template: "weather://{city}/forecast/{days}{?units}",
	Spec: &toolimpl.Spec{Tool: "forecast", Args: []toolimpl.Arg{
		{Name: "city", Required: true, Kind: toolimpl.KindString},
		{Name: "days", Required: true, Kind: toolimpl.KindInteger, Rules: []toolimpl.Rule{{Op: toolimpl.Maximum, Num: 14}}},
		{Name: "units", Kind: toolimpl.KindString, Nullable: true, Enum: []string{"C", "F"}},
	}},
}

// TestURITemplateMatch reads the variables of URIs that the go-sdk
// routes to a template: their values, decoded and converted, or the
// protocol error that names what is wrong, with the URI in its data.
func TestURITemplateMatch(t *testing.T) {
	for _, tc := range []struct {
		uri   string
		city  string
		days  int
		units string
		err   string // the message of an invalid params error
	}{
		{uri: "weather://London/forecast/3", city: "London", days: 3},
		{uri: "weather://New%20York/forecast/3?units=F", city: "New York", days: 3, units: "F"},
		{uri: "weather://New%20york/forecast/03", err: `forecast: argument "days": want integer, got "03"`},
		{uri: "weather://London/forecast/three", err: `forecast: argument "days": want integer, got "three"`},
		{uri: "weather://London/forecast/15", err: `forecast: argument "days": want at most 14, got 15`},
		{uri: "weather://London/forecast/99999999999999999999", err: `forecast: argument "days": want at most 14, got 99999999999999999999`},
		{uri: "weather://London/forecast/3?units=K", err: `forecast: argument "units": want one of "C", "F", got "K"`},
		{uri: "weather:///forecast/3", err: `forecast: missing required argument "city"`},
		// A simple variable is one path segment once decoded.
		{uri: "weather://..%2F..%2Fetc%2Fpasswd/forecast/3", err: `forecast: argument "city": want one path segment, without "/" or "\" and not "." or "..", got "../../etc/passwd"`},
		{uri: "weather://%2E%2E/forecast/3", err: `forecast: argument "city": want one path segment, without "/" or "\" and not "." or "..", got ".."`},
		{uri: "weather://./forecast/3", err: `forecast: argument "city": want one path segment, without "/" or "\" and not "." or "..", got "."`},
		{uri: "weather://a%5Cb/forecast/3", err: `forecast: argument "city": want one path segment, without "/" or "\" and not "." or "..", got "a\\b"`},
		{uri: "weather://a%2Cb/forecast/3", city: "a,b", days: 3},
		{uri: "weather://...%3F/forecast/3", city: "...?", days: 3},
		{uri: "weather://%FF/forecast/3", err: `forecast: argument "city": want text, got %FF, which is not UTF-8 once decoded`},
		// What the go-sdk routes here but names no resource of the template.
		{uri: "weather://a,b/forecast/3", err: "Resource not found"},
		{uri: "weather://London/forecast/3?units=C&units=F", err: "Resource not found"},
		{uri: "other://London", err: "Resource not found"},
	} {
		t.Run(tc.uri, func(t *testing.T) {
			args, err := forecast.Match(tc.uri)
			if tc.err != "" {
				checkRPCError(t, err, jsonrpc.CodeInvalidParams, tc.err, strconv.Quote(tc.uri))
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var city string
			var days int
			var units *string
			for name, dst := range map[string]any{"city": &city, "days": &days, "units": &units} {
				if err := args.Decode(name, dst); err != nil {
					t.Fatal(err)
				}
			}
			got := fmt.Sprint(city, days, units != nil && *units == tc.units, units == nil)
			want := fmt.Sprint(tc.city, tc.days, tc.units != "", tc.units == "")
			if got != want {
				t.Errorf("city, days, units given, none = %s, want %s", got, want)
			}
		})
	}
}

// TestURITemplateEscapes: a URI may write its escapes in either case.
func TestURITemplateEscapes(t *testing.T) {
	for _, uri := range []string{"weather://S%C3%A3o%20Paulo/forecast/1", "weather://S%c3%a3o%20Paulo/forecast/1"} {
		args, err := forecast.Match(uri)
		if err != nil {
			t.Fatalf("%s: %v", uri, err)
		}
		var city string
		if err := args.Decode("city", &city); err != nil || city != "São Paulo" {
			t.Errorf("%s: city %q, %v; want São Paulo", uri, city, err)
		}
	}
}

// TestReadError: an fs.ErrNotExist is the resource-not-found error, a
// JSON-RPC error is kept, any other error is an internal error.
func TestReadError(t *testing.T) {
	notFound := toolimpl.ReadError("book", "shelf://books/Emma", fmt.Errorf("no book Emma: %w", fs.ErrNotExist))
	checkRPCError(t, notFound, jsonrpc.CodeInvalidParams, "Resource not found", `"shelf://books/Emma"`)
	own := &jsonrpc.Error{Code: -32001, Message: "busy"}
	if err := toolimpl.ReadError("book", "shelf://books/Emma", fmt.Errorf("reading: %w", own)); err != own {
		t.Errorf("got %v, want the function's own error", err)
	}
	checkRPCError(t, toolimpl.ReadError("book", "shelf://books/Emma", errors.New("disk failed")), jsonrpc.CodeInternalError, "book: disk failed", "")
}

// TestContents: what each kind of resource result sends.
func TestContents(t *testing.T) {
	json, err := toolimpl.JSONContents("r", "x://r", "application/json", map[string]int{"a": 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		res  *mcp.ReadResourceResult
		want mcp.ResourceContents
	}{
		{"text", toolimpl.TextContents("x://r", "text/plain", "hi"), mcp.ResourceContents{URI: "x://r", MIMEType: "text/plain", Text: "hi"}},
		// The go-sdk would send no text at all, which strict clients reject.
		{"empty text", toolimpl.TextContents("x://r", "text/plain", ""), mcp.ResourceContents{URI: "x://r", MIMEType: "text/plain", Blob: []byte{}}},
		{"nil blob", toolimpl.BlobContents("x://r", "image/png", nil), mcp.ResourceContents{URI: "x://r", MIMEType: "image/png", Blob: []byte{}}},
		{"json", json, mcp.ResourceContents{URI: "x://r", MIMEType: "application/json", Text: `{"a":1}`}},
	} {
		if diff := cmp.Diff([]*mcp.ResourceContents{&tc.want}, tc.res.Contents); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
	}
	_, err = toolimpl.JSONContents("r", "x://r", "application/json", func() {})
	checkRPCError(t, err, jsonrpc.CodeInternalError, "r: encoding the resource: json: unsupported type: func()", "")
	own, err := toolimpl.ReadResult("r", &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: "x://r"}, {URI: "x://s", Text: "s"}}})
	if err != nil || own.Contents[0].Blob == nil || own.Contents[1].Blob != nil {
		t.Errorf("ReadResult: %+v, %v; want an empty blob for the empty contents only", own.Contents, err)
	}
	_, err = toolimpl.ReadResult("r", nil)
	checkRPCError(t, err, jsonrpc.CodeInternalError, "r: the resource function returned no contents", "")
}

// TestPromptResults: a prompt's results, and the errors of bad
// arguments, of a failing function and of a panic.
func TestPromptResults(t *testing.T) {
	if m := toolimpl.PromptMessages(nil).Messages; m == nil || len(m) != 0 {
		t.Errorf("nil messages: %v, want an empty list, never null", m)
	}
	text := toolimpl.PromptText("Plan a trip.")
	if len(text.Messages) != 1 || text.Messages[0].Role != "user" || text.Messages[0].Content.(*mcp.TextContent).Text != "Plan a trip." {
		t.Errorf("PromptText = %+v, want one user message", text.Messages)
	}
	_, err := toolimpl.PromptResult("p", nil)
	checkRPCError(t, err, jsonrpc.CodeInternalError, "p: the prompt returned no result", "")

	sp := &toolimpl.Spec{Tool: "plan", Args: []toolimpl.Arg{{Name: "city", Required: true, Kind: toolimpl.KindString}}}
	_, err = sp.Parse(toolimpl.StringArguments(map[string]string{"city": "Cairo", "dyas": "3", "cty": "x"}))
	checkRPCError(t, toolimpl.InvalidParams(err), jsonrpc.CodeInvalidParams, `plan: unknown argument "cty" (did you mean "city"?)`, "")

	err = func() (err error) {
		defer toolimpl.RecoverError(context.Background(), "plan", &err)
		panic("boom")
	}()
	checkRPCError(t, err, jsonrpc.CodeInternalError, "plan: internal error: the handler panicked", "")
}

// TestStringArguments: prompt arguments as the JSON object Spec reads, in
// the order of their names, every string escaped.
func TestStringArguments(t *testing.T) {
	got := string(toolimpl.StringArguments(map[string]string{"b": "say \"hi\"\n", "a": "<ü>"}))
	if want := `{"a":"\u003cü\u003e","b":"say \"hi\"\n"}`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// checkRPCError checks that err is the JSON-RPC error with code and
// message, and, if data is not empty, that its data holds the uri data.
func checkRPCError(t *testing.T, err error, code int64, msg, data string) {
	t.Helper()
	rpc := mcptest.RPCError(t, err, code, msg)
	if data != "" && string(rpc.Data) != `{"uri":`+data+`}` {
		t.Errorf("error data %s, want the uri %s", rpc.Data, data)
	}
}
