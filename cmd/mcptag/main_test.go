package main

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

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
func TestScripts(t *testing.T) {
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
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
		Setup: func(env *testscript.Env) error {
			env.Setenv("REPO", repo)
			env.Setenv("GOFLAGS", "-mod=mod")
			env.Setenv("GOPROXY", "off")
			env.Setenv("GOSUMDB", "off")
			env.Setenv("GOTOOLCHAIN", "local")
			env.Setenv("GOMODCACHE", modCache)
			env.Setenv("GOCACHE", buildCache)
			return nil
		},
	})
}
