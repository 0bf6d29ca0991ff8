package toolimpl

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Error is the result of a tool that failed: isError set, the message as
// text, and no structuredContent (a strict client would validate it). A
// tool that returned the *toolrt.InputRequired of a form it asks for (see
// Form.Elicit) has not failed: its result is the one that asks for the
// form, or for each of the forms it asked at once and returned joined
// (errors.Join), in one round.
func Error(err error) *mcp.CallToolResult {
	if res, ok := formsAsked(err); ok {
		return res
	}
	return &mcp.CallToolResult{
		Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}},
		IsError: true,
	}
}

// Failed is what a tool's handler returns for the error err of its tool:
// a *jsonrpc.Error in err's chain (a missing client capability, a
// request state that fails verification, one of the tool's own) as that
// protocol error, as mcp.AddTool sends it; any other error as the tool
// error of Error.
func Failed(err error) (*mcp.CallToolResult, error) {
	if _, ok := errors.AsType[*toolrt.InputRequired](err); !ok {
		if rpc, ok := protocolError(err); ok {
			return nil, rpc
		}
	}
	return Error(err), nil
}

// Empty is the result of a tool that returns no value: the text "ok", so
// that a model reading only the content sees that the call succeeded.
func Empty() *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}
}

// A TextMode says how the text content mirrors a structured result,
// which a model reads when its client shows it no structuredContent. The
// default, when a result function is given none, is compact JSON.
type TextMode uint8

const (
	// compactText writes JSON without white space: the default, since a
	// model pays for every token of it on every call (about a third
	// fewer than indented, measured in BENCHMARKS.md).
	compactText TextMode = iota
	// IndentedText writes JSON indented by two spaces.
	IndentedText
	// NoText writes only a short note that the result is in
	// structuredContent, for clients that read it.
	NoText
	// IndentedList is IndentedText for a list: one text content, the
	// whole list as indented JSON, in place of one per element, for
	// clients that show a model only the first content block.
	IndentedList
)

func textMode(modes []TextMode) TextMode {
	if len(modes) > 0 {
		return modes[0]
	}
	return compactText
}

// Object is the result of a tool whose value is a JSON object: a struct
// or a map. A nil map is sent as {} so that it validates. Its text is the
// object, as mode says (compact JSON if none is given).
func Object(tool string, v any, mode ...TextMode) *mcp.CallToolResult {
	data, err := json.Marshal(v)
	return objectResult(tool, data, err, mode)
}

// objectResult is the result of a tool whose value's JSON is data, an
// object, or null for a nil map; or err.
func objectResult(tool string, data []byte, err error, mode []TextMode) *mcp.CallToolResult {
	if err != nil {
		return resultError(tool, err)
	}
	if string(data) == "null" {
		data = []byte("{}")
	}
	note := "the result is the object in structuredContent"
	return &mcp.CallToolResult{
		Content:           []mcp.Content{&mcp.TextContent{Text: text(data, textMode(mode), note)}},
		StructuredContent: json.RawMessage(data),
	}
}

// Wrapped is the result of a tool whose value is not an object: it is
// sent as {"result": v}, and its text is the value itself.
func Wrapped(tool string, v any, mode ...TextMode) *mcp.CallToolResult {
	data, err := json.Marshal(v)
	if err != nil {
		return resultError(tool, err)
	}
	note := "the result is structuredContent.result"
	return &mcp.CallToolResult{
		Content:           []mcp.Content{&mcp.TextContent{Text: text(data, textMode(mode), note)}},
		StructuredContent: wrap(data),
	}
}

// Slice is the result of a tool returning a slice or an array: sent as
// {"result": [...]} (a nil slice as []), with one text content per element
// so that a model reads a list, not one long string. An empty list is the
// one text "[]": no content at all would tell a model nothing. With
// NoText, one note says how many items structuredContent.result holds.
func Slice[E any](tool string, s []E, mode ...TextMode) *mcp.CallToolResult {
	if len(s) == 0 {
		return &mcp.CallToolResult{
			Content:           []mcp.Content{&mcp.TextContent{Text: "[]"}},
			StructuredContent: wrap([]byte("[]")),
		}
	}
	m := textMode(mode)
	content := make([]mcp.Content, 0, len(s))
	if m == IndentedList {
		content = nil // one content, of the whole list, below
	}
	var buf bytes.Buffer
	buf.WriteByte('[')
	for i := range s {
		data, err := json.Marshal(s[i])
		if err != nil {
			return resultError(tool, err)
		}
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.Write(data)
		if m != NoText && m != IndentedList {
			content = append(content, &mcp.TextContent{Text: text(data, m, "")})
		}
	}
	buf.WriteByte(']')
	return &mcp.CallToolResult{Content: listEnd(content, len(s), buf.Bytes(), m), StructuredContent: wrap(buf.Bytes())}
}

