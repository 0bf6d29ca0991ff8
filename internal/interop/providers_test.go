package interop_test

import (
	"encoding/json"
	"os"
	"slices"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"

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
// (generated without a profile) and as -profile=openai,gemini,anthropic
// fits them (profile.Apply, which the generator calls), through the
// providers' own packages. Fitted, every tool the profile can express is
// clean for every provider; as served, every provider's problem with a
// tool is one that lint -profile reports too (profile.Check).
func TestExamplesProfiled(t *testing.T) {
	for _, path := range []string{"../../example/weather/mcp_tools.json", "../../example/thirdparty/mcp_tools.json"} {
		t.Run(path, func(t *testing.T) {
			tools := served(t, path)
			before := interop.Providers(t, tools)
			fitted, refused := fit(t, tools)
			after := interop.Providers(t, fitted)
			for i, r := range after {
				if !r.Clean() && !refused[r.Name] {
					t.Errorf("%s, fitted: openai %q, gemini %q, anthropic %q", r.Name, r.OpenAI, r.Gemini, r.Anthropic)
				}
				lintFinds(t, tools[i], before[i])
			}
			t.Logf("%d tools; clean for openai, gemini, anthropic: as served %v, fitted %v; refused by the profile: %d",
				len(tools), cleanCounts(before), cleanCounts(after), len(refused))
		})
	}
}

// fit applies every profile to each tool's input schema, and says which
// tools it could not fit: the generator refuses them.
func fit(t *testing.T, tools []interop.ToolSchema) ([]interop.ToolSchema, map[string]bool) {
	t.Helper()
	refused := map[string]bool{}
	var fitted []interop.ToolSchema
	for _, tool := range tools {
		s := schema(t, tool.InputSchema)
		if len(profile.Fatal(profile.Apply(s, nil, 0, allProviders))) > 0 {
			refused[tool.Name] = true
		}
		data, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		fitted = append(fitted, interop.ToolSchema{Name: tool.Name, InputSchema: data})
	}
	return fitted, refused
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
