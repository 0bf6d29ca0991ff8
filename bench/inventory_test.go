package bench

import (
	"testing"

	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// BenchmarkInventory sets RegisterTools beside what a server that
// selects does: build the tools as data (Tools), and register a selection
// of them on a new server (the read-only ones, or all of them through the
// data), as a server built per configuration or per request does.
func BenchmarkInventory(b *testing.B) {
	for _, c := range []struct {
		name     string
		register func(*mcp.Server)
	}{
		{"registertools", registerTools},
		{"tools-all", func(s *mcp.Server) { toolrt.AddTools(s, corpusTools()) }},
		{"tools-readonly", func(s *mcp.Server) { toolrt.AddTools(s, toolrt.ReadOnly(corpusTools())) }},
	} {
		c.register(newServer())
		b.Run("impl="+c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				c.register(newServer())
			}
		})
	}
	b.Run("impl=tools-build", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			corpusTools()
		}
	})
}

// TestReadOnlySelection: the read-only selection of the corpus serves
// exactly its tools annotated readOnlyHint, fewer than all.
func TestReadOnlySelection(t *testing.T) {
	all := corpusTools()
	selected := toolrt.ReadOnly(all)
	want := 0
	for _, tool := range all {
		if tool.Tool.Annotations != nil && tool.Tool.Annotations.ReadOnlyHint {
			want++
		}
	}
	if len(selected) != want || want == 0 || want == len(all) {
		t.Errorf("ReadOnly selects %d of %d tools; %d are read-only", len(selected), len(all), want)
	}
	s := newServer()
	toolrt.AddTools(s, selected)
	if n := len(serverTools(s)); n != want {
		t.Errorf("the server of the selection has %d tools, want %d", n, want)
	}
}