// listEnd completes the content of a list of n items whose JSON is data:
// with NoText, the note that says how many items structuredContent.result
// holds; with IndentedList, the one text of the whole list.
func listEnd(content []mcp.Content, n int, data []byte, m TextMode) []mcp.Content {
	switch m {
	case NoText:
		return append(content, &mcp.TextContent{Text: fmt.Sprintf("the result is the %d items of structuredContent.result", n)})
	case IndentedList:
		return append(content, &mcp.TextContent{Text: text(data, IndentedText, "")})
	}
	return content
}

// JSONText is the result of a structured=false tool: text only, a string
// as it is and any other value as JSON, as mode says.
func JSONText(tool string, v any, mode ...TextMode) *mcp.CallToolResult {
	data, err := json.Marshal(v)
	if err != nil {
		return resultError(tool, err)
	}
	m := textMode(mode)
	if m == NoText {
		m = compactText // the text is all there is
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text(data, m, "")}}}
}

// Sprint is the result of a tool whose value has no JSON shape: text
// only, by fmt's rules (String or Error if the value has one).
func Sprint(v any) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf("%+v", v)}}}
}

// Merge completes the result of a go-sdk style handler with the value it
// returned: what the handler set is kept, the rest comes from structured.
// A result that asks the client for input (InputRequests) is kept as it
// is: the protocol forbids content beside input requests.
func Merge(res *mcp.CallToolResult, structured *mcp.CallToolResult) *mcp.CallToolResult {
	if res == nil || structured.IsError {
		return structured
	}
	if res.InputRequests != nil {
		return res
	}
	if res.StructuredContent == nil {
		res.StructuredContent = structured.StructuredContent
	}
	if res.Content == nil {
		res.Content = structured.Content
	}
	return res
}

func wrap(data []byte) json.RawMessage {
	out := make([]byte, 0, len(data)+len(`{"result":}`))
	out = append(out, `{"result":`...)
	out = append(out, data...)
	return append(out, '}')
}

// text renders one JSON value for a model: a string without its quotes,
// an object or array as mode says (or note, for NoText), anything else as
// it is; <, > and & as themselves, not as encoding/json's HTML escapes.
func text(data []byte, mode TextMode, note string) string {
	if mode == NoText {
		return note
	}
	data = htmlUnescaped(data)
	switch data[0] {
	case '"':
		var s string
		if json.Unmarshal(data, &s) == nil {
			return s
		}
	case '{', '[':
		if mode == IndentedText || mode == IndentedList {
			return indent(data)
		}
	}
	return string(data)
}

func indent(data []byte) string {
	var buf bytes.Buffer
	if json.Indent(&buf, data, "", "  ") != nil {
		return string(data)
	}
	return buf.String()
}

// Recover turns a panic in a tool into a tool error, so that one bad call
// does not take the server down. The stack goes to the server's log only:
// it is no business of the client's. Call it deferred, with the handler's
// named result.
func Recover(ctx context.Context, tool string, res **mcp.CallToolResult) {
	v := recover()
	if v == nil {
		return
	}
	logPanic(ctx, "tool", tool, v)
	*res = panicResult(tool)
}

// panicResult is the result of a call of tool that panicked.
func panicResult(tool string) *mcp.CallToolResult {
	return Error(fmt.Errorf("%s: internal error: the tool panicked", tool))
}

// resultError is the result of a tool whose value could not be encoded
// (a NaN float, say): a tool error rather than a broken result.
func resultError(tool string, err error) *mcp.CallToolResult {
	return Error(fmt.Errorf("%s: encoding the result: %v", tool, err))
}

// Bool returns a pointer to b, for the optional hints of tool annotations.
func Bool(b bool) *bool { return &b }
