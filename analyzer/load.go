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
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/tools/go/packages"
)

// GenFileName is the name of the generated file in each package.
const GenFileName = "mcp_tools_gen.go"

// A Loaded package is one package that go/packages loaded and analyzed.
type Loaded struct {
	*Package
	Fset *token.FileSet
	Dir  string // the package's directory
	// Docs is the doc loader's work for all the packages of the Load
	// call that returned this one.
	Docs *DocStats
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
			packages.NeedTypesInfo | packages.NeedImports | packages.NeedModule,
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
	stats := &DocStats{}
	docs := newSyntaxDocs(stats)
	var out []*Loaded
	for _, p := range pkgs {
		opts := opts
		if opts.Module == "" && p.Module != nil {
			opts.Module = p.Module.Path
		}
		if opts.Docs == nil {
			opts.Docs = func(obj types.Object) string { return docs.lookup(p.Fset, obj) }
		}
		out = append(out, &Loaded{
			Package: Analyze(p.Fset, sourceFiles(p), p.Types, p.TypesInfo, opts),
			Fset:    p.Fset,
			Dir:     packageDir(p),
			Docs:    stats,
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
//
// Export data keeps the line of each declaration but not its column, so
// a declaration is found by its line and name.
type syntaxDocs struct {
	mu    sync.Mutex
	files map[string]docsByPos
	stats *DocStats
}

// DocStats is the work of the doc loader of one Load call: the files of
// other packages it parsed for the doc comments of the types that tools
// reach, their size, and the time spent.
type DocStats struct {
	Files int
	Bytes int64
	Time  time.Duration
}

// docsByPos maps "line:name" of a declared name to its doc comment.
type docsByPos map[string]string

func newSyntaxDocs(stats *DocStats) *syntaxDocs {
	return &syntaxDocs{files: map[string]docsByPos{}, stats: stats}
}

func (d *syntaxDocs) lookup(fset *token.FileSet, obj types.Object) string {
	pos := fset.Position(obj.Pos())
	if !pos.IsValid() || pos.Filename == "" {
		return ""
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	docs, ok := d.files[pos.Filename]
	if !ok {
		start := time.Now()
		var size int64
		docs, size = parseDocs(pos.Filename)
		d.files[pos.Filename] = docs
		d.stats.Files++
		d.stats.Bytes += size
		d.stats.Time += time.Since(start)
	}
	return docs[docKey(pos.Line, obj.Name())]
}

func docKey(line int, name string) string { return strconv.Itoa(line) + ":" + name }

// parseDocs reads the doc comments of every type and field in one file,
// and reports the file's size.
func parseDocs(filename string) (docsByPos, int64) {
	docs := docsByPos{}
	src, err := os.ReadFile(filename)
	if err != nil {
		return docs, 0
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filename, src, parser.ParseComments|parser.SkipObjectResolution)
	if f == nil {
		return docs, int64(len(src))
	}
	_ = err // a partly parsed file still has the docs before the error
	add := func(id *ast.Ident, doc *ast.CommentGroup) {
		if text := CommentText(withoutMarkers(doc)); text != "" && id != nil {
			docs[docKey(fset.Position(id.Pos()).Line, id.Name)] = text
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			return false // no types or fields in function bodies worth describing
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
	return docs, int64(len(src))
}

// withoutMarkers drops the comment lines of code-generator markers, which
// say nothing to a model: Kubernetes' "+optional", "+listType=map",
// "+k8s:...", "+featureGate=..." and the like. A marker may be indented
// under another, and a line of one comment group is one marker.
func withoutMarkers(doc *ast.CommentGroup) *ast.CommentGroup {
	if doc == nil {
		return nil
	}
	var kept []*ast.Comment
	for _, c := range doc.List {
		if isMarker(c.Text) {
			continue
		}
		kept = append(kept, c)
	}
	if len(kept) == len(doc.List) {
		return doc
	}
	return &ast.CommentGroup{List: kept}
}

var marker = regexp.MustCompile(`^//\s*\+[A-Za-z]`)

func isMarker(text string) bool { return marker.MatchString(text) }

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
