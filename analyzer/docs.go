package analyzer

import (
	"go/ast"
	"go/build"
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
)

// A DocSource finds the doc comment of a type or struct field declared in
// another package. The generator reads it from syntax that go/packages
// loaded; the linter from analysis facts. Nil means none is known.
type DocSource func(obj types.Object) string

// docIndex holds the doc comments of the types and fields declared in the
// files being analyzed.
type docIndex map[types.Object]string

// indexDocs holds the doc comments of the types and fields declared in
// the files being analyzed, read as those of other packages are.
func indexDocs(files []*ast.File, info *types.Info) docIndex {
	return DeclaredDocs(files, info)
}

// DeclaredDocs returns the descriptions of the package-level types and
// their struct fields declared in files, as the generator reads them for
// an analysis of another package (Load's parseDocs, code-generator
// markers dropped), so that the linter can hand them on as analysis facts.
func DeclaredDocs(files []*ast.File, info *types.Info) map[types.Object]string {
	docs := map[types.Object]string{}
	add := func(obj types.Object, doc *ast.CommentGroup) {
		if text := CommentText(withoutMarkers(doc)); text != "" && obj != nil {
			docs[obj] = text
		}
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				return false // as parseDocs: nothing another package can reach
			case *ast.GenDecl:
				for _, spec := range n.Specs {
					if ts, ok := spec.(*ast.TypeSpec); ok {
						add(info.Defs[ts.Name], firstDoc(ts.Doc, singleDoc(n), ts.Comment))
					}
				}
			case *ast.StructType:
				for _, field := range n.Fields.List {
					for _, obj := range fieldObjects(field, info) {
						add(obj, firstDoc(field.Doc, field.Comment))
					}
				}
			}
			return true
		})
	}
	return docs
}

func fieldObjects(field *ast.Field, info *types.Info) []types.Object {
	var objs []types.Object
	for _, name := range field.Names {
		if obj := info.Defs[name]; obj != nil {
			objs = append(objs, obj)
		}
	}
	if len(field.Names) == 0 { // embedded: Implicits holds the field
		if id := embeddedIdent(field.Type); id != nil {
			if obj := info.Defs[id]; obj != nil {
				objs = append(objs, obj)
			}
		}
	}
	return objs
}

func embeddedIdent(e ast.Expr) *ast.Ident {
	switch e := e.(type) {
	case *ast.Ident:
		return e
	case *ast.StarExpr:
		return embeddedIdent(e.X)
	case *ast.SelectorExpr:
		return e.Sel
	case *ast.IndexExpr:
		return embeddedIdent(e.X)
	case *ast.IndexListExpr:
		return embeddedIdent(e.X)
	}
	return nil
}

// CommentText turns a comment group into a description: directives
// dropped, lines of a paragraph joined with spaces, paragraphs kept apart
// by a blank line.
func CommentText(doc *ast.CommentGroup) string {
	if doc == nil {
		return ""
	}
	var paras []string
	for _, p := range strings.Split(doc.Text(), "\n\n") {
		lines := strings.Fields(strings.ReplaceAll(p, "\n", " "))
		if len(lines) > 0 {
			paras = append(paras, strings.Join(lines, " "))
		}
	}
	return strings.Join(paras, "\n\n")
}

func (a *analysis) typeDoc(obj types.Object) string { return a.doc(obj) }

func (a *analysis) fieldDoc(v *types.Var) string { return a.doc(v) }

func (a *analysis) doc(obj types.Object) string {
	if v, ok := obj.(*types.Var); ok {
		obj = v.Origin() // a field of an instantiated generic type
	}
	if text, ok := a.docs[obj]; ok {
		return text
	}
	if a.external != nil && obj.Pkg() != a.pkg {
		return a.external(obj)
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
		docs, size = parseDocs(sourcePath(pos.Filename))
		d.files[pos.Filename] = docs
		d.stats.Files++
		d.stats.Bytes += size
		d.stats.Time += time.Since(start)
	}
	return docs[docKey(pos.Line, obj.Name())]
}

// sourcePath turns a file name from export data into a path to read. The
// go command compiles the standard library with its file names rewritten
// to start with "$GOROOT".
func sourcePath(name string) string {
	if rest, ok := strings.CutPrefix(name, "$GOROOT"); ok {
		return filepath.Join(build.Default.GOROOT, filepath.FromSlash(rest))
	}
	return name
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

// firstDoc returns the first of docs that says something: a doc comment
// holding only directives (//mcptag:ignore, //nolint:...) or generator
// markers gives way to the line comment.
func firstDoc(docs ...*ast.CommentGroup) *ast.CommentGroup {
	for _, d := range docs {
		if CommentText(withoutMarkers(d)) != "" {
			return d
		}
	}
	return nil
}
