// Package lint defines the mcptag Analyzer, which reports what mcptag's
// analysis finds in //mcp:tool functions: results that degrade to
// unstructured text, types with no JSON form, schemas that cannot be known
// statically, undocumented tools and fields, bad names and directives, and
// generated code that has gone stale.
//
// It is the same analysis the generator runs (analyzer.Analyze), adapted
// to an analysis.Pass, so it runs as "mcptag lint", under
// "go vet -vettool=$(command -v mcptag)" and in any analysis driver.
//
// A finding is silenced, one line at a time and with a reason, by
//
//	//mcptag:ignore CATEGORY[,CATEGORY...] reason
//
// on the line of the finding or on the line above it.
package lint

import (
	"fmt"
	"go/ast"
	"go/token"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mcptag/mcptag/analyzer"
	"golang.org/x/tools/go/analysis"
)

const doc = `report MCP tools that degrade, cannot be served, or are undocumented

The mcptag analyzer runs mcptag's analysis of //mcp:tool functions and
reports each finding as a diagnostic whose category is one of:
unstructured, unsupported, custom-marshaler, untyped, nullable,
undocumented, name, directive, signature, json-tag, closed-extra, stale.

Silence one with "//mcptag:ignore CATEGORY reason" on its line or the line
above. The -fail flag selects the categories that fail "mcptag lint"
(the others are printed as warnings); under go vet, which has no warnings,
the others are not reported.`

// Analyzer reports mcptag's findings.
var Analyzer = &analysis.Analyzer{
	Name:             "mcptag",
	Doc:              doc,
	URL:              "https://pkg.go.dev/github.com/mcptag/mcptag/lint",
	Run:              run,
	RunDespiteErrors: true, // a stale generated file may not type-check
	FactTypes:        []analysis.Fact{new(docsFact)},
}

var (
	fail   = categorySet{all: true}
	closed bool
	titles bool
	// vetMode leaves out the findings that do not fail: see ForVet.
	vetMode bool
)

func init() {
	Analyzer.Flags.Var(&fail, "fail", "comma-separated `categories` that fail the build (default all); the others are warnings")
	Analyzer.Flags.BoolVar(&closed, "closed", false, "analyze as the generator's -closed does (also read from a //go:generate line)")
	Analyzer.Flags.BoolVar(&titles, "titles", false, "analyze as the generator's -titles does (also read from a //go:generate line)")
}

// Fails reports whether findings of category fail the build, by -fail.
func Fails(category string) bool { return fail.has(category) }

// ForVet returns Analyzer as go vet should run it. Every diagnostic fails
// go vet, so the categories that -fail leaves out are not reported.
func ForVet() *analysis.Analyzer {
	vetMode = true
	return Analyzer
}

func run(pass *analysis.Pass) (any, error) {
	var src []*ast.File
	var gen *ast.File
	for _, f := range pass.Files {
		name := pass.Fset.File(f.FileStart).Name()
		switch {
		case analyzer.IsGenFile(name):
			gen = f
		case strings.HasSuffix(name, "_test.go"):
			// The generator does not see test files either.
		default:
			src = append(src, f)
		}
	}
	imported := importedDocs(pass)
	exportDocs(pass, src, imported)

	opts := generateOptions(src)
	opts.Docs = docSource(pass, imported)
	if pass.Module != nil {
		opts.Module = pass.Module.Path // as analyzer.Load sets it
	}
	pkg := analyzer.Analyze(pass.Fset, src, pass.Pkg, pass.TypesInfo, opts)
	findings := pkg.Findings
	if f, ok := stale(pass, src, gen, pkg); ok {
		findings = append(findings, f)
	}

	r := &reporter{pass: pass, files: map[*token.File]*ast.File{}}
	for _, f := range src {
		r.files[pass.Fset.File(f.FileStart)] = f
	}
	r.suppressions = parseSuppressions(pass, src)
	seen := map[string]bool{}
	for _, f := range findings {
		// A type reached from several tools or roots is analyzed once
		// for each, and the findings of schema building name the path
		// from each root ("items[].tags", "largest.tags"): one of those
		// a place is enough.
		key := fmt.Sprint(f.Pos, f.Category, f.Message)
		if pathCategories[f.Category] {
			key = fmt.Sprint(f.Pos, f.Category)
		}
		if f.Pos.IsValid() && seen[key] {
			continue
		}
		seen[key] = true
		r.report(f)
	}
	r.reportSuppressions()
	return nil, nil
}

// pathCategories are those whose messages carry the path from the tool's
// root to the field.
var pathCategories = map[string]bool{
	analyzer.CatNullable: true, analyzer.CatUntyped: true,
	analyzer.CatCustomMarshaler: true, analyzer.CatUnsupported: true,
}

// A reporter turns findings into diagnostics.
type reporter struct {
	pass         *analysis.Pass
	files        map[*token.File]*ast.File // the analyzed files
	suppressions *suppressions
}

func (r *reporter) report(f analyzer.Finding) {
	pos, msg := f.Pos, f.Message
	if !r.inFiles(pos) {
		// A field of a type from another package: say so at the tool.
		if p := r.pass.Fset.Position(pos); p.IsValid() {
			msg += fmt.Sprintf(" (declared at %s:%d)", filepath.Base(p.Filename), p.Line)
		}
		pos = f.ToolPos
		if !r.inFiles(pos) {
			return // nowhere in this package to put it
		}
	}
	if r.suppressions.suppressed(r.pass.Fset.Position(pos), f.Category) {
		return
	}
	if vetMode && !fail.has(f.Category) {
		return
	}
	d := analysis.Diagnostic{Pos: pos, Category: f.Category, Message: f.Category + ": " + msg}
	d.SuggestedFixes = r.fixes(f, pos)
	r.pass.Report(d)
}

func (r *reporter) inFiles(pos token.Pos) bool {
	if !pos.IsValid() {
		return false
	}
	_, ok := r.files[r.pass.Fset.File(pos)]
	return ok
}

// generateOptions reads the generator's -closed and -titles from a
// //go:generate line that runs mcptag, so that the linter analyzes the
// package exactly as it was generated; the Analyzer's flags add to them.
func generateOptions(files []*ast.File) analyzer.Options {
	opts := analyzer.Options{Closed: closed, Titles: titles}
	for _, f := range files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				line, ok := strings.CutPrefix(c.Text, "//go:generate ")
				if !ok || !strings.Contains(line, "mcptag") {
					continue
				}
				for _, w := range strings.Fields(line) {
					switch strings.TrimLeft(w, "-") {
					case "closed", "closed=true":
						opts.Closed = opts.Closed || strings.HasPrefix(w, "-")
					case "titles", "titles=true":
						opts.Titles = opts.Titles || strings.HasPrefix(w, "-")
					}
				}
			}
		}
	}
	return opts
}

// A categorySet is the value of -fail.
type categorySet struct {
	all  bool
	cats []string
}

func (s *categorySet) String() string {
	if s.all {
		return "all"
	}
	return strings.Join(s.cats, ",")
}

func (s *categorySet) Set(v string) error {
	s.all, s.cats = false, nil
	for _, c := range strings.Split(v, ",") {
		c = strings.TrimSpace(c)
		switch {
		case c == "":
		case c == "all":
			s.all = true
		case slices.Contains(analyzer.Categories, c):
			s.cats = append(s.cats, c)
		default:
			return fmt.Errorf("unknown category %q; categories are %s", c, strings.Join(analyzer.Categories, ", "))
		}
	}
	return nil
}

func (s *categorySet) has(c string) bool { return s.all || slices.Contains(s.cats, c) }
