package lint

import (
	_ "embed"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/budget"
	"github.com/mcptag/mcptag/internal/directive"
	"github.com/mcptag/mcptag/internal/finding"
	"github.com/mcptag/mcptag/internal/genfile"
	"github.com/mcptag/mcptag/internal/genopts"
	"github.com/mcptag/mcptag/internal/profile"
	"github.com/mcptag/mcptag/internal/suggest"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.go
var docFile string

// Analyzer reports mcptag's findings, every category as a diagnostic; its
// flags are those of Config.AddFlags.
var Analyzer = New(Config{})

// Config configures an Analyzer. Its fields are plain values, so that a
// driver (golangci-lint's plugin, say) depends on nothing of mcptag's
// but this package.
type Config struct {
	// Fail names the categories whose findings fail; nil means those
	// that fail by default. ParseFail checks a list of names.
	Fail []string
	// Closed and Titles are the generator's -closed and -titles, for the
	// stale check: as for the generator, the options a package's
	// generated file records go on top of them.
	Closed, Titles bool
	// GeneratorFlags are the generator's options named on a command line,
	// as the flags that set them ("-closed=true", "-depth=2"), in order,
	// as AddFlags collects them: they go on top of what each package's
	// generated file records.
	GeneratorFlags []string
	// OnlyFailing reports only the findings that fail, for drivers that
	// have no warnings: go vet, golangci-lint.
	OnlyFailing bool
	// Budget is the tokens a tool's tools/list entry may take before a
	// size finding (0: 5,000); a tool's budget= overrides it.
	// PackageBudget, when set, is what the tools of a package may take
	// together.
	Budget, PackageBudget int
	// SourceDocs has the Analyzer read the descriptions of types declared
	// in other packages from the files that declare them, found by their
	// positions, as the generator does, rather than from analysis facts.
	// It then declares no facts, so that a driver runs it on the named
	// packages alone and may load their dependencies from export data:
	// mcptag lint does. Under go vet and golangci-lint leave it unset:
	// they cache a package's results by its dependencies' facts, which
	// change with a description, where export data does not.
	SourceDocs bool
	// Profile names the model providers (openai, gemini, anthropic)
	// whose rules each tool's input schema, as served, is checked
	// against: what one would refuse is a profile finding. It changes
	// nothing generated (the generator's -profile does).
	Profile []string
}

// generatorOptions are the generator's options that c names, under the
// record of each package's generated file.
func (c *Config) generatorOptions() genopts.Options {
	return genopts.Options{Base: analyzer.Options{Closed: c.Closed, Titles: c.Titles}, Given: c.GeneratorFlags}
}

// Categories returns the names of the categories of findings, in the
// order mcptag documents them.
func Categories() []string { return finding.CategoryNames() }

// ParseFail checks names, the categories that fail as a -fail flag or a
// driver's settings list them, and returns them as Config.Fail takes
// them: "all" spelled out as every category, each category once. An
// unknown name is an error that suggests the closest one.
func ParseFail(names []string) ([]string, error) {
	all := finding.CategoryNames()
	cats := []string{}
	for _, name := range names {
		switch {
		case name == "all":
			cats = all
		case slices.Contains(all, name):
			if !slices.Contains(cats, name) {
				cats = append(cats, name)
			}
		default:
			msg := fmt.Sprintf("unknown category %q", name)
			if s := suggest.Closest(name, all); s != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", s)
			}
			return nil, fmt.Errorf("%s; categories are %s", msg, strings.Join(all, ", "))
		}
	}
	return cats, nil
}

// Fails reports whether findings of category fail, by c.Fail.
func (c *Config) Fails(category string) bool {
	if c.Fail == nil {
		cat, _ := finding.LookupCategory(category)
		return cat.Fails
	}
	return slices.Contains(c.Fail, category)
}

// AddFlags defines c's flags on fs: -fail and the generator's options.
func (c *Config) AddFlags(fs *flag.FlagSet) {
	fs.Var((*failFlag)(c), "fail", "comma-separated `categories` that fail, or \"all\" (default: those that break clients or hide tools); the others are warnings")
	fs.Var((*profileFlag)(c), "profile", "comma-separated model `providers` (openai, gemini, anthropic) to check each tool's input schema against, as a profile finding where one would refuse it")
	genopts.AddFlags(fs, &c.GeneratorFlags)
	fs.Var(budget.TokensFlag{N: &c.Budget}, "budget", "the `tokens` a tool's tools/list entry may take before a size finding (0: 5,000); a tool's budget= overrides it")
	fs.Var(budget.TokensFlag{N: &c.PackageBudget}, "budget-package", "the `tokens` the tools of a package may take together in tools/list (0: no limit)")
}

