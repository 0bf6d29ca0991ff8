package analyzer

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"

	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"
)

// GenFileName is the name of the generated file in each package.
const GenFileName = "mcp_tools_gen.go"

// A Loaded package is one package that Load read and analyzed.
type Loaded struct {
	*Package
	Fset *token.FileSet
	Dir  string // the package's directory
	// Docs is the doc loader's work for all the packages of the Load
	// call that returned this one.
	Docs *DocStats
}

// Load loads the packages matching patterns in dir and analyzes each.
//
// It loads as go vet does: the packages themselves are parsed and
// type-checked from source, their imports read from the export data the
// go command builds and caches. (go/packages' NeedTypes mode would have
// the go command compile the named packages too, which costs more than
// everything else together on a large package.) Function bodies are not
// checked, and the generated file is left out: it is about to be
// replaced, and it goes stale (refers to a renamed function, say) exactly
// when it needs regenerating.
//
// A package whose declarations do not load or type-check is an error:
// mcptag must not generate code from a guess. A reference to a Register
// function that is not generated yet is the exception.
func Load(dir string, opts Options, patterns ...string) ([]*Loaded, error) {
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	roots, err := packages.Load(&packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedImports | packages.NeedModule,
		Dir:  dir,
	}, patterns...)
	if err != nil {
		return nil, err
	}
	l := &loader{fset: token.NewFileSet(), roots: map[string]*packages.Package{}, pkgs: map[string]*types.Package{}}
	for _, p := range roots {
		l.roots[p.PkgPath] = p
		for _, e := range p.Errors {
			l.errs = append(l.errs, e.Error())
		}
	}
	if len(l.errs) == 0 {
		l.loadExports(dir)
	}
	if len(l.errs) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(l.errs, "\n"))
	}
	var checked []*checkedPackage
	for _, p := range l.order(roots) {
		if c := l.check(p); c != nil {
			checked = append(checked, c)
		}
	}
	if len(l.errs) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(l.errs, "\n"))
	}
	stats := &DocStats{}
	docs := newSyntaxDocs(stats)
	var out []*Loaded
	for _, c := range checked {
		opts := opts
		if opts.Module == "" && c.p.Module != nil {
			opts.Module = c.p.Module.Path
		}
		if opts.Docs == nil {
			opts.Docs = func(obj types.Object) string { return docs.lookup(l.fset, obj) }
		}
		out = append(out, &Loaded{
			Package: Analyze(l.fset, c.sources, c.types, c.info, opts),
			Fset:    l.fset,
			Dir:     packageDir(c.p),
			Docs:    stats,
		})
	}
	return out, nil
}

// loader holds the state of one Load call.
type loader struct {
	fset    *token.FileSet
	roots   map[string]*packages.Package // by package path
	exports map[string]string            // export data file by package path
	pkgs    map[string]*types.Package    // every package imported or checked
	errs    []string
}

// loadExports asks the go command for the export data of every package
// the roots import, except the roots themselves: those are checked from
// source, so that a stale generated file in one cannot stop another.
func (l *loader) loadExports(dir string) {
	seen := map[string]bool{}
	var imports []string
	for _, p := range l.roots {
		for _, imp := range p.Imports {
			if _, isRoot := l.roots[imp.PkgPath]; !isRoot && imp.PkgPath != "C" && !seen[imp.PkgPath] {
				seen[imp.PkgPath] = true
				imports = append(imports, imp.PkgPath)
			}
		}
	}
	l.exports = map[string]string{}
	if len(imports) == 0 {
		return
	}
	sort.Strings(imports)
	deps, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedExportFile, Dir: dir}, imports...)
	if err != nil {
		l.errs = append(l.errs, err.Error())
		return
	}
	for _, p := range deps {
		for _, e := range p.Errors {
			l.errs = append(l.errs, e.Error())
		}
		l.exports[p.PkgPath] = p.ExportFile
	}
}

// order returns the roots so that each comes after the roots it imports.
func (l *loader) order(roots []*packages.Package) []*packages.Package {
	var out []*packages.Package
	done := map[string]bool{}
	var visit func(p *packages.Package)
	visit = func(p *packages.Package) {
		if done[p.PkgPath] {
			return
		}
		done[p.PkgPath] = true
		for _, imp := range p.Imports {
			if r, ok := l.roots[imp.PkgPath]; ok {
				visit(r)
			}
		}
		out = append(out, p)
	}
	for _, p := range roots {
		visit(p)
	}
	return out
}

