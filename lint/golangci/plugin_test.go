package golangci

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"github.com/mcptag/mcptag/lint"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden from golangci-lint's output")

// TestNew decodes settings as golangci-lint hands them over (decoded YAML).
func TestNew(t *testing.T) {
	for _, tc := range []struct {
		name     string
		settings any
		want     lint.Config
		err      string // in the error, when New fails
	}{
		{name: "none", settings: nil, want: lint.Config{OnlyFailing: true}},
		{name: "empty", settings: map[string]any{}, want: lint.Config{OnlyFailing: true}},
		{
			name:     "all",
			settings: map[string]any{"fail": []any{"unstructured", "undocumented"}, "closed": true, "titles": true, "budget": 800, "budget-package": 20000, "profile": []any{"gemini", "openai"}},
			want: lint.Config{
				Fail:          []string{"unstructured", "undocumented"},
				Closed:        true,
				Titles:        true,
				OnlyFailing:   true,
				Budget:        800,
				PackageBudget: 20000,
				Profile:       []string{"openai", "gemini"},
			},
		},
		{name: "every category", settings: map[string]any{"fail": []any{"all"}}, want: lint.Config{Fail: lint.Categories(), OnlyFailing: true}},
		{name: "misspelled key", settings: map[string]any{"fails": []any{"stale"}}, err: `unknown field "fails"`},
		{name: "misspelled category", settings: map[string]any{"fail": []any{"undocumentd"}}, err: `unknown category "undocumentd" (did you mean "undocumented"?)`},
		{name: "empty fail", settings: map[string]any{"fail": []any{}}, err: "an empty list reports nothing"},
		{name: "fail not a list", settings: map[string]any{"fail": "stale"}, err: "cannot unmarshal string"},
		{name: "misspelled provider", settings: map[string]any{"profile": []any{"gemni"}}, err: `profile: unknown provider "gemni" (did you mean "gemini"?)`},
		{name: "negative budget", settings: map[string]any{"budget": -1}, err: "budget and budget-package want a number of tokens, 0 or more"},
		{name: "negative package budget", settings: map[string]any{"budget-package": -5}, err: "budget and budget-package want a number of tokens, 0 or more"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := New(tc.settings)
			switch {
			case tc.err != "":
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("New(%v) error = %v, want one containing %q", tc.settings, err, tc.err)
				}
				return
			case err != nil:
				t.Fatalf("New(%v): %v", tc.settings, err)
			}
			if got := p.(plugin).cfg; !reflect.DeepEqual(got, tc.want) {
				t.Errorf("New(%v) configures %+v, want %+v", tc.settings, got, tc.want)
			}
		})
	}
}

// TestRegistered checks what golangci-lint relies on: the plugin is
// registered as "mcptag", and its one analyzer has that name too, so that
// golangci-lint prints the messages as they are and //nolint:mcptag names
// it.
func TestRegistered(t *testing.T) {
	newPlugin, err := register.GetPlugin("mcptag")
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(nil)
	if err != nil {
		t.Fatal(err)
	}
	analyzers, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	if len(analyzers) != 1 || analyzers[0].Name != "mcptag" {
		t.Errorf("BuildAnalyzers() = %v, want the one analyzer mcptag", analyzers)
	}
	if mode := p.GetLoadMode(); mode != register.LoadModeTypesInfo {
		t.Errorf("GetLoadMode() = %q, want %q", mode, register.LoadModeTypesInfo)
	}
}

// defaultFail is mcptag lint's -fail for the categories that fail by
// default, which the plugin reports when its settings name none.
func defaultFail() string {
	var names []string
	for _, c := range lint.Categories() {
		if (&lint.Config{}).Fails(c) {
			names = append(names, c)
		}
	}
	return strings.Join(names, ",")
}

