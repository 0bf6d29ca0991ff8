package toolrttest_test

import (
	"context"
	"testing"

	"github.com/mcptag/mcptag/toolrt/toolrttest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// declared returns the capabilities the client that Serve connects with
// opts declared, as the server saw them.
func declared(t *testing.T, opts ...toolrttest.Option) *mcp.ClientCapabilities {
	t.Helper()
	var server *mcp.Server
	toolrttest.Serve(t, func(s *mcp.Server) { server = s }, opts...)
	for ss := range server.Sessions() {
		return ss.InitializeParams().Capabilities
	}
	t.Fatal("Serve connected no session")
	return nil
}

// TestServeCapabilities: the client declares MCP Apps unless WithoutApps,
// and forms (elicitation) with Forms alone.
func TestServeCapabilities(t *testing.T) {
	answer := func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
		return &mcp.ElicitResult{Action: "decline"}, nil
	}
	for _, tc := range []struct {
		name        string
		opts        []toolrttest.Option
		apps, forms bool
	}{
		{"default", nil, true, false},
		{"Forms", []toolrttest.Option{toolrttest.Forms(answer)}, true, true},
		{"WithoutApps", []toolrttest.Option{toolrttest.WithoutApps()}, false, false},
		{"both", []toolrttest.Option{toolrttest.WithoutApps(), toolrttest.Forms(answer)}, false, true},
	} {
		caps := declared(t, tc.opts...)
		_, apps := caps.Extensions["io.modelcontextprotocol/ui"]
		if forms := caps.Elicitation != nil; apps != tc.apps || forms != tc.forms {
			t.Errorf("%s: apps %v, forms %v; want %v, %v", tc.name, apps, forms, tc.apps, tc.forms)
		}
	}
}
