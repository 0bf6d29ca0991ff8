package toolrt_test

import (
	"testing"

	"github.com/mcptag/mcptag/internal/emit/testdata/endtoend/toolrt"
	"github.com/mcptag/mcptag/internal/mcptest"
)

// TestPackageNamedToolrt serves a package named toolrt that declares
// json and context, and an enum constant holding a byte order mark.
// emit's TestEndToEnd runs it.
func TestPackageNamedToolrt(t *testing.T) {
	cs := mcptest.Session(t, toolrt.Register)
	mcptest.Run(t, cs, []mcptest.Call{
		{Tool: "echo", Args: map[string]any{"text": "hi"}, Structured: `{"result":"hi json ctx"}`, Texts: []string{"hi json ctx"}},
		{Tool: "stamp", Args: map[string]any{"mark": "a\ufeffb"}, Structured: `{"result":"a\ufeffb"}`, Texts: []string{"a\ufeffb"}},
		{Tool: "keep", Args: map[string]any{"text": "x"}, Structured: `{"text":"x"}`, Texts: []string{`{"text":"x"}`}},
	})
}
