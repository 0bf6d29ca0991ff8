package argspec

import (
	"go/ast"
	"slices"
	"strconv"
	"testing"
)

// TestFormatTable: formatTable holds every Format constant but NoFormat,
// once, each by its own name, and FormatNamed, FormatNames and
// FormatIdent read it.
func TestFormatTable(t *testing.T) {
	files := parseFiles(t, ".")
	var want []string
	for _, name := range typedConsts(files)["Format"] {
		if name != "NoFormat" {
			want = append(want, name)
		}
	}
	var got []string
	for _, elt := range formatTableElements(t, files) {
		ident, name := elt.Elts[0].(*ast.Ident), elt.Elts[1].(*ast.BasicLit)
		if s, _ := strconv.Unquote(name.Value); s != ident.Name {
			t.Errorf("formatTable names %s %s", ident.Name, name.Value)
		}
		got = append(got, ident.Name)
	}
	if !slices.Equal(got, want) {
		t.Errorf("formatTable lists %v;\nthe constants are %v", got, want)
	}
	for i := range formatTable {
		fi := &formatTable[i]
		if FormatIdent(fi.format) != fi.ident {
			t.Errorf("FormatIdent(%d) = %q, want %q", fi.format, FormatIdent(fi.format), fi.ident)
		}
		// Every named format is checked, date-time by the checker's
		// own message; the formats of Go types are the checker's too.
		if hasCheck := fi.check != nil; hasCheck != (fi.name != "" && fi.format != DateTime) {
			t.Errorf("%s: has a check of its own: %v", fi.ident, hasCheck)
		}
	}
}

// TestFormatNames: each declarable name reads back as its format; other
// words, and the constants' names, are no format.
func TestFormatNames(t *testing.T) {
	names := FormatNames()
	if len(names) == 0 || names[0] != "date-time" {
		t.Fatalf("FormatNames() = %v, want date-time first, as the constants go", names)
	}
	seen := map[Format]bool{}
	for _, name := range names {
		f := FormatNamed(name)
		if f == NoFormat || seen[f] {
			t.Errorf("FormatNamed(%q) = %d", name, f)
		}
		seen[f] = true
	}
	for _, word := range []string{"", "Email", "DateTime", "regex", "date_time", "base64"} {
		if f := FormatNamed(word); f != NoFormat {
			t.Errorf("FormatNamed(%q) = %s, want no format", word, FormatIdent(f))
		}
	}
}

// formatTableElements returns the elements of formatTable's literal.
func formatTableElements(t *testing.T, files []*ast.File) []*ast.CompositeLit {
	t.Helper()
	for _, f := range files {
		if obj := f.Scope.Lookup("formatTable"); obj != nil {
			var elts []*ast.CompositeLit
			for _, e := range obj.Decl.(*ast.ValueSpec).Values[0].(*ast.CompositeLit).Elts {
				elts = append(elts, e.(*ast.CompositeLit))
			}
			return elts
		}
	}
	t.Fatal("no formatTable")
	return nil
}
