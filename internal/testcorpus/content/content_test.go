package content

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcptag/mcptag/internal/interop"
	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/mcptag/mcptag/toolrt"
)

// serveEnv, set in the environment of the test binary, makes it serve
// the package's tools on stdio instead of testing: the server the
// TypeScript client starts.
const serveEnv = "MCPTAG_CONTENT_SERVE"

func TestMain(m *testing.M) {
	if os.Getenv(serveEnv) == "1" {
		server := mcp.NewServer(&mcp.Implementation{Name: "content", Version: "v0"}, nil)
		Register(server)
		if err := server.Run(context.Background(), &toolrt.StdioTransport{}); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

var (
	pngBase64 = base64.StdEncoding.EncodeToString(PNG)
	wavBase64 = base64.StdEncoding.EncodeToString(WAV)
	imageJSON = `{"type":"image","mimeType":"image/png","data":"` + pngBase64 + `"}`
	audio     = `{"type":"audio","mimeType":"audio/wav","data":"` + wavBase64 + `"}`
	caption   = `{"type":"text","text":"p99 latency, last hour"}`
	latest    = `{"type":"resource_link","uri":"file:///reports/latest.md","name":"latest"}`
)

// contentCalls are a call of every content tool, and the content blocks
// it must send, as JSON.
var contentCalls = []struct {
	tool string
	args map[string]any
	want string
}{
	{"chart", map[string]any{"empty": false}, `[` + imageJSON + `]`},
	{"chart", map[string]any{"empty": true}, `[]`},
	{"clip", nil, `[` + audio + `]`},
	{"link", nil, `[{"type":"resource_link","mimeType":"text/markdown","uri":"file:///reports/latest.md","name":"latest"}]`},
	{"links", nil, `[{"type":"resource_link","uri":"file:///reports/1.md","name":"one"},{"type":"resource_link","uri":"file:///reports/2.md","name":"two"}]`},
	{"attach", nil, `[{"type":"resource","resource":{"uri":"file:///reports/latest.md","mimeType":"text/markdown","text":"# All is well"}}]`},
	{"caption", nil, `[` + caption + `]`},
	{"report", nil, `[` + caption + `,` + imageJSON + `,` + audio + `,` + latest + `,` +
		`{"type":"resource","resource":{"uri":"file:///reports/latest.md","blob":"` + base64.StdEncoding.EncodeToString([]byte("# All is well")) + `"}}]`},
	{"thumbnails", map[string]any{"count": 2}, `[` + imageJSON + `,` + imageJSON + `]`},
}

// TestContentThroughGoClient calls every content tool through a go-sdk
// client: the blocks arrive as they were returned, of their own types,
// with no structuredContent, and no tool lists an output schema.
func TestContentThroughGoClient(t *testing.T) {
	cs := mcptest.Session(t, Register)
	ctx := context.Background()
	for _, c := range contentCalls {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: c.tool, Arguments: c.args})
		if err != nil {
			t.Fatalf("%s: %v", c.tool, err)
		}
		got, _ := json.Marshal(res.Content)
		if string(got) != c.want || res.StructuredContent != nil || res.IsError {
			t.Errorf("%s %v: content %s, structuredContent %v, isError %v;\nwant content %s", c.tool, c.args, got, res.StructuredContent, res.IsError, c.want)
		}
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "report"})
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, b := range res.Content {
		switch b.(type) {
		case *mcp.TextContent:
			kinds = append(kinds, "text")
		case *mcp.ImageContent:
			kinds = append(kinds, "image")
		case *mcp.AudioContent:
			kinds = append(kinds, "audio")
		case *mcp.ResourceLink:
			kinds = append(kinds, "link")
		case *mcp.EmbeddedResource:
			kinds = append(kinds, "embedded")
		}
	}
	if want := []string{"text", "image", "audio", "link", "embedded"}; !slices.Equal(kinds, want) {
		t.Errorf("report's blocks are %v, want %v", kinds, want)
	}
	mcptest.ServesSnapshot(t, cs, "mcp_tools.json")
	list, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range list.Tools {
		if tool.OutputSchema != nil && !strings.HasPrefix(tool.Name, "list_issues") {
			t.Errorf("%s lists an outputSchema: %s", tool.Name, tool.OutputSchema)
		}
	}
}

