package lint

import (
	_ "embed"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/genfile"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.go
var docFile string

// Analyzer reports mcptag's findings, every category as a diagnostic; its
// flags are those of Config.AddFlags.
var Analyzer = New(Config{})

// Config configures an Analyzer.
type Config struct {
	// Fail names the categories whose findings fail; nil means those
	// that fail by default (analyzer.Category.Fails).
	Fail []string
	// Options are the generator's options, for the stale check. As for
	// the generator, the options a package's generated file records go on
	// top, and Options.Given (the flags given, which AddFlags collects)
	// on top of those.
	Options analyzer.Options
	// OnlyFailing reports only the findings that fail, for drivers that
	// have no warnings: go vet, golangci-lint.
	OnlyFailing bool
	// Budget is the tokens a tool's tools/list entry may take before a
	// size finding (0: budget.DefaultBudget); a tool's budget= overrides
	// it. PackageBudget, when set, is what the tools of a package may
	// take together.
	Budget, PackageBudget int
}

// Fails reports whether findings of category fail, by c.Fail.
func (c *Config) Fails(category string) bool {
	if c.Fail == nil {
		cat, _ := analyzer.LookupCategory(category)
		return cat.Fails
	}
	return slices.Contains(c.Fail, category)
}

// AddFlags defines c's flags on fs: -fail and the generator's options.
func (c *Config) AddFlags(fs *flag.FlagSet) {
	fs.Var((*failFlag)(c), "fail", "comma-separated `categories` that fail, or \"all\" (default: those that break clients or hide tools); the others are warnings")
	c.Options.AddFlags(fs)
	fs.IntVar(&c.Budget, "budget", c.Budget, "the `tokens` a tool's tools/list entry may take before a size finding (0: 5,000); a tool's budget= overrides it")
	fs.IntVar(&c.PackageBudget, "budget-package", c.PackageBudget, "the `tokens` the tools of a package may take together in tools/list (0: no limit)")
}

// New returns an Analyzer configured by cfg, and by its own flags.
func New(cfg Config) *analysis.Analyzer {
	c := &cfg
	a := &analysis.Analyzer{
		Name:             "mcptag",
		Doc:              doc(),
		URL:              "https://pkg.go.dev/github.com/mcptag/mcptag/lint",
		Run:              c.run,
		RunDespiteErrors: true, // a stale generated file may not type-check
		FactTypes:        []analysis.Fact{new(docsFact)},
	}
	c.AddFlags(&a.Flags)
	return a
}

// doc is the Analyzer's Doc: the "Analyzer mcptag" section of the package
// documentation, then the categories.
func doc() string {
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", docFile, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		panic(err) // doc.go is compiled into the package: it parses
	}
	text := f.Doc.Text()
	_, section, _ := strings.Cut(text, "# Analyzer mcptag\n\n")
	section, _, _ = strings.Cut(section, "\n# ")
	section = strings.TrimPrefix(strings.TrimSpace(section), "mcptag: ")
	var b strings.Builder
	b.WriteString(section)
	b.WriteString("\n\nCategories (* fails by default):\n\n")
	for _, cat := range analyzer.Categories {
		mark := " "
		if cat.Fails {
			mark = "*"
		}
		fmt.Fprintf(&b, "  %s %-17s %s\n", mark, cat.Name, cat.Doc)
	}
	return b.String()
}

func (c *Config) run(pass *analysis.Pass) (any, error) {
	var src []*ast.File
	var gen *ast.File
	for _, f := range pass.Files {
		name := pass.Fset.File(f.FileStart).Name()
		switch {
		case genfile.IsGoFile(name):
			gen = f
		case strings.HasSuffix(name, "_test.go"):
			// The generator does not see test files either.
		default:
			src = append(src, f)
		}
	}
	imported := importedDocs(pass)
	exportDocs(pass, src, imported)

	r := &reporter{pass: pass, cfg: c, files: map[*token.File]*ast.File{}}
	for _, f := range src {
		r.files[pass.Fset.File(f.FileStart)] = f
	}
	g := readGenerated(pass, gen)
	opts, optsErr := g.options(c.Options)
	opts.ImportedDocs = docSource(pass, imported)
	if pass.Module != nil {
		opts.Module = pass.Module.Path // as analyzer.Load sets it
	}
	pkg := analyzer.Analyze(pass.Fset, src, pass.Pkg, pass.TypesInfo, opts)
	findings := append(pkg.Findings, c.sizeFindings(src, pkg)...)
	if f, ok := stale(src, g, optsErr, pkg); ok {
		findings = append(findings, f)
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
	cfg          *Config
	files        map[*token.File]*ast.File // the analyzed files
	suppressions *suppressions
}

func (r *reporter) report(f analyzer.Finding) {
	pos, end, msg := f.Pos, f.End, f.Message
	if !r.inFiles(pos) {
		// A field of a type from another package: say so at the tool.
		if p := r.pass.Fset.Position(pos); p.IsValid() {
			msg += fmt.Sprintf(" (declared at %s:%d)", filepath.Base(p.Filename), p.Line)
		}
		pos, end = f.ToolPos, token.NoPos
		if !r.inFiles(pos) {
			return // nowhere in this package to put it
		}
	}
	if r.suppressions.suppressed(r.pass.Fset.Position(pos), f.Category) {
		return
	}
	r.diagnose(pos, end, f.Category, msg, r.fixes(f, pos))
}

// diagnose reports one diagnostic, unless the driver wants only failing
// ones and category does not fail.
func (r *reporter) diagnose(pos, end token.Pos, category, msg string, fixes []analysis.SuggestedFix) {
	if r.cfg.OnlyFailing && !r.cfg.Fails(category) {
		return
	}
	r.pass.Report(analysis.Diagnostic{Pos: pos, End: end, Category: category, Message: category + ": " + msg, SuggestedFixes: fixes})
}

func (r *reporter) inFiles(pos token.Pos) bool {
	if !pos.IsValid() {
		return false
	}
	_, ok := r.files[r.pass.Fset.File(pos)]
	return ok
}

// failFlag is the -fail flag of a Config.
type failFlag Config

func (f *failFlag) String() string {
	switch {
	case f == nil || f.Fail == nil:
		return ""
	case len(f.Fail) == len(analyzer.Categories):
		return "all"
	}
	return strings.Join(f.Fail, ",")
}

func (f *failFlag) Set(v string) error {
	cats := []string{}
	for _, c := range strings.Split(v, ",") {
		switch c = strings.TrimSpace(c); {
		case c == "":
		case c == "all":
			cats = analyzer.CategoryNames()
		case slices.Contains(analyzer.CategoryNames(), c):
			if !slices.Contains(cats, c) {
				cats = append(cats, c)
			}
		default:
			return fmt.Errorf("unknown category %q; categories are %s", c, strings.Join(analyzer.CategoryNames(), ", "))
		}
	}
	f.Fail = cats
	return nil
}
