package main

import (
	"go/ast"
	"go/importer"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/lint"
)

// BenchmarkLint lints example/weather, whose dependencies (the go-sdk and
// the standard library under it) lint loads from source for their facts.
func BenchmarkLint(b *testing.B) {
	b.Chdir(filepath.Join("..", "..", "example", "weather"))
	for b.Loop() {
		if _, _, err := runLint(lint.Config{}, []string{"."}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestDropBodiesKeepsTypes: a dependency whose bodies and values lint
// drops declares the same types: a table's type is written in its
// literal, an array of [...] elements keeps its length, a function
// value its signature; and its doc comments stay.
func TestDropBodiesKeepsTypes(t *testing.T) {
	const src = `package dep

import "strings"

type Range struct{ Lo, Hi int }

// Table is a table.
var Table = &struct{ R []Range }{R: []Range{{1, 2}, {3, strings.Count("a", "")}}}

var Days = [...]string{"mon", "tue", "wed"}

var Nested = [...][]Range{{{1, 2}}, {{3, 4}, {5, 6}}}

var Upper = func(s string) string { return strings.ToUpper(s) }

var Plain, Ptr = map[string]int{"a": 1}, new(int)

func Count() int { return len(Days) }
`
	fset := token.NewFileSet()
	f, err := parseForLint(fset, "dep.go", []byte(src), false)
	if err != nil {
		t.Fatal(err)
	}
	var errs []string
	conf := types.Config{Importer: importer.Default(), Error: func(err error) {
		if !unusedImport.MatchString(err.(types.Error).Msg) {
			errs = append(errs, err.Error())
		}
	}}
	pkg, _ := conf.Check("dep", fset, []*ast.File{f}, nil)
	if errs != nil {
		t.Fatalf("the dropped package does not check:\n%s", strings.Join(errs, "\n"))
	}
	want := map[string]string{
		"Table":  "*struct{R []dep.Range}",
		"Days":   "[3]string",
		"Nested": "[2][]dep.Range",
		"Upper":  "func(s string) string",
		"Plain":  "map[string]int",
		"Ptr":    "*int",
		"Count":  "func() int",
	}
	for name, typ := range want {
		if got := pkg.Scope().Lookup(name).Type().String(); got != typ {
			t.Errorf("%s has the type %s, want %s", name, got, typ)
		}
	}
	if got := f.Decls[2].(*ast.GenDecl).Doc.Text(); got != "Table is a table.\n" {
		t.Errorf("Table's doc comment is %q", got)
	}
	ast.Inspect(f, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Value == "3" && fset.Position(lit.Pos()).Line == 8 {
			t.Errorf("the table keeps its elements")
		}
		return true
	})
}
