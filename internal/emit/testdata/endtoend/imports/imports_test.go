package imports_test

import (
	"testing"

	"github.com/mcptag/mcptag/internal/emit/testdata/endtoend/imports"
	"github.com/mcptag/mcptag/internal/mcptest"
)

// TestConvert calls the tool whose types come from two packages named
// v1. emit's TestEndToEnd runs it.
func TestConvert(t *testing.T) {
	cs := mcptest.Session(t, imports.RegisterTools)
	mcptest.ServesSnapshot(t, cs, "mcp_tools.json")
	mcptest.Run(t, cs, []mcptest.Call{
		{Tool: "convert", Args: map[string]any{"name": "abc"}, Structured: `{"id":3}`, Texts: []string{`{"id":3}`}},
	})
}
