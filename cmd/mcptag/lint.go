package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"go/token"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/mcptag/mcptag/analyzer"
	"github.com/mcptag/mcptag/lint"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/analysis/unitchecker"
	"golang.org/x/tools/go/packages"
)

const lintUsage = `usage: mcptag lint [flags] [packages]

mcptag lint reports what mcptag finds in //mcp:tool functions, one line
each: file:line:col: category: message. Categories:

	unstructured      a result degrades to unstructured text
	unsupported       a Go type with no JSON form (chan, func, complex, ...)
	custom-marshaler  a MarshalJSON whose output shape is unknown
	untyped           any, interface or json.RawMessage: schema {}
	nullable          an output property that can be null
	undocumented      a tool or output field without a description
	name              an invalid, duplicate or option-like tool name
	directive         a malformed or misspelled directive or suppression
	signature         a function shape mcptag cannot register
	json-tag          a malformed struct tag or json option
	closed-extra      a closed schema on output that can carry more
	stale             mcp_tools_gen.go differs from what mcptag generates

Silence one finding with a reason, on its line or the line above:

	//mcptag:ignore CATEGORY reason

The same checks run under go vet: go vet -vettool=$(command -v mcptag).

Exit codes: 0 no failing findings; 1 findings in a -fail category (the
others are printed as warnings); 2 usage or load errors.

Flags:
`

func lintMain(args []string, stdout, stderr io.Writer) int {
	flags := newFlagSet("mcptag lint", lintUsage, stderr)
	lint.Analyzer.Flags.VisitAll(func(f *flag.Flag) { flags.Var(f.Value, f.Name, f.Usage) })
	showWarnings := flags.Bool("warnings", true, "print the findings outside -fail as warnings (false: only count them)")
	fix := flags.Bool("fix", false, "apply the suggested fixes (misspelled directives, a missing omitempty); fixed findings do not fail")
	if err := flags.Parse(args); err != nil {
		return exitUsage
	}
	patterns := flags.Args()
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax | packages.NeedModule}, patterns...)
	if err != nil {
		fmt.Fprintf(stderr, "mcptag lint: %v\n", err)
		return exitUsage
	}
	if errs := loadErrors(pkgs); len(errs) > 0 {
		for _, e := range errs {
			fmt.Fprintln(stderr, e)
		}
		return exitUsage
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{lint.Analyzer}, pkgs, nil)
	if err != nil {
		fmt.Fprintf(stderr, "mcptag lint: %v\n", err)
		return exitUsage
	}
	type line struct {
		pos   string
		file  string
		l, c  int
		text  string
		fails bool
		fix   []fileEdit // the first suggested fix, if any
	}
	var lines []line
	for _, act := range graph.Roots {
		if act.Err != nil {
			fmt.Fprintf(stderr, "mcptag lint: %s: %v\n", act.Package.PkgPath, act.Err)
			return exitUsage
		}
		for _, d := range act.Diagnostics {
			p := act.Package.Fset.Position(d.Pos)
			l := line{pos: relPosition(p.String()), file: p.Filename, l: p.Line, c: p.Column, text: d.Message, fails: lint.Fails(d.Category)}
			if len(d.SuggestedFixes) > 0 {
				l.fix = fileEdits(act.Package.Fset, d.SuggestedFixes[0])
			}
			lines = append(lines, l)
		}
	}
	sort.SliceStable(lines, func(i, j int) bool {
		a, b := lines[i], lines[j]
		if a.file != b.file {
			return a.file < b.file
		}
		if a.l != b.l {
			return a.l < b.l
		}
		if a.c != b.c {
			return a.c < b.c
		}
		return a.text < b.text
	})
	var edits []fileEdit
	failing, warnings, fixed := 0, 0, 0
	for i, l := range lines {
		if i > 0 && l.pos == lines[i-1].pos && l.text == lines[i-1].text {
			continue // a package analyzed twice (as itself and as a dependency)
		}
		text := l.text
		switch {
		case *fix && l.fix != nil:
			fixed++
			edits = append(edits, l.fix...)
			text += " (fixed)"
		case l.fails:
			failing++
		default:
			warnings++
			if !*showWarnings {
				continue
			}
			text += " (warning)"
		}
		fmt.Fprintf(stdout, "%s: %s\n", l.pos, text)
	}
	if fixed > 0 {
		if err := applyEdits(edits); err != nil {
			fmt.Fprintf(stderr, "mcptag lint: %v\n", err)
			return exitFindings
		}
	}
	if !*showWarnings && warnings > 0 {
		fmt.Fprintf(stderr, "mcptag lint: %d warning(s) not shown (-warnings=false)\n", warnings)
	}
	if failing > 0 {
		fmt.Fprintf(stderr, "mcptag lint: %d finding(s) fail (-fail=%s), %d warning(s)\n", failing, flags.Lookup("fail").Value, warnings)
		return exitFindings
	}
	return exitOK
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

// applyEdits rewrites each file with its edits (duplicates once, an edit
// that overlaps an earlier one skipped), gofmt'ed, through a temporary
// file and a rename.
func applyEdits(edits []fileEdit) error {
	byFile := map[string][]fileEdit{}
	for _, e := range edits {
		byFile[e.file] = append(byFile[e.file], e)
	}
	for file, es := range byFile {
		sort.SliceStable(es, func(i, j int) bool { return es[i].start < es[j].start })
		src, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		var b bytes.Buffer
		last := 0
		for i, e := range es {
			if i > 0 && e == es[i-1] {
				continue
			}
			if e.start < last || e.end > len(src) {
				continue // overlaps the previous edit
			}
			b.Write(src[last:e.start])
			b.WriteString(e.text)
			last = e.end
		}
		b.Write(src[last:])
		out, err := format.Source(b.Bytes())
		if err != nil {
			return fmt.Errorf("%s: the fixed file does not parse: %v", file, err)
		}
		if err := replaceFile(file, out); err != nil {
			return err
		}
	}
	return nil
}

// replaceFile writes data to path through a temporary file and a rename
// (the generator's stage), keeping path's permissions.
func replaceFile(path string, data []byte) error {
	info, err := os.Stat(path)
	if err != nil {
		return err
	}
	tmp, err := stage(path, data, info.Mode().Perm())
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// loadErrors lists the errors of the packages and their dependencies,
// but for those the generator also forgives (analyzer.Load): a stale
// generated file, or a Register function not generated yet, is what the
// linter is there to report.
func loadErrors(pkgs []*packages.Package) []string {
	var errs []string
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			if !analyzer.ForgivenLoadError(e) {
				errs = append(errs, e.Error())
			}
		}
	})
	return errs
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

// vetMain speaks go vet's unitchecker protocol; it exits the process.
func vetMain() {
	unitchecker.Main(lint.ForVet())
}
