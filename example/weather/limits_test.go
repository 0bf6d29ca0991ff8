package main

import (
	"strings"
	"testing"

	"github.com/mcptag/mcptag/toolrt"
	"github.com/mcptag/mcptag/toolrt/toolrttest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestLimitsMiddlewareBoundsURIs: a server's LimitsMiddleware bounds the
// URIs its resource templates read, and another server of the process
// keeps its own bound.
func TestLimitsMiddlewareBoundsURIs(t *testing.T) {
	uri := "weather://" + strings.Repeat("a", 200) + "/current"
	short := mcp.NewServer(&mcp.Implementation{Name: "weather", Version: "v1.0.0"}, nil)
	RegisterPromptsAndResources(short)
	short.AddReceivingMiddleware(toolrt.LimitsMiddleware(toolrt.Limits{URIBytes: 100}))
	_, err := toolrttest.Connect(t, short).ReadResource(t.Context(), &mcp.ReadResourceParams{URI: uri})
	if err == nil || !strings.Contains(err.Error(), "URI too long: 218 bytes, the limit is 100") {
		t.Errorf("a URI of 218 bytes, the limit 100: %v", err)
	}
	_, err = toolrttest.Connect(t, newServer()).ReadResource(t.Context(), &mcp.ReadResourceParams{URI: uri})
	if err == nil || strings.Contains(err.Error(), "URI too long") {
		t.Errorf("a URI of 218 bytes, the limit %d: %v; want the city refused, not the URI", limits().URIBytes, err)
	}
}
