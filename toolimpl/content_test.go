package toolimpl_test

import (
	"encoding/json"
	"testing"

	"github.com/mcptag/mcptag/toolimpl"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestContentBlocks checks that content blocks are sent as they are, in
// order, that a nil block of any kind is left out rather than sent as
// null, that blocks held by value are sent, and that an embedded resource
// no client could read, or a block of sampling messages, is a tool error.
func TestContentBlocks(t *testing.T) {
	var nilImage *mcp.ImageContent
	links := []mcp.ResourceLink{{URI: "file:///a", Name: "a"}, {URI: "file:///b", Name: "b"}}
	for _, tc := range []struct {
		name string
		res  *mcp.CallToolResult
		want string
	}{
		{"image", toolimpl.Content("t", &mcp.ImageContent{Data: []byte{1}, MIMEType: "image/png"}),
			`{"content":[{"type":"image","mimeType":"image/png","data":"AQ=="}]}`},
		{"nil pointer", toolimpl.Content("t", nilImage), `{"content":[]}`},
		{"nil interface", toolimpl.Content("t", nil), `{"content":[]}`},
		{"list with nils", toolimpl.Contents("t", []mcp.Content{nil, &mcp.TextContent{Text: "x"}, (*mcp.AudioContent)(nil), (*mcp.ResourceLink)(nil)}),
			`{"content":[{"type":"text","text":"x"}]}`},
		{"pointers", toolimpl.Contents("t", []*mcp.ImageContent{nil, {Data: []byte{2}, MIMEType: "image/gif"}}),
			`{"content":[{"type":"image","mimeType":"image/gif","data":"Ag=="}]}`},
		{"values", toolimpl.ContentValues("t", links),
			`{"content":[{"type":"resource_link","uri":"file:///a","name":"a"},{"type":"resource_link","uri":"file:///b","name":"b"}]}`},
		{"empty", toolimpl.Contents("t", []mcp.Content(nil)), `{"content":[]}`},
		{"embedded without contents", toolimpl.Contents("t", []mcp.Content{&mcp.TextContent{Text: "x"}, &mcp.EmbeddedResource{}}),
			`{"content":[{"type":"text","text":"t: result: content block 1 is an embedded resource with no Resource"}],"isError":true}`},
		{"sampling only", toolimpl.Content("t", &mcp.ToolUseContent{ID: "1", Name: "x"}),
			`{"content":[{"type":"text","text":"t: result: content block 0 is *mcp.ToolUseContent, which only sampling messages carry"}],"isError":true}`},
	} {
		got, err := json.Marshal(tc.res)
		if err != nil || string(got) != tc.want {
			t.Errorf("%s: %s, %v; want %s", tc.name, got, err, tc.want)
		}
	}
}
