// Command mcptag generates MCP registration code and schema snapshots
// from Go functions marked //mcp:tool, //mcp:prompt and //mcp:resource
// (and forms from struct types marked //mcp:elicit), and checks them in
// CI.
//
// Usage:
//
//	mcptag [flags] [packages]     generate mcp_tools_gen.go and mcp_tools.json
//	mcptag -check [packages]      exit 1 with a summary and a diff if generated files are stale
//	mcptag diff OLD [NEW]         classify snapshot changes; exit 1 if any breaks a client
//	mcptag lint [packages]        report degraded, unsupported and undocumented tools
//	go vet -vettool="$(go tool -n mcptag)" [packages]   the linter, under go vet
//	mcptag stats [-json] [packages]   estimate each tool's cost in a model's context, in tokens
//	mcptag catalog [-o FILE] [-diff REV] [packages]   write an HTML page of the server's tools
//
// Exit codes: 0 success; 1 findings, stale files or breaking changes;
// 2 usage errors, packages that do not load, and files that cannot be
// written.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

// Exit codes, as documented above.
const (
	exitOK       = 0
	exitFindings = 1
	exitUsage    = 2
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run dispatches to a subcommand; with none, mcptag generates.
func run(args []string, stdout, stderr io.Writer) int {
	if isVet(args) {
		vetMain() // go vet -vettool=mcptag: exits
	}
	if len(args) > 0 {
		switch args[0] {
		case "lint":
			return lintMain(args[1:], stdout, stderr)
		case "diff":
			return diffMain(args[1:], stdout, stderr)
		case "help":
			return helpMain(args[1:], stdout, stderr)
		case "stats":
			return statsMain(args[1:], stdout, stderr)
		case "catalog":
			return catalogMain(args[1:], stdout, stderr)
		}
	}
	return generateMain(args, stdout, stderr)
}

const usage = `usage: mcptag [flags] [packages]

mcptag reads Go functions marked //mcp:tool and writes, beside each
package's sources, mcp_tools_gen.go (registration code for the go-sdk)
and mcp_tools.json (the tools' schemas as tools/list serves them).
Packages default to ".", the package of a //go:generate line.

	mcptag [flags] [packages]   generate
	mcptag -check [packages]    write nothing; exit 1 with a summary and
	                            a diff if any generated file is stale,
	                            missing or left over
	mcptag diff OLD [NEW]       classify the changes between two sets of
	                            snapshots; NEW defaults to what mcptag
	                            generates from the tree now. See
	                            mcptag help diff.
	mcptag lint [packages]      report tools that degrade to text, cannot
	                            be served, are undocumented, or whose
	                            generated code is stale. See
	                            mcptag help lint.
	go vet -vettool="$(go tool -n mcptag)" [packages]
	                            the linter under go vet
	mcptag stats [-json] [packages]
	                            estimate what each tool's tools/list entry
	                            costs a model's context, in tokens, and
	                            where it goes. See mcptag help stats.
	mcptag catalog [-o FILE] [-diff REV] [packages]
	                            write one HTML page of the tools, prompts
	                            and resources, their arguments, results
	                            and token costs. See mcptag help catalog.

Exit codes: 0 ok; 1 findings, stale files or breaking changes;
2 usage or load errors, and files that cannot be written.

Flags:
`

// helpMain prints the usage of mcptag or of one subcommand, to stdout.
func helpMain(args []string, stdout, stderr io.Writer) int {
	var c *command
	switch strings.Join(args, " ") {
	case "":
		c, _ = generateCommand(stderr)
	case "lint":
		c, _ = lintCommand(stderr)
	case "diff":
		c, _ = diffCommand(stderr)
	case "stats":
		c, _ = statsCommand(stderr)
	case "catalog":
		c, _ = catalogCommand(stderr)
	default:
		fmt.Fprintf(stderr, "mcptag help: unknown topic %q; topics are lint, diff, stats and catalog\n", strings.Join(args, " "))
		return exitUsage
	}
	c.printUsage(stdout)
	return exitOK
}

// A command is one of mcptag's command lines: its flags and usage.
type command struct {
	*flag.FlagSet
	usage string
}

// newCommand returns a command whose usage is usageText, then its flags'
// defaults. Flag errors go to stderr.
func newCommand(name, usageText string, stderr io.Writer) *command {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {} // parse prints it, where it belongs
	return &command{fs, usageText}
}

// printUsage prints the command's usage to w.
func (c *command) printUsage(w io.Writer) {
	out := c.Output()
	fmt.Fprint(w, c.usage)
	c.SetOutput(w)
	c.PrintDefaults()
	c.SetOutput(out)
}

// parse parses args. With -h it prints the usage to stdout and returns
// exit 0, as "mcptag help" does; after another error, which the flag
// package has reported, it prints the usage to stderr and returns exit 2.
func (c *command) parse(args []string, stdout io.Writer) (ok bool, code int) {
	err := c.Parse(args)
	switch {
	case err == nil:
		return true, exitOK
	case errors.Is(err, flag.ErrHelp):
		c.printUsage(stdout)
		return false, exitOK
	}
	c.printUsage(c.Output())
	return false, exitUsage
}
