package emit

import (
	"bytes"
	"fmt"
	"go/token"
	"go/types"
	"math"
	"path"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mcptag/mcptag/internal/analyzer"
)

// GoImportPath is the import path of a Go package.
type GoImportPath string

// Ident is the identifier name declared by the package at p.
func (p GoImportPath) Ident(name string) GoIdent { return GoIdent{GoName: name, GoImportPath: p} }

// A GoIdent is a Go identifier and the package that declares it: the
// printer writes it qualified by the local name of an import it adds.
type GoIdent struct {
	GoName       string
	GoImportPath GoImportPath
}

// genFile is the one printer of a generated file, in the manner of
// protogen's GeneratedFile: P writes a line, and every identifier of
// another package goes through QualifiedGoIdent (or a types.Type through
// the same import tracker), which imports its package under a local name
// that neither the package's declarations, the generated ones, nor any
// local variable of the file takes. The printer indents by the braces and
// aligns keyed literals as gofmt does, so its output needs no formatting
// pass, which would cost time quadratic in the nesting of a literal.
type genFile struct {
	pkg    *analyzer.Package
	names  *analyzer.Names
	buf    bytes.Buffer
	indent int

	imports map[GoImportPath]string // import path → local name
	used    map[string]bool         // local names of imports, and of generated local variables

	recvVars map[*types.Named]string // the parameter of each receiver type in the Register functions
	icons    []namedIcon             // the icon variables, in the order of first use
}

func newGenFile(pkg *analyzer.Package) *genFile {
	return &genFile{pkg: pkg, names: pkg.GeneratedNames(), imports: map[GoImportPath]string{}, used: map[string]bool{}}
}

// P prints one line of code, its arguments concatenated: strings as they
// are, GoIdents and types.Types qualified through the import tracker,
// anything else as fmt.Sprint writes it. A line that starts by closing a
// brace or a parenthesis is indented one level less; one that ends by
// opening one indents what follows.
func (g *genFile) P(v ...any) {
	var b strings.Builder
	for _, x := range v {
		switch x := x.(type) {
		case string:
			b.WriteString(x)
		case GoIdent:
			b.WriteString(g.QualifiedGoIdent(x))
		case types.Type:
			b.WriteString(g.typeString(x))
		default:
			fmt.Fprint(&b, x)
		}
	}
	line := b.String()
	if line == "" {
		g.buf.WriteByte('\n')
		return
	}
	if line[0] == '}' || line[0] == ')' {
		g.indent--
	}
	for range g.indent {
		g.buf.WriteByte('\t')
	}
	g.buf.WriteString(line)
	g.buf.WriteByte('\n')
	if last := line[len(line)-1]; last == '{' || last == '(' {
		g.indent++
	}
}

// QualifiedGoIdent returns id as the generated file names it: plain when
// the package itself declares it, else after the local name of its
// package's import, which it adds on first use.
func (g *genFile) QualifiedGoIdent(id GoIdent) string {
	if string(id.GoImportPath) == g.pkg.Path {
		return id.GoName
	}
	return g.importName(id.GoImportPath, path.Base(string(id.GoImportPath))) + "." + id.GoName
}

// importName returns the local name of the import of p, adding it under
// the name the package's sources give it, else under name, or, when that
// is taken (importTaken), name2, name3...
func (g *genFile) importName(p GoImportPath, name string) string {
	if n, ok := g.imports[p]; ok && n != "_" {
		return n
	}
	if own := g.names.ImportName(string(p)); own != "" && !g.importTaken(own) {
		name = own
	}
	base := name
	for i := 2; g.importTaken(name); i++ {
		name = base + strconv.Itoa(i)
	}
	g.imports[p], g.used[name] = name, true
	return name
}

// importTaken reports whether the generated file cannot import a package
// under name: the package's own name, a name declared by the package or
// the generated file, one of an import or a generated local, or a
// predeclared one, which the generated code may use (string, error).
func (g *genFile) importTaken(name string) bool {
	return g.used[name] || g.names.Taken(name) || name == g.pkg.Name || types.Universe.Lookup(name) != nil
}

// blankImport imports p for its effect alone (import _ "embed", which
// //go:embed of a string needs), unless the file imports it by name.
func (g *genFile) blankImport(p GoImportPath) {
	if _, ok := g.imports[p]; !ok {
		g.imports[p] = "_"
	}
}

func (g *genFile) qualifier(p *types.Package) string {
	if p.Path() == g.pkg.Path {
		return ""
	}
	return g.importName(GoImportPath(p.Path()), p.Name())
}

func (g *genFile) typeString(t types.Type) string { return types.TypeString(t, g.qualifier) }

// local returns a name for a local variable of the generated file after
// want (a parameter's name, say): want itself unless it would hide a
// name the function refers to (an import, a declaration of the package or
// of the generated file, a predeclared identifier), is a keyword (a value
// of the type Func is not func), or is taken by another local of the same
// function (scope), else wantArg, wantArg2...
// Imports added later avoid it in turn.
func (g *genFile) local(scope map[string]bool, want string) string {
	if want == "" || want == "_" {
		want = "arg"
	}
	name := want
	for i := 1; scope[name] || g.imported(name) || g.names.Taken(name) || types.Universe.Lookup(name) != nil || token.IsKeyword(name); i++ {
		name = want + "Arg"
		if i > 1 {
			name += strconv.Itoa(i)
		}
	}
	scope[name], g.used[name] = true, true
	return name
}

// imported reports whether name is the local name of an import.
func (g *genFile) imported(name string) bool {
	for _, n := range g.imports {
		if n == name {
			return true
		}
	}
	return false
}