// New returns an Analyzer configured by cfg, and by its own flags.
func New(cfg Config) *analysis.Analyzer {
	c := &cfg
	a := &analysis.Analyzer{
		Name:             "mcptag",
		Doc:              doc(),
		URL:              "https://pkg.go.dev/github.com/mcptag/mcptag/lint",
		RunDespiteErrors: true, // a stale generated file may not type-check
	}
	if c.SourceDocs {
		docs := analyzer.NewSourceDocs()
		a.Run = func(pass *analysis.Pass) (any, error) { return c.run(pass, docs.For(pass.Fset)) }
	} else {
		a.FactTypes = []analysis.Fact{new(docsFact)}
		a.Run = func(pass *analysis.Pass) (any, error) { return c.run(pass, nil) }
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
	for _, cat := range finding.Categories {
		mark := " "
		if cat.Fails {
			mark = "*"
		}
		fmt.Fprintf(&b, "  %s %-17s %s\n", mark, cat.Name, cat.Doc)
	}
	return b.String()
}

// run analyzes the package of pass, with the descriptions of other
// packages' types from docs, or from facts if docs is nil.
func (c *Config) run(pass *analysis.Pass, docs analyzer.DocSource) (any, error) {
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
	if docs == nil {
		imported := importedDocs(pass)
		exportDocs(pass, src, imported)
		docs = docSource(pass, imported)
	}

	r := &reporter{pass: pass, cfg: c, files: map[*token.File]*ast.File{}, place: finding.NewReporter(pass.Fset, src)}
	for _, f := range src {
		r.files[pass.Fset.File(f.FileStart)] = f
	}
	g := readGenerated(pass, gen)
	opts, optsErr := g.options(c.generatorOptions())
	opts.ImportedDocs = docs
	if err := opts.CheckProfile.Set(strings.Join(c.Profile, ",")); err != nil {
		return nil, err
	}
	if pass.Module != nil {
		opts.Module = pass.Module.Path // as the generator sets it
	}
	if len(src) > 0 {
		// As the generator reads them, whether or not pass holds them.
		dir := filepath.Dir(pass.Fset.File(src[0].FileStart).Name())
		opts.TestFiles = analyzer.TestFiles(pass.Fset, dir, pass.Pkg.Name())
	}
	pkg := analyzer.Analyze(pass.Fset, src, pass.Pkg, pass.TypesInfo, opts)
	pkg.Flags = genopts.Flags(opts) // as the generator records them
	stops := false                  // generation would refuse the package
	for _, f := range pkg.Findings {
		if r.report(f) && f.AtGeneration() == finding.Stops {
			stops = true
		}
	}
	for _, f := range c.sizeFindings(src, pkg) {
		r.report(f)
	}
	for _, f := range elicitFindings(src, pass.TypesInfo, pkg) {
		r.report(f)
	}
	// Code that go generate would refuse to write is not stale: the
	// findings that stop it come first. A malformed suppression stops it
	// too.
	stops = stops || len(r.place.SuppressionFindings(false)) > 0
	// Nor can a build configuration that leaves out a file declaring
	// tools judge the code, which generation there refuses to write.
	stops = stops || hidesDirectives(pass.IgnoredFiles)
	if !stops {
		for _, f := range stale(src, g, optsErr, pkg) {
			r.report(f)
		}
	}
	for _, f := range r.place.SuppressionFindings(true) {
		r.diagnose(f.Pos, f.End, f.Category, f.Message, r.fixes(f))
	}
	return nil, nil
}

// A reporter turns findings into diagnostics.
type reporter struct {
	pass  *analysis.Pass
	cfg   *Config
	files map[*token.File]*ast.File // the analyzed files
	place *finding.Reporter
}

// report reports f where, and if, generation reports it too, and says
// whether it did.
func (r *reporter) report(f finding.Finding) bool {
	placed, ok := r.place.Place(f)
	if !ok {
		return false
	}
	var fixes []analysis.SuggestedFix
	if placed.Pos == f.Pos {
		fixes = r.fixes(f)
	}
	r.diagnose(placed.Pos, placed.End, placed.Category, placed.Message, fixes)
	return true
}

// diagnose reports one diagnostic, unless the driver wants only failing
// ones and category does not fail.
func (r *reporter) diagnose(pos, end token.Pos, category, msg string, fixes []analysis.SuggestedFix) {
	if r.cfg.OnlyFailing && !r.cfg.Fails(category) {
		return
	}
	r.pass.Report(analysis.Diagnostic{Pos: pos, End: end, Category: category, Message: category + ": " + msg, SuggestedFixes: fixes})
}

// failFlag is the -fail flag of a Config.
type failFlag Config

func (f *failFlag) String() string {
	switch {
	case f == nil || f.Fail == nil:
		return ""
	case len(f.Fail) == len(finding.Categories):
		return "all"
	}
	return strings.Join(f.Fail, ",")
}

func (f *failFlag) Set(v string) error {
	var names []string
	for _, c := range strings.Split(v, ",") {
		if c = strings.TrimSpace(c); c != "" {
			names = append(names, c)
		}
	}
	cats, err := ParseFail(names)
	if err != nil {
		return err
	}
	f.Fail = cats
	return nil
}

// hidesDirectives reports whether one of the Go files that the build
// configuration leaves out of the package declares something.
func hidesDirectives(ignored []string) bool {
	for _, name := range ignored {
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		if data, err := os.ReadFile(name); err == nil {
			if _, _, kind := directive.FirstInSource(data); kind != "" {
				return true
			}
		}
	}
	return false
}

// profileFlag is the -profile flag of a Config.
type profileFlag Config

func (f *profileFlag) String() string {
	if f == nil {
		return ""
	}
	return strings.Join(f.Profile, ",")
}

func (f *profileFlag) Set(v string) error {
	names, err := ParseProfile(strings.Split(v, ","))
	if err != nil {
		return err
	}
	f.Profile = names
	return nil
}

// ParseProfile checks names, the model providers that a -profile flag or
// a driver's settings list, and returns them as Config.Profile takes
// them: each once, in the order mcptag documents them. An unknown name is
// an error that suggests the closest one.
func ParseProfile(names []string) ([]string, error) {
	var set profile.Set
	if err := set.Set(strings.Join(names, ",")); err != nil {
		return nil, err
	}
	var out []string
	for _, p := range set.List() {
		out = append(out, string(p))
	}
	return out, nil
}
