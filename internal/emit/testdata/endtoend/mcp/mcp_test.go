package mcp_test

import (
	"testing"

	"github.com/mcptag/mcptag/internal/emit/testdata/endtoend/mcp"
	"github.com/mcptag/mcptag/internal/mcptest"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestPackageNamedMCP serves a package named mcp, whose generated code
// compiles beside its mcptagHello and calls its tool named in Unicode
// letters; Register takes the receivers of the method tools, one of a
// type whose natural name is a keyword. emit's
// TestEndToEnd runs it.
func TestPackageNamedMCP(t *testing.T) {
	cs := mcptest.Session(t, func(s *sdk.Server) { mcp.Register(s, mcp.Func{}, &mcp.Nest{Birds: []string{"a", "b"}}) })
	mcptest.Run(t, cs, []mcptest.Call{
		{Tool: "hello", Args: map[string]any{"toolrt": "you", "json": 2}, Structured: `{"result":"hello you!!"}`, Texts: []string{"hello you!!"}},
		{Tool: "nandu", Structured: `{"result":"ñandú"}`, Texts: []string{"ñandú"}},
		{Tool: "kind", Structured: `{"result":"func"}`, Texts: []string{"func"}},
		{Tool: "count", Structured: `{"result":2}`, Texts: []string{"2"}},
	})
}
