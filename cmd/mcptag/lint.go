package main

import (
	"flag"
	"fmt"
	"io"
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
	}
	var lines []line
	failing, warnings := 0, 0
	for _, act := range graph.Roots {
		if act.Err != nil {
			fmt.Fprintf(stderr, "mcptag lint: %s: %v\n", act.Package.PkgPath, act.Err)
			return exitUsage
		}
		for _, d := range act.Diagnostics {
			p := act.Package.Fset.Position(d.Pos)
			text, fails := d.Message, lint.Fails(d.Category)
			if fails {
				failing++
			} else {
				warnings++
				text += " (warning)"
			}
			lines = append(lines, line{relPosition(p.String()), p.Filename, p.Line, p.Column, text, fails})
		}
	}
	sort.Slice(lines, func(i, j int) bool {
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
	for i, l := range lines {
		if (i > 0 && l == lines[i-1]) || (!l.fails && !*showWarnings) {
			continue
		}
		fmt.Fprintf(stdout, "%s: %s\n", l.pos, l.text)
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
