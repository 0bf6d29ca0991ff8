package analyzer

import (
	"flag"
	"fmt"
	"io"
	"strconv"

	"github.com/mcptag/mcptag/internal/genfile"
	"github.com/mcptag/mcptag/internal/shrink"
)

// Options change how tools are analyzed. Closed, Titles and Shrink are
// the generator's options, which a user sets on mcptag's command line;
// a package's generated files record those that shaped them (see
// Resolve). ImportedDocs and Module describe the environment, and are
// set by whoever loads the package (Load, the linter).
type Options struct {
	// Closed closes every output object (additionalProperties: false), as
	// the directive's closed option does for one tool.
	Closed bool
	// Titles adds pydantic-style titles, so that a server ported from
	// Python's FastMCP lists the same schemas.
	Titles bool
	// Shrink cuts every tool's schemas down; a tool's directive can say
	// more (depth=, descriptions=).
	Shrink shrink.Options

	// Given are the generator's options named on a command line, as the
	// flags that set them ("-closed=true", "-depth=2"), in order; AddFlags
	// collects them. They go on top of what a package's generated files
	// record (see Resolve): a flag given overrides the record, an option
	// not given keeps it.
	Given []string

	// ImportedDocs finds the descriptions of types declared in other
	// packages.
	ImportedDocs DocSource
	// Module is the path of the module being analyzed. A named type of
	// another module gets no enum from its constants (see closedEnum).
	// Empty means every type is the module's own.
	Module string
}

// AddFlags defines the generator's options as flags of fs. A flag given
// does not set o's field: it is added to o.Given, to override what each
// package's generated files record and nothing else.
func (o *Options) AddFlags(fs *flag.FlagSet) {
	var check Options // parses each value, so that a bad one is a usage error
	defs := flag.NewFlagSet("", flag.ContinueOnError)
	check.defineFlags(defs)
	defs.VisitAll(func(f *flag.Flag) {
		g := givenFlag{f.Value, f.Name, &o.Given}
		if isBool(f.Value) {
			fs.Var(&givenBool{g}, f.Name, f.Usage)
		} else {
			fs.Var(&g, f.Name, f.Usage)
		}
	})
}

// defineFlags defines the generator's options as flags of fs, which set o.
func (o *Options) defineFlags(fs *flag.FlagSet) {
	fs.BoolVar(&o.Closed, "closed", o.Closed, "close every output object (additionalProperties: false)")
	fs.BoolVar(&o.Titles, "titles", o.Titles, "add pydantic-style titles, as a Python FastMCP server lists them")
	o.Shrink.AddFlags(fs)
}

// givenFlag is a generator flag of a command line: setting it appends
// it to a list of the flags given. Its zero value, which the flag package
// makes to tell a default worth printing, reads as "".
type givenFlag struct {
	flag.Value
	name  string
	given *[]string
}

func (g *givenFlag) String() string {
	if g.Value == nil {
		return ""
	}
	return g.Value.String()
}

func (g *givenFlag) Set(v string) error {
	if err := g.Value.Set(v); err != nil {
		return err
	}
	*g.given = append(*g.given, "-"+g.name+"="+v)
	return nil
}

// givenBool is a boolean givenFlag, whose zero value reads as "false".
type givenBool struct{ givenFlag }

func (g *givenBool) String() string {
	if g.Value == nil {
		return "false"
	}
	return g.Value.String()
}

func (g *givenBool) IsBoolFlag() bool { return true }

// ParseOptions parses the generator's options from args, the arguments of
// an mcptag command line, on top of base. It returns the options and the
// arguments after them: the package patterns.
func ParseOptions(base Options, args []string) (Options, []string, error) {
	o := base
	fs := flag.NewFlagSet("mcptag", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	o.defineFlags(fs)
	if err := fs.Parse(args); err != nil {
		return base, nil, err
	}
	return o, fs.Args(), nil
}

// Flags returns the generator's options in o that differ from the
// defaults, as the flags that set them ("-closed", "-depth=2"), in the
// order of their names: what the generated files record. ParseOptions
// reads them back.
func (o Options) Flags() []string {
	var zero Options
	defaults, set := flag.NewFlagSet("", flag.ContinueOnError), flag.NewFlagSet("", flag.ContinueOnError)
	zero.defineFlags(defaults)
	o.defineFlags(set)
	var flags []string
	set.VisitAll(func(f *flag.Flag) {
		v := f.Value.String()
		switch {
		case v == defaults.Lookup(f.Name).Value.String():
		case v == "true" && isBool(f.Value):
			flags = append(flags, "-"+f.Name)
		default:
			flags = append(flags, "-"+f.Name+"="+v)
		}
	})
	return flags
}

func isBool(v flag.Value) bool {
	b, ok := v.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// Resolve returns the options to analyze a package with: o's, then the
// options recorded by the package's generated files on top (see
// genfile.ReadOptions), then o.Given on top of those. So every run on a
// package (the generator's, -check's, diff's, the linter's) analyzes it
// as it was generated, however that was: by hand or by a //go:generate
// line, with any spelling of the command. A recorded option this mcptag
// does not accept is an error at its position.
func (o Options) Resolve(recorded []genfile.RecordedOption) (Options, error) {
	for _, r := range recorded {
		next, rest, err := ParseOptions(o, []string{r.Flag})
		if err == nil && len(rest) > 0 {
			err = fmt.Errorf("%s is not a flag", strconv.Quote(r.Flag))
		}
		if err != nil {
			return o, PositionedError{Pos: r.Pos, Msg: fmt.Sprintf(
				"the generated file records an option this mcptag does not accept (%v); regenerate the package with this mcptag and the options mcptag -h lists", err)}
		}
		o = next
	}
	resolved, _, err := ParseOptions(o, o.Given)
	return resolved, err
}

// A PositionedError is an error at a place in a file: one of loading a
// package (a syntax, type or go command error), or an option that a
// generated file records and this mcptag does not accept.
type PositionedError struct {
	Pos string // "file:line:col" (or a shorter form), or "" if none is known
	Msg string
}

// Error is the message after its position: "file:line:col: message".
func (e PositionedError) Error() string {
	if e.Pos == "" {
		return e.Msg
	}
	return e.Pos + ": " + e.Msg
}
