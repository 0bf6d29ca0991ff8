package main

import (
	"bytes"
	"fmt"
	"go/format"
	"go/token"
	"io"
	"os"
	"slices"
	"sort"
	"strings"

	"github.com/mcptag/mcptag/internal/finding"
	"github.com/mcptag/mcptag/internal/generate"
	"github.com/mcptag/mcptag/lint"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/analysis/unitchecker"
)

// lintUsage is the usage of mcptag lint, categories from their table.
func lintUsage() string {
	var b strings.Builder
	b.WriteString(`usage: mcptag lint [flags] [packages]

mcptag lint reports what mcptag finds in //mcp:tool, //mcp:prompt and
//mcp:resource functions (the directives are below), one line each:
file:line:col: category: message. Generation reports the same
findings of the categories marked *, at the same places, but for stale
(see mcptag help generate). Categories (* fails by default):

`)
	for _, c := range finding.Categories {
		mark := " "
		if c.Fails {
			mark = "*"
		}
		fmt.Fprintf(&b, "  %s %-17s %s\n", mark, c.Name, c.Doc)
	}
	b.WriteString(`
The others are advice, printed as warnings unless -fail names them.
`)
	b.WriteString("\n" + directiveHelp)
	b.WriteString(`
Silence one finding with a reason, on its line or the line above (no
comment silences an error, what mcptag cannot generate as written):

	//mcptag:ignore CATEGORY reason

The same checks run under go vet:

	go vet -vettool="$(go tool -n mcptag)" [packages]

Exit codes: 0 no failing findings; 1 findings that fail; 2 usage or
load errors, or patterns that match no package with a declaration or a
generated file.
`)
	return b.String()
}

// lintOptions are the flags of mcptag lint.
type lintOptions struct {
	lint.Config
	warnings bool
	fix      fixFlag
}

func lintCommand(stderr io.Writer) (*command, *lintOptions) {
	c := newCommand("mcptag lint", lintUsage(), stderr)
	o := &lintOptions{}
	o.AddFlags(c.FlagSet)
	c.BoolVar(&o.warnings, "warnings", true, "print the findings that do not fail, as warnings (false: only count them)")
	c.Var(&o.fix, "fix", "apply the suggested fixes that do not change what a tool sends (misspelled directives); -fix=`CATS` also those of the categories named (nullable: add omitempty, which leaves out an empty list as well as null and makes the property optional, breaking by mcptag diff; json-tag: correct a misspelled tag key)")
	return c, o
}

// A lintFinding is one diagnostic, resolved to a place in a file.
type lintFinding struct {
	pos      token.Position
	text     string
	category string
	fix      []fileEdit // the first suggested fix, if any
}

func lintMain(args []string, stdout, stderr io.Writer) int {
	c, o := lintCommand(stderr)
	if ok, code := c.parse(args, stdout); !ok {
		return code
	}
	findings, matched, err := runLint(o.Config, c.Args())
	if err != nil {
		printLoadError(stderr, "mcptag lint", c.Args(), err)
		return exitUsage
	}
	if checksNothing(stderr, "mcptag lint", c.Args(), matched) {
		return exitUsage
	}
	fixed, err := applyFixes(findings, &o.fix)
	if err != nil {
		fmt.Fprintf(stderr, "mcptag lint: %s\n", relPaths(err.Error()))
		return exitUsage
	}
	failing, warnings := printLint(stdout, findings, fixed, o)
	if !o.warnings && warnings > 0 {
		fmt.Fprintf(stderr, "mcptag lint: %d warning(s) not shown (-warnings=false)\n", warnings)
	}
	if failing > 0 {
		fmt.Fprintf(stderr, "mcptag lint: %d finding(s) fail, %d warning(s)\n", failing, warnings)
		return exitFindings
	}
	return exitOK
}

// runLint runs the Analyzer configured by cfg on the packages matching
// patterns and returns its findings, sorted by position, each once, and
// the packages the patterns matched.
func runLint(cfg lint.Config, patterns []string) ([]lintFinding, []matchedPackage, error) {
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	pkgs, err := loadForLint(patterns)
	if err != nil {
		return nil, nil, err
	}
	var matched []matchedPackage
	for _, p := range pkgs {
		matched = append(matched, matchedPackage{p.Syntax, p.Dir})
	}
	cfg.SourceDocs = true // see loadForLint
	graph, err := checker.Analyze([]*analysis.Analyzer{lint.New(cfg)}, pkgs, nil)
	if err != nil {
		return nil, nil, err
	}
	var out []lintFinding
	for _, act := range graph.Roots {
		if act.Err != nil {
			return nil, nil, fmt.Errorf("%s: %v", act.Package.PkgPath, act.Err)
		}
		for _, d := range act.Diagnostics {
			f := lintFinding{pos: act.Package.Fset.Position(d.Pos), text: d.Message, category: d.Category}
			if len(d.SuggestedFixes) > 0 {
				f.fix = fileEdits(act.Package.Fset, d.SuggestedFixes[0])
			}
			out = append(out, f)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i].pos, out[j].pos
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Column != b.Column {
			return a.Column < b.Column
		}
		return out[i].text < out[j].text
	})
	return slices.CompactFunc(out, func(a, b lintFinding) bool { return a.pos == b.pos && a.text == b.text }), matched, nil
}

// fixFlag is -fix: off, on for the fixes that do not change the wire, or
// on for those and the named categories' too.
type fixFlag struct {
	on   bool
	cats []string
}

func (f *fixFlag) IsBoolFlag() bool { return true }

