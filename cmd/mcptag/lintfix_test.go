package main

import (
	"bytes"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFixReportsWhatWasApplied: of two fixes whose edits overlap, only the
// first is applied, and only it is reported fixed; the other is reported
// as not fixed, and counted with the findings that fail. A fix that
// repeats an edit already made counts as applied.
func TestFixReportsWhatWasApplied(t *testing.T) {
	file := filepath.Join(t.TempDir(), "a.go")
	src := "package a\n\nvar limit = 1\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	at := func(s string) (int, int) {
		i := strings.Index(src, s)
		return i, i + len(s)
	}
	edit := func(old, new string) []fileEdit {
		start, end := at(old)
		return []fileEdit{{file: file, start: start, end: end, text: new}}
	}
	pos := token.Position{Filename: file, Line: 3, Column: 5}
	findings := []lintFinding{
		{pos: pos, category: "directive", text: "directive: first", fix: edit("limit", "max")},
		{pos: pos, category: "directive", text: "directive: overlapping", fix: edit("limit = 1", "cap = 2")},
		{pos: pos, category: "directive", text: "directive: the same edit again", fix: edit("limit", "max")},
		{pos: pos, category: "directive", text: "directive: clear of the others", fix: edit("1", "3")},
	}
	o := &lintOptions{warnings: true}
	o.fix.on = true
	fixed, err := applyFixes(findings, &o.fix)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	failing, _ := printLint(&out, findings, fixed, o)
	want := file + ":3:5: directive: first (fixed)\n" +
		file + ":3:5: directive: overlapping (not fixed: its fix overlaps another; run -fix again)\n" +
		file + ":3:5: directive: the same edit again (fixed)\n" +
		file + ":3:5: directive: clear of the others (fixed)\n"
	if got := out.String(); got != want {
		t.Errorf("printed\n%s\nwant\n%s", got, want)
	}
	if failing != 1 {
		t.Errorf("%d failing, want 1: the fix not applied", failing)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(data), "package a\n\nvar max = 3\n"; got != want {
		t.Errorf("the file reads\n%s\nwant\n%s", got, want)
	}
}
