package analyzer_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/internal/finding"
	"github.com/mcptag/mcptag/internal/generate"
	"github.com/mcptag/mcptag/internal/genopts"
)

// TestNoSilentConstraint checks declarations that no value can meet, or
// that lose what the developer wrote: each must be a json-tag error on
// its line, or keep what was written. A tag never silently means less
// than it says.
func TestNoSilentConstraint(t *testing.T) {
	for _, tc := range []struct {
		name string
		decl string // declared in package x, with a tool taking In
	}{
		{"exclusive bounds that meet", "type In struct {\n\tN float64 `json:\"n\" jsonschema:\"exclusiveMinimum=1,exclusiveMaximum=1\"`\n}"},
		{"a bound that excludes the other", "type In struct {\n\tN int `json:\"n\" jsonschema:\"minimum=3,exclusiveMaximum=3\"`\n}"},
		{"a bound beyond the Go type's range", "type In struct {\n\tN int8 `json:\"n\" jsonschema:\"minimum=200\"`\n}"},
		{"an enum value that fails the other constraints", "type In struct {\n\tS string `json:\"s\" jsonschema:\"enum=a,minLength=2\"`\n}"},
		{"a default beyond a float64", "type In struct {\n\tF float64 `json:\"f\" jsonschema:\"default=1e400\"`\n}"},
		{"a default beyond a float32", "type In struct {\n\tF float32 `json:\"f\" jsonschema:\"default=1e39\"`\n}"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := analyze(t, "package x\n\n"+tc.decl+"\n\n//mcp:tool\nfunc Use(in In) {}\n")
			if !hasError(p, 4) {
				t.Errorf("no json-tag error on line 4 of\n%s", tc.decl)
			}
		})
	}
}

// TestDocItemKeepsItsText checks that a doc list item whose parentheses
// hold no constraints keeps its text: as the description, or with a
// json-tag error at the item.
func TestDocItemKeepsItsText(t *testing.T) {
	for _, item := range []string{
		"//   - room (the main room): where to sit",
		"//   - room (optional): where to sit",
		"//   - room (maxLength): where to sit",
	} {
		p := analyze(t, "package x\n\n// Book books.\n//\n"+item+"\n//\n//mcp:tool\nfunc Book(room string) {}\n")
		desc := p.Tools[0].Input.Properties["room"].Description
		if !strings.Contains(desc, "where to sit") && !hasError(p, 5) {
			t.Errorf("%s: the description is %q, with no json-tag error", item, desc)
		}
	}
}

// TestTagPositionAfterEscapes checks that a problem is reported at its
// key when an escape comes before it in the struct tag: the offsets in
// the tag's value are not those in the source after a \\.
func TestTagPositionAfterEscapes(t *testing.T) {
	const line = "\tS string `json:\"s\" jsonschema:\"pattern=^a\\\\d$,minimum=1\"`"
	p := analyze(t, "package x\n\ntype In struct {\n"+line+"\n}\n\n//mcp:tool\nfunc Use(in In) {}\n")
	want := strings.Index(line, "minimum") + 1
	for _, f := range p.Findings {
		if pos := p.Fset.Position(f.Pos); f.Category == finding.CatJSONTag && pos.Line == 4 {
			if pos.Column != want {
				t.Errorf("%s at column %d, want %d (%q)", f.Message, pos.Column, want, line[want-1:])
			}
			return
		}
	}
	t.Errorf("no json-tag error on %s", line)
}

// analyze loads the package src as the only file of a module.
func analyze(t *testing.T, src string) *generate.Package {
	t.Helper()
	dir := t.TempDir()
	for name, data := range map[string]string{"go.mod": "module example.com/x\n\ngo 1.26\n", "x.go": src} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r, err := generate.Run(dir, genopts.Options{}, ".")
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Packages) != 1 || len(r.Packages[0].Tools) != 1 {
		t.Fatalf("want one package with one tool, got %+v", r.Packages)
	}
	return r.Packages[0]
}

// hasError reports whether p has a json-tag error on line.
func hasError(p *generate.Package, line int) bool {
	for _, f := range p.Findings {
		if f.Error && f.Category == finding.CatJSONTag && p.Fset.Position(f.Pos).Line == line {
			return true
		}
	}
	return false
}
