// Package interop runs MCP servers against the strict TypeScript client
// (@modelcontextprotocol/sdk, pinned in package.json) via client.mjs and
// against the MCP Inspector's command-line mode (@modelcontextprotocol/inspector,
// pinned too), counts tokens with the o200k BPE tokenizer (gpt-tokenizer,
// pinned too) via tokens.mjs, opens the pages of mcptag catalog in
// headless Chromium (playwright-core, pinned too, driving the system's
// Chromium) via catalog.mjs, builds the pages of MCP Apps with the ext-apps
// App inlined (@modelcontextprotocol/ext-apps and vite, pinned too) via
// apppage.mjs, shows them as a web host does via apphost.mjs, and checks
// input schemas with model providers' own packages (openai and
// @google/genai, pinned too) via providers.mjs.
//
// Install them once with `(cd internal/interop && npm ci)`. Tests call Require
// (or just Run, Inspector or Tokens, which call it; RequireBrowser and
// Catalog also want Chromium): without node or the installed packages they
// are skipped locally, but fail when the CI environment variable is
// non-empty.
package interop

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// runTimeout bounds one client.mjs run (server start, tools/list and all calls).
const runTimeout = 2 * time.Minute

// dir returns the directory holding this file (and client.mjs).
func dir() (string, error) {
	_, file, _, ok := runtime.Caller(0)
	if !ok || !filepath.IsAbs(file) {
		return "", fmt.Errorf("cannot locate the interop directory from source path %q (built with -trimpath?)", file)
	}
	return filepath.Dir(file), nil
}

// Require skips the test if node or one of the npm-installed packages
// (internal/interop/node_modules: @modelcontextprotocol/sdk,
// @modelcontextprotocol/inspector, gpt-tokenizer) is missing. If the
// environment variable CI is non-empty it fails the test instead: CI must
// never silently skip the interop tests.
func Require(t testing.TB) {
	t.Helper()
	require(t, check(), "run `cd internal/interop && npm ci`")
}

// require skips the test for err, or fails it when CI is set; fix says
// how to put err right.
func require(t testing.TB, err error, fix string) {
	t.Helper()
	if err == nil {
		return
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("interop: %v (CI is set, so this is fatal; %s)", err, fix)
	}
	t.Skipf("interop: %v; skipping (%s to enable)", err, fix)
}

func check() error {
	d, err := dir()
	if err != nil {
		return err
	}
	if _, err := exec.LookPath("node"); err != nil {
		return fmt.Errorf("node not found: %v", err)
	}
	for _, name := range []string{"@modelcontextprotocol/sdk", "@modelcontextprotocol/inspector", "gpt-tokenizer"} {
		pkg := filepath.Join(d, "node_modules", filepath.FromSlash(name), "package.json")
		if _, err := os.Stat(pkg); err != nil {
			return fmt.Errorf("%s not installed: %v", name, err)
		}
	}
	return nil
}

// Run calls Require, then runs
//
//	node client.mjs CALLS.json -- command...
//
// where callsJSON is the JSON text (not a file name) of the calls, e.g.
//
//	[{"name":"get_weather","arguments":{"city":"London"},"expectError":false}]
//
// command[0] is resolved like exec.Command does (a relative path containing a
// separator is taken relative to the current directory). Run returns the
// non-empty stdout lines: first {"tools":[...]}, then one
// {"name","isError","structuredContent","content"} line per call. err is
// non-nil if client.mjs exits non-zero (listTools or a callTool threw,
// isError differed from expectError, a listed tool was not called, ...); its
// message includes client.mjs's stderr. The stderr is also logged with t.Log.
func Run(t testing.TB, callsJSON string, command ...string) (lines []string, err error) {
	t.Helper()
	Require(t)
	if len(command) == 0 {
		t.Fatalf("interop.Run: no command")
	}
	if !json.Valid([]byte(callsJSON)) {
		t.Fatalf("interop.Run: callsJSON is not valid JSON: %s", callsJSON)
	}
	d, err := dir()
	if err != nil {
		t.Fatalf("interop.Run: %v", err)
	}

	cmd0, err := absCommand(command[0])
	if err != nil {
		t.Fatalf("interop.Run: %v", err)
	}

	callsFile := filepath.Join(t.TempDir(), "calls.json")
	if err := os.WriteFile(callsFile, []byte(callsJSON), 0o644); err != nil {
		t.Fatalf("interop.Run: %v", err)
	}

	ctx, cancel := context.WithTimeout(t.Context(), runTimeout)
	defer cancel()
	args := append([]string{filepath.Join(d, "client.mjs"), callsFile, "--", cmd0}, command[1:]...)
	cmd := exec.CommandContext(ctx, "node", args...)
	cmd.Dir = d
	cmd.WaitDelay = 10 * time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	runErr := cmd.Run()

	for _, line := range strings.Split(stdout.String(), "\n") {
		if line = strings.TrimSpace(line); line != "" {
			lines = append(lines, line)
		}
	}
	if stderr.Len() > 0 {
		t.Logf("client.mjs stderr:\n%s", stderr.String())
	}
	if runErr != nil {
		if ctx.Err() != nil {
			runErr = fmt.Errorf("%v (timed out after %v)", runErr, runTimeout)
		}
		return lines, fmt.Errorf("node client.mjs -- %s: %v\n%s", strings.Join(command, " "), runErr, stderr.String())
	}
	return lines, nil
}

// absCommand resolves name like exec.Command does (a relative path
// containing a separator is taken relative to the current directory) and
// returns it absolute, so that it survives the client's own working directory.
func absCommand(name string) (string, error) {
	if strings.ContainsRune(name, filepath.Separator) || strings.ContainsRune(name, '/') {
		return filepath.Abs(name)
	}
	return exec.LookPath(name)
}

// Tokens calls Require, then returns the o200k_base token count of each
// text, as gpt-tokenizer encodes it (node tokens.mjs).
func Tokens(t testing.TB, texts []string) []int {
	t.Helper()
	var counts []int
	tokensMJS(t, texts, &counts)
	return counts
}

// Split calls Require, then returns the pieces o200k's pre-tokenizer cuts
// each text into before byte-pair encoding (node tokens.mjs --split).
func Split(t testing.TB, texts []string) [][]string {
	t.Helper()
	var pieces [][]string
	tokensMJS(t, texts, &pieces, "--split")
	return pieces
}

// tokensMJS runs tokens.mjs with args on texts and decodes its output, an
// array of one element per text, into out.
func tokensMJS[T any](t testing.TB, texts []string, out *[]T, args ...string) {
	t.Helper()
	Require(t)
	d, err := dir()
	if err != nil {
		t.Fatalf("interop: %v", err)
	}
	input, err := json.Marshal(texts)
	if err != nil {
		t.Fatalf("interop: %v", err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), runTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", append([]string{filepath.Join(d, "tokens.mjs")}, args...)...)
	cmd.Dir = d
	cmd.Stdin = bytes.NewReader(input)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	data, err := cmd.Output()
	if err != nil {
		t.Fatalf("node tokens.mjs %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	if err := json.Unmarshal(data, out); err != nil || len(*out) != len(texts) {
		t.Fatalf("node tokens.mjs %s: want %d results, got %.200q (%v)", strings.Join(args, " "), len(texts), data, err)
	}
}