func (f *fixFlag) String() string {
	if f == nil || !f.on {
		return "false"
	}
	if len(f.cats) == 0 {
		return "true"
	}
	return strings.Join(f.cats, ",")
}

func (f *fixFlag) Set(v string) error {
	switch v {
	case "true":
		f.on, f.cats = true, nil
		return nil
	case "false":
		f.on, f.cats = false, nil
		return nil
	}
	f.on, f.cats = true, nil
	for _, c := range strings.Split(v, ",") {
		if _, ok := finding.LookupCategory(c); !ok {
			return fmt.Errorf("unknown category %q; categories are %s", c, strings.Join(finding.CategoryNames(), ", "))
		}
		f.cats = append(f.cats, c)
	}
	return nil
}

// applies reports whether the fix of a finding of category is applied.
func (f *fixFlag) applies(category string) bool {
	return f.on && (!finding.FixChangesWire(category) || slices.Contains(f.cats, category))
}

// A fileEdit is a TextEdit resolved to a file and byte offsets.
type fileEdit struct {
	file       string
	start, end int
	text       string
}

func fileEdits(fset *token.FileSet, fix analysis.SuggestedFix) []fileEdit {
	var out []fileEdit
	for _, e := range fix.TextEdits {
		f := fset.File(e.Pos)
		end := e.End
		if !end.IsValid() {
			end = e.Pos
		}
		if f == nil {
			return nil
		}
		out = append(out, fileEdit{f.Name(), f.Offset(e.Pos), f.Offset(end), string(e.NewText)})
	}
	return out
}

// printLint prints findings, one a line, each marked as fixed (fixed[i])
// or as a warning, and returns how many fail and how many are warnings.
func printLint(w io.Writer, findings []lintFinding, fixed []bool, o *lintOptions) (failing, warnings int) {
	for i, f := range findings {
		text := f.text
		switch {
		case fixed[i]:
			text += " (fixed)"
		case o.Fails(f.category):
			failing++
		default:
			warnings++
			if !o.warnings {
				continue
			}
			text += " (warning)"
		}
		if f.fix != nil && o.fix.applies(f.category) && !fixed[i] {
			text += " (not fixed: its fix overlaps another; run -fix again)"
		}
		fmt.Fprintf(w, "%s: %s\n", relPaths(f.pos.String()), relPaths(text))
	}
	return failing, warnings
}

// applyFixes applies the fix of each finding that fix applies to and
// reports which were applied. A fix is applied whole or not at all: one
// with an edit that overlaps an edit of an earlier fix (findings are in
// order of position) is left out, to be applied by the next run, and so
// is one whose edit falls outside its file; an edit that repeats one
// already made counts as made. Each file is rewritten gofmt'ed, through a
// temporary file and a rename.
func applyFixes(findings []lintFinding, fix *fixFlag) ([]bool, error) {
	applied := make([]bool, len(findings))
	srcs := map[string][]byte{}
	byFile := map[string][]fileEdit{}
	for i, f := range findings {
		if f.fix == nil || !fix.applies(f.category) {
			continue
		}
		for _, e := range f.fix {
			if _, ok := srcs[e.file]; !ok {
				src, err := os.ReadFile(e.file)
				if err != nil {
					return nil, err
				}
				srcs[e.file] = src
			}
		}
		if !fits(f.fix, byFile, srcs) {
			continue
		}
		applied[i] = true
		for _, e := range f.fix {
			if !slices.Contains(byFile[e.file], e) {
				byFile[e.file] = append(byFile[e.file], e)
			}
		}
	}
	for file, edits := range byFile {
		if err := editFile(file, srcs[file], edits); err != nil {
			return nil, err
		}
	}
	return applied, nil
}

// fits reports whether every edit of fix lies within its file and either
// repeats or stays clear of the edits already accepted.
func fits(fix []fileEdit, accepted map[string][]fileEdit, srcs map[string][]byte) bool {
	for _, e := range fix {
		if e.start > e.end || e.end > len(srcs[e.file]) {
			return false
		}
		for _, a := range accepted[e.file] {
			if e != a && e.start < a.end && a.start < e.end {
				return false
			}
		}
	}
	return true
}

// editFile rewrites file, whose contents are src, with edits, which do
// not overlap, gofmt'ed.
func editFile(file string, src []byte, edits []fileEdit) error {
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].start < edits[j].start })
	var b bytes.Buffer
	last := 0
	for _, e := range edits {
		b.Write(src[last:e.start])
		b.WriteString(e.text)
		last = e.end
	}
	b.Write(src[last:])
	out, err := format.Source(b.Bytes())
	if err != nil {
		return fmt.Errorf("%s: the fixed file does not parse: %v", file, err)
	}
	return generate.ReplaceFile(file, out)
}

// isVet reports whether mcptag was started by go vet -vettool: to learn
// its version (-V=full) or flags (-flags), or to analyze one package
// described by a .cfg file, after any flags.
func isVet(args []string) bool {
	if len(args) == 1 && (args[0] == "-V=full" || args[0] == "-flags") {
		return true
	}
	if len(args) == 0 || !strings.HasSuffix(args[len(args)-1], ".cfg") {
		return false
	}
	for _, a := range args[:len(args)-1] {
		if !strings.HasPrefix(a, "-") {
			return false
		}
	}
	return true
}

// vetMain speaks go vet's unitchecker protocol; it exits the process. Vet
// has no warnings: it reports only the findings that fail.
func vetMain() {
	unitchecker.Main(lint.New(lint.Config{OnlyFailing: true}))
}
