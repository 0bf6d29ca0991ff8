// Package load loads Go packages for mcptag: it parses and type-checks
// the packages named from source, and their imports from the export data
// the go command builds, as go vet does. Analyzing them is the pipeline's
// business (package generate).
package load

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"

	"github.com/mcptag/mcptag/internal/directive"
	"github.com/mcptag/mcptag/internal/genfile"
)

// A Package is one package that Packages read and type-checked.
type Package struct {
	Fset   *token.FileSet
	Dir    string      // the package's directory
	Files  []*ast.File // the package's files, but the generated one (which ForLint keeps)
	Types  *types.Package
	Info   *types.Info
	Module string // the path of the package's module, or "" if it has none
	// IgnoredFiles are the package's files that the build configuration
	// leaves out.
	IgnoredFiles []string
}

// Errors lists the errors that stopped packages from loading, each with
// its position where it has one.
type Errors []genfile.PositionedError

// Error lists the errors one a line, each after its position.
func (e Errors) Error() string {
	lines := make([]string, len(e))
	for i, pe := range e {
		lines[i] = pe.Error()
	}
	return strings.Join(lines, "\n")
}

// Packages loads the packages matching patterns in dir.
//
// It loads as go vet does: the packages themselves are parsed and
// type-checked from source, their imports read from the export data the
// go command builds and caches. (go/packages' NeedTypes mode would have
// the go command compile the named packages too, which costs more than
// everything else together on a large package.) Function bodies are not
// checked, and the generated file is left out: it is about to be
// replaced, and it goes stale (refers to a renamed function, say) exactly
// when it needs regenerating. So are its imports: export data is asked
// for only what the other files import, and the go-sdk, which only the
// generated file of most packages imports, is then not built or hashed.
//
// A package whose declarations do not load or type-check is an error:
// mcptag must not generate code from a guess. A reference to a Register
// function that is not generated yet is the exception.
func Packages(dir string, patterns ...string) ([]*Package, error) {
	return loadPackages(dir, false, patterns)
}

// ForLint loads the packages matching patterns in dir as mcptag lint
// reads them: as Packages does, but for three things. The generated file
// is among Files, and its imports are loaded: the linter tells whether it
// is fresh, and forgives its type errors, which a stale one has. Function
// bodies are checked: the linter reads the calls in them. And a file the
// build configuration leaves out is no error: the linter reports what it
// can still judge.
func ForLint(dir string, patterns ...string) ([]*Package, error) {
	return loadPackages(dir, true, patterns)
}

// loadPackages is Packages, or ForLint if lint is set.
func loadPackages(dir string, lint bool, patterns []string) ([]*Package, error) {
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	roots, err := packages.Load(&packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedImports | packages.NeedModule,
		Dir:  dir,
	}, patterns...)
	if err != nil {
		return nil, Errors{{Msg: err.Error()}}
	}
	l := &loader{fset: token.NewFileSet(), lint: lint, roots: map[string]*packages.Package{}, pkgs: map[string]*types.Package{}}
	for _, p := range roots {
		l.roots[p.PkgPath] = p
		l.addPackageErrors(p)
		if !lint {
			l.hiddenDirectives(p)
		}
	}
	if len(l.errs) > 0 {
		return nil, l.errs
	}
	ordered := l.order(roots)
	sources := map[*packages.Package]parsed{}
	for _, p := range ordered {
		sources[p] = l.parse(p)
	}
	l.loadExports(dir, sources)
	if len(l.errs) > 0 {
		return nil, l.errs
	}
	var checked []*checkedPackage
	for _, p := range ordered {
		l.errs = append(l.errs, sources[p].errs...)
		checked = append(checked, l.check(p, sources[p].files))
	}
	if len(l.errs) > 0 {
		return nil, l.errs
	}
	var out []*Package
	for _, c := range checked {
		p := &Package{Fset: l.fset, Dir: packageDir(c.p), Files: c.sources, Types: c.types, Info: c.info, IgnoredFiles: c.p.IgnoredFiles}
		if c.p.Module != nil {
			p.Module = c.p.Module.Path
		}
		out = append(out, p)
	}
	return out, nil
}

