package emit

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"sort"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/finding"
)

// Shadowing returns a finding, which stops generation, at each
// package-level declaration of the package (its in-package test files
// included) of a predeclared identifier that src, its generated Go file,
// uses. Go offers no qualified name for true, nil, error or string, so a
// package that declares one of them changes what the generated code
// means (const true = false lists a destructive tool as not destructive)
// or stops it compiling; mcptag refuses such a package rather than write
// that code. A predeclared name the file does not use may be shadowed.
func Shadowing(pkg *analyzer.Package, src []byte) []finding.Finding {
	names := pkg.GeneratedNames()
	var out []finding.Finding
	for _, name := range predeclaredUses(src) {
		if d, ok := names.Declared(name); ok {
			out = append(out, finding.Finding{Pos: d.Pos, Category: finding.CatName, Error: true,
				Message: d.Kind + " " + name + " shadows the predeclared " + name + ", which the generated code uses; rename it"})
		}
	}
	return out
}

// predeclaredUses lists, sorted, the predeclared identifiers that the Go
// source src refers to: every identifier named as one of the universe
// scope that does not declare something or name a field or method.
// (Generated code declares no local of such a name; see genFile.local.)
func predeclaredUses(src []byte) []string {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution)
	if err != nil {
		return nil // the compiler reports it where the file is built
	}
	skip := map[*ast.Ident]bool{}
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			skip[n.Sel] = true
		case *ast.KeyValueExpr:
			if id, ok := n.Key.(*ast.Ident); ok {
				skip[id] = true // a field of a struct literal
			}
		case *ast.Field:
			for _, id := range n.Names {
				skip[id] = true
			}
		case *ast.Ident:
			if !skip[n] && types.Universe.Lookup(n.Name) != nil {
				used[n.Name] = true
			}
		}
		return true
	})
	var out []string
	for name := range used {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}