// A checkedPackage is a root parsed and type-checked from source.
type checkedPackage struct {
	p       *packages.Package
	types   *types.Package
	info    *types.Info
	sources []*ast.File // the package's files but the generated one
}

// check parses and type-checks one root, recording its errors but for
// those Load forgives.
func (l *loader) check(p *packages.Package) *checkedPackage {
	c := &checkedPackage{p: p, info: &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		Scopes:       map[ast.Node]*types.Scope{},
		Instances:    map[*ast.Ident]types.Instance{},
		FileVersions: map[*ast.File]string{},
	}}
	for _, name := range p.GoFiles {
		if filepath.Base(name) == GenFileName {
			continue // about to be replaced; see Load
		}
		f, err := parser.ParseFile(l.fset, name, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			l.errs = append(l.errs, err.Error())
			continue
		}
		c.sources = append(c.sources, f)
	}
	conf := &types.Config{
		// Schemas come from declarations; function bodies are the
		// compiler's business, and the bulk of the time.
		IgnoreFuncBodies: true,
		Importer:         importerFunc(func(path string) (*types.Package, error) { return l.importFrom(p, path) }),
		Sizes:            types.SizesFor("gc", runtime.GOARCH),
		FakeImportC:      true,
		Error: func(err error) {
			if te, ok := err.(types.Error); ok && forgiven(te.Fset.Position(te.Pos).Filename, te.Msg) {
				return
			}
			l.errs = append(l.errs, err.Error())
		},
	}
	if p.Module != nil && p.Module.GoVersion != "" {
		conf.GoVersion = "go" + p.Module.GoVersion
	}
	c.types, _ = conf.Check(p.PkgPath, l.fset, c.sources, c.info)
	l.pkgs[p.PkgPath] = c.types
	return c
}

// importFrom resolves an import of root p: another root as checked from
// source, anything else from its export data.
func (l *loader) importFrom(p *packages.Package, path string) (*types.Package, error) {
	if imp, ok := p.Imports[path]; ok {
		path = imp.PkgPath // vendored, say
	}
	if path == "unsafe" {
		return types.Unsafe, nil
	}
	if _, isRoot := l.roots[path]; isRoot {
		if pkg := l.pkgs[path]; pkg != nil {
			return pkg, nil
		}
		return nil, fmt.Errorf("import cycle through %s", path)
	}
	if pkg := l.pkgs[path]; pkg != nil && pkg.Complete() {
		return pkg, nil
	}
	file := l.exports[path]
	if file == "" {
		return nil, fmt.Errorf("no export data for %s", path)
	}
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r, err := gcexportdata.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("reading export data for %s: %v", path, err)
	}
	return gcexportdata.Read(r, l.fset, l.pkgs, path)
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// undefinedRegister matches the type error of a call to a Register
// function that mcptag has not generated yet: the first run of a package
// whose main already calls it must still work.
var undefinedRegister = regexp.MustCompile(`^undefined: (\w+\.)?Register\w*Tools$`)

// forgiven reports whether a type error at file is one Load forgives.
func forgiven(file, msg string) bool {
	return filepath.Base(file) == GenFileName || undefinedRegister.MatchString(msg)
}

// ForgivenLoadError reports whether a go/packages error is one that Load
// forgives (see Load). The linter forgives the same ones, and reports
// staleness instead. A failed compile as the go command reports it ("#
// path" and the compiler's errors) is forgiven too: the same errors come
// again as type errors, judged one by one.
func ForgivenLoadError(e packages.Error) bool {
	file, _, _ := strings.Cut(e.Pos, ":")
	return forgiven(file, e.Msg) ||
		(e.Kind == packages.ListError && strings.HasPrefix(e.Msg, "# "))
}

func packageDir(p *packages.Package) string {
	if p.Dir != "" {
		return p.Dir
	}
	if len(p.GoFiles) > 0 {
		return filepath.Dir(p.GoFiles[0])
	}
	return ""
}
