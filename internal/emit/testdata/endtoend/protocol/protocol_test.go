package protocol_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mcptag/mcptag/internal/emit/testdata/endtoend/protocol"
	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// connect serves the package over streamable HTTP without sessions (so
// that protocol 2026-07-28 is spoken) or with them (2025-11-25), and
// returns a client session whose user is u, and the request headers of
// each tool's last call.
func connect(t *testing.T, stateless bool, u *mcptest.User) (*mcp.ClientSession, func(tool string) http.Header) {
	t.Helper()
	server := mcp.NewServer(&mcp.Implementation{Name: "protocol", Version: "v0"}, nil)
	protocol.Register(server)
	handler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, &mcp.StreamableHTTPOptions{Stateless: stateless})
	return mcptest.HTTPSession(t, handler, u, nil)
}

// TestHeaders: the client sends every argument that has a header, of
// each kind, nested or not, struct tag or doc list item, as its
// Mcp-Param- header, and leaves out those that are absent.
func TestHeaders(t *testing.T) {
	cs, headers := connect(t, true, &mcptest.User{})
	if v := cs.InitializeResult().ProtocolVersion; v != "2026-07-28" {
		t.Fatalf("protocol %s, want 2026-07-28", v)
	}
	for _, tc := range []struct {
		tool string
		args map[string]any
		text string
		want map[string]string // header: value, "" for absent
	}{
		{"note", map[string]any{"priority": 2, "scope": map[string]any{"team": "Ops", "managers": true}, "text": "hi"}, "2 Ops true hi",
			map[string]string{"Mcp-Param-Priority": "2", "Mcp-Param-Team": "Ops", "Mcp-Param-Managers": "true"}},
		{"note", map[string]any{"priority": 5, "scope": map[string]any{"team": "Zoë"}, "text": "x"}, "5 Zoë false x",
			map[string]string{"Mcp-Param-Priority": "5", "Mcp-Param-Team": "=?base64?Wm/Dqw==?=", "Mcp-Param-Managers": ""}},
		{"find", map[string]any{"tenant": "acme", "query": "q"}, "acme: q",
			map[string]string{"Mcp-Param-Tenant": "acme"}},
	} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tc.tool, Arguments: tc.args})
		if err != nil {
			t.Fatalf("%s: %v", tc.tool, err)
		}
		if got := mcptest.Texts(res); res.IsError || len(got) != 1 || got[0] != tc.text {
			t.Errorf("%s: %v, want %q", tc.tool, got, tc.text)
		}
		for name, want := range tc.want {
			if got := headers(tc.tool).Get(name); got != want {
				t.Errorf("%s %v: %s = %q, want %q", tc.tool, tc.args, name, got, want)
			}
		}
	}
}

// TestIconsAndCaching: the tools and resources list their icons, themed
// when a dark one is given, and a read carries its resource's ttl= and
// cache=.
func TestIconsAndCaching(t *testing.T) {
	cs, _ := connect(t, true, &mcptest.User{})
	ctx := context.Background()
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range tools.Tools {
		var themes []string
		for _, icon := range tool.Icons {
			themes = append(themes, string(icon.Theme)+" "+icon.MIMEType+" "+strings.Join(icon.Sizes, ","))
		}
		want := map[string][]string{"note": {"light image/svg+xml any", "dark image/png "}}[tool.Name]
		if diff := cmp.Diff(want, themes); diff != "" {
			t.Errorf("%s: icons (-want +got):\n%s", tool.Name, diff)
		}
	}
	for uri, want := range map[string]mcp.Cacheable{
		"notes://board":           {TTLMs: 60000, CacheScope: "private"},
		"notes://days/2026-07-28": {TTLMs: 86400000, CacheScope: "public"},
	} {
		res, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: uri})
		if err != nil {
			t.Fatal(err)
		}
		if res.Cacheable != want {
			t.Errorf("%s: %+v, want %+v", uri, res.Cacheable, want)
		}
	}
}

