package analyzer

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"golang.org/x/tools/go/packages"
)

// GenFileName is the name of the generated file in each package.
const GenFileName = "mcp_tools_gen.go"

// A Loaded package is one package that go/packages loaded and analyzed.
type Loaded struct {
	*Package
	Fset *token.FileSet
	Dir  string // the package's directory
}

// Load loads the packages matching patterns in dir and analyzes each.
// A package that does not load or type-check is an error: mcptag must not
// generate code from a guess. Two kinds of type errors are the exception,
// as they concern only the code about to be generated: errors inside the
// generated file, which goes stale (refers to a renamed function, say)
// exactly when it needs regenerating, and calls of Register functions
// that do not exist yet.
func Load(dir string, opts Options, patterns ...string) ([]*Loaded, error) {
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes |
			packages.NeedTypesInfo | packages.NeedImports,
		Dir: dir,
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, err
	}
	var errs []string
	for _, p := range pkgs {
		for _, e := range p.Errors {
			if !inGenFile(e) && !undefinedRegister.MatchString(e.Msg) && !compilerOutput(e) {
				errs = append(errs, e.Error())
			}
		}
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	docs := newSyntaxDocs()
	var out []*Loaded
	for _, p := range pkgs {
		opts := opts
		if opts.Docs == nil {
			opts.Docs = func(obj types.Object) string { return docs.lookup(p.Fset, obj) }
		}
		out = append(out, &Loaded{
			Package: Analyze(p.Fset, sourceFiles(p), p.Types, p.TypesInfo, opts),
			Fset:    p.Fset,
			Dir:     packageDir(p),
		})
	}
	return out, nil
}

// undefinedRegister matches the type error of a call to a Register
// function that mcptag has not generated yet: the first run of a package
// whose main already calls it must still work.
var undefinedRegister = regexp.MustCompile(`^undefined: (\w+\.)?Register\w*Tools$`)

// compilerOutput reports whether e is the go command's report of a failed
// compile ("# path" and the compiler's errors). go/packages type-checks
// the package itself and reports the same errors as type errors, which
// the filters above can judge one by one.
func compilerOutput(e packages.Error) bool {
	return e.Kind == packages.ListError && strings.HasPrefix(e.Msg, "# ")
}

func inGenFile(e packages.Error) bool {
	file, _, _ := strings.Cut(e.Pos, ":")
	return filepath.Base(file) == GenFileName
}

// sourceFiles is the package's syntax without its generated file.
func sourceFiles(p *packages.Package) []*ast.File {
	var files []*ast.File
	for _, f := range p.Syntax {
		if filepath.Base(p.Fset.File(f.Pos()).Name()) != GenFileName {
			files = append(files, f)
		}
	}
	return files
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

// syntaxDocs finds the doc comments of types from other packages, which
// go/packages loaded from export data: it parses only the files that
// declare a type a tool reaches, once each.
type syntaxDocs struct {
	mu    sync.Mutex
	files map[string]docsByPos
}

// docsByPos maps "line:col" of a declared name to its doc comment.
type docsByPos map[string]string

func newSyntaxDocs() *syntaxDocs { return &syntaxDocs{files: map[string]docsByPos{}} }

func (d *syntaxDocs) lookup(fset *token.FileSet, obj types.Object) string {
	pos := fset.Position(obj.Pos())
	if !pos.IsValid() || pos.Filename == "" {
		return ""
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	docs, ok := d.files[pos.Filename]
	if !ok {
		docs = parseDocs(pos.Filename)
		d.files[pos.Filename] = docs
	}
	return docs[fmt.Sprintf("%d:%d", pos.Line, pos.Column)]
}

// parseDocs reads the doc comments of every type and field in one file.
func parseDocs(filename string) docsByPos {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filename, nil, parser.ParseComments|parser.SkipObjectResolution)
	docs := docsByPos{}
	if err != nil {
		return docs
	}
	add := func(id *ast.Ident, doc *ast.CommentGroup) {
		if text := CommentText(doc); text != "" && id != nil {
			p := fset.Position(id.Pos())
			docs[fmt.Sprintf("%d:%d", p.Line, p.Column)] = text
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GenDecl:
			for _, spec := range n.Specs {
				if ts, ok := spec.(*ast.TypeSpec); ok {
					add(ts.Name, firstDoc(ts.Doc, singleDoc(n), ts.Comment))
				}
			}
		case *ast.Field:
			doc := firstDoc(n.Doc, n.Comment)
			for _, name := range n.Names {
				add(name, doc)
			}
			if len(n.Names) == 0 {
				add(embeddedIdent(n.Type), doc)
			}
		}
		return true
	})
	return docs
}

func singleDoc(d *ast.GenDecl) *ast.CommentGroup {
	if len(d.Specs) == 1 {
		return d.Doc
	}
	return nil
}

func firstDoc(docs ...*ast.CommentGroup) *ast.CommentGroup {
	for _, d := range docs {
		if d != nil {
			return d
		}
	}
	return nil
}
