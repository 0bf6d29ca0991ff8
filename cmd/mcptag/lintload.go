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
// function with results needs.
func dropBodies(f *ast.File) {
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		at := fd.Body.Lbrace
		loop := &ast.ForStmt{For: at, Body: &ast.BlockStmt{Lbrace: at, Rbrace: at}}
		fd.Body = &ast.BlockStmt{Lbrace: at, List: []ast.Stmt{loop}, Rbrace: fd.Body.Rbrace}
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
