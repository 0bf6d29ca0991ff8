package apps

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/mcptag/mcptag/internal/uiext"
	"github.com/mcptag/mcptag/toolimpl"
	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// pageURI is the URI of the page of show.
const pageURI = "ui://apps/show"

// page is show's page: text a page may hold that a careless server would
// change on its way (non-ASCII, CRLF line ends, a closing script tag in
// a string).
const page = "<!DOCTYPE html>\r\n<html lang=\"fr\"><meta charset=\"utf-8\">\r\n" +
	"<p>Prévisions à 7 jours ☀ — 12 °C</p>\r\n" +
	"<script>const end = \"</script>\"; document.title = \"\\u00e9t\\u00e9\";</script>\r\n</html>\r\n"

// uiMeta is the ui object of the page's resource and read content, in
// the types JSON decodes it to, as a client reads it.
func uiMeta() map[string]any {
	return map[string]any{
		"csp": map[string]any{
			"connectDomains":  []any{"https://api.example.com"},
			"resourceDomains": []any{"https://cdn.example.com"},
		},
		"prefersBorder": true,
	}
}

// tools are a tool with a page and one without, as generated code
// builds them; each has a _meta key of its own, which no client loses.
func tools() []toolrt.Tool {
	handler := func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "12 °C"}}}, nil
	}
	schema := map[string]any{"type": "object"}
	return []toolrt.Tool{
		{
			Tool: &mcp.Tool{Name: "show", InputSchema: schema, Meta: mcp.Meta{
				"ui":             map[string]any{"resourceUri": pageURI, "visibility": []string{"app"}},
				"ui/resourceUri": pageURI,
				"example.com/k":  "kept",
			}},
			Handler: handler,
			Page: toolimpl.AppPage(&mcp.Resource{
				URI: pageURI, Name: "show", Title: "Show", MIMEType: uiext.MIMEType,
				Meta: mcp.Meta{"ui": uiMeta()},
			}, page),
		},
		{
			Tool:    &mcp.Tool{Name: "plain", InputSchema: schema, Meta: mcp.Meta{"example.com/k": "kept"}},
			Handler: handler,
		},
	}
}

// newServer is a server of ts, added with AddTools.
func newServer(ts []toolrt.Tool) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "apps", Version: "v0"},
		&mcp.ServerOptions{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	toolrt.AddTools(s, ts)
	return s
}

// clientOptions are those of a client that declares the extension, or
// of one that does not.
func clientOptions(withUI bool) *mcp.ClientOptions {
	if !withUI {
		return nil
	}
	caps := &mcp.ClientCapabilities{}
	caps.AddExtension(uiext.Extension, map[string]any{"mimeTypes": []string{uiext.MIMEType}})
	return &mcp.ClientOptions{Capabilities: caps}
}

// A connection is one way a client reaches a server: connect returns a
// session to a server that serve builds (once, or per request).
type connection struct {
	name, protocol string
	connect        func(t testing.TB, serve func() *mcp.Server, opts *mcp.ClientOptions) *mcp.ClientSession
}

var connections = []connection{
	{"session", "2025-11-25", statefulHTTP},
	{"discover", "2026-07-28", inMemory},
	{"stateless", "2026-07-28", statelessHTTP},
}

// statefulHTTP connects over streamable HTTP with sessions, which speaks
// 2025-11-25: the capabilities travel in initialize.
func statefulHTTP(t testing.TB, serve func() *mcp.Server, opts *mcp.ClientOptions) *mcp.ClientSession {
	server := serve()
	return httpSession(t, mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, nil), opts)
}

// statelessHTTP connects over streamable HTTP without sessions, on
// 2026-07-28, with a server built for each request as such a deployment
// may: the server's capabilities travel in server/discover, the client's
// in each request's _meta.
func statelessHTTP(t testing.TB, serve func() *mcp.Server, opts *mcp.ClientOptions) *mcp.ClientSession {
	return httpSession(t, mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return serve() },
		&mcp.StreamableHTTPOptions{Stateless: true, JSONResponse: true}), opts)
}

func httpSession(t testing.TB, h http.Handler, opts *mcp.ClientOptions) *mcp.ClientSession {
	t.Helper()
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "v0"}, opts).
		Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: ts.URL}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// inMemory connects in memory, where the client opens with
// server/discover on 2026-07-28.
func inMemory(t testing.TB, serve func() *mcp.Server, opts *mcp.ClientOptions) *mcp.ClientSession {
	t.Helper()
	return mcptest.Connect(t, serve(), opts)
}

// listedMeta returns the _meta of each tool cs lists, by name.
func listedMeta(t *testing.T, cs *mcp.ClientSession) map[string]any {
	t.Helper()
	list, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	metas := map[string]any{}
	for _, tool := range list.Tools {
		metas[tool.Name] = map[string]any(tool.Meta)
	}
	return metas
}

