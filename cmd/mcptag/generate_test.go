package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcptag/mcptag/emit"
)

// fileState is what a run must not change about a file.
type fileState struct {
	data    string
	modTime time.Time
	mode    fs.FileMode
}

// treeState records every file below dir, temporary files included.
func treeState(t *testing.T, dir string) map[string]fileState {
	t.Helper()
	state := map[string]fileState{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		state[filepath.ToSlash(rel)] = fileState{string(data), info.ModTime(), info.Mode()}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return state
}

// sameTree fails the test unless the tree below dir is as recorded.
func sameTree(t *testing.T, dir string, want map[string]fileState) {
	t.Helper()
	got := treeState(t, dir)
	for name, w := range want {
		g, ok := got[name]
		switch {
		case !ok:
			t.Errorf("%s: removed", name)
		case g.data != w.data:
			t.Errorf("%s: contents changed:\n%s", name, g.data)
		case !g.modTime.Equal(w.modTime):
			t.Errorf("%s: modification time changed from %v to %v", name, w.modTime, g.modTime)
		case g.mode != w.mode:
			t.Errorf("%s: mode changed from %v to %v", name, w.mode, g.mode)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("%s: created", name)
		}
	}
}

// writeTree writes files below dir and dates them an hour back, so that
// any rewrite shows in their modification times.
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	old := time.Now().Add(-time.Hour).Truncate(time.Second)
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}
}

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
	writeTree(t, dir, all)
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
	stale := emit.Header + "\n\npackage a\n\n// stale\n"
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
		wantErr:  "./b/b.go:6:6: pair: unsupported results (int, string)",
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
			before := treeState(t, dir)
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
				sameTree(t, dir, before)
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
		"a/mcp_tools_gen.go": emit.Header + "\n\npackage a\n\n// stale\n",
		"b/b.go":             "package b\n",
		"b/mcp_tools_gen.go": emit.Header + "\n\npackage b\n",
		"b/mcp_tools.json":   "{}\n",
	})
	before := treeState(t, dir)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-check", "./..."}, &stdout, &stderr); code != exitFindings {
		t.Errorf("exit %d, want %d; stderr:\n%s", code, exitFindings, &stderr)
	}
	want := "./a/mcp_tools_gen.go: stale\n./a/mcp_tools.json: missing\n./b/mcp_tools_gen.go: left over: its package has no tools now\n./b/mcp_tools.json: left over: its package has no tools now\nmcptag: 4 generated file(s) out of date; run go generate\n"
	if stderr.String() != want {
		t.Errorf("stderr:\n%s\nwant:\n%s", &stderr, want)
	}
	sameTree(t, dir, before)
}

// plannedFiles are changes in two directories: two files replaced, one
// created and one removed.
func plannedFiles(dir string) (before map[string]string, files []emit.File) {
	before = map[string]string{
		"a/mcp_tools_gen.go": emit.Header + "\n\npackage a // old\n",
		"a/mcp_tools.json":   "{\"old\": true}\n",
		"b/mcp_tools_gen.go": emit.Header + "\n\npackage b // old\n",
	}
	files = []emit.File{
		{Path: filepath.Join(dir, "a", "mcp_tools_gen.go"), Data: []byte(emit.Header + "\n\npackage a // new\n")},
		{Path: filepath.Join(dir, "a", "mcp_tools.json"), Data: []byte("{\"new\": true}\n")},
		{Path: filepath.Join(dir, "b", "mcp_tools_gen.go")},
		{Path: filepath.Join(dir, "b", "mcp_tools.json")},
		{Path: filepath.Join(dir, "c", "mcp_tools_gen.go"), Data: []byte(emit.Header + "\n\npackage c // new\n")},
	}
	return before, files
}

