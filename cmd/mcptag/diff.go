package main

import (
	"fmt"
	"io"

	"github.com/mcptag/mcptag/snapdiff"
)

const diffUsage = `usage: mcptag diff OLD [NEW]

mcptag diff compares two sets of schema snapshots (mcp_tools.json) and
lists every change, tool by tool, as breaking or compatible for a strict
client. OLD and NEW are each a snapshot file, a directory (every
mcp_tools.json below it) or a git revision (the snapshots committed there,
below the current directory). NEW defaults to ".", the working tree, so

	mcptag diff HEAD~1

shows what the working tree changes since the previous commit.

Exit codes: 0 no breaking change; 1 a breaking change; 2 usage or load errors.
`

func diffMain(args []string, stdout, stderr io.Writer) int {
	flags := newFlagSet("mcptag diff", diffUsage, stderr)
	if err := flags.Parse(args); err != nil {
		return exitUsage
	}
	if flags.NArg() < 1 || flags.NArg() > 2 {
		flags.Usage()
		return exitUsage
	}
	oldSpec, newSpec := flags.Arg(0), "."
	if flags.NArg() == 2 {
		newSpec = flags.Arg(1)
	}
	before, err := snapdiff.Load(".", oldSpec)
	if err != nil {
		fmt.Fprintf(stderr, "mcptag diff: %v\n", err)
		return exitUsage
	}
	after, err := snapdiff.Load(".", newSpec)
	if err != nil {
		fmt.Fprintf(stderr, "mcptag diff: %v\n", err)
		return exitUsage
	}
	if snapdiff.Write(stdout, snapdiff.CompareTrees(before, after)) {
		return exitFindings
	}
	return exitOK
}
