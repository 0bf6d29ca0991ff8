package methods_test

import (
	"testing"

	"github.com/mcptag/mcptag/internal/emit/testdata/endtoend/methods"
	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestMethodTools checks that methods are bound to the receiver given at
// registration, with pointer and value receivers. emit's TestEndToEnd
// runs it.
func TestMethodTools(t *testing.T) {
	cs := mcptest.Session(t, func(s *mcp.Server) {
		methods.RegisterTools(s, methods.Clock{}, methods.NewStore(map[string]string{"a": "1"}))
	})
	mcptest.Run(t, cs, []mcptest.Call{
		{Tool: "store_get", Args: map[string]any{"key": "a"}, Structured: `{"result":"1"}`, Texts: []string{"1"}},
		{Tool: "store_keys", Structured: `{"result":["a"]}`, Texts: []string{"a"}},
		{Tool: "now", Structured: `{"result":"now"}`, Texts: []string{"now"}},
		{Tool: "version", Structured: `{"result":"v1"}`, Texts: []string{"v1"}},
	})
}
