// Package genopts holds the generator's options as a command line gives
// them and as generated files record them: the flags that set them, the
// record (the flags that differ from the defaults), and how one run
// resolves the two for a package. The analyzer only reads the options
// that result.
package genopts

import (
	"flag"
	"fmt"
	"io"
	"strconv"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/genfile"
)

// Options are the generator's options for one run: Base, then the
// options each package's generated files record on top (see Resolve),
// then Given on top of those.
type Options struct {
	// Base are the options under the record: zero for a command line.
	Base analyzer.Options
	// Given are the generator's options named on a command line, as the
	// flags that set them ("-closed=true", "-depth=2"), in order, as
	// AddFlags collects them. A flag given overrides the record, an option not
	// given keeps it.
	Given []string
}

// AddFlags defines the generator's options as flags of fs, but for those
// fs defines already. A flag given
// sets no option: it is appended to given (Options.Given), to override
// what each package's generated files record and nothing else.
func AddFlags(fs *flag.FlagSet, given *[]string) {
	var check analyzer.Options // parses each value, so that a bad one is a usage error
	defs := flag.NewFlagSet("", flag.ContinueOnError)
	defineFlags(&check, defs)
	defs.VisitAll(func(f *flag.Flag) {
		if fs.Lookup(f.Name) != nil {
			return // the driver's own flag of that name: lint's -profile checks, it does not generate
		}
		g := givenFlag{f.Value, f.Name, given}
		if isBool(f.Value) {
			fs.Var(&givenBool{g}, f.Name, f.Usage)
		} else {
			fs.Var(&g, f.Name, f.Usage)
		}
	})
}

// defineFlags defines the generator's options as flags of fs, which set o.
func defineFlags(o *analyzer.Options, fs *flag.FlagSet) {
	fs.BoolVar(&o.Closed, "closed", o.Closed, "close every output object (additionalProperties: false)")
	fs.BoolVar(&o.Titles, "titles", o.Titles, "add pydantic-style titles, as a Python FastMCP server lists them")
	fs.BoolVar(&o.Strict, "strict", o.Strict, "refuse numbers and booleans sent as strings, and enum values that differ in case, in every tool (as a directive's strict does in one)")
	o.Shrink.AddFlags(fs)
	fs.Var(&o.Args, "args", "name every tool's plain parameters on the wire in this `style`: go, as the source spells them, or snake (runID is run_id); a tool's args= overrides it (docs/types.md)")
	fs.Var(&o.Profile, "profile", "fit every input schema to the model `providers` named, comma-separated: openai, gemini, anthropic (docs/profiles.md)")
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

// Parse parses the generator's options from args, the arguments of an
// mcptag command line, on top of base. It returns the options and the
// arguments after them: the package patterns.
func Parse(base analyzer.Options, args []string) (analyzer.Options, []string, error) {
	o := base
	fs := flag.NewFlagSet("mcptag", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	defineFlags(&o, fs)
	if err := fs.Parse(args); err != nil {
		return base, nil, err
	}
	return o, fs.Args(), nil
}

// Flags returns the generator's options in o that differ from the
// defaults, as the flags that set them ("-closed", "-depth=2"), in the
// order of their names: what the generated files record
// (analyzer.Package.Flags). Parse reads them back.
func Flags(o analyzer.Options) []string {
	var zero analyzer.Options
	defaults, set := flag.NewFlagSet("", flag.ContinueOnError), flag.NewFlagSet("", flag.ContinueOnError)
	defineFlags(&zero, defaults)
	defineFlags(&o, set)
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

// Resolve returns the options to analyze a package with: o.Base, then the
// options recorded by the package's generated files on top (see
// genfile.ReadOptions), then o.Given on top of those. So every run on a
// package (the generator's, -check's, diff's, the linter's) analyzes it
// as it was generated, however that was: by hand or by a //go:generate
// line, with any spelling of the command. A recorded option this mcptag
// does not accept is an error at its position.
func (o Options) Resolve(recorded []genfile.RecordedOption) (analyzer.Options, error) {
	base := o.Base
	for _, r := range recorded {
		next, rest, err := Parse(base, []string{r.Flag})
		if err == nil && len(rest) > 0 {
			err = fmt.Errorf("%s is not a flag", strconv.Quote(r.Flag))
		}
		if err != nil {
			return base, genfile.PositionedError{Pos: r.Pos, Msg: fmt.Sprintf(
				"the generated file records an option this mcptag does not accept (%v); regenerate the package with this mcptag and the options mcptag -h lists", err)}
		}
		base = next
	}
	resolved, _, err := Parse(base, o.Given)
	return resolved, err
}
