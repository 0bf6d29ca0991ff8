package main

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/budget"
	"github.com/mcptag/mcptag/internal/emit"
	"github.com/mcptag/mcptag/internal/generate"
	"github.com/mcptag/mcptag/internal/genopts"
	"github.com/mcptag/mcptag/internal/profile"
)

const statsUsage = `usage: mcptag stats [-json] [-profile=providers] [packages]

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

Exit codes: 0 ok; 2 usage errors, packages that do not load, and
patterns that match no package with a declaration or a generated file.
`

func statsCommand(stderr io.Writer) (*command, *bool, *profile.Set) {
	c := newCommand("mcptag stats", statsUsage, stderr)
	var set profile.Set
	c.Var(&set, "profile", "also measure each tool with its input schema fitted to the model `providers` named, comma-separated: openai, gemini, anthropic")
	return c, c.Bool("json", false, "print the report as JSON"), &set
}

func statsMain(args []string, stdout, stderr io.Writer) int {
	c, asJSON, set := statsCommand(stderr)
	if ok, code := c.parse(args, stdout); !ok {
		return code
	}
	pkgs, code := measure(c.Args(), *set, stderr)
	if code != exitOK {
		return code
	}
	report := budget.NewReport(pkgs)
	var err error
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(report)
	} else {
		err = report.WriteTable(stdout)
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
