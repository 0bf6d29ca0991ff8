package toolimpl

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// CallTool calls the tool name through cs with args, for a generated
// client. A result marked isError comes back with a *toolrt.ToolError
// holding its text; a protocol error is the go-sdk's, with no result.
func CallTool(ctx context.Context, cs *mcp.ClientSession, name string, args any) (*mcp.CallToolResult, error) {
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		return nil, err
	}
	if res.IsError {
		return res, &toolrt.ToolError{Tool: name, Message: resultText(res)}
	}
	return res, nil
}

// resultText joins the texts of res's content, one a line.
func resultText(res *mcp.CallToolResult) string {
	var texts []string
	for _, c := range res.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			texts = append(texts, t.Text)
		}
	}
	return strings.Join(texts, "\n")
}

// ClientObject decodes the structuredContent of a tool's result into a T:
// the value of a tool whose result is an object or a map.
func ClientObject[T any](res *mcp.CallToolResult, name string) (T, error) {
	var out T
	if res.StructuredContent == nil {
		return out, fmt.Errorf("tool %s returned no structuredContent", name)
	}
	return out, decodeStructured(res.StructuredContent, name, &out)
}

// ClientWrapped decodes the "result" of the structuredContent of a tool's
// result into a T: the value of a tool whose result is wrapped (a
// scalar, a slice, a type with its own MarshalJSON).
func ClientWrapped[T any](res *mcp.CallToolResult, name string) (T, error) {
	var out T
	var wrapper struct {
		Result *json.RawMessage `json:"result"`
	}
	if res.StructuredContent == nil {
		return out, fmt.Errorf("tool %s returned no structuredContent", name)
	}
	if err := decodeStructured(res.StructuredContent, name, &wrapper); err != nil {
		return out, err
	}
	if wrapper.Result == nil {
		return out, fmt.Errorf("tool %s returned structuredContent without its result", name)
	}
	if err := json.Unmarshal(*wrapper.Result, &out); err != nil {
		return out, fmt.Errorf("tool %s: decoding its result: %w", name, err)
	}
	return out, nil
}

// decodeStructured decodes v, structuredContent as the go-sdk decoded it,
// into out, through its JSON.
func decodeStructured(v any, name string, out any) error {
	data, err := json.Marshal(v)
	if err == nil {
		err = json.Unmarshal(data, out)
	}
	if err != nil {
		return fmt.Errorf("tool %s: decoding its structuredContent: %w", name, err)
	}
	return nil
}

// ClientText is the text of a tool's unstructured result, as a T of kind
// string: the texts of its content, one a line.
func ClientText[T ~string](res *mcp.CallToolResult) T { return T(resultText(res)) }

// ClientJSONText decodes the text of a tool's unstructured result, which
// holds the value as JSON, into a T. The text of a value whose JSON is a
// string (a time.Time, a TextMarshaler) is that string, unquoted: it is
// decoded as the string it stands for.
func ClientJSONText[T any](res *mcp.CallToolResult, name string) (T, error) {
	var out T
	text := resultText(res)
	err := json.Unmarshal([]byte(text), &out)
	if err != nil {
		quoted, _ := json.Marshal(text)
		var fromString T
		if json.Unmarshal(quoted, &fromString) == nil {
			return fromString, nil
		}
		return out, fmt.Errorf("tool %s: its text is not the JSON of its result: %w", name, err)
	}
	return out, nil
}