// TestCapabilityAdvertised: every handshake, of either era, advertises
// the extension, to clients that declare it and to those that do not.
func TestCapabilityAdvertised(t *testing.T) {
	for _, c := range connections {
		for _, withUI := range []bool{true, false} {
			cs := c.connect(t, func() *mcp.Server { return newServer(tools()) }, clientOptions(withUI))
			init := cs.InitializeResult()
			if init.ProtocolVersion != c.protocol {
				t.Fatalf("%s: protocol %s, want %s", c.name, init.ProtocolVersion, c.protocol)
			}
			got := init.Capabilities.Extensions[uiext.Extension]
			want := map[string]any{"mimeTypes": []any{uiext.MIMEType}}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s, client with the extension %v: capabilities.extensions[%q] (-want +got):\n%s", c.name, withUI, uiext.Extension, diff)
			}
		}
	}
}

// TestNoPageNoCapability: a server whose tools have no page advertises
// nothing of the extension.
func TestNoPageNoCapability(t *testing.T) {
	for _, c := range connections {
		cs := c.connect(t, func() *mcp.Server { return newServer(tools()[1:]) }, clientOptions(true))
		if ext, ok := cs.InitializeResult().Capabilities.Extensions[uiext.Extension]; ok {
			t.Errorf("%s: a server without pages advertises %s: %v", c.name, uiext.Extension, ext)
		}
	}
}

// TestToolMetadata: a client that declares the extension sees show's
// ui object and flat key; one that does not sees neither, and both keep
// the tools' other _meta keys.
func TestToolMetadata(t *testing.T) {
	kept := map[string]any{"example.com/k": "kept"}
	withUI := map[string]any{
		"show": map[string]any{
			"ui":             map[string]any{"resourceUri": pageURI, "visibility": []any{"app"}},
			"ui/resourceUri": pageURI,
			"example.com/k":  "kept",
		},
		"plain": kept,
	}
	withoutUI := map[string]any{"show": kept, "plain": kept}
	for _, c := range connections {
		for _, declared := range []bool{true, false} {
			cs := c.connect(t, func() *mcp.Server { return newServer(tools()) }, clientOptions(declared))
			want := withoutUI
			if declared {
				want = withUI
			}
			if diff := cmp.Diff(want, listedMeta(t, cs)); diff != "" {
				t.Errorf("%s, client with the extension %v: the tools' _meta (-want +got):\n%s", c.name, declared, diff)
			}
		}
	}
}

// TestStrippedListingKeepsStoredTool: listing to a client without the
// extension changes neither the tool the server stores nor what a client
// with it sees next, on one server that serves both.
func TestStrippedListingKeepsStoredTool(t *testing.T) {
	ts := tools()
	before, _ := json.Marshal(ts[0].Tool)
	server := newServer(ts)
	serve := func() *mcp.Server { return server }
	for _, c := range connections {
		without := c.connect(t, serve, clientOptions(false))
		if _, ok := listedMeta(t, without)["show"].(map[string]any)["ui"]; ok {
			t.Fatalf("%s: a client without the extension was listed _meta.ui", c.name)
		}
		after, _ := json.Marshal(ts[0].Tool)
		if diff := cmp.Diff(string(before), string(after)); diff != "" {
			t.Errorf("%s: the stored tool changed with a stripped listing (-before +after):\n%s", c.name, diff)
		}
		with := c.connect(t, serve, clientOptions(true))
		if _, ok := listedMeta(t, with)["show"].(map[string]any)["ui"]; !ok {
			t.Errorf("%s: after a stripped listing, a client with the extension is not listed _meta.ui", c.name)
		}
	}
}

// TestPageResource: the page lists as a resource with its MIME type and
// _meta.ui (CSP, border), and its read returns one content: the exact
// text, the MIME type and the same _meta.
func TestPageResource(t *testing.T) {
	wantListed := []*mcp.Resource{{
		URI: pageURI, Name: "show", Title: "Show", MIMEType: uiext.MIMEType,
		Meta: mcp.Meta{"ui": uiMeta()},
	}}
	wantRead := []*mcp.ResourceContents{{
		URI: pageURI, MIMEType: uiext.MIMEType, Text: page,
		Meta: mcp.Meta{"ui": uiMeta()},
	}}
	ctx := context.Background()
	for _, c := range connections {
		for _, declared := range []bool{true, false} {
			cs := c.connect(t, func() *mcp.Server { return newServer(tools()) }, clientOptions(declared))
			list, err := cs.ListResources(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(wantListed, list.Resources); diff != "" {
				t.Errorf("%s, client with the extension %v: resources/list (-want +got):\n%s", c.name, declared, diff)
			}
			read, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: pageURI})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(wantRead, read.Contents); diff != "" {
				t.Errorf("%s, client with the extension %v: resources/read (-want +got):\n%s", c.name, declared, diff)
			}
			if text := read.Contents[0].Text; text != page {
				t.Errorf("%s: the page read is %q, want the exact text %q", c.name, text, page)
			}
		}
	}
}

