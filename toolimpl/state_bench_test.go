package toolimpl

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/mcptag/mcptag/internal/paramheader"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// BenchmarkParamHeaders checks the headers of a call with three
// parameter headers against its arguments, as GuardTool's handler does
// before the tool runs.
func BenchmarkParamHeaders(b *testing.B) {
	headers := paramheader.Find(json.RawMessage(`{"type":"object","properties":{"user":{"type":"string","x-mcp-header":"User"},"count":{"type":"integer","x-mcp-header":"Count"},"dry":{"type":"boolean","x-mcp-header":"Dry"}}}`))
	h := http.Header{"Mcp-Param-User": {"alice"}, "Mcp-Param-Count": {"5"}, "Mcp-Param-Dry": {"true"}}
	args := json.RawMessage(`{"user":"alice","count":5,"dry":true}`)
	b.ReportAllocs()
	for b.Loop() {
		if err := paramheader.Check(h, args, headers); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkState is the state's cost of one round of a form: verifying
// the state the client sent back, keeping its answer, and signing the
// state of the next round.
func BenchmarkState(b *testing.B) {
	f := &Form{Name: "Confirm"}
	key := f.key("Delete the file a?")
	p := &mcp.CallToolParamsRaw{Name: "delete_files", Arguments: json.RawMessage(`{"names":["a","b"]}`)}
	state, err := signState(p, formState{Asked: key})
	if err != nil {
		b.Fatal(err)
	}
	responses := mcp.InputResponseMap{key: &mcp.ElicitResult{Action: "accept", Content: map[string]any{"yes": true}}}
	next := f.key("Delete the file b?")
	b.ReportAllocs()
	for b.Loop() {
		p.RequestState = state
		st, err := verifyState(p)
		if err != nil {
			b.Fatal(err)
		}
		st.keep(responses)
		st.Asked = next
		if _, err := signState(p, st); err != nil {
			b.Fatal(err)
		}
	}
}
