// Package filetree records and compares directory trees, for tests that
// must show a run changed nothing it should not have: contents,
// modification times, permissions, and no file created or left behind.
package filetree

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A File is what a run must not change about a file.
type File struct {
	Data    string
	ModTime time.Time
	Mode    fs.FileMode
}

// State records every file below dir, by slash path relative to dir,
// temporary files included.
func State(t testing.TB, dir string) map[string]File {
	t.Helper()
	state := map[string]File{}
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
		state[filepath.ToSlash(rel)] = File{string(data), info.ModTime(), info.Mode()}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return state
}

// Same fails the test unless the tree below dir is as recorded.
func Same(t testing.TB, dir string, want map[string]File) {
	t.Helper()
	got := State(t, dir)
	for name, w := range want {
		g, ok := got[name]
		switch {
		case !ok:
			t.Errorf("%s: removed", name)
		case g.Data != w.Data:
			t.Errorf("%s: contents changed:\n%s", name, g.Data)
		case !g.ModTime.Equal(w.ModTime):
			t.Errorf("%s: modification time changed from %v to %v", name, w.ModTime, g.ModTime)
		case g.Mode != w.Mode:
			t.Errorf("%s: mode changed from %v to %v", name, w.Mode, g.Mode)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("%s: created", name)
		}
	}
}

// Write writes files (slash paths relative to dir) below dir and dates
// them an hour back, so that any rewrite shows in their modification
// times.
func Write(t testing.TB, dir string, files map[string]string) {
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
