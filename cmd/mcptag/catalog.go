package main

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/mcptag/mcptag/internal/budget"
	"github.com/mcptag/mcptag/internal/catalog"
	"github.com/mcptag/mcptag/internal/generate"
	"github.com/mcptag/mcptag/internal/snapdiff"
)

const catalogUsage = `usage: mcptag catalog [-o FILE] [-diff REV] [packages]

mcptag catalog writes one HTML page of the packages' tools, prompts,
resources and resource templates, as their clients list them: each
one's description, annotations, arguments (type, default, constraints),
the shape of its result, and what its tools/list entry costs in tokens
(as mcptag stats counts them), with a chart of every tool's cost against
the budget and a search box. The page is one file that loads nothing:
open it from disk, or from a CI job's artifacts.

-diff REV marks what changed since REV, as mcptag diff reports it: new,
removed, breaking (with the changes), compatible, grew. REV is a git
revision, a directory or a snapshot file, as for mcptag diff; each
package is compared with the snapshot at its path there, relative to
the current directory.

See docs/catalog.md for the page's test hooks.

Exit codes: 0 ok; 2 usage errors, packages that do not load or that
mcptag would refuse to generate, and files that cannot be written.

Flags:
`

// catalogOptions are the flags of mcptag catalog.
type catalogOptions struct {
	out, diff string
	budget    int
}

func catalogCommand(stderr io.Writer) (*command, *catalogOptions) {
	c := newCommand("mcptag catalog", catalogUsage, stderr)
	o := &catalogOptions{}
	c.StringVar(&o.out, "o", "", "write the page to `file` (atomically) instead of stdout")
	c.StringVar(&o.diff, "diff", "", "mark what changed since `rev`: a git revision, directory or snapshot")
	o.budget = budget.DefaultBudget
	c.Var(budget.TokensFlag{N: &o.budget}, "budget", "the `tokens` a tool's tools/list entry may take; a tool's budget= overrides it")
	return c, o
}

func catalogMain(args []string, stdout, stderr io.Writer) int {
	c, o := catalogCommand(stderr)
	if ok, code := c.parse(args, stdout); !ok {
		return code
	}
	opts := catalog.Options{Budget: o.budget}
	if o.diff != "" {
		before, err := snapdiff.Load(".", o.diff)
		if err != nil {
			fmt.Fprintf(stderr, "mcptag catalog: %v\n", err)
			return exitUsage
		}
		wd, err := os.Getwd()
		if err != nil {
			fmt.Fprintf(stderr, "mcptag catalog: %v\n", err)
			return exitUsage
		}
		opts.Diff = &catalog.Diff{Since: o.diff, Before: before, Dir: wd, Budget: o.budget}
	}
	loaded, code := loadServable("mcptag catalog", c.Args(), stderr)
	if code != exitOK {
		return code
	}
	page, err := catalog.Build(catalogSources(loaded), opts)
	var html bytes.Buffer
	if err == nil {
		err = catalog.Render(&html, page)
	}
	if err == nil {
		err = writeOutput(o.out, html.Bytes(), stdout)
	}
	if err != nil {
		fmt.Fprintf(stderr, "mcptag catalog: %s\n", relPaths(err.Error()))
		return exitUsage
	}
	return exitOK
}

// writeOutput writes data to the file named out, atomically, or to stdout
// when out is empty.
func writeOutput(out string, data []byte, stdout io.Writer) error {
	if out == "" {
		_, err := stdout.Write(data)
		return err
	}
	if info, err := os.Stat(out); err == nil && info.IsDir() {
		return fmt.Errorf("%s is a directory", out)
	}
	return generate.WriteFile(out, data)
}

// catalogSources are the packages for the catalogue's page.
func catalogSources(pkgs []*generate.Package) []catalog.Source {
	sources := make([]catalog.Source, len(pkgs))
	for i, p := range pkgs {
		sources[i] = catalog.Source{Package: p.Package, Dir: p.Dir}
	}
	return sources
}
