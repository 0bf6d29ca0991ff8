package interop_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/mcptag/mcptag/internal/emit"
	"github.com/mcptag/mcptag/internal/generate"
	"github.com/mcptag/mcptag/internal/genopts"
	"github.com/mcptag/mcptag/internal/interop"
	"github.com/mcptag/mcptag/internal/profile"
)

var allProviders = profile.NewSet(profile.Providers...)

// served reads the tools of a snapshot, as tools/list serves them.
func served(t *testing.T, path string) []interop.ToolSchema {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var snap struct{ Tools []interop.ToolSchema }
	if err := json.Unmarshal(data, &snap); err != nil {
		t.Fatal(err)
	}
	return snap.Tools
}

// TestProfiledCorpusClean runs the tools of internal/testcorpus/profiles,
// generated with -profile=openai,gemini,anthropic and declaring every
// constraint a tag can, through the providers' own packages: each is
// clean for each provider, and nothing is dropped without a word.
func TestProfiledCorpusClean(t *testing.T) {
	tools := served(t, "../testcorpus/profiles/mcp_tools.json")
	for _, r := range interop.Providers(t, tools) {
		if !r.Clean() {
			t.Errorf("%s: openai %q, gemini %q, anthropic %q", r.Name, r.OpenAI, r.Gemini, r.Anthropic)
		}
	}
}

// TestExamplesProfiled takes the tools of the examples as they are served
// (generated without a profile) and as mcptag generates them with
// -profile=openai,gemini,anthropic (the generator's pipeline, in memory),
// through the providers' own packages. Generated with the profile, every
// tool is clean for every provider; as served, every provider's problem
// with a tool is one that lint -profile reports too (profile.Check).
func TestExamplesProfiled(t *testing.T) {
	for _, dir := range []string{"../../example/weather", "../../example/thirdparty"} {
		t.Run(dir, func(t *testing.T) {
			tools := served(t, filepath.Join(dir, "mcp_tools.json"))
			before := interop.Providers(t, tools)
			after := interop.Providers(t, generated(t, dir))
			for i, r := range after {
				if !r.Clean() {
					t.Errorf("%s, generated with the profile: openai %q, gemini %q, anthropic %q", r.Name, r.OpenAI, r.Gemini, r.Anthropic)
				}
				lintFinds(t, tools[i], before[i])
			}
			t.Logf("%d tools; clean for openai, gemini, anthropic: as served %v, generated with -profile %v",
				len(tools), cleanCounts(before), cleanCounts(after))
		})
	}
}

// generated returns the tools of the package in dir as mcptag generates
// them with every profile, which must not refuse them.
func generated(t *testing.T, dir string) []interop.ToolSchema {
	t.Helper()
	pkgs, err := generate.Packages(dir, genopts.Options{Given: []string{"-profile=" + allProviders.String()}}, ".")
	if err != nil || len(pkgs) != 1 {
		t.Fatalf("loading %s: %d packages, %v", dir, len(pkgs), err)
	}
	if errs := generate.Stopping(generate.Report(pkgs)); len(errs) > 0 {
		t.Fatalf("%s: generation stops: %v", dir, errs)
	}
	tools, err := emit.Tools(pkgs[0].Package)
	if err != nil {
		t.Fatal(err)
	}
	var out []interop.ToolSchema
	for _, tool := range tools {
		data, err := json.Marshal(tool.InputSchema)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, interop.ToolSchema{Name: tool.Name, InputSchema: data})
	}
	return out
}

// lintFinds checks that profile.Check, what lint -profile reports, names
// each provider that has a problem with tool as served.
func lintFinds(t *testing.T, tool interop.ToolSchema, r interop.ProviderReport) {
	t.Helper()
	var named []profile.Provider
	for _, p := range profile.Check(schema(t, tool.InputSchema), nil, 0, allProviders) {
		named = append(named, p.Providers...)
	}
	for p, problems := range map[profile.Provider][]string{profile.OpenAI: r.OpenAI, profile.Gemini: r.Gemini, profile.Anthropic: r.Anthropic} {
		if len(problems) > 0 && !slices.Contains(named, p) {
			t.Errorf("%s: %s has problems %q, which lint -profile does not report", tool.Name, p, problems)
		}
	}
}

func schema(t *testing.T, data json.RawMessage) *jsonschema.Schema {
	t.Helper()
	var s jsonschema.Schema
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	return &s
}

func cleanCounts(reports []interop.ProviderReport) [3]int {
	var n [3]int
	for _, r := range reports {
		for i, problems := range [][]string{r.OpenAI, r.Gemini, r.Anthropic} {
			if len(problems) == 0 {
				n[i]++
			}
		}
	}
	return n
}