// TestAddToolsTwice: adding tools with pages twice to one server serves
// as adding them once: one capability, the metadata still stripped, the
// page read as it is.
func TestAddToolsTwice(t *testing.T) {
	var built atomic.Int64
	serve := func() *mcp.Server {
		built.Add(1)
		s := newServer(tools())
		toolrt.AddTools(s, tools())
		uiext.Serve(s)
		return s
	}
	for _, c := range connections {
		cs := c.connect(t, serve, clientOptions(false))
		if _, ok := cs.InitializeResult().Capabilities.Extensions[uiext.Extension]; !ok {
			t.Errorf("%s: no capability", c.name)
		}
		if diff := cmp.Diff(map[string]any{"example.com/k": "kept"}, listedMeta(t, cs)["show"]); diff != "" {
			t.Errorf("%s: show's _meta (-want +got):\n%s", c.name, diff)
		}
	}
	if built.Load() < int64(len(connections)) {
		t.Errorf("%d servers built for %d connections", built.Load(), len(connections))
	}
}

// TestStatelessOldProtocolListsWithoutUI: over stateless HTTP on
// 2025-11-25 a request carries no capabilities, and the go-sdk makes up
// an initialize without them for each, so a client's declaration of the
// extension never reaches tools/list: the server, which cannot know,
// lists no UI, as to a client without the extension. The capability is
// advertised all the same.
func TestStatelessOldProtocolListsWithoutUI(t *testing.T) {
	ts := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return newServer(tools()) },
		&mcp.StreamableHTTPOptions{Stateless: true, JSONResponse: true}))
	t.Cleanup(ts.Close)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "v0"}, clientOptions(true)).
		Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: ts.URL}, &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	init := cs.InitializeResult()
	if init.ProtocolVersion != "2025-11-25" {
		t.Fatalf("protocol %s, want 2025-11-25", init.ProtocolVersion)
	}
	if _, ok := init.Capabilities.Extensions[uiext.Extension]; !ok {
		t.Errorf("initialize does not advertise %s", uiext.Extension)
	}
	if diff := cmp.Diff(map[string]any{"example.com/k": "kept"}, listedMeta(t, cs)["show"]); diff != "" {
		t.Errorf("show's _meta (-want +got):\n%s", diff)
	}
}

// TestAddToolsRefusesAPageURIClash: the pages of two tools with one URI,
// say of two packages named alike whose tools a server renamed, cannot
// both be served: AddTools refuses them, in one call or in two, and
// names both tools and the URI; it registers nothing of the call it
// refuses.
func TestAddToolsRefusesAPageURIClash(t *testing.T) {
	renamed := func(name, html string) toolrt.Tool {
		tool := tools()[0]
		tool.Tool.Name = name
		tool.Page = toolimpl.AppPage(&mcp.Resource{URI: pageURI, Name: name, MIMEType: uiext.MIMEType}, html)
		return tool
	}
	one, other := renamed("one_show", page), renamed("other_show", "<!doctype html><p>other</p>")
	want := `toolrt.AddTools: tools "one_show" and "other_show" both have the page ui://apps/show; a server serves one page per URI (the URI is ui://PACKAGE/TOOL: give one of the packages another name)`
	for name, add := range map[string]func(s *mcp.Server){
		"one call":  func(s *mcp.Server) { toolrt.AddTools(s, []toolrt.Tool{one, other}) },
		"two calls": func(s *mcp.Server) { toolrt.AddTools(s, []toolrt.Tool{one}); toolrt.AddTools(s, []toolrt.Tool{other}) },
	} {
		s := mcp.NewServer(&mcp.Implementation{Name: "apps", Version: "v0"}, nil)
		got := func() (msg any) {
			defer func() { msg = recover() }()
			add(s)
			return nil
		}()
		if got != want {
			t.Errorf("%s: AddTools panicked with %v\nwant %s", name, got, want)
		}
		cs := mcptest.Connect(t, s, nil)
		wantTools := map[string][]string{"one call": nil, "two calls": {"one_show"}}[name]
		if got := mcptest.ToolNames(t, cs); !slices.Equal(got, wantTools) {
			t.Errorf("%s: tools %q served, want %q", name, got, wantTools)
		}
	}
	// One tool's page added again is no clash.
	s := mcp.NewServer(&mcp.Implementation{Name: "apps", Version: "v0"}, nil)
	toolrt.AddTools(s, []toolrt.Tool{one})
	toolrt.AddTools(s, []toolrt.Tool{renamed("one_show", page)})
}
