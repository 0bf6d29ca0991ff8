package analyzer

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
)

// SourceDocs finds the descriptions of types and fields declared in
// other packages, which were read from export data, by reading the files
// that declare them: it parses only the files that declare a type a tool
// reaches, once each. The generator uses it, and so does mcptag lint,
// which loads dependencies as the generator does.
//
// Export data keeps the line of each declaration but not its column, so
// a declaration is found by its line and name.
type SourceDocs struct {
	mu    sync.Mutex
	files map[string]docsByLine
}

// docsByLine maps "line:name" of a declared name to its description.
type docsByLine map[string]string

// NewSourceDocs returns a SourceDocs that has read no file yet.
func NewSourceDocs() *SourceDocs { return &SourceDocs{files: map[string]docsByLine{}} }

// For returns the DocSource of the objects whose positions fset records.
func (d *SourceDocs) For(fset *token.FileSet) DocSource {
	return func(obj types.Object) string { return d.lookup(fset, obj) }
}

func (d *SourceDocs) lookup(fset *token.FileSet, obj types.Object) string {
	pos := fset.Position(obj.Pos())
	if !pos.IsValid() || pos.Filename == "" {
		return ""
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	docs, ok := d.files[pos.Filename]
	if !ok {
		docs = parseDocs(sourcePath(pos.Filename))
		d.files[pos.Filename] = docs
	}
	return docs[lineKey(pos.Line, obj.Name())]
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

func lineKey(line int, name string) string { return strconv.Itoa(line) + ":" + name }

// parseDocs reads the descriptions of the types and fields in one file.
func parseDocs(filename string) docsByLine {
	docs := docsByLine{}
	fset := token.NewFileSet()
	// A partly parsed file still has the docs before the error.
	f, _ := parser.ParseFile(fset, filename, nil, parser.ParseComments|parser.SkipObjectResolution)
	if f == nil {
		return docs
	}
	ForEachDoc(f, func(id *ast.Ident, text string) {
		docs[lineKey(fset.Position(id.Pos()).Line, id.Name)] = text
	})
	return docs
}
