// Command mcptag generates MCP tool registration code and schema
// snapshots from Go functions marked //mcp:tool, and checks them in CI.
//
// Usage:
//
//	mcptag [flags] [packages]     generate mcp_tools_gen.go and mcp_tools.json
//	mcptag -check [packages]      exit 1 with a diff if generated files are stale
//	mcptag lint [packages]        report degraded, unsupported and undocumented tools
//	go vet -vettool=$(command -v mcptag) [packages]   the same, under go vet
//	mcptag diff OLD [NEW]         classify snapshot changes; exit 1 if any breaks a client
//
// Exit codes: 0 success; 1 findings, stale files or breaking changes;
// 2 usage errors and packages that do not load.
package main

import (
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
	mcptag -check [packages]    write nothing; exit 1 with a diff if any
	                            generated file is stale, missing or left over
	mcptag diff OLD [NEW]       classify the changes between two sets of
	                            snapshots (files, directories or git
	                            revisions; NEW defaults to "."); exit 1 if
	                            any is breaking. See mcptag diff -h.
	mcptag lint [packages]      report tools that degrade to text, cannot
	                            be served, are undocumented, or whose
	                            generated code is stale. See mcptag lint -h.
	go vet -vettool=$(command -v mcptag) [packages]
	                            the same checks under go vet

Exit codes: 0 ok; 1 findings, stale files or breaking changes;
2 usage or load errors.

Flags:
`

func newFlagSet(name, usageText string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usageText)
		fs.PrintDefaults()
	}
	return fs
}
