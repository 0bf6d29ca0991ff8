package analyzer_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/emit"
	"github.com/mcptag/mcptag/internal/generate"
	"github.com/mcptag/mcptag/internal/genopts"
)

// TestFastMCPWeather checks that with -titles the weather examples of the
// MCP Python SDK's structured-output guide, written in Go, get exactly the
// output schemas FastMCP lists for them (testdata/fastmcp; compared as JSON
// values: key order does not matter, everything else does).
func TestFastMCPWeather(t *testing.T) {
	ar, err := txtar.ParseFile("testdata/fastmcp/weather.txtar")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	want := map[string][]byte{}
	for _, f := range ar.Files {
		if name, ok := strings.CutSuffix(f.Name, ".json"); ok && !strings.Contains(name, "/") {
			want[name] = f.Data
			continue
		}
		writeArchiveFile(t, dir, f)
	}
	pkgs, err := generate.Packages(dir, genopts.Options{Base: analyzer.Options{Titles: true}}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]byte{}
	for _, p := range pkgs {
		for _, f := range p.Findings {
			if f.Error {
				t.Errorf("%s: %s", p.Fset.Position(f.Pos), f.Message)
			}
		}
		for _, tool := range p.Tools {
			if tool.Output == nil {
				t.Errorf("%s: no output schema", tool.Name)
				continue
			}
			data, err := emit.SchemaJSON(tool.Output)
			if err != nil {
				t.Fatal(err)
			}
			got[tool.Name] = data
		}
	}
	for name, w := range want {
		g, ok := got[name]
		if !ok {
			t.Errorf("no tool %s", name)
			continue
		}
		var wv, gv any
		if err := json.Unmarshal(w, &wv); err != nil {
			t.Fatalf("%s in the guide: %v", name, err)
		}
		if err := json.Unmarshal(g, &gv); err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(wv, gv); d != "" {
			t.Errorf("%s: output schema differs from FastMCP's (-fastmcp +got):\n%s\ngot: %s", name, d, g)
		}
	}
	if len(got) != len(want) {
		t.Errorf("got %d tools, want %d", len(got), len(want))
	}
}
