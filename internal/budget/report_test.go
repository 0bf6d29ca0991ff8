package budget

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// testReport measures the snapshots of testdata/snapshots.txtar.
func testReport(t *testing.T) Report {
	t.Helper()
	ar, err := txtar.ParseFile(filepath.Join("testdata", "snapshots.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	var pkgs []Package
	for _, f := range ar.Files {
		var snapshot struct{ Tools []json.RawMessage }
		if err := json.Unmarshal(f.Data, &snapshot); err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		var tools []Tool
		for _, e := range snapshot.Tools {
			m, err := Measure(e)
			if err != nil {
				t.Fatalf("%s: %v", f.Name, err)
			}
			tools = append(tools, m)
		}
		pkgs = append(pkgs, NewPackage(f.Name, tools))
	}
	return NewReport(pkgs)
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s differs (-want +got; go test -update to accept):\n%s", path, diff)
	}
}

func TestWriteTable(t *testing.T) {
	var buf bytes.Buffer
	if err := testReport(t).WriteTable(&buf); err != nil {
		t.Fatal(err)
	}
	golden(t, "table.golden", buf.Bytes())
}

func TestReportJSON(t *testing.T) {
	data, err := json.MarshalIndent(testReport(t), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "report.json.golden", append(data, '\n'))
}

// TestTotals checks that the totals are the sums of the tools'.
func TestTotals(t *testing.T) {
	r := testReport(t)
	var every []Tool
	for _, p := range r.Packages {
		if want := sum(p.Tools); p.Total != want {
			t.Errorf("%s: totals %+v, want %+v", p.Path, p.Total, want)
		}
		every = append(every, p.Tools...)
	}
	if want := sum(every); r.Total != want {
		t.Errorf("report totals %+v, want %+v", r.Total, want)
	}
}

// sum adds up the tools field by field.
func sum(tools []Tool) Totals {
	var s Totals
	for _, tool := range tools {
		s.Tools++
		s.Text.Tokens += tool.Text.Tokens
		s.Text.Bytes += tool.Text.Bytes
		for _, part := range []struct {
			sum    *SchemaTotals
			schema Schema
		}{{&s.Input, tool.Input}, {&s.Output, tool.Output}} {
			part.sum.Bytes += part.schema.Bytes
			part.sum.Tokens += part.schema.Tokens
			part.sum.DescriptionTokens += part.schema.DescriptionTokens
			part.sum.Defs += len(part.schema.Defs)
		}
		s.Total.Bytes += tool.Total.Bytes
		s.Total.Tokens += tool.Total.Tokens
		without := tool.Total
		if tool.WithoutOutputSchema != nil {
			without = *tool.WithoutOutputSchema
		}
		s.WithoutOutputSchema.Bytes += without.Bytes
		s.WithoutOutputSchema.Tokens += without.Tokens
	}
	return s
}

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 7: "7", 999: "999", 1000: "1,000", 46388: "46,388",
		1234567: "1,234,567", -1000: "-1,000", -12: "-12"} {
		if got := Thousands(n); got != want {
			t.Errorf("Thousands(%d) = %q, want %q", n, got, want)
		}
	}
}