// loader holds the state of one Packages call.
type loader struct {
	fset    *token.FileSet
	lint    bool                         // loading for ForLint
	roots   map[string]*packages.Package // by package path
	exports map[string]string            // export data file by package path
	pkgs    map[string]*types.Package    // every package imported or checked
	errs    Errors
}

func (l *loader) addPackageErrors(p *packages.Package) {
	for _, e := range p.Errors {
		pos := e.Pos
		if pos == "-" {
			pos = ""
		}
		l.errs = append(l.errs, genfile.PositionedError{Pos: pos, Msg: e.Msg})
	}
}

// hiddenDirectives reports, as errors, the files of p that the build
// configuration leaves out (IgnoredFiles) and that hold //mcp:
// directives: generating from what is left would drop those
// declarations, and rewrite or delete the generated files that serve
// them, so nothing is generated. (In a configuration that builds such a
// file, the analyzer reports its directives: a declaration must be in a
// file every build includes.)
func (l *loader) hiddenDirectives(p *packages.Package) {
	for _, name := range p.IgnoredFiles {
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		data, err := os.ReadFile(name)
		if err != nil {
			continue
		}
		if line, col, kind := directive.FirstInSource(data); kind != "" {
			l.errs = append(l.errs, genfile.PositionedError{
				Pos: fmt.Sprintf("%s:%d:%d", name, line, col),
				Msg: fmt.Sprintf("this build configuration (%s) leaves out the file, which declares //mcp:%s: generating here would drop it, so the generated files are left as they are. Declare it in a file without build constraints, which every configuration builds",
					configuration(), kind),
			})
		}
	}
}

// configuration describes the build configuration the go command loads
// packages in, as its environment sets it.
func configuration() string {
	cgo := "0"
	if build.Default.CgoEnabled {
		cgo = "1"
	}
	return "GOOS=" + build.Default.GOOS + " GOARCH=" + build.Default.GOARCH + " CGO_ENABLED=" + cgo
}