// TestGolangciLint builds golangci-lint with the plugin and runs it on
// testdata/fixture. It reports, at the same file:line:col, what mcptag
// lint reports with the same categories failing, less what //nolint:mcptag
// silences; the fixture's //mcptag:ignore and //nolint:mcptag each silence
// a finding that a copy without them reports.
func TestGolangciLint(t *testing.T) {
	if testing.Short() {
		t.Skip("builds golangci-lint " + golangciVersion + " with the plugin (minutes when not cached); run without -short")
	}
	gcl := customGolangci(t)
	checkDescription(t, gcl)
	mcptag := buildMcptag(t)
	fixture := filepath.Join("testdata", "fixture")
	sups := suppressionsIn(t, fixture)
	if !slices.ContainsFunc(sups, func(s suppression) bool { return s.marker == mcptagIgnore }) ||
		!slices.ContainsFunc(sups, func(s suppression) bool { return s.marker == nolintMcptag }) {
		t.Fatalf("the fixture needs both a %s and a %s; it has %v", mcptagIgnore, nolintMcptag, sups)
	}
	bare := t.TempDir()
	copyUnsuppressed(t, fixture, bare)

	results := map[string][]string{}
	for _, tc := range []struct {
		name   string
		dir    string
		config string // golangci-lint's configuration, in dir
		fail   string // the same categories, as mcptag lint's -fail
	}{
		{"default", fixture, ".golangci.yml", defaultFail()},
		{"advice", fixture, "advice.golangci.yml", "unstructured,unsupported,stale,nullable,undocumented"},
		{"unsuppressed", bare, ".golangci.yml", defaultFail()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := runGolangci(t, gcl, tc.dir, tc.config)
			want := withoutNolint(runMcptagLint(t, mcptag, tc.dir, tc.fail), suppressionsIn(t, tc.dir))
			if !slices.Equal(got, want) {
				t.Errorf("golangci-lint reports\n\t%s\nmcptag lint -fail=%s (less //nolint:mcptag lines)\n\t%s",
					strings.Join(got, "\n\t"), tc.fail, strings.Join(want, "\n\t"))
			}
			checkGolden(t, filepath.Join("testdata", tc.name+".golden"), got)
			results[tc.name] = got
		})
	}
	if t.Failed() {
		return // a run failed: there is nothing to compare
	}
	for _, s := range sups {
		if reportedAt(results["default"], s.target) {
			t.Errorf("%s does not silence the finding at %s", s.text, s.target)
		}
		if !reportedAt(results["unsuppressed"], s.target) {
			t.Errorf("without %s, nothing is reported at %s: it proves nothing", s.text, s.target)
		}
	}
}

// checkDescription holds what golangci-lint linters says of mcptag, with
// docs/lint.md's .golangci.yml, to the description that file gives it.
func checkDescription(t *testing.T, gcl string) {
	t.Helper()
	cmd := exec.Command(gcl, "linters", "--json", "--config", "advice.golangci.yml")
	cmd.Dir = filepath.Join("testdata", "fixture")
	cmd.Env = append(os.Environ(), "GOWORK=off")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("golangci-lint linters: %v\n%s", err, stderr.Bytes())
	}
	var linters struct {
		Enabled []struct{ Name, Description string }
	}
	if err := json.Unmarshal(out, &linters); err != nil {
		t.Fatalf("golangci-lint linters --json: %v\n%s", err, out)
	}
	const want = "Reports MCP tools, prompts and resources that degrade, cannot be served, or are undocumented."
	i := slices.IndexFunc(linters.Enabled, func(l struct{ Name, Description string }) bool { return l.Name == "mcptag" })
	switch {
	case i < 0:
		t.Errorf("golangci-lint linters does not list mcptag as enabled:\n%s", out)
	case linters.Enabled[i].Description != want:
		t.Errorf("golangci-lint linters describes mcptag as %q, want %q", linters.Enabled[i].Description, want)
	}
}

