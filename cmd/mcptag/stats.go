package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/budget"
	"github.com/mcptag/mcptag/internal/emit"
	"github.com/mcptag/mcptag/internal/generate"
	"github.com/mcptag/mcptag/internal/genopts"
	"github.com/mcptag/mcptag/internal/profile"
)

const statsUsage = `usage: mcptag stats [-json] [-profile=providers] [packages]
       mcptag stats [-json] -listing FILE

mcptag stats estimates what each tool costs a model's context: the
tokens of its tools/list entry, as the o200k tokenizer (GPT-4o and
later) would count them, and where they go. One row per tool, then the
totals of each package and of all of them:

	TOKENS, BYTES   the whole entry, as compact JSON
	TEXT            its name, title and description
	INPUT, OUTPUT   its input and output schemas
	IN/OUT DOCS     the description keywords inside those schemas
	$DEFS           the schemas' $defs entries, and the largest of them

A tool with view= has a line of its own below its row: what its entry
would take without the view. With -profile, every tool has one: what
its entry would take with its input schema fitted to the model
providers named (see mcptag -h), or that the profile cannot express it.

Token counts are estimates (see docs/budget.md); -json prints the report
with every part's bytes and every $defs entry. Each package is analyzed
with the options its generated files record.

-listing FILE measures what a running server lists instead: FILE holds
the JSON of a tools/list result ({"tools": [...]}), or of the JSON-RPC
response that carries it. Its tools are one package, named FILE, in the
listing's order.

Exit codes: 0 ok; 2 usage errors, packages that do not load, and
patterns that match no package with a declaration or a generated file.
`

// statsFlags are the flags of mcptag stats.
type statsFlags struct {
	asJSON   *bool
	profiles profile.Set
	listing  *string
}

func statsCommand(stderr io.Writer) (*command, *statsFlags) {
	c := newCommand("mcptag stats", statsUsage, stderr)
	f := &statsFlags{}
	c.Var(&f.profiles, "profile", "also measure each tool with its input schema fitted to the model `providers` named, comma-separated: openai, gemini, anthropic")
	f.asJSON = c.Bool("json", false, "print the report as JSON")
	f.listing = c.String("listing", "", "measure the tools/list result in `FILE` rather than packages")
	return c, f
}

func statsMain(args []string, stdout, stderr io.Writer) int {
	c, f := statsCommand(stderr)
	if ok, code := c.parse(args, stdout); !ok {
		return code
	}
	var pkgs []budget.Package
	code := exitOK
	switch {
	case *f.listing != "" && c.NArg() > 0:
		fmt.Fprintf(stderr, "mcptag stats: -listing measures a file, not packages: drop %s\n", strings.Join(c.Args(), " "))
		return exitUsage
	case *f.listing != "" && !f.profiles.IsZero():
		fmt.Fprintf(stderr, "mcptag stats: -profile fits the declarations of packages, which a listing does not hold: drop -profile or -listing\n")
		return exitUsage
	case *f.listing != "":
		pkgs, code = measureListing(*f.listing, stderr)
	default:
		pkgs, code = measure(c.Args(), f.profiles, stderr)
	}
	if code != exitOK {
		return code
	}
	report := budget.NewReport(pkgs)
	var err error
	if *f.asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(report)
	} else {
		if err = report.WriteTable(stdout); err == nil {
			err = writeSearchLine(stdout, report) // searchcost.go
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "mcptag stats: %v\n", err)
		return exitUsage
	}
	return exitOK
}

// measure loads and analyzes the packages and measures the tools of those
// that have some, in import path order, and each with set's profile
// too, unless set is zero.
func measure(patterns []string, set profile.Set, stderr io.Writer) ([]budget.Package, int) {
	loaded, code := loadServable("mcptag stats", patterns, stderr)
	if code != exitOK {
		return nil, code
	}
	var pkgs []budget.Package
	for _, p := range loaded {
		if len(p.Tools) == 0 {
			continue
		}
		tools, costs, err := emit.Measure(p.Package)
		if err == nil && !set.IsZero() {
			err = measureProfile(tools, p.Tools, costs, set)
		}
		if err != nil {
			fmt.Fprintf(stderr, "mcptag stats: %s: %v\n", p.Path, err)
			return nil, exitUsage
		}
		pkgs = append(pkgs, budget.NewPackage(p.Path, costs))
	}
	return pkgs, exitOK
}

// measureListing measures the tools/list result in the file name, as one
// package named after the file.
func measureListing(name string, stderr io.Writer) ([]budget.Package, int) {
	data, err := os.ReadFile(name)
	if err != nil {
		fmt.Fprintf(stderr, "mcptag stats: %v\n", err)
		return nil, exitUsage
	}
	tools, err := budget.Listing(data)
	if err != nil {
		fmt.Fprintf(stderr, "%s:%v\n", name, err)
		return nil, exitUsage
	}
	return []budget.Package{budget.NewPackage(name, tools)}, exitOK
}

// loadServable loads and analyzes the packages, in import path order. A
// package mcptag would refuse to generate has nothing to show: its errors
// are load errors here, printed with their positions. prefix names the
// command in messages without a position ("mcptag stats").
func loadServable(prefix string, patterns []string, stderr io.Writer) ([]*generate.Package, int) {
	loaded, err := generate.Packages(".", genopts.Options{}, patterns...)
	if err != nil {
		printLoadError(stderr, prefix, patterns, err)
		return nil, exitUsage
	}
	if checksNothing(stderr, prefix, patterns, loadedPackages(loaded)) {
		return nil, exitUsage
	}
	if errs := generate.Stopping(generate.Report(loaded)); len(errs) > 0 {
		printFindings(stderr, loaded[0].Fset, errs) // one file set for all
		return nil, exitUsage
	}
	sort.Slice(loaded, func(i, j int) bool { return loaded[i].Path < loaded[j].Path })
	return loaded, exitOK
}

// measureProfile measures each of tools, the tools/list entries of the
// analyzed tools analyzed, with its input schema fitted to set, into
// costs.
func measureProfile(tools []*mcp.Tool, analyzed []*analyzer.Tool, costs []budget.Tool, set profile.Set) error {
	for i, t := range tools {
		in := analyzed[i].Input.CloneSchemas()
		refused := len(profile.Fatal(profile.Apply(in, analyzed[i].Arguments, analyzed[i].Pos, set))) > 0
		data, err := emit.SchemaJSON(in)
		if err != nil {
			return fmt.Errorf("%s: %v", t.Name, err)
		}
		fitted := *t
		fitted.InputSchema = json.RawMessage(data)
		m, err := budget.MeasureTool(&fitted)
		if err != nil {
			return fmt.Errorf("%s: %v", t.Name, err)
		}
		costs[i].Profile = &budget.ProfileCost{Providers: set.String(), Total: m.Total, Refused: refused}
	}
	return nil
}
