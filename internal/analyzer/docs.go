package analyzer

import (
	"go/ast"
	"go/types"
	"regexp"
	"strings"
)

// A DocSource finds the description of a type or struct field declared
// in another package. The generator reads it from the declaring files;
// the linter from analysis facts. Nil means none is known.
type DocSource func(obj types.Object) string

// DeclaredDocs returns the descriptions of the package-level types and
// their struct fields declared in files, read as the generator reads
// those of other packages (ForEachDoc), so that the linter can hand them
// on as analysis facts.
func DeclaredDocs(files []*ast.File, info *types.Info) map[types.Object]string {
	docs := map[types.Object]string{}
	for _, f := range files {
		ForEachDoc(f, func(id *ast.Ident, text string) {
			if obj := info.Defs[id]; obj != nil {
				docs[obj] = text
			}
		})
	}
	return docs
}

// ForEachDoc calls visit with the name and description of every type
// declared in f and of every field of its struct types: the doc comment,
// else the line comment, code-generator markers dropped. An embedded
// field is named by its type's identifier. Declarations inside function
// bodies are left out: no other package can reach them.
func ForEachDoc(f *ast.File, visit func(id *ast.Ident, text string)) {
	add := func(id *ast.Ident, doc *ast.CommentGroup) {
		if text := CommentText(withoutMarkers(doc)); text != "" && id != nil {
			visit(id, text)
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			return false
		case *ast.GenDecl:
			for _, spec := range n.Specs {
				if ts, ok := spec.(*ast.TypeSpec); ok {
					add(ts.Name, firstDoc(ts.Doc, singleDoc(n), ts.Comment))
				}
			}
		case *ast.StructType:
			for _, field := range n.Fields.List {
				doc := firstDoc(field.Doc, field.Comment)
				for _, name := range field.Names {
					add(name, doc)
				}
				if len(field.Names) == 0 {
					add(EmbeddedIdent(field.Type), doc)
				}
			}
		}
		return true
	})
}

// EmbeddedIdent returns the identifier that names an embedded field of
// type e (T, *T, pkg.T, T[A]), or nil.
func EmbeddedIdent(e ast.Expr) *ast.Ident {
	switch e := e.(type) {
	case *ast.Ident:
		return e
	case *ast.StarExpr:
		return EmbeddedIdent(e.X)
	case *ast.SelectorExpr:
		return e.Sel
	case *ast.IndexExpr:
		return EmbeddedIdent(e.X)
	case *ast.IndexListExpr:
		return EmbeddedIdent(e.X)
	}
	return nil
}

// CommentText turns a comment group into a description: directives
// dropped, lines of a paragraph joined with spaces, paragraphs kept apart
// by a blank line. What Go doc shows line by line keeps its lines: a list
// item keeps a line (its indented continuation joined to it), and an
// indented block that is no list, which Go doc shows as code, keeps each
// line, indented as it is past the block's first line.
func CommentText(doc *ast.CommentGroup) string {
	if doc == nil {
		return ""
	}
	// One builder for the whole text: joining a paragraph's lines one
	// at a time would copy the paragraph so far at every line.
	var b strings.Builder
	for _, p := range strings.Split(doc.Text(), "\n\n") {
		sep := "\n\n" // before the paragraph's first line
		if b.Len() == 0 {
			sep = ""
		}
		writeParagraph(&b, p, sep)
	}
	return b.String()
}

// writeParagraph writes the lines of paragraph p to b, the first after
// sep, as CommentText says.
func writeParagraph(b *strings.Builder, p, sep string) {
	started, inList := false, false
	codeIndent := "" // the indentation of the code block's first line, "" outside one
	for _, line := range strings.Split(p, "\n") {
		words := strings.Fields(line)
		indent := line[:len(line)-len(strings.TrimLeft(line, " \t"))]
		switch {
		case len(words) == 0:
			continue
		case listMarker.MatchString(line): // a list item keeps a line
			inList, codeIndent = true, ""
			if started {
				sep = "\n"
			}
		case indent != "" && !inList: // a line of code keeps its line
			if codeIndent == "" {
				codeIndent = indent
			}
			if started {
				sep = "\n"
			}
			b.WriteString(sep)
			b.WriteString(strings.TrimRight(strings.TrimPrefix(line, codeIndent), " \t"))
			started = true
			continue
		case codeIndent != "": // the code block is over
			sep, codeIndent = "\n", ""
		case started:
			sep = " "
		}
		b.WriteString(sep)
		writeWords(b, words)
		started = true
	}
}

// writeWords writes words to b, a space between two.
func writeWords(b *strings.Builder, words []string) {
	for i, w := range words {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(w)
	}
}

// listMarker matches the start of a list item in a doc comment's text.
var listMarker = regexp.MustCompile(`^\s*([-*+•]|[0-9]+[.)])\s`)

// typeDoc is the description of a named type's schema: its doc comment
// without the Go name a model never sees, as a tool's description drops
// its function's ("WeatherData is the current weather" is "The current
// weather"; "CreateNoteRequest asks for a note" is "Asks for a note").
func (a *analysis) typeDoc(obj types.Object) string { return describeNoun(obj.Name(), a.doc(obj)) }

func (a *analysis) fieldDoc(v *types.Var) string { return a.doc(v) }

// doc is the description of a type or field: from the files being
// analyzed, or from Options.ImportedDocs for another package's.
func (a *analysis) doc(obj types.Object) string {
	if v, ok := obj.(*types.Var); ok {
		obj = v.Origin() // a field of an instantiated generic type
	}
	if text, ok := a.declaredDocs[obj]; ok {
		return text
	}
	if a.opts.ImportedDocs != nil && obj.Pkg() != a.pkg {
		return a.opts.ImportedDocs(obj)
	}
	return ""
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
