package main

import (
	"flag"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/internal/directive"
	"github.com/rogpeppe/go-internal/diff"
	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets the test binary double as the mcptag command, so that
// scripts can run "mcptag ..." (and "exec mcptag ...").
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"mcptag": func() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) },
	})
}

var update = flag.Bool("update", false, "rewrite the expected files of failing cmp commands in testdata/script (review the result)")

// TestScripts runs testdata/script/*.txtar. Scripts that build Go code get
// a module that resolves github.com/mcptag/mcptag to this repository ($REPO)
// and everything else from the local module cache, offline:
//
//	-- go.mod --
//	module example.com/x
//	go 1.26
//	require github.com/mcptag/mcptag v0.0.0
//	replace github.com/mcptag/mcptag => $REPO
//
// followed by "cp $REPO/go.sum go.sum".
//
// $MCPTAG is mcptag built as the README has users build it, a tool of a
// module (go get -tool, go tool -n mcptag): the vet tool of a script's
// go vet, as in
//
//	exec go vet -vettool=$MCPTAG ./...
//
// rather than an mcptag the script builds. The go command caches that
// build, and go vet the analysis of each dependency under its vet tool:
// every script's go vet then shares one binary and one analysis of the
// go-sdk and the standard library, this run and the next. (go tool builds
// without -trimpath, so the binary holds the checkout's path: readme.txtar,
// whose checkout is a new directory at every run, builds its own.)
//
// go test -short, the inner loop, runs every script but those that build,
// vet or run code (go build, go vet, go run, go test, $MCPTAG), which
// start with
//
//	[short] skip 'builds, vets or runs the generated code: go test without -short runs it'
//
// and so check only what mcptag prints and writes; a new script does the
// same, or puts such steps in a script of their own. What the others cost
// is mcptag's own runs: each generation or lint asks the go command for
// its packages and for export data, a tenth of a second or two.
func TestScripts(t *testing.T) {
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	mcptag := "" // only the scripts that -short skips run go vet with it
	if !testing.Short() {
		mcptag = toolMcptag(t, repo)
	}
	goEnv := func(name string) string {
		out, err := exec.Command("go", "env", name).Output()
		if err != nil {
			t.Fatalf("go env %s: %v", name, err)
		}
		return strings.TrimSpace(string(out))
	}
	modCache, buildCache := goEnv("GOMODCACHE"), goEnv("GOCACHE")
	testscript.Run(t, testscript.Params{
		Dir:           filepath.Join("testdata", "script"),
		UpdateScripts: *update,
		Cmds: map[string]func(*testscript.TestScript, bool, []string){
			"wantdiff": wantDiff, "readmeblock": readmeBlock(repo), "proxy403": proxy403,
		},
		Setup: func(env *testscript.Env) error {
			env.Setenv("REPO", repo)
			env.Setenv("MCPTAG", mcptag)
			for _, kv := range offline {
				name, value, _ := strings.Cut(kv, "=")
				env.Setenv(name, value)
			}
			env.Setenv("GOMODCACHE", modCache)
			env.Setenv("GOCACHE", buildCache)
			env.Setenv("GOGC", scriptGOGC)
			return nil
		},
	})
}

// scriptGOGC is the GOGC of every process a script starts: each lives
// a second at most (a go list hashes the files of the go-sdk and the
// standard library), and collecting its garbage a quarter as often takes
// less of the time it runs, for a third more memory. It changes what each
// costs, not what it does.
const scriptGOGC = "400"

// offline is the environment of the go command in scripts: modules from
// the local module cache only, with this toolchain.
var offline = []string{"GOFLAGS=-mod=mod", "GOPROXY=off", "GOSUMDB=off", "GOTOOLCHAIN=local"}