// TestReadmeConfigs holds docs/lint.md's golangci-lint configurations to
// those the tests use: its .golangci.yml is testdata/fixture's
// advice.golangci.yml (less comments and default: none, which keeps
// golangci-lint's own linters out of the test), and its .custom-gcl.yml
// for a checkout, which TestGolangciLint builds, names this module and
// mcptag's by path.
func TestReadmeConfigs(t *testing.T) {
	fixture, err := os.ReadFile(filepath.Join("testdata", "fixture", "advice.golangci.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for line := range strings.Lines(string(fixture)) {
		if !strings.HasPrefix(line, "#") && strings.TrimSpace(line) != "default: none" {
			want = append(want, line)
		}
	}
	if got := readmeBlock(t, "enable: [mcptag]"); got != strings.Join(want, "") {
		t.Errorf("docs/lint.md's .golangci.yml:\n%s\nwant testdata/fixture/advice.golangci.yml's:\n%s", got, strings.Join(want, ""))
	}
	cfg := parseCustomConfig(t, readmeBlock(t, "path: ../mcptag/lint/golangci"))
	wantCfg := customConfig{Version: golangciVersion, Plugins: []customPlugin{
		{Module: pluginModule, Path: "../mcptag/lint/golangci"},
		{Module: rootModule, Import: rootModule + "/lint", Path: "../mcptag"},
	}}
	if !reflect.DeepEqual(cfg, wantCfg) {
		t.Errorf("docs/lint.md's .custom-gcl.yml for a checkout reads as %+v, want %+v", cfg, wantCfg)
	}
}

// runGolangci runs golangci-lint in dir with config and returns its
// findings as file:line:col: message, sorted. Findings make it exit 1.
func runGolangci(t *testing.T, gcl, dir, config string) []string {
	t.Helper()
	cmd := exec.Command(gcl, "run", "--config", config, "--output.json.path", "stdout", "--show-stats=false", "./...")
	cmd.Dir = dir
	// A cache of its own: golangci-lint caches findings by package.
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOLANGCI_LINT_CACHE="+t.TempDir())
	out, err := runExpecting(t, cmd, 1)
	if err != nil {
		t.Fatalf("golangci-lint: %v", err)
	}
	var report struct {
		Issues []struct {
			FromLinter, Text string
			Pos              struct {
				Filename     string
				Line, Column int
			}
		}
	}
	if err := json.Unmarshal(out, &report); err != nil {
		t.Fatalf("golangci-lint's JSON output: %v\n%s", err, out)
	}
	var found []string
	for _, is := range report.Issues {
		if is.FromLinter != "mcptag" {
			t.Errorf("golangci-lint: %s reports %s:%d:%d: %s", is.FromLinter, is.Pos.Filename, is.Pos.Line, is.Pos.Column, is.Text)
		}
		found = append(found, fmt.Sprintf("%s:%d:%d: %s", filepath.ToSlash(is.Pos.Filename), is.Pos.Line, is.Pos.Column, is.Text))
	}
	sortFindings(found)
	return found
}

// buildMcptag builds mcptag from this checkout.
func buildMcptag(t *testing.T) string {
	t.Helper()
	_, root := checkout(t)
	bin := filepath.Join(t.TempDir(), "mcptag")
	goCmd(t, root, "build", "-o", bin, "./cmd/mcptag")
	return bin
}

// runMcptagLint runs mcptag lint in dir, as golangci-lint does: only the
// fail categories. It returns the findings as runGolangci does.
func runMcptagLint(t *testing.T, mcptag, dir, fail string) []string {
	t.Helper()
	cmd := exec.Command(mcptag, "lint", "-warnings=false", "-fail="+fail, "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	out, err := runExpecting(t, cmd, 1)
	if err != nil {
		t.Fatalf("mcptag lint: %v", err)
	}
	var found []string
	for line := range strings.Lines(string(out)) {
		found = append(found, strings.TrimPrefix(strings.TrimSpace(line), "./"))
	}
	sortFindings(found)
	return found
}

// runExpecting runs cmd and returns its standard output; an exit code
// other than code is an error, with the command's standard error.
func runExpecting(t *testing.T, cmd *exec.Cmd, code int) ([]byte, error) {
	t.Helper()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit) && exit.ExitCode() == code:
		return out, nil
	case err == nil:
		return nil, fmt.Errorf("exit code 0, want %d; stdout:\n%s", code, out)
	default:
		return nil, fmt.Errorf("%v, want exit code %d; stderr:\n%s", err, code, stderr.Bytes())
	}
}

