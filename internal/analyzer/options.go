package analyzer

import (
	"flag"
	"go/ast"
	"io"
	"slices"
	"strings"
)

// Options change how tools are analyzed. Closed and Titles are the
// generator's options, which a user sets on mcptag's command line (and
// so on a //go:generate line); AddFlags and ParseOptions are their one
// parser. ImportedDocs and Module describe the environment, and are set
// by whoever loads the package (Load, the linter).
type Options struct {
	// Closed closes every output object (additionalProperties: false), as
	// the directive's closed option does for one tool.
	Closed bool
	// Titles adds pydantic-style titles, so that a server ported from
	// Python's FastMCP lists the same schemas.
	Titles bool
	// Shrink cuts every tool's schemas down; a tool's directive can say
	// more (depth=, descriptions=).
	Shrink Shrink

	// ImportedDocs finds the descriptions of types declared in other
	// packages.
	ImportedDocs DocSource
	// Module is the path of the module being analyzed. A named type of
	// another module gets no enum from its constants (see closedEnum).
	// Empty means every type is the module's own.
	Module string
}

// AddFlags defines the generator's options as flags of fs, which set o.
func (o *Options) AddFlags(fs *flag.FlagSet) {
	fs.BoolVar(&o.Closed, "closed", o.Closed, "close every output object (additionalProperties: false)")
	fs.BoolVar(&o.Titles, "titles", o.Titles, "add pydantic-style titles, as a Python FastMCP server lists them")
	o.Shrink.addFlags(fs)
}

// ParseOptions parses the generator's options from args, the arguments of
// an mcptag command line, on top of base. It returns the options and the
// arguments after them: the package patterns.
func ParseOptions(base Options, args []string) (Options, []string, error) {
	o := base
	fs := flag.NewFlagSet("mcptag", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	o.AddFlags(fs)
	if err := fs.Parse(args); err != nil {
		return base, nil, err
	}
	return o, fs.Args(), nil
}

// generateOptions returns base with the options of a //go:generate line
// in files that runs the mcptag generator on its own package, so that
// every run (the generator's, -check's, the linter's) analyzes a package
// as go generate does. A line whose options do not parse is a finding.
func generateOptions(base Options, files []*ast.File) (Options, []Finding) {
	opts := base
	var findings []Finding
	for _, f := range files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				args, ok := generateArgs(c.Text)
				if !ok {
					continue
				}
				o, patterns, err := ParseOptions(opts, args)
				switch {
				case err != nil:
					findings = append(findings, Finding{Pos: c.Slash, End: c.End(), Category: CatDirective, Error: true,
						Message: "//go:generate runs mcptag with options it does not accept: " + err.Error()})
				case len(patterns) == 0 || (len(patterns) == 1 && patterns[0] == "."):
					opts = o
				}
			}
		}
	}
	return opts, findings
}

// generateArgs returns the arguments of a //go:generate line that runs the
// mcptag generator ("go run .../cmd/mcptag", "go tool mcptag", "mcptag"),
// and false for any other line and for mcptag's subcommands.
func generateArgs(comment string) ([]string, bool) {
	line, ok := strings.CutPrefix(comment, "//go:generate ")
	if !ok {
		return nil, false
	}
	words := strings.Fields(line)
	for i, w := range words {
		if w != "mcptag" && !strings.HasSuffix(w, "/mcptag") {
			continue
		}
		args := words[i+1:]
		if len(args) > 0 && slices.Contains(Subcommands, args[0]) {
			return nil, false
		}
		return args, true
	}
	return nil, false
}

// Subcommands are the first arguments that make mcptag do something other
// than generate.
var Subcommands = []string{"lint", "diff", "stats", "help"}
