package stricttest

import (
	"context"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestPackageIsStrict: every tool of a package generated with -strict
// refuses a number or a boolean sent as a string, and an enum value that
// differs only in case, through a go-sdk client; the same values as
// their JSON types are taken.
func TestPackageIsStrict(t *testing.T) {
	cs := mcptest.Session(t, func(s *mcp.Server) { RegisterTools(s) })
	for _, c := range []struct {
		tool string
		args map[string]any
		want string
	}{
		{"scale", map[string]any{"replicas": "0"}, `error: scale: argument "replicas": want integer, got "0"`},
		{"scale", map[string]any{"replicas": 1, "dryRun": "true"}, `error: scale: argument "dryRun": want boolean, got "true"`},
		{"scale", map[string]any{"replicas": 0, "dryRun": true}, "replicas=0 dryRun=true"},
		{"convert", map[string]any{"degrees": "21.5", "unit": "celsius"}, `error: convert: argument "degrees": want number, got "21.5"`},
		{"convert", map[string]any{"degrees": 21.5, "unit": "Celsius"}, `error: convert: argument "unit": want one of "celsius", "fahrenheit", got "Celsius" (did you mean "celsius"?)`},
		{"convert", map[string]any{"degrees": 21.5, "unit": "celsius"}, "21.5 celsius"},
	} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: c.tool, Arguments: c.args})
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Join(mcptest.Texts(res), "\n")
		if res.IsError {
			got = "error: " + got
		}
		if got != c.want {
			t.Errorf("%s %v: %q, want %q", c.tool, c.args, got, c.want)
		}
	}
}
