package interop

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// A ToolSchema is a tool's name and input schema, as tools/list serves them.
type ToolSchema struct {
	Name        string          `json:"name"`
	InputSchema json.RawMessage `json:"inputSchema"`
}

// A ProviderReport says where each model provider's own package would
// refuse a tool's input schema as a function's parameters, or drop part
// of it without a word: a clean tool has no problems.
type ProviderReport struct {
	Name      string   `json:"name"`
	OpenAI    []string `json:"openai"`
	Gemini    []string `json:"gemini"`
	Anthropic []string `json:"anthropic"`
}

// Clean reports whether no provider has a problem with the tool.
func (r ProviderReport) Clean() bool {
	return len(r.OpenAI)+len(r.Gemini)+len(r.Anthropic) == 0
}

// RequireProviders skips the test, or fails it under CI, when node or the
// providers' packages (openai, @google/genai) are not installed.
func RequireProviders(t testing.TB) {
	t.Helper()
	require(t, checkProviders(), "run `cd internal/interop && npm ci`")
}

func checkProviders() error {
	if err := check(); err != nil {
		return err
	}
	d, err := dir()
	if err != nil {
		return err
	}
	for _, name := range []string{"openai", "@google/genai"} {
		if _, err := os.Stat(filepath.Join(d, "node_modules", filepath.FromSlash(name), "package.json")); err != nil {
			return fmt.Errorf("%s not installed: %v", name, err)
		}
	}
	return nil
}

// Providers calls RequireProviders, then checks each tool's input schema
// with the providers' own packages (node providers.mjs): OpenAI's
// toStrictJsonSchema and strict mode as served, @google/genai's
// processJsonSchema and Gemini's field list, Anthropic's root rule.
func Providers(t testing.TB, tools []ToolSchema) []ProviderReport {
	t.Helper()
	RequireProviders(t)
	d, err := dir()
	if err != nil {
		t.Fatalf("interop: %v", err)
	}
	input, err := json.Marshal(tools)
	if err != nil {
		t.Fatalf("interop: %v", err)
	}
	path := filepath.Join(t.TempDir(), "tools.json")
	if err := os.WriteFile(path, input, 0o644); err != nil {
		t.Fatalf("interop: %v", err)
	}
	out, err := node(t, d, "providers.mjs", path)
	if err != nil {
		t.Fatalf("interop: %v", err)
	}
	var reports []ProviderReport
	if err := json.Unmarshal(out, &reports); err != nil || len(reports) != len(tools) {
		t.Fatalf("interop: node providers.mjs printed %.300q: %v", out, err)
	}
	return reports
}