// A suppression is a //mcptag:ignore or //nolint:mcptag comment of the
// fixture, and the file:line of the finding it silences.
type suppression struct {
	marker string // mcptagIgnore or nolintMcptag
	text   string
	target string
}

// The markers of the two kinds of suppression, and the plain comment of
// the same length that copyUnsuppressed puts in their place.
const (
	mcptagIgnore = "//mcptag:ignore"
	nolintMcptag = "//nolint:mcptag"
	unsuppressed = "// unsuppressed"
)

// suppressionsIn finds the suppressions of the Go files under dir.
func suppressionsIn(t *testing.T, dir string) []suppression {
	t.Helper()
	var found []suppression
	err := walkGo(dir, func(rel string, data []byte) error {
		n := 0
		for line := range strings.Lines(string(data)) {
			n++
			for _, marker := range []string{mcptagIgnore, nolintMcptag} {
				i := strings.Index(line, marker)
				if i < 0 {
					continue
				}
				target := n
				if marker == mcptagIgnore && strings.TrimSpace(line[:i]) == "" {
					target++ // on a line of its own, it silences the next
				}
				found = append(found, suppression{marker, strings.TrimSpace(line[i:]), fmt.Sprintf("%s:%d", rel, target)})
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return found
}

// copyUnsuppressed copies the tree src to dst with every suppression
// turned into a plain comment, lines and columns kept.
func copyUnsuppressed(t *testing.T, src, dst string) {
	t.Helper()
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	r := strings.NewReplacer(mcptagIgnore, unsuppressed, nolintMcptag, unsuppressed)
	err := walkGo(dst, func(rel string, data []byte) error {
		return os.WriteFile(filepath.Join(dst, filepath.FromSlash(rel)), []byte(r.Replace(string(data))), 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// walkGo calls f with the slash-separated path (relative to dir) and the
// contents of each Go file under dir.
func walkGo(dir string, f func(rel string, data []byte) error) error {
	return filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".go" {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		return f(filepath.ToSlash(rel), data)
	})
}

// withoutNolint leaves out the findings that a //nolint:mcptag silences,
// which mcptag lint does not know.
func withoutNolint(findings []string, sups []suppression) []string {
	return slices.DeleteFunc(slices.Clone(findings), func(f string) bool {
		return slices.ContainsFunc(sups, func(s suppression) bool {
			return s.marker == nolintMcptag && strings.HasPrefix(f, s.target+":")
		})
	})
}

// sortFindings sorts file:line:col: message lines by file, line, column
// and message, the numbers as numbers.
func sortFindings(findings []string) {
	slices.SortFunc(findings, func(a, b string) int {
		fa, la, ca, ma := splitFinding(a)
		fb, lb, cb, mb := splitFinding(b)
		return cmp.Or(strings.Compare(fa, fb), cmp.Compare(la, lb), cmp.Compare(ca, cb), strings.Compare(ma, mb))
	})
}

func splitFinding(f string) (file string, line, col int, msg string) {
	file, rest, _ := strings.Cut(f, ":")
	l, rest, _ := strings.Cut(rest, ":")
	c, msg, _ := strings.Cut(rest, ":")
	line, _ = strconv.Atoi(l)
	col, _ = strconv.Atoi(c)
	return file, line, col, msg
}

// reportedAt reports whether a finding is at file:line.
func reportedAt(findings []string, fileLine string) bool {
	return slices.ContainsFunc(findings, func(f string) bool { return strings.HasPrefix(f, fileLine+":") })
}

// checkGolden compares got with the golden file, or rewrites it with -update.
func checkGolden(t *testing.T, golden string, got []string) {
	t.Helper()
	text := strings.Join(got, "\n") + "\n"
	if *update {
		if err := os.WriteFile(golden, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if string(want) != text {
		t.Errorf("golangci-lint's findings differ from %s (go test -update rewrites it):\ngot:\n%swant:\n%s", golden, text, want)
	}
}