// enumCalls are calls of the enum tools, with what each tool received or
// the error it gave.
var enumCalls = []mcptest.Call{
	{Tool: "list_issues", Args: map[string]any{"state": "OPEN"}, Texts: []string{"state=OPEN also=[] kind="}},
	{Tool: "list_issues", Args: map[string]any{"state": "open", "also": []string{"Closed", "closed"}, "kind": "BUG"},
		Texts: []string{"state=OPEN also=[CLOSED CLOSED] kind=bug"}},
	{Tool: "list_issues", Args: map[string]any{"state": "open", "kind": "draft"}, IsError: true,
		Texts: []string{`list_issues: argument "kind": want one of "Draft", "DRAFT" as spelled, got "draft", which is each of them but for case`}},
	{Tool: "list_issues", Args: map[string]any{"state": "DRAFT", "kind": "DRAFT"}, IsError: true,
		Texts: []string{`list_issues: argument "state": want one of "OPEN", "CLOSED", got "DRAFT"`}},
	{Tool: "list_issues_strict", Args: map[string]any{"state": "CLOSED", "kind": "Draft"}, Texts: []string{"state=CLOSED also=[] kind=Draft"}},
	{Tool: "list_issues_strict", Args: map[string]any{"state": "open"}, IsError: true,
		Texts: []string{`list_issues_strict: argument "state": want one of "OPEN", "CLOSED", got "open" (did you mean "OPEN"?)`}},
}

// TestEnumCaseThroughGoClient calls the enum tools through a go-sdk
// client: a value in another case reaches the tool as the enum's
// spelling, one that is two values stays an error, and a strict tool
// takes values only as spelled.
func TestEnumCaseThroughGoClient(t *testing.T) {
	mcptest.Run(t, mcptest.Session(t, Register), enumCalls)
}

// TestThroughStrictTypeScriptClient makes the same calls through the
// strict TypeScript client, which validates every result against the
// protocol's schema: each content block, each enum conversion, and the
// prompt and template that take a value in another case.
func TestThroughStrictTypeScriptClient(t *testing.T) {
	if testing.Short() {
		t.Skip("runs node and a server")
	}
	type call struct {
		Method      string         `json:"method,omitempty"`
		Name        string         `json:"name,omitempty"`
		URI         string         `json:"uri,omitempty"`
		Arguments   map[string]any `json:"arguments,omitempty"`
		ExpectError bool           `json:"expectError"`
	}
	var calls []call
	var want []string
	for _, c := range contentCalls {
		calls = append(calls, call{Name: c.tool, Arguments: c.args})
		want = append(want, `{"name":"`+c.tool+`","isError":false,"structuredContent":null,"content":`+c.want+`}`)
	}
	for _, c := range enumCalls {
		calls = append(calls, call{Name: c.Tool, Arguments: c.Args.(map[string]any), ExpectError: c.IsError})
		text, _ := json.Marshal(c.Texts[0])
		want = append(want, `{"name":"`+c.Tool+`","isError":`+map[bool]string{true: "true", false: "false"}[c.IsError]+`,"structuredContent":null,"content":[{"type":"text","text":`+string(text)+`}]}`)
	}
	calls = append(calls,
		call{Method: "prompts/get", Name: "triage", Arguments: map[string]any{"state": "closed"}},
		call{Method: "resources/read", URI: "issues://Open/count"})
	want = append(want,
		`{"method":"prompts/get","result":{"messages":[{"role":"user","content":{"type":"text","text":"Triage the CLOSED issues."}}]}}`,
		`{"method":"resources/read","result":{"contents":[{"uri":"issues://Open/count","mimeType":"text/plain","text":"12 issues are OPEN"}],"ttlMs":0,"cacheScope":"public"}}`)
	data, err := json.Marshal(calls)
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv(serveEnv, "1")
	lines, err := interop.Run(t, string(data), os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) == 0 {
		t.Fatal("no output")
	}
	for i, line := range lines[1:] {
		if i >= len(want) || !jsonEqual(line, want[i]) {
			w := "nothing"
			if i < len(want) {
				w = want[i]
			}
			t.Errorf("call %d:\n got %s\nwant %s", i, line, w)
		}
	}
	if len(lines)-1 != len(want) {
		t.Errorf("%d results, want %d", len(lines)-1, len(want))
	}
}

// jsonEqual reports whether a and b are the same JSON value, whatever
// the order of their members.
func jsonEqual(a, b string) bool {
	var va, vb any
	if json.Unmarshal([]byte(a), &va) != nil || json.Unmarshal([]byte(b), &vb) != nil {
		return false
	}
	ja, _ := json.Marshal(va)
	jb, _ := json.Marshal(vb)
	return string(ja) == string(jb)
}

// TestEnumCaseInPromptsAndTemplates checks that a prompt argument and a
// template variable in another case reach the function as the constant,
// as a tool's argument does.
func TestEnumCaseInPromptsAndTemplates(t *testing.T) {
	cs := mcptest.Session(t, Register)
	ctx := context.Background()
	p, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "triage", Arguments: map[string]string{"state": "closed"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Messages[0].Content.(*mcp.TextContent).Text; got != "Triage the CLOSED issues." {
		t.Errorf("prompt: %q, want the CLOSED issues", got)
	}
	r, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "issues://Open/count"})
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Contents[0].Text; got != "12 issues are OPEN" {
		t.Errorf("resource: %q, want the OPEN issues", got)
	}
}