// loadExports asks the go command for the export data of every package
// the sources of the roots import, except the roots themselves: those
// are checked from source, so that a stale generated file in one cannot
// stop another.
func (l *loader) loadExports(dir string, sources map[*packages.Package]parsed) {
	seen := map[string]bool{}
	var imports []string
	for p, src := range sources {
		for _, f := range src.files {
			for _, spec := range f.Imports {
				path := importedPath(p, spec)
				if _, isRoot := l.roots[path]; !isRoot && path != "C" && !seen[path] {
					seen[path] = true
					imports = append(imports, path)
				}
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
		l.errs = append(l.errs, genfile.PositionedError{Msg: err.Error()})
		return
	}
	for _, p := range deps {
		l.addPackageErrors(p)
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
	sources []*ast.File // the package's files but the generated one, unless for lint
}

// importedPath returns the path of the package that spec, an import of
// a file of p, names: as go list resolved it (vendored, say).
func importedPath(p *packages.Package, spec *ast.ImportSpec) string {
	path, err := strconv.Unquote(spec.Path.Value)
	if err != nil {
		return spec.Path.Value // not a string literal: a syntax error, recorded
	}
	if imp, ok := p.Imports[path]; ok {
		return imp.PkgPath
	}
	return path
}

// parsed holds the files of one root that parse, and the syntax errors
// of those that do not.
type parsed struct {
	files []*ast.File
	errs  Errors
}

// parse parses the files of one root but the generated one (see
// Packages), which only ForLint parses.
func (l *loader) parse(p *packages.Package) parsed {
	var out parsed
	for _, name := range p.GoFiles {
		if genfile.IsGoFile(name) && !l.lint {
			continue // about to be replaced; see Packages
		}
		f, err := parser.ParseFile(l.fset, name, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			out.errs = append(out.errs, syntaxErrors(err)...)
			continue
		}
		out.files = append(out.files, f)
	}
	return out
}

// check type-checks one root from its parsed sources, recording its
// errors but for those Packages forgives.
func (l *loader) check(p *packages.Package, sources []*ast.File) *checkedPackage {
	c := &checkedPackage{p: p, sources: sources, info: &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		Scopes:       map[ast.Node]*types.Scope{},
		Instances:    map[*ast.Ident]types.Instance{},
		FileVersions: map[*ast.File]string{},
	}}
	conf := &types.Config{
		// Schemas come from declarations; function bodies are the
		// compiler's business, and the bulk of the time. The linter
		// reads the calls in them.
		IgnoreFuncBodies: !l.lint,
		Importer:         importerFunc(func(path string) (*types.Package, error) { return l.importFrom(p, path) }),
		Sizes:            types.SizesFor("gc", runtime.GOARCH),
		FakeImportC:      true,
		Error: func(err error) {
			te, ok := err.(types.Error)
			if !ok {
				l.errs = append(l.errs, genfile.PositionedError{Msg: err.Error()})
				return
			}
			pos := te.Fset.Position(te.Pos)
			if !forgiven(pos.Filename, te.Msg) {
				l.errs = append(l.errs, genfile.PositionedError{Pos: pos.String(), Msg: te.Msg})
			}
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
	r, err := exportData(f)
	if err != nil {
		return nil, fmt.Errorf("reading export data for %s: %v", path, err)
	}
	return gcexportdata.Read(r, l.fset, l.pkgs, path)
}

// exportData returns the export data in an export file of the go
// command: the whole file, which is what go list -export writes from Go
// 1.28 on (cmd/export's output), or the __.PKGDEF member of the
// compiler's archive that it wrote before, between its "$$B" header line
// and its "$$" end line. gcexportdata.Read reads the former alone, and
// the NewReader that found the latter is deprecated.
func exportData(r io.Reader) (io.Reader, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	const magic = "!<arch>\n"
	if !bytes.HasPrefix(data, []byte(magic)) {
		return bytes.NewReader(data), nil
	}
	// An archive member's header is 60 bytes: the name in the first 16,
	// the size in decimal at 48 to 58.
	const headerSize = 60
	data = data[len(magic):]
	if len(data) < headerSize || strings.TrimSpace(string(data[:16])) != "__.PKGDEF" {
		return nil, errors.New("the archive does not start with __.PKGDEF")
	}
	size, err := strconv.Atoi(strings.TrimSpace(string(data[48:58])))
	if err != nil || size > len(data)-headerSize {
		return nil, errors.New("the archive's __.PKGDEF has a bad size")
	}
	member := data[headerSize : headerSize+size]
	start := bytes.Index(member, []byte("\n$$B\n"))
	end := bytes.LastIndex(member, []byte("\n$$\n"))
	if start < 0 || end < start+len("\n$$B\n") {
		return nil, errors.New("the archive's __.PKGDEF holds no export data")
	}
	return bytes.NewReader(member[start+len("\n$$B\n") : end]), nil
}

// syntaxErrors returns the errors of parsing one file, one by one.
func syntaxErrors(err error) Errors {
	var list scanner.ErrorList
	if !errors.As(err, &list) {
		return Errors{{Msg: err.Error()}}
	}
	var out Errors
	for _, e := range list {
		out = append(out, genfile.PositionedError{Pos: e.Pos.String(), Msg: e.Msg})
	}
	return out
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// undefinedRegister matches the type error of a reference to a function
// that mcptag has not generated yet (Register, RegisterTools,
// RegisterServiceTools, Complete, ...): the first run of a package whose
// main already calls it must still work.
var undefinedRegister = regexp.MustCompile(`^undefined: (\w+\.)?(Register\w*|Complete)$`)

// forgiven reports whether a type error at file is one Packages forgives.
func forgiven(file, msg string) bool {
	return genfile.IsGoFile(file) || undefinedRegister.MatchString(msg)
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
