package extension

import (
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestAdvertised: the extension is added to a copy, with its settings;
// a server's own declaration of it is kept, settings and all; the
// capabilities given, which the go-sdk may share, are left as they are.
func TestAdvertised(t *testing.T) {
	settings := func() map[string]any { return map[string]any{"v": 1} }
	if got := Advertised(nil, "x/y", settings); got.Extensions["x/y"] == nil {
		t.Errorf("Advertised(nil) = %v, want x/y declared", got.Extensions)
	}
	shared := &mcp.ServerCapabilities{Extensions: map[string]any{"a/b": map[string]any{}}}
	got := Advertised(shared, "x/y", settings)
	if got.Extensions["x/y"] == nil || got.Extensions["a/b"] == nil {
		t.Errorf("Advertised = %v, want a/b and x/y", got.Extensions)
	}
	if _, ok := shared.Extensions["x/y"]; ok {
		t.Error("Advertised changed the capabilities it was given")
	}
	own := &mcp.ServerCapabilities{Extensions: map[string]any{"x/y": map[string]any{"v": 2}}}
	if v := Advertised(own, "x/y", settings).Extensions["x/y"].(map[string]any)["v"]; v != 2 {
		t.Errorf("the server's own settings became %v, want kept", v)
	}
}
