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
//	mcptag lint [packages]        report what breaks clients, and advice
//	go vet -vettool="$(go tool -n mcptag)" [packages]   the linter, under go vet
//	mcptag stats [-json] [packages]   estimate each tool's cost in a model's context, in tokens
//	mcptag catalog [-o FILE] [-diff REV] [packages]   write an HTML page of the server's tools
//	mcptag version                mcptag's version and the go-sdk's it generates for
//	mcptag help [topic]           the usage of mcptag or of one command
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
		case "preview":
			return previewMain(args[1:], stdout, stderr)
		case "version", "-version", "--version":
			return versionMain(args[1:], stdout, stderr)
		}
	}
	return generateMain(args, stdout, stderr)
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

// printUsage prints the command's usage to w, then its flags.
func (c *command) printUsage(w io.Writer) {
	out := c.Output()
	fmt.Fprint(w, c.usage)
	fmt.Fprint(w, "\nFlags:\n")
	n := 0
	c.VisitAll(func(*flag.Flag) { n++ })
	if n == 0 {
		fmt.Fprint(w, "  none\n")
	}
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