// newScope starts the locals of one generated function, which has the
// variables fixed: the names its body declares itself.
func (g *genFile) newScope(fixed ...string) map[string]bool {
	scope := map[string]bool{}
	for _, name := range fixed {
		scope[name], g.used[name] = true, true
	}
	return scope
}

// importBlock is the import declaration of the file: the standard
// library's imports, then the others, each group sorted by path, as
// goimports writes them.
func (g *genFile) importBlock() string {
	var groups [2][]string
	for p, n := range g.imports {
		spec := strconv.Quote(string(p))
		if n != path.Base(string(p)) {
			spec = n + " " + spec
		}
		group := 1
		if first, _, _ := strings.Cut(string(p), "/"); !strings.Contains(first, ".") {
			group = 0
		}
		groups[group] = append(groups[group], spec)
	}
	var b strings.Builder
	b.WriteString("import (\n")
	for i, group := range groups {
		sort.Slice(group, func(a, b int) bool { return unquotedPath(group[a]) < unquotedPath(group[b]) })
		if i > 0 && len(group) > 0 && len(groups[0]) > 0 {
			b.WriteByte('\n')
		}
		for _, spec := range group {
			b.WriteString("\t" + spec + "\n")
		}
	}
	b.WriteString(")\n")
	return b.String()
}

func unquotedPath(spec string) string {
	_, p, _ := strings.Cut(spec, `"`)
	return p
}

// A field is one key: value element of a keyed composite literal. value
// is its Go text, "" to leave it out; a value of several lines is rather
// head, the text on the key's line ending in "{", then body's lines, then
// the closing "}" and tail (the rest of a call, say).
type field struct {
	key, value string
	head       string
	body       func()
	tail       string
}

// oneLine reports whether gofmt takes the field for one line, which it
// aligns with its neighbours: go/printer's nodeSize finds no line break
// in it and at most a million bytes.
func (f field) oneLine() bool {
	const infinity = 1e6
	return f.body == nil && !strings.ContainsAny(f.value, "\n\f") && len(f.key)+len(": ")+len(f.value) <= infinity
}

// fields prints the elements of a keyed composite literal one a line, as
// gofmt lays them out: the values of a run of one-line elements aligned
// in a column after the run's longest key, every other element with a
// single space after its colon. A run ends at an element of several
// lines, and where go/printer's exprList starts a new section: a key
// over 40 bytes whose size is far from the mean of the keys before it.
func (g *genFile) fields(fs ...field) {
	var set []field
	for _, f := range fs {
		if f.value != "" || f.body != nil {
			set = append(set, f)
		}
	}
	for _, run := range alignmentRuns(set) {
		if len(run) == 1 && !run[0].oneLine() {
			f := run[0]
			if f.body == nil {
				g.P(f.key, ": ", f.value, ",")
			} else {
				g.P(f.key, ": ", f.head)
				f.body()
				g.P("}", f.tail, ",")
			}
			continue
		}
		width := 0
		for _, f := range run {
			width = max(width, utf8.RuneCountInString(f.key))
		}
		for _, f := range run {
			g.P(f.key, ":", strings.Repeat(" ", width-utf8.RuneCountInString(f.key)+1), f.value, ",")
		}
	}
}

// alignmentRuns splits fs where go/printer breaks the alignment of a
// literal's elements (nodes.go, exprList): around an element of several
// lines, and between one-line elements whose keys' sizes differ too much.
func alignmentRuns(fs []field) [][]field {
	var runs [][]field
	size, lnsum, count := 0, 0.0, 0
	for i, f := range fs {
		prevSize := size
		size = 0
		if f.oneLine() {
			size = len(f.key)
		}
		newRun := true
		if prevSize > 0 && size > 0 {
			const smallSize, r = 40, 2.5
			if count == 0 || prevSize <= smallSize && size <= smallSize {
				newRun = false
			} else {
				ratio := float64(size) / math.Exp(lnsum/float64(count))
				newRun = r*ratio <= 1 || r <= ratio
			}
		}
		if i == 0 || newRun {
			runs = append(runs, nil)
			lnsum, count = 0, 0 // a new section starts a new mean
		}
		runs[len(runs)-1] = append(runs[len(runs)-1], f)
		if size > 0 {
			lnsum += math.Log(float64(size))
			count++
		}
	}
	return runs
}

// content returns the whole file: the header, the package clause, the
// imports the body made, then the body.
func (g *genFile) content(header string) []byte {
	var out bytes.Buffer
	out.WriteString(header)
	out.WriteString("\n\npackage " + g.pkg.Name + "\n\n")
	if len(g.imports) > 0 {
		out.WriteString(g.importBlock())
	}
	out.Write(g.buf.Bytes())
	return out.Bytes()
}

// goString quotes s as a Go string literal, raw when that is possible:
// a raw string holds no back quote, no carriage return (which the
// compiler drops from one), no byte order mark (which the compiler
// refuses anywhere but at the start of a file), and valid UTF-8 only.
func goString(s string) string {
	if strings.ContainsAny(s, "`\r\uFEFF") || !utf8.ValidString(s) {
		return strconv.Quote(s)
	}
	return "`" + s + "`"
}

// text is the Go literal of s, or "" (a field left out) when s is empty.
func text(s string) string {
	if s == "" {
		return ""
	}
	return goString(s)
}

// quoted is the interpreted Go literal of s, or "" when s is empty.
func quoted(s string) string {
	if s == "" {
		return ""
	}
	return strconv.Quote(s)
}
