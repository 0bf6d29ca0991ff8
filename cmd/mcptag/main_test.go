package main

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

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
// every script's go vet, and readme.txtar's go tool mcptag, then share
// one binary and one analysis of the go-sdk and the standard library,
// this run and the next.
func TestScripts(t *testing.T) {
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	mcptag := toolMcptag(t, repo)
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
		Cmds:          map[string]func(*testscript.TestScript, bool, []string){"wantdiff": wantDiff},
		Setup: func(env *testscript.Env) error {
			env.Setenv("REPO", repo)
			env.Setenv("MCPTAG", mcptag)
			for _, kv := range offline {
				name, value, _ := strings.Cut(kv, "=")
				env.Setenv(name, value)
			}
			env.Setenv("GOMODCACHE", modCache)
			env.Setenv("GOCACHE", buildCache)
			return nil
		},
	})
}

// offline is the environment of the go command in scripts: modules from
// the local module cache only, with this toolchain.
var offline = []string{"GOFLAGS=-mod=mod", "GOPROXY=off", "GOSUMDB=off", "GOTOOLCHAIN=local"}

// toolMcptag returns the path of mcptag built from repo as a tool of a
// module, as readme.txtar builds it: the same binary, which the go
// command builds again only when mcptag's code changes.
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