// toolMcptag returns the path of mcptag built from repo as a tool of a
// module, as readme.txtar builds it: a binary that the go command builds
// again only when mcptag's code changes.
func toolMcptag(t *testing.T, repo string) string {
	t.Helper()
	dir := t.TempDir()
	sum, err := os.ReadFile(filepath.Join(repo, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	mod := "module example.com/vettool\n\ngo 1.26\n\nrequire github.com/mcptag/mcptag v0.0.0\n\nreplace github.com/mcptag/mcptag => " + repo + "\n"
	for name, data := range map[string][]byte{"go.mod": []byte(mod), "go.sum": sum} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	goCmd := func(args ...string) string {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		// The directory of this module does not change the binary: the
		// go command reuses it, and go vet what it found with it, from
		// one run to the next.
		cmd.Env = append(os.Environ(), offline...)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
		}
		return strings.TrimSpace(string(out))
	}
	goCmd("get", "-tool", "github.com/mcptag/mcptag/cmd/mcptag")
	return goCmd("tool", "-n", "mcptag")
}

// wantDiff is the script command
//
//	wantdiff OUT NAME OLD NEW
//
// which appends to OUT the diff -check must print for the file NAME
// (its path as printed, e.g. ./a/mcp_tools_gen.go) whose contents on
// disk are those of file OLD and whose generated contents are those of
// file NEW; "-" stands for a file that does not exist. It spares scripts
// a copy of generated code that changes whenever the generator does. The
// diff is cut short as -check cuts it; check.txtar tests the cutting on
// a diff it spells out.
func wantDiff(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 4 {
		ts.Fatalf("usage: wantdiff OUT NAME OLD|- NEW|-")
	}
	read := func(name string) []byte {
		if name == "-" {
			return nil
		}
		return []byte(ts.ReadFile(name))
	}
	out, name := ts.MkAbs(args[0]), args[1]
	f, err := os.OpenFile(out, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o666)
	ts.Check(err)
	writeClipped(f, diff.Diff(name+" (on disk)", read(args[2]), name+" (generated)", read(args[3])))
	ts.Check(f.Close())
}

// TestVersionSDK: mcptag version names the go-sdk version that go.mod
// requires, which the generated code is built with.
func TestVersionSDK(t *testing.T) {
	mod, err := os.ReadFile(filepath.Join("..", "..", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	want := regexp.MustCompile(`(?m)^\s*` + regexp.QuoteMeta(sdkModule) + ` (v\S+)`).FindSubmatch(mod)
	if want == nil {
		t.Fatalf("go.mod requires no %s", sdkModule)
	}
	var stdout, stderr strings.Builder
	if code := run([]string{"version"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("mcptag version: exit %d: %s", code, &stderr)
	}
	if line := "generated code: " + sdkModule + " " + string(want[1]) + "\n"; !strings.Contains(stdout.String(), line) {
		t.Errorf("mcptag version printed\n%s\nwant the line %q", &stdout, line)
	}
}

// TestHelpNamesEveryOption holds mcptag help's directive syntax to the
// directive table: every kind, and every option of each.
func TestHelpNamesEveryOption(t *testing.T) {
	for kind, options := range directive.Kinds() {
		if !strings.Contains(directiveHelp, "//mcp:"+kind+" ") {
			t.Errorf("mcptag help does not show //mcp:%s", kind)
		}
		for _, o := range options {
			if !regexp.MustCompile(`[\s\[]` + regexp.QuoteMeta(o) + `[=\s\]]`).MatchString(directiveHelp) {
				t.Errorf("mcptag help does not show the option %s of //mcp:%s", o, kind)
			}
		}
	}
}

// readmeBlock returns the script command
//
//	readmeblock TEXT FILE
//
// which writes to FILE the fenced code block of the repository's
// documentation (README.md, CONTRIBUTING.md, docs/*.md, in that order)
// that has a line holding TEXT, so that a script runs the documentation's
// own commands and code.
func readmeBlock(repo string) func(*testscript.TestScript, bool, []string) {
	return func(ts *testscript.TestScript, neg bool, args []string) {
		if neg || len(args) != 2 {
			ts.Fatalf("usage: readmeblock TEXT FILE")
		}
		for _, name := range docFiles(ts, repo) {
			text, err := os.ReadFile(name)
			ts.Check(err)
			blocks := strings.Split(string(text), "```")
			for i := 1; i < len(blocks); i += 2 {
				if strings.Contains(blocks[i], args[0]) {
					_, body, _ := strings.Cut(blocks[i], "\n") // after the info string
					ts.Check(os.WriteFile(ts.MkAbs(args[1]), []byte(body), 0o666))
					return
				}
			}
		}
		ts.Fatalf("no code block of the documentation has %q", args[0])
	}
}

// docFiles returns the repository's Markdown documentation: README.md,
// CONTRIBUTING.md, then docs/*.md.
func docFiles(ts *testscript.TestScript, repo string) []string {
	pages, err := filepath.Glob(filepath.Join(repo, "docs", "*.md"))
	ts.Check(err)
	return append([]string{filepath.Join(repo, "README.md"), filepath.Join(repo, "CONTRIBUTING.md")}, pages...)
}

// proxy403 is the script command
//
//	proxy403
//
// which points GOPROXY at a module proxy that answers 403 Forbidden to
// every request, as some company proxies answer for a module they do not
// know.
func proxy403(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 0 {
		ts.Fatalf("usage: proxy403")
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "not available", http.StatusForbidden)
	}))
	ts.Defer(srv.Close)
	ts.Setenv("GOPROXY", srv.URL)
}

// TestDocsSayEachParagraphOnce: no paragraph of the README, CONTRIBUTING.md or docs/
// is repeated within its file (code blocks aside, which may well show a
// command twice), as an edit that moves a paragraph and forgets the old
// copy leaves it.
func TestDocsSayEachParagraphOnce(t *testing.T) {
	repo := filepath.Join("..", "..")
	files, err := filepath.Glob(filepath.Join(repo, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range append(files, filepath.Join(repo, "README.md"), filepath.Join(repo, "CONTRIBUTING.md")) {
		text, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for _, p := range proseParagraphs(string(text)) {
			if seen[p] {
				t.Errorf("%s repeats the paragraph\n%s", name, p)
			}
			seen[p] = true
		}
	}
}

// proseParagraphs returns the paragraphs of a Markdown text outside its
// fenced code blocks, each with its white space collapsed.
func proseParagraphs(markdown string) []string {
	var out []string
	for i, chunk := range strings.Split(markdown, "```") {
		if i%2 == 1 {
			continue // a code block
		}
		for _, p := range regexp.MustCompile(`\n\s*\n`).Split(chunk, -1) {
			if p = strings.Join(strings.Fields(p), " "); p != "" {
				out = append(out, p)
			}
		}
	}
	return out
}
