package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/mcptag/mcptag/internal/finding"
)

// usage is mcptag's own usage: what it does, the directives it reads, and
// its commands. (Its flags, printed after it, are the generator's.)
func usage() string {
	return `usage: mcptag [flags] [packages]

mcptag turns Go functions marked with a directive into MCP tools,
prompts and resources for the go-sdk. Beside each package's sources it
writes mcp_tools_gen.go (registration code) and mcp_tools.json (what
tools/list, prompts/list and resources/list serve). Packages default to
".", the package of a //go:generate line.

` + directiveHelp + `
Commands:

	mcptag [flags] [packages]   generate; see mcptag help generate
	mcptag -check [packages]    write nothing; exit 1 with a summary and
	                            a diff if any generated file is stale,
	                            missing or left over. See mcptag help check.
	mcptag diff OLD [NEW]       classify the changes between two sets of
	                            snapshots; NEW defaults to what mcptag
	                            generates from the tree now. See
	                            mcptag help diff.
	mcptag lint [packages]      report what breaks clients or hides tools,
	                            and advice. See mcptag help lint.
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
	mcptag preview [-result FILE] [-o FILE] PACKAGE TOOL
	                            write one HTML page that shows the tool's
	                            MCP App page as a host does, with a
	                            result. See mcptag help preview.
	mcptag version              mcptag's version, and the go-sdk's
	mcptag help [topic]         this, or a topic: ` + strings.Join(helpTopics, ", ") + `

Exit codes: 0 ok; 1 findings, stale files or breaking changes;
2 usage or load errors, and files that cannot be written.
`
}

// directiveHelp is the directives' syntax and options.
// TestHelpNamesEveryOption holds it to the directive table.
const directiveHelp = `Directives, each on its own line in a function's doc comment (a form's
in a struct type's), with no space after //:

	//mcp:tool [NAME] [option]...
	    title="..."  structured=true|false  strict  closed
	    readonly  destructive  idempotent  openworld (each =false too)
	    depth=N  descriptions=N|first|none  text=json|compact|none
	    budget=N  args=go|snake  view="a.b,c"  fields  keep="a"
	    icon=URL|FILE  icon-dark=URL|FILE
	    toolset=NAME  scopes="s1 s2"  flag=NAME (docs/security.md)
	    task=optional|required (docs/tasks.md)
	    ui=FILE.html  ui-visibility=app|model  ui-connect="ORIGINS"
	    ui-resources="ORIGINS"  ui-border=true|false (docs/apps.md)
	//mcp:prompt [NAME] [title="..."] [icon=...] [icon-dark=...]
	//mcp:resource URI [name=NAME] [title="..."] [mime=TYPE]
	    [icon=...] [icon-dark=...] [ttl=DURATION] [cache=public|private]
	//mcp:elicit [key=NAME]  on a struct type: a form, asked with Elicit<Type>;
	    key= names its input requests (docs/protocol.md, Forms)
	//mcp:shared  on a struct type: its fields are arguments of every
	    tool, after its own (docs/middleware.md, Shared arguments)

NAME defaults to the function's name in snake_case (GetWeather is
get_weather). A plain parameter is the argument of its name (runID);
args=snake, or -args=snake for a package, names it in snake_case too
(run_id), and args=go keeps a tool to the source's names. Quote a value
with spaces (title="Get the weather"), and a NAME that looks like an
option ("closed"). A resource's URI with {variables} is a template, one
parameter a variable.
`

// helpTopics are the topics of mcptag help.
var helpTopics = []string{"generate", "check", "lint", "diff", "stats", "catalog", "preview", "version"}

// helpMain prints the usage of mcptag or of one topic, to stdout.
func helpMain(args []string, stdout, stderr io.Writer) int {
	var c *command
	switch strings.Join(args, " ") {
	case "":
		c, _ = generateCommand(stderr)
	case "generate":
		c, _ = generateCommandWith(generateUsage(), stderr)
	case "check":
		c, _ = generateCommandWith(checkUsage, stderr)
	case "lint":
		c, _ = lintCommand(stderr)
	case "diff":
		c, _ = diffCommand(stderr)
	case "stats":
		c, _ = statsCommand(stderr)
	case "catalog":
		c, _ = catalogCommand(stderr)
	case "preview":
		c, _ = previewCommand(stderr)
	case "version":
		c = versionCommand(stderr)
	default:
		fmt.Fprintf(stderr, "mcptag help: unknown topic %q; topics are %s\n", strings.Join(args, " "), strings.Join(helpTopics, ", "))
		return exitUsage
	}
	c.printUsage(stdout)
	return exitOK
}

// generateUsage is the usage of generation, its categories from their
// table.
func generateUsage() string {
	var stops, warns []string
	for _, c := range finding.Categories {
		switch c.Generation {
		case finding.Stops:
			stops = append(stops, c.Name)
		case finding.Warns:
			warns = append(warns, c.Name)
		}
	}
	return `usage: mcptag [flags] [packages]

mcptag generates, for each package matching the patterns (default "."),
mcp_tools_gen.go and mcp_tools.json beside its sources, and removes them
from a package that declares nothing any more. It replaces only files
that carry its mark, and writes all of them or none.

It reports what mcptag lint fails on by default, at the same places, as
file:line:col: category: message, silenced by the same //mcptag:ignore
comments (see mcptag help lint), but for stale code, which it replaces:

	stops: writes nothing, exit 1   ` + strings.Join(stops, ", ") + `
	warns, and goes on              ` + strings.Join(warns, ", ") + `

No comment silences an error: what mcptag cannot generate as written.

` + directiveHelp + `
Exit codes: 0 generated; 1 a finding stopped it; 2 usage or load errors,
and files that cannot be written.
`
}

const checkUsage = `usage: mcptag -check [flags] [packages]

mcptag -check generates in memory and writes nothing. For each generated
file that is stale, missing or left over (its package declares nothing
now) it prints a line on stderr; on stdout, what each stale snapshot's
tools gain or lose, in mcptag diff's words, then a unified diff of each
file, cut at 40 lines, a long changed line cut around its change. It
reports findings as generation does (see mcptag help generate). Patterns
that match no package with a declaration or a generated file check
nothing: that is an error. Run mcptag -check ./... in CI.

Exit codes: 0 every generated file is fresh; 1 stale, missing or left
over files, or a finding that stops generation; 2 usage or load errors,
and patterns that match nothing to check.
`
