package main

import (
	"encoding/json"
	"go/types"
	"testing"
	"time"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/emit"
	"github.com/mcptag/mcptag/internal/generate"
	"github.com/mcptag/mcptag/internal/genopts"
)

// run runs mcptag's pipeline on the packages, in memory, reporting how
// long that took.
func run(t testing.TB, opts analyzer.Options, pattern string) ([]*generate.Package, time.Duration) {
	t.Helper()
	start := time.Now()
	r, err := generate.Run(".", genopts.Options{Base: opts}, pattern)
	if err != nil {
		t.Fatal(err)
	}
	return r.Packages, time.Since(start)
}

// noDocs turns the doc loader off: no descriptions from other packages.
var noDocs = analyzer.Options{ImportedDocs: func(types.Object) string { return "" }}

// TestFindings: the library types give no errors; the warnings are logged.
func TestFindings(t *testing.T) {
	pkgs, _ := run(t, analyzer.Options{}, ".")
	for _, f := range pkgs[0].Findings {
		pos := pkgs[0].Fset.Position(f.Pos)
		if f.Error {
			t.Errorf("%s: %s: %s", pos, f.Category, f.Message)
		} else {
			t.Logf("%s: %s: %s", pos, f.Category, f.Message)
		}
	}
}

// TestSizes logs the measurements of BENCHMARKS.md (go test -run Sizes -v):
// each outputSchema's size on the wire, with and without the descriptions
// of the libraries' types, and the time each takes to generate.
func TestSizes(t *testing.T) {
	for _, pattern := range []string{".", "./testdata/podonly"} {
		pkgs, d := run(t, analyzer.Options{}, pattern)
		bare, dNo := run(t, noDocs, pattern)
		t.Logf("%s: generated in %v, %v without descriptions",
			pattern, d.Round(time.Millisecond), dNo.Round(time.Millisecond))
		tools, err := emit.Tools(pkgs[0].Package)
		if err != nil {
			t.Fatal(err)
		}
		bareTools, err := emit.Tools(bare[0].Package)
		if err != nil {
			t.Fatal(err)
		}
		for i, tool := range tools {
			out := tool.OutputSchema.(json.RawMessage)
			var s struct {
				Defs map[string]json.RawMessage `json:"$defs"`
			}
			if err := json.Unmarshal(out, &s); err != nil {
				t.Fatal(err)
			}
			t.Logf("  %s: outputSchema %d bytes, %d without descriptions; %d $defs",
				tool.Name, len(out), len(bareTools[i].OutputSchema.(json.RawMessage)), len(s.Defs))
		}
	}
}

func BenchmarkGenerate(b *testing.B) {
	for _, bc := range []struct {
		name, pattern string
		opts          analyzer.Options
	}{
		{"package", ".", analyzer.Options{}},
		{"package-nodocs", ".", noDocs},
		{"pod", "./testdata/podonly", analyzer.Options{}},
		{"pod-nodocs", "./testdata/podonly", noDocs},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				run(b, bc.opts, bc.pattern)
			}
		})
	}
}