// TestForms asks for two forms in sequence, on 2026-07-28 (the tool runs
// once per answer, and the first answer comes back with the second) and
// on 2025-11-25 (both asked while the call waits): the go-sdk's client
// takes the requested schemas (its checks of the restricted form pass),
// titled enums and multi-selects are answered, a declined second form is
// ok=false, and an answer the form forbids is an error.
func TestForms(t *testing.T) {
	order := map[string]any{"name": "Ada", "size": "l", "topping": "olives", "extras": []any{"cheese"}}
	placed := `{"order":{"name":"Ada","count":1,"size":"l","topping":"olives","extras":["cheese"]},"placed":true}`
	for _, stateless := range []bool{true, false} {
		for _, tc := range []struct {
			name    string
			answers []*mcp.ElicitResult
			want    string
			isError bool
		}{
			{"both", []*mcp.ElicitResult{{Action: "accept", Content: order}, {Action: "accept", Content: map[string]any{"ok": true}}}, placed, false},
			{"declined", []*mcp.ElicitResult{{Action: "accept", Content: order}, {Action: "decline"}},
				`{"order":{"name":"Ada","count":1,"size":"l","topping":"olives","extras":["cheese"]},"placed":false}`, false},
			{"cancelled first", []*mcp.ElicitResult{{Action: "cancel"}}, `{"order":{"name":"","size":"","topping":""},"placed":false}`, false},
			{"invalid", []*mcp.ElicitResult{{Action: "accept", Content: map[string]any{"name": "Ada", "size": "l", "topping": "olives", "email": "nope"}}},
				`Order form: argument "email": want an e-mail address, got "nope"`, true},
		} {
			u := &mcptest.User{}
			u.Answer(tc.answers...)
			cs, _ := connect(t, stateless, u)
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "place_order"})
			if err != nil {
				t.Fatalf("stateless=%v %s: %v", stateless, tc.name, err)
			}
			if got := strings.Join(mcptest.Texts(res), "\n"); res.IsError != tc.isError || got != tc.want {
				t.Errorf("stateless=%v %s: isError=%v %s\nwant isError=%v %s", stateless, tc.name, res.IsError, got, tc.isError, tc.want)
			}
			if asked := len(u.Asked()); asked != len(tc.answers) {
				t.Errorf("stateless=%v %s: asked %d forms, want %d", stateless, tc.name, asked, len(tc.answers))
			}
		}
	}
}

// TestOrderSchema is the requested schema of Order as the client gets it:
// the titled enum, the multi-select of titled values, the untitled enum.
func TestOrderSchema(t *testing.T) {
	u := &mcptest.User{}
	u.Answer(&mcp.ElicitResult{Action: "decline"})
	cs, _ := connect(t, true, u)
	if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "place_order"}); err != nil {
		t.Fatal(err)
	}
	got, err := json.Marshal(u.Asked()[0].RequestedSchema)
	if err != nil {
		t.Fatal(err)
	}
	var schema struct {
		Properties map[string]json.RawMessage
		Required   []string
	}
	if err := json.Unmarshal(got, &schema); err != nil {
		t.Fatal(err)
	}
	for prop, want := range map[string]string{
		"size":    `{"type":"string","description":"The size.","enum":["s","l"]}`,
		"topping": `{"type":"string","description":"The main topping.","oneOf":[{"title":"Extra cheese","const":"cheese"},{"title":"Black olives","const":"olives"}]}`,
		"extras":  `{"type":"array","items":{"anyOf":[{"title":"Extra cheese","const":"cheese"},{"title":"Black olives","const":"olives"}]},"description":"More toppings."}`,
	} {
		var gotV, wantV any
		if err := json.Unmarshal(schema.Properties[prop], &gotV); err != nil {
			t.Fatalf("%s: %v", prop, err)
		}
		if err := json.Unmarshal([]byte(want), &wantV); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(wantV, gotV); diff != "" {
			t.Errorf("%s (-want +got):\n%s", prop, diff)
		}
	}
	if diff := cmp.Diff([]string{"name", "size", "topping"}, schema.Required); diff != "" {
		t.Errorf("required (-want +got):\n%s", diff)
	}
}
