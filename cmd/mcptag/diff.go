package main

import (
	"cmp"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/mcptag/mcptag/internal/budget"
	"github.com/mcptag/mcptag/internal/genfile"
	"github.com/mcptag/mcptag/internal/genopts"
	"github.com/mcptag/mcptag/internal/snapdiff"
)

const diffUsage = `usage: mcptag diff OLD [NEW]

mcptag diff compares two sets of schema snapshots (mcp_tools.json) and
lists every change, tool by tool, as breaking or compatible for a strict
client. OLD and NEW are each a snapshot file, a directory (every
mcp_tools.json below it) or a git revision (the snapshots committed there,
below the current directory). NEW defaults to what mcptag generates from
the packages below the current directory now, in memory, whether or not
go generate has run, so

	mcptag diff HEAD

shows what the working tree changes since the last commit. A tool whose
entry grows by more than a quarter, or past -budget tokens, is reported
too ("grew"), never as breaking.

Exit codes: 0 no breaking change; 1 a breaking change; 2 usage or load
errors.
`

func diffCommand(stderr io.Writer) (*command, *int) {
	c := newCommand("mcptag diff", diffUsage, stderr)
	tokens := budget.DefaultBudget
	c.Var(budget.TokensFlag{N: &tokens}, "budget", "report a tool whose tools/list entry grows past this many `tokens`")
	return c, &tokens
}

func diffMain(args []string, stdout, stderr io.Writer) int {
	c, tokens := diffCommand(stderr)
	if ok, code := c.parse(args, stdout); !ok {
		return code
	}
	if c.NArg() < 1 || c.NArg() > 2 {
		c.printUsage(stderr)
		return exitUsage
	}
	before, err := snapdiff.Load(".", c.Arg(0))
	if err != nil {
		fmt.Fprintf(stderr, "mcptag diff: %v\n", err)
		return exitUsage
	}
	var after snapdiff.Tree
	if c.NArg() == 2 {
		after, err = snapdiff.Load(".", c.Arg(1))
		if err != nil {
			fmt.Fprintf(stderr, "mcptag diff: %v\n", err)
			return exitUsage
		}
	} else {
		var code int
		if after, code = generatedSnapshots(stderr); code != exitOK {
			return code
		}
	}
	if snapdiff.Write(stdout, snapdiff.CompareTrees(before, after, snapdiff.WithBudget(*tokens))) {
		return exitFindings
	}
	return exitOK
}

// generatedSnapshots returns the snapshots mcptag generates now for the
// packages below the working directory, keyed as snapdiff.Load keys
// those of a directory or revision.
func generatedSnapshots(stderr io.Writer) (snapdiff.Tree, int) {
	r, code := runGenerate("mcptag diff", genopts.Options{}, []string{"./..."}, stderr)
	if code != exitOK {
		return nil, exitUsage
	}
	wd, err := os.Getwd()
	if err != nil {
		fmt.Fprintf(stderr, "mcptag diff: %v\n", err)
		return nil, exitUsage
	}
	tree := snapdiff.Tree{}
	for _, f := range r.Files {
		if f.Data == nil || filepath.Base(f.Path) != genfile.SnapshotName {
			continue
		}
		s, err := snapdiff.Parse(f.Data)
		rel, relErr := filepath.Rel(wd, f.Path)
		if err = cmp.Or(err, relErr); err != nil {
			fmt.Fprintf(stderr, "mcptag diff: %s: %v\n", relPaths(f.Path), err)
			return nil, exitUsage
		}
		tree[filepath.ToSlash(rel)] = s
	}
	return tree, exitOK
}
