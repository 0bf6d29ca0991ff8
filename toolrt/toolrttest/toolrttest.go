// Package toolrttest helps the tests of a server built from mcptag's
// generated tools: it connects a go-sdk client to the server in memory,
// and holds what the server lists to the package's committed snapshot,
// mcp_tools.json, so that a listing changed at run time, which no review
// of the snapshot saw, fails a test.
package toolrttest

import (
	"context"
	"testing"

	"github.com/mcptag/mcptag/internal/uiext"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Connect connects a go-sdk client to s, in memory, and returns its
// session; both ends close when the test ends. The client declares the
// MCP Apps extension, so that s lists its tools' _meta.ui as the
// snapshot records it (docs/apps.md).
func Connect(t testing.TB, s *mcp.Server) *mcp.ClientSession {
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
	client := mcp.NewClient(&mcp.Implementation{Name: "toolrttest", Version: "v0"}, &mcp.ClientOptions{Capabilities: caps})
	cs, err := client.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}
