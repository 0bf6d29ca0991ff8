// Package toolrttest helps the tests of a server built from mcptag's
// generated tools: it connects a go-sdk client to the server in memory,
// declaring the client capabilities a test asks for and answering the
// forms the server asks the user to fill in, so that a test calls the
// tools through the package's generated typed client (NewClient); and it
// holds what the server lists to the package's committed snapshot,
// mcp_tools.json, so that a listing changed at run time, which no review
// of the snapshot saw, fails a test. TestTaskStore is the contract of a
// toolrt.TaskStore, for the tests of a store over a database.
package toolrttest

import (
	"context"
	"testing"

	"github.com/mcptag/mcptag/internal/uiext"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// An Option sets up the client that Connect and Serve connect.
type Option func(*mcp.ClientOptions)

// Forms declares that the client fills in forms (elicitation), and
// answers each form the server asks for with answer, which stands for the
// user: it returns the form's content with the action "accept", or the
// action "decline" or "cancel". A client without it declares no
// elicitation, so that a tool's form fails as it would for such a client.
func Forms(answer func(ctx context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error)) Option {
	return func(o *mcp.ClientOptions) { o.ElicitationHandler = answer }
}

// WithoutApps leaves the MCP Apps extension out of the client's
// capabilities, which Connect declares by default: the server then lists
// its tools as it does for a client that shows no Apps (docs/apps.md).
func WithoutApps() Option {
	return func(o *mcp.ClientOptions) { o.Capabilities = &mcp.ClientCapabilities{} }
}

// Connect connects a go-sdk client to s, in memory, and returns its
// session; both ends close when the test ends. The client declares the
// MCP Apps extension (unless WithoutApps), so that s lists its tools'
// _meta.ui as the snapshot records it (docs/apps.md), and what opts add.
func Connect(t testing.TB, s *mcp.Server, opts ...Option) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	caps := &mcp.ClientCapabilities{}
	caps.AddExtension(uiext.Extension, map[string]any{"mimeTypes": []string{uiext.MIMEType}})
	o := &mcp.ClientOptions{Capabilities: caps}
	for _, opt := range opts {
		opt(o)
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "toolrttest", Version: "v0"}, o)
	cs, err := client.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// Serve builds a server, lets register add to it (a generated Register
// or RegisterTools function, or a closure that binds its receivers), and
// connects to it as Connect does: the session a generated client calls
// the tools through.
//
//	cs := toolrttest.Serve(t, weather.RegisterTools)
//	c := weather.NewClient(cs)
func Serve(t testing.TB, register func(*mcp.Server), opts ...Option) *mcp.ClientSession {
	t.Helper()
	s := mcp.NewServer(&mcp.Implementation{Name: "toolrttest-server", Version: "v0"}, nil)
	register(s)
	return Connect(t, s, opts...)
}
