package argtest

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const benchArgs = `{"query": "rain", "filters": [{"city": "Oslo", "tags": ["a", "b"]}, {"city": "Bergen", "country": "NO"}],
	"unit": "celsius", "priority": 3, "limit": 10, "level": 255, "since": "2026-11-30T06:00:00Z", "labels": {"k": "v"}}`

// BenchmarkCheckAndDecode is the generated argument handling of search:
// checking, then encoding/json.
func BenchmarkCheckAndDecode(b *testing.B) {
	raw := json.RawMessage(benchArgs)
	b.ReportAllocs()
	for b.Loop() {
		var in SearchRequest
		if err := mcptagSearchArgs.DecodeStruct(raw, &in); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeOnly is encoding/json alone, for comparison.
func BenchmarkDecodeOnly(b *testing.B) {
	raw := []byte(benchArgs)
	b.ReportAllocs()
	for b.Loop() {
		var in SearchRequest
		if err := json.Unmarshal(raw, &in); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkHandler is the whole generated handler, result included.
func BenchmarkHandler(b *testing.B) {
	req := &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "search", Arguments: json.RawMessage(benchArgs)}}
	b.ReportAllocs()
	for b.Loop() {
		if res, _ := mcptagSearch(context.Background(), req); res.IsError {
			b.Fatal(resultText(res))
		}
	}
}
