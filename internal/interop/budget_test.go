package interop_test

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/internal/budget"
	"github.com/mcptag/mcptag/internal/interop"
)

// maxError is how far budget.Tokens may be from o200k: 10%, or for a text
// of fewer than 200 tokens (a small tool entry), 3 tokens if that is more.
func maxError(real int) float64 {
	if real < 200 {
		return max(0.10*float64(real), 3)
	}
	return 0.10 * float64(real)
}

// A sample is one text whose estimate is checked against o200k.
// repoRoot is the repository root, from this package's directory.
const repoRoot = "../.."

type sample struct {
	name, text string
}

// snapshots returns every mcp_tools.json of the repository.
func snapshots(t *testing.T) []string {
	return snapshotsBelow(t, repoRoot)
}

// snapshotsBelow returns every mcp_tools.json below root.
func snapshotsBelow(t *testing.T, root string) []string {
	t.Helper()
	var paths []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules"):
			return filepath.SkipDir
		case d.Name() == "mcp_tools.json":
			paths = append(paths, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Fatalf("no mcp_tools.json below %s", root)
	}
	return paths
}

// compact returns data as compact JSON, as tools/list sends it.
// withoutIcons returns a tool entry less its icons, which budget.Measure
// leaves out of a tool's tokens: no model reads them.
func withoutIcons(t *testing.T, entry json.RawMessage) []byte {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(entry, &m); err != nil {
		t.Fatal(err)
	}
	if _, ok := m["icons"]; !ok {
		return entry
	}
	delete(m, "icons")
	data, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func compact(t *testing.T, data []byte) string {
	t.Helper()
	var buf bytes.Buffer
	if err := json.Compact(&buf, data); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// check compares budget.Tokens with o200k on each sample, fails beyond
// maxError, and returns the real counts.
func check(t *testing.T, samples []sample) []int {
	t.Helper()
	texts := make([]string, len(samples))
	for i, s := range samples {
		texts[i] = s.text
	}
	real := interop.Tokens(t, texts)
	for i, s := range samples {
		est := budget.Tokens(s.text)
		if diff := math.Abs(float64(est - real[i])); diff > maxError(real[i]) {
			t.Errorf("%s: estimate %d, o200k %d (%+.1f%%)", s.name, est, real[i], percent(est, real[i]))
		}
	}
	return real
}

func percent(est, real int) float64 {
	if real == 0 {
		return 0
	}
	return 100 * float64(est-real) / float64(real)
}

// TestTokensAgainstO200k checks budget.Tokens against the real tokenizer
// on every snapshot of the repository, whole (as one tools/list response)
// and tool by tool, and on its prose documentation. It logs, for each
// snapshot, the whole file's counts and the sums over its tools (what
// mcptag stats adds up).
func TestTokensAgainstO200k(t *testing.T) {
	skipShort(t)
	var files, tools []sample
	var fileOf []int // the index in files of each tool's snapshot
	for _, path := range snapshots(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var snapshot struct {
			Tools []json.RawMessage `json:"tools"`
		}
		if err := json.Unmarshal(data, &snapshot); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		name := filepath.ToSlash(strings.TrimPrefix(path, repoRoot+string(filepath.Separator)))
		var entries []string
		for _, entry := range snapshot.Tools {
			var tool struct{ Name string }
			if err := json.Unmarshal(entry, &tool); err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			entries = append(entries, compact(t, withoutIcons(t, entry)))
			tools = append(tools, sample{name + ": " + tool.Name, entries[len(entries)-1]})
			fileOf = append(fileOf, len(files))
		}
		// The result of tools/list, without the snapshot's "$comment".
		files = append(files, sample{name, `{"tools":[` + strings.Join(entries, ",") + `]}`})
	}
	snapshotCount := len(files)
	docs, err := filepath.Glob(filepath.Join(repoRoot, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range append([]string{repoRoot + "/README.md", repoRoot + "/BENCHMARKS.md"}, docs...) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, sample{filepath.ToSlash(strings.TrimPrefix(path, repoRoot+"/")), string(data)})
	}

	real := check(t, slices.Concat(files, tools))
	fileReal, toolReal := real[:len(files)], real[len(files):]
	type sums struct{ tools, real, est int }
	perFile := make([]sums, snapshotCount)
	for i, tool := range tools {
		s := &perFile[fileOf[i]]
		s.tools++
		s.real += toolReal[i]
		s.est += budget.Tokens(tool.text)
	}
	t.Logf("%-45s %9s %9s %7s   %5s %9s %9s %7s", "whole text", "o200k", "estimate", "error", "tools", "o200k", "estimate", "error")
	for i, f := range files {
		est := budget.Tokens(f.text)
		line := fmt.Sprintf("%-45s %9d %9d %+6.1f%%", f.name, fileReal[i], est, percent(est, fileReal[i]))
		if i < snapshotCount {
			s := perFile[i]
			line += fmt.Sprintf("   %5d %9d %9d %+6.1f%%", s.tools, s.real, s.est, percent(s.est, s.real))
		}
		t.Log(line)
	}

	type result struct {
		name   string
		errPct float64
		real   int
	}
	var big []result
	for i, tool := range tools {
		if toolReal[i] >= 200 {
			big = append(big, result{tool.name, percent(budget.Tokens(tool.text), toolReal[i]), toolReal[i]})
		}
	}
	slices.SortStableFunc(big, func(a, b result) int { return cmp.Compare(math.Abs(b.errPct), math.Abs(a.errPct)) })
	var sumAbs float64
	for _, r := range big {
		sumAbs += math.Abs(r.errPct)
	}
	t.Logf("%d tool entries, %d of 200 tokens or more: mean error %.1f%%, largest:", len(tools), len(big), sumAbs/float64(max(1, len(big))))
	for _, r := range big[:min(5, len(big))] {
		t.Logf("  %-60s %6d %+6.1f%%", r.name, r.real, r.errPct)
	}
}

// TestTextMirrorTokens measures what a structured result's text content
// costs in tokens as compact JSON and as the indented JSON toolrt sends
// (json.Indent, two spaces), on the values the examples return: the
// weather example's and example/thirdparty's canned API responses. It
// checks that the estimate is as close to o200k on both layouts, and
// logs the numbers.
func TestTextMirrorTokens(t *testing.T) {
	skipShort(t)
	type result struct {
		source string
		values []json.RawMessage // each becomes one text content
	}
	results := []result{{"example/weather", []json.RawMessage{
		// get_weather, get_temperatures and the three days of get_forecast.
		json.RawMessage(`{"temperature":34.1,"humidity":0.83,"conditions":"Overcast"}`),
		json.RawMessage(`{"Cairo":34.1,"London":16.2}`),
		json.RawMessage(`{"temperature":4.4,"humidity":0.83,"conditions":"Overcast"}`),
		json.RawMessage(`{"temperature":5.4,"humidity":0.83,"conditions":"Overcast"}`),
		json.RawMessage(`{"temperature":6.4,"humidity":0.83,"conditions":"Overcast"}`),
	}}}
	fixtures, err := filepath.Glob(filepath.Join(repoRoot, "example", "thirdparty", "testdata", "*.json"))
	if err != nil || len(fixtures) == 0 {
		t.Fatalf("no example/thirdparty fixtures (%v)", err)
	}
	for _, path := range fixtures {
		results = append(results, result{"example/thirdparty/" + filepath.Base(path), fixtureValues(t, path)})
	}

	var samples []sample
	for _, r := range results {
		var flat, indented strings.Builder
		for _, v := range r.values {
			c := compact(t, v)
			var buf bytes.Buffer
			if err := json.Indent(&buf, []byte(c), "", "  "); err != nil {
				t.Fatal(err)
			}
			flat.WriteString(c + "\n")
			indented.WriteString(buf.String() + "\n")
		}
		samples = append(samples, sample{r.source + " compact", flat.String()}, sample{r.source + " indented", indented.String()})
	}
	real := check(t, samples)

	t.Logf("%-40s %8s %8s %8s %8s %7s %7s", "results", "compact", "est", "indented", "est", "o200k+", "est+")
	var sums [4]int
	for i := 0; i < len(samples); i += 2 {
		counts := [4]int{real[i], budget.Tokens(samples[i].text), real[i+1], budget.Tokens(samples[i+1].text)}
		for k := range sums {
			sums[k] += counts[k]
		}
		t.Logf("%-40s %8d %8d %8d %8d %+6.0f%% %+6.0f%%", strings.TrimSuffix(samples[i].name, " compact"),
			counts[0], counts[1], counts[2], counts[3], percent(counts[2], counts[0]), percent(counts[3], counts[1]))
		if counts[2] > counts[0] != (counts[3] > counts[1]) {
			t.Errorf("%s: o200k counts %d compact, %d indented; the estimate %d and %d says the opposite",
				samples[i].name, counts[0], counts[2], counts[1], counts[3])
		}
	}
	t.Logf("%-40s %8d %8d %8d %8d %+6.0f%% %+6.0f%%", "all", sums[0], sums[1], sums[2], sums[3],
		percent(sums[2], sums[0]), percent(sums[3], sums[1]))
}

// fixtureValues returns the values of one of example/thirdparty's canned
// responses, a JSON object of responses by key: each response is a tool's
// result, and an array's elements are each one text content.
func fixtureValues(t *testing.T, path string) []json.RawMessage {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var byKey map[string]json.RawMessage
	if err := json.Unmarshal(data, &byKey); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	keys := make([]string, 0, len(byKey))
	for k := range byKey {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var values []json.RawMessage
	for _, k := range keys {
		var elems []json.RawMessage
		if json.Unmarshal(byKey[k], &elems) == nil {
			values = append(values, elems...)
		} else {
			values = append(values, byKey[k])
		}
	}
	return values
}
