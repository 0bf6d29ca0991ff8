package content

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/mcptag/mcptag/toolrt/toolrttest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestContentThroughTypedClient: the typed client's method of a content
// tool returns the blocks as received, the go-sdk shape's with the whole
// result beside them; a tool of text returns its text.
func TestContentThroughTypedClient(t *testing.T) {
	ctx := context.Background()
	c := NewClient(toolrttest.Serve(t, Register))
	blocks := func(name string, got []mcp.Content, err error, want string) {
		t.Helper()
		data, _ := json.Marshal(got)
		if err != nil || string(data) != want {
			t.Errorf("%s = %s, %v; want %s", name, data, err, want)
		}
	}
	got, err := c.Chart(ctx, false)
	blocks("Chart", got, err, `[`+imageJSON+`]`)
	got, err = c.Caption(ctx)
	blocks("Caption", got, err, `[`+caption+`]`)
	res, got, err := c.Thumbnails(ctx, 2)
	blocks("Thumbnails", got, err, `[`+imageJSON+`,`+imageJSON+`]`)
	if res == nil || len(res.Content) != 2 {
		t.Errorf("Thumbnails' result = %+v, want the result as received", res)
	}
	text, err := c.ListIssues(ctx, Filter{State: "open", Kind: "BUG"})
	if want := "state=OPEN also=[] kind=bug"; err != nil || text != want {
		t.Errorf("ListIssues = %q, %v; want %q", text, err, want)
	}
}
