package argspec

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"math"
	"path/filepath"
	"testing"
)

// TestBounds: each range is its Go type's, and RangeUint64's upper bound
// is clipped to what an int64 holds.
func TestBounds(t *testing.T) {
	for _, tc := range []struct {
		r      IntRange
		lo, hi int64
	}{
		{RangeInt8, math.MinInt8, math.MaxInt8},
		{RangeInt16, math.MinInt16, math.MaxInt16},
		{RangeInt32, math.MinInt32, math.MaxInt32},
		{RangeUint8, 0, math.MaxUint8},
		{RangeUint16, 0, math.MaxUint16},
		{RangeUint32, 0, math.MaxUint32},
		{RangeUint64, 0, math.MaxInt64},
	} {
		lo, hi, bounded := Bounds(tc.r)
		if !bounded || lo != tc.lo || hi != tc.hi {
			t.Errorf("Bounds(%d) = %d, %d, %v; want %d, %d, true", tc.r, lo, hi, bounded, tc.lo, tc.hi)
		}
	}
	for _, r := range []IntRange{AnyInt, RangeFloat32} {
		if _, _, bounded := Bounds(r); bounded {
			t.Errorf("Bounds(%d) is bounded; want the range left to encoding/json", r)
		}
	}
}

// TestRuntimeReexportsTheVocabulary: the run-time packages, toolimpl,
// whose names generated code writes, and toolrt, alias every exported
// type of this package under its own name but Limits, and ArgError, which
// toolrt declares for itself (toolimpl converts it, with its kinds), and toolimpl re-exports every constant of a Kind, IntRange,
// Format or Op but the zero values generated code leaves out.
func TestRuntimeReexportsTheVocabulary(t *testing.T) {
	files := parseFiles(t, ".")
	runtime := append(parseFiles(t, filepath.Join("..", "..", "toolimpl")), parseFiles(t, filepath.Join("..", "..", "toolrt"))...)
	aliases, consts := reexports(t, runtime)
	for _, f := range files {
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.TYPE {
				for _, spec := range gd.Specs {
					name := spec.(*ast.TypeSpec).Name.Name
					if ast.IsExported(name) && name != "Limits" && name != "ArgError" && !aliases[name] {
						t.Errorf("neither toolimpl nor toolrt has an alias %s = argspec.%s", name, name)
					}
				}
			}
		}
	}
	for _, typ := range []string{"Kind", "IntRange", "Format", "Op"} {
		for _, name := range typedConsts(files)[typ] {
			zero := name == "NoFormat" || name == "AnyInt"
			if consts[name] == zero {
				t.Errorf("toolimpl re-exports %s: %v; want %v", name, consts[name], !zero)
			}
		}
	}
}

// parseFiles parses the Go files of the package in dir, but its tests.
func parseFiles(t *testing.T, dir string) []*ast.File {
	t.Helper()
	pkg, err := build.ImportDir(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	fset := token.NewFileSet()
	for _, name := range pkg.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	return files
}

// typedConsts returns the exported constants of files by the name of
// their declared type, in the order of their declarations.
func typedConsts(files []*ast.File) map[string][]string {
	consts := map[string][]string{}
	for _, f := range files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			typ := "" // carried to the specs that repeat the one before
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				switch id, ok := vs.Type.(*ast.Ident); {
				case ok:
					typ = id.Name
				case vs.Type != nil || len(vs.Values) > 0:
					typ = ""
				}
				for _, n := range vs.Names {
					if typ != "" && n.IsExported() {
						consts[typ] = append(consts[typ], n.Name)
					}
				}
			}
		}
	}
	return consts
}

// reexports returns the type aliases (Name = argspec.Name) and the
// constants (Name = argspec.Name) that files declare, failing on one that
// renames what it re-exports.
func reexports(t *testing.T, files []*ast.File) (aliases, consts map[string]bool) {
	aliases, consts = map[string]bool{}, map[string]bool{}
	target := func(name string, x ast.Expr) bool {
		sel, ok := x.(*ast.SelectorExpr)
		if !ok || sel.X.(*ast.Ident).Name != "argspec" {
			return false
		}
		if sel.Sel.Name != name {
			t.Errorf("%s is argspec.%s: generated code writes the same name", name, sel.Sel.Name)
		}
		return true
	}
	for _, f := range files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, spec := range gd.Specs {
				switch s := spec.(type) {
				case *ast.TypeSpec:
					if s.Assign.IsValid() && target(s.Name.Name, s.Type) {
						aliases[s.Name.Name] = true
					}
				case *ast.ValueSpec:
					if gd.Tok == token.CONST && len(s.Values) == 1 && target(s.Names[0].Name, s.Values[0]) {
						consts[s.Names[0].Name] = true
					}
				}
			}
		}
	}
	return aliases, consts
}
