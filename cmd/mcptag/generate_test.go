package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/internal/filetree"
	"github.com/mcptag/mcptag/internal/genfile"
)

// tempModule makes a module in a temporary directory that resolves
// github.com/mcptag/mcptag to this repository and everything else from
// the module cache, offline, and changes to it.
func tempModule(t *testing.T, files map[string]string) string {
	t.Helper()
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(repo, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	all := map[string]string{
		"go.mod": "module example.com/tools\n\ngo 1.26\n\nrequire github.com/mcptag/mcptag v0.0.0\n\nreplace github.com/mcptag/mcptag => " + repo + "\n",
		"go.sum": string(sum),
	}
	for name, data := range files {
		all[name] = data
	}
	filetree.Write(t, dir, all)
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOPROXY", "off")
	t.Setenv("GOTOOLCHAIN", "local")
	t.Chdir(dir)
	return dir
}

const toolA = `package a

// Add adds two numbers.
//
//mcp:tool
func Add(x, y int) int { return x + y }
`

// A run with an error in one package leaves every file of every package
// as it was: generated files (stale ones too) and sources byte for byte,
// with the same modification times and no temporary files.
func TestErrorWritesNothing(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("needs the go command")
	}
	stale := genfile.Header + "\n\npackage a\n\n// stale\n"
	for _, tc := range []struct {
		name     string
		b        string
		wantCode int
		wantErr  string
	}{{
		name:     "type error",
		b:        "package b\n\n// Echo says it back.\n//\n//mcp:tool\nfunc Echo(s string) Reply { return s }\n",
		wantCode: exitUsage,
		wantErr:  "undefined: Reply",
	}, {
		name:     "signature error",
		b:        "package b\n\n// Pair returns two things.\n//\n//mcp:tool\nfunc Pair() (int, string) { return 1, \"\" }\n",
		wantCode: exitFindings,
		wantErr:  "./b/b.go:6:6: signature: pair: unsupported results (int, string)",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			// a sorts before b: a is planned, and could have been written,
			// before b's error is found. b has stale files of its own.
			dir := tempModule(t, map[string]string{
				"a/a.go":             toolA,
				"a/mcp_tools_gen.go": stale,
				"b/b.go":             tc.b,
				"b/mcp_tools.json":   "{}\n",
			})
			before := filetree.State(t, dir)
			for _, args := range [][]string{{"./..."}, {"./a", "./b"}, {"-check", "./..."}} {
				var stdout, stderr bytes.Buffer
				code := run(args, &stdout, &stderr)
				if code != tc.wantCode {
					t.Errorf("mcptag %s: exit %d, want %d; stderr:\n%s", strings.Join(args, " "), code, tc.wantCode, &stderr)
				}
				if !strings.Contains(stderr.String(), tc.wantErr) {
					t.Errorf("mcptag %s: stderr does not mention %q:\n%s", strings.Join(args, " "), tc.wantErr, &stderr)
				}
				if stdout.Len() > 0 {
					t.Errorf("mcptag %s: stdout:\n%s", strings.Join(args, " "), &stdout)
				}
				filetree.Same(t, dir, before)
			}
		})
	}
}

// -check writes nothing, whatever it finds.
func TestCheckWritesNothing(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("needs the go command")
	}
	dir := tempModule(t, map[string]string{
		"a/a.go":             toolA,
		"a/mcp_tools_gen.go": genfile.Header + "\n\npackage a\n\n// stale\n",
		"b/b.go":             "package b\n",
		"b/mcp_tools_gen.go": genfile.Header + "\n\npackage b\n",
		"b/mcp_tools.json":   `{"$comment": "` + genfile.Comment + `", "tools": []}`,
	})
	before := filetree.State(t, dir)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-check", "./..."}, &stdout, &stderr); code != exitFindings {
		t.Errorf("exit %d, want %d; stderr:\n%s", code, exitFindings, &stderr)
	}
	want := "./a/mcp_tools_gen.go: stale\n./a/mcp_tools.json: missing\n./b/mcp_tools_gen.go: left over: its package has no tools now\n./b/mcp_tools.json: left over: its package has no tools now\nmcptag: 4 generated file(s) out of date; run go generate\n"
	if stderr.String() != want {
		t.Errorf("stderr:\n%s\nwant:\n%s", &stderr, want)
	}
	filetree.Same(t, dir, before)
}
