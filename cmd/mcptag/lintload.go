package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"

	"github.com/mcptag/mcptag/internal/load"
	"golang.org/x/tools/go/packages"
)

// loadForLint loads the packages matching patterns for mcptag lint, with
// every package they import, all from source: the Analyzer runs on each
// dependency too, for its facts (the descriptions of the types a tool's
// output can reach).
//
// Those facts come from a dependency's declarations only, so its function
// bodies are dropped before it is type-checked: checking the bodies of the
// standard library and the go-sdk was most of lint's time. An error inside
// a dependency's function body is then left to the compiler to report.
// The packages matching patterns keep their bodies, and lint reports
// their errors.
func loadForLint(patterns []string) ([]*packages.Package, error) {
	roots, err := packages.Load(&packages.Config{Mode: packages.NeedFiles | packages.NeedCompiledGoFiles}, patterns...)
	if err != nil {
		return nil, load.Errors{{Msg: err.Error()}}
	}
	own := map[string]bool{}
	for _, p := range roots {
		for _, name := range append(p.GoFiles, p.CompiledGoFiles...) {
			own[name] = true
		}
	}
	pkgs, err := packages.Load(&packages.Config{
		Mode: packages.LoadAllSyntax | packages.NeedModule,
		ParseFile: func(fset *token.FileSet, name string, src []byte) (*ast.File, error) {
			return parseForLint(fset, name, src, own[name])
		},
	}, patterns...)
	if err != nil {
		return nil, load.Errors{{Msg: err.Error()}}
	}
	return pkgs, nil
}

// parseForLint parses one file of a package mcptag lint loads: in full if
// the package is one of lint's (own), else without its function bodies.
func parseForLint(fset *token.FileSet, name string, src []byte, own bool) (*ast.File, error) {
	if own {
		return parser.ParseFile(fset, name, src, parser.AllErrors|parser.ParseComments) // go/packages' own mode
	}
	f, err := parser.ParseFile(fset, name, src, parser.AllErrors|parser.ParseComments|parser.SkipObjectResolution)
	if f != nil {
		dropBodies(f)
	}
	return f, err
}

// dropBodies replaces the body of each function declared in f by one that
// refers to nothing and never returns, "{ for {} }": a body still, which
// a generic function and init need, and a terminating statement, which a
// function with results needs. The values of f's package-level variables
// lose what their types do not depend on (see dropValues).
func dropBodies(f *ast.File) {
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Body != nil {
				d.Body = endlessBody(d.Body)
			}
		case *ast.GenDecl:
			if d.Tok == token.VAR {
				dropValues(d)
			}
		}
	}
}

// endlessBody returns "{ for {} }" at the place of body.
func endlessBody(body *ast.BlockStmt) *ast.BlockStmt {
	at := body.Lbrace
	loop := &ast.ForStmt{For: at, Body: &ast.BlockStmt{Lbrace: at, Rbrace: at}}
	return &ast.BlockStmt{Lbrace: at, List: []ast.Stmt{loop}, Rbrace: body.Rbrace}
}

// dropValues empties the composite literals in the values of the
// variables d declares, and the bodies of their function literals: the
// type of a literal is written in it, whatever its elements (but for an
// array of [...] elements, whose length is their count, and which keeps
// them). Checking the elements of tables such as unicode's was most of
// the time spent checking the standard library's declarations.
func dropValues(d *ast.GenDecl) {
	for _, spec := range d.Specs {
		for _, v := range spec.(*ast.ValueSpec).Values {
			ast.Inspect(v, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CompositeLit:
					if a, ok := n.Type.(*ast.ArrayType); ok {
						if _, counted := a.Len.(*ast.Ellipsis); counted {
							return true
						}
					}
					n.Elts = nil
					return false
				case *ast.FuncLit:
					n.Body = endlessBody(n.Body)
					return false
				}
				return true
			})
		}
	}
}

// unusedImport matches go/types' error for an import only function bodies
// used: one that dropBodies causes in a dependency, and the only one.
var unusedImport = regexp.MustCompile(`^"[^"]+" imported (as \S+ )?and not used$`)

// droppedBodyError reports whether e, an error of a dependency of the
// packages lint loaded, comes from dropping the dependency's function
// bodies.
func droppedBodyError(e packages.Error) bool {
	return e.Kind == packages.TypeError && unusedImport.MatchString(e.Msg)
}
