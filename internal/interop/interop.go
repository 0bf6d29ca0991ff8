// Package interop runs MCP servers against the strict TypeScript client
// (@modelcontextprotocol/sdk, pinned in package.json) via client.mjs and
// against the MCP Inspector's command-line mode (@modelcontextprotocol/inspector,
// pinned too), drives the tasks extension of HTTP servers with the
// official tasks client (@modelcontextprotocol/ext-tasks on the SDK's
// 2026-07-28 client, @modelcontextprotocol/client, pinned too) via
// tasks.mjs, counts tokens with the o200k BPE tokenizer (gpt-tokenizer,
// pinned too) via tokens.mjs, opens the pages of mcptag catalog in
// headless Chromium (playwright-core, pinned too, driving the system's
// Chromium) via catalog.mjs, builds the pages of MCP Apps with the ext-apps
// App inlined (@modelcontextprotocol/ext-apps and vite, pinned too) via
// apppage.mjs, shows them as a web host does via apphost.mjs, and checks
// input schemas with model providers' own packages (openai and
// @google/genai, pinned too) via providers.mjs.
//
// Install them once with `(cd internal/interop && npm ci)`. Tests call Require
// (or just Run, Tasks, Inspector or Tokens, which call it; RequireBrowser and
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
// @modelcontextprotocol/inspector, gpt-tokenizer,
// @modelcontextprotocol/ext-tasks, @modelcontextprotocol/client) is
// missing. If the
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
	for _, name := range []string{"@modelcontextprotocol/sdk", "@modelcontextprotocol/inspector", "gpt-tokenizer", "@modelcontextprotocol/ext-tasks", "@modelcontextprotocol/client"} {
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
	cmd0, err := absCommand(command[0])
	if err != nil {
		t.Fatalf("interop.Run: %v", err)
	}
	args := append([]string{callsFile(t, "interop.Run", callsJSON), "--", cmd0}, command[1:]...)
	return runScript(t, "node client.mjs -- "+strings.Join(command, " "), "client.mjs", args...)
}

// Tasks calls Require, then runs
//
//	node tasks.mjs URL CALLS.json
//
// which calls tools of the streamable HTTP server at url, at protocol
// 2026-07-28, through the official tasks client
// (@modelcontextprotocol/ext-tasks), and settles each call, a task or
// not. callsJSON is the JSON text of the calls, e.g.
//
//	[{"name":"confirm_delete","arguments":{"filename":"a.txt"},
//	  "elicit":{"action":"accept","content":{"confirm":true}}},
//	 {"name":"slow_compute","arguments":{"seconds":60,"label":"x"},"cancel":true}]
//
// Tasks returns the non-empty stdout lines, one
// {"name","kind","status","result","error","statuses","elicited",...} line
// per call (tasks.mjs says what each holds). err is non-nil if tasks.mjs
// exits non-zero (it could not connect, the server does not advertise
// the extension, a call threw, a form was asked for a call without
// "elicit"); its message includes tasks.mjs's stderr.
func Tasks(t testing.TB, url, callsJSON string) (lines []string, err error) {
	t.Helper()
	Require(t)
	return runScript(t, "node tasks.mjs "+url, "tasks.mjs", url, callsFile(t, "interop.Tasks", callsJSON))
}

// callsFile writes callsJSON, which must be valid JSON, to a temporary
// file for a script, and returns its name; caller names the function
// that needs it, for the message.
func callsFile(t testing.TB, caller, callsJSON string) string {
	t.Helper()
	if !json.Valid([]byte(callsJSON)) {
		t.Fatalf("%s: callsJSON is not valid JSON: %s", caller, callsJSON)
	}
	file := filepath.Join(t.TempDir(), "calls.json")
	if err := os.WriteFile(file, []byte(callsJSON), 0o644); err != nil {
		t.Fatalf("%s: %v", caller, err)
	}
	return file
}

// runScript runs node SCRIPT ARGS... in this directory, for at most
// runTimeout, and returns the non-empty lines of its stdout. err is
// non-nil if the script exits non-zero: its message starts with what
// and includes the script's stderr, which is also logged with t.Log.
func runScript(t testing.TB, what, script string, args ...string) (lines []string, err error) {
	t.Helper()
	d, err := dir()
	if err != nil {
		t.Fatalf("interop: %v", err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), runTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", append([]string{filepath.Join(d, script)}, args...)...)
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
		t.Logf("%s stderr:\n%s", script, stderr.String())
	}
	if runErr != nil {
		if ctx.Err() != nil {
			runErr = fmt.Errorf("%v (timed out after %v)", runErr, runTimeout)
		}
		return lines, fmt.Errorf("%s: %v\n%s", what, runErr, stderr.String())
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
