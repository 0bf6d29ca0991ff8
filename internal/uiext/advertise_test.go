package uiext

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestAdvertisedBesideServerOptions: the extension joins the
// capabilities and extensions a server's options declare, and an entry
// for it that the options declare is kept as they wrote it.
func TestAdvertisedBesideServerOptions(t *testing.T) {
	own := map[string]any{"mimeTypes": []any{MIMEType}, "example": true}
	for _, tc := range []struct {
		name string
		opts *mcp.ServerCapabilities
		want map[string]any
	}{
		{"no options", nil, map[string]any{Extension: map[string]any{"mimeTypes": []any{MIMEType}}}},
		{"another extension", withServerExtension("io.example/other", map[string]any{}),
			map[string]any{Extension: map[string]any{"mimeTypes": []any{MIMEType}}, "io.example/other": map[string]any{}}},
		{"its own entry", withServerExtension(Extension, own), map[string]any{Extension: own}},
	} {
		s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "v0"}, &mcp.ServerOptions{Capabilities: tc.opts})
		Serve(s)
		st, ct := mcp.NewInMemoryTransports()
		ctx := context.Background()
		if _, err := s.Connect(ctx, st, nil); err != nil {
			t.Fatal(err)
		}
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "v0"}, nil).Connect(ctx, ct, nil)
		if err != nil {
			t.Fatal(err)
		}
		got := cs.InitializeResult().Capabilities.Extensions
		cs.Close()
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: capabilities.extensions (-want +got):\n%s", tc.name, diff)
		}
		if tc.opts != nil && len(tc.opts.Extensions) != 1 {
			t.Errorf("%s: the server's options were changed: %v", tc.name, tc.opts.Extensions)
		}
	}
}

func withServerExtension(name string, settings map[string]any) *mcp.ServerCapabilities {
	caps := &mcp.ServerCapabilities{}
	caps.AddExtension(name, settings)
	return caps
}