func TestWriteFiles(t *testing.T) {
	dir := t.TempDir()
	before, files := plannedFiles(dir)
	writeTree(t, dir, before)
	if err := os.Mkdir(filepath.Join(dir, "c"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := writeFiles(files); err != nil {
		t.Fatal(err)
	}
	got := treeState(t, dir)
	want := map[string]string{
		"a/mcp_tools_gen.go": string(files[0].Data),
		"a/mcp_tools.json":   string(files[1].Data),
		"c/mcp_tools_gen.go": string(files[4].Data),
	}
	if len(got) != len(want) {
		t.Errorf("files after the run: %v, want %v", got, want)
	}
	for name, data := range want {
		if got[name].data != data {
			t.Errorf("%s = %q, want %q", name, got[name].data, data)
		}
		if got[name].mode.Perm() != 0o644 {
			t.Errorf("%s: mode %v, want 0644", name, got[name].mode)
		}
	}
	// A second run changes nothing, not even modification times.
	after := treeState(t, dir)
	if err := writeFiles(files); err != nil {
		t.Fatal(err)
	}
	sameTree(t, dir, after)
}

// A failure while writing the new contents leaves the tree as it was;
// one while moving them into place puts back what was already moved.
func TestWriteFilesFailure(t *testing.T) {
	errInjected := errors.New("injected failure")
	for _, tc := range []struct {
		name  string
		setup func(n int)
		calls int
		exact bool // modification times kept too
	}{{
		name:  "createTemp",
		calls: 3, // a's two files, then c's
		exact: true,
		setup: func(n int) {
			real := createTemp
			count := 0
			createTemp = func(dir, pattern string) (*os.File, error) {
				count++
				if count == n {
					return nil, errInjected
				}
				return real(dir, pattern)
			}
		},
	}, {
		name:  "rename",
		calls: 3, // a's two files, then c's (b's removal comes between)
		setup: func(n int) {
			real := rename
			count := 0
			rename = func(from, to string) error {
				count++
				if count == n {
					return errInjected
				}
				return real(from, to)
			}
		},
	}, {
		name:  "remove",
		calls: 1,
		setup: func(n int) {
			real := remove
			count := 0
			remove = func(name string) error {
				count++
				if count == n {
					return errInjected
				}
				return real(name)
			}
		},
	}} {
		for n := 1; n <= tc.calls; n++ {
			t.Run(fmt.Sprintf("%s/%d", tc.name, n), func(t *testing.T) {
				saved := [3]any{createTemp, rename, remove}
				defer func() {
					createTemp = saved[0].(func(string, string) (*os.File, error))
					rename = saved[1].(func(string, string) error)
					remove = saved[2].(func(string) error)
				}()
				tc.setup(n)
				dir := t.TempDir()
				beforeFiles, files := plannedFiles(dir)
				writeTree(t, dir, beforeFiles)
				if err := os.Mkdir(filepath.Join(dir, "c"), 0o755); err != nil {
					t.Fatal(err)
				}
				before := treeState(t, dir)
				if err := writeFiles(files); !errors.Is(err, errInjected) {
					t.Fatalf("writeFiles: %v, want the injected failure", err)
				}
				if tc.exact {
					sameTree(t, dir, before)
					return
				}
				got := treeState(t, dir)
				if len(got) != len(before) {
					t.Errorf("files after the failure: %v, want %v", got, before)
				}
				for name, b := range before {
					if got[name].data != b.data || got[name].mode != b.mode {
						t.Errorf("%s not restored: %+v, want %+v", name, got[name], b)
					}
				}
			})
		}
	}
}

func TestGenerated(t *testing.T) {
	for _, tc := range []struct {
		data string
		want bool
	}{
		{emit.Header + "\n\npackage a\n", true},
		{emit.Header + "\r\n\r\npackage a\r\n", true},
		{emit.Header, false},
		{emit.Header + " \n", false},
		{"// Code generated by stringer. DO NOT EDIT.\n", false},
		{"package a\n" + emit.Header + "\n", false},
		{"", false},
	} {
		if got := generated([]byte(tc.data)); got != tc.want {
			t.Errorf("generated(%q) = %v, want %v", tc.data, got, tc.want)
		}
	}
}
