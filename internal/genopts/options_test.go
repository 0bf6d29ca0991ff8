package genopts_test

import (
	"flag"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/genfile"
	"github.com/mcptag/mcptag/internal/genopts"
)

// TestFlagsRoundTrip: what a generated file records (Flags) reads back
// (Parse) as the options that wrote it, for every option.
func TestFlagsRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{nil, nil},
		{[]string{"-closed"}, []string{"-closed"}},
		{[]string{"-titles=true", "-closed=false"}, []string{"-titles"}},
		{[]string{"-depth", "0"}, []string{"-depth=0"}},
		{[]string{"-descriptions=first", "-depth=3", "-titles", "-closed"}, []string{"-closed", "-depth=3", "-descriptions=first", "-titles"}},
		{[]string{"-descriptions=2"}, []string{"-descriptions=2"}},
		{[]string{"-descriptions=none"}, []string{"-descriptions=none"}},
		{[]string{"-profile=anthropic, gemini,openai"}, []string{"-profile=openai,gemini,anthropic"}},
		{[]string{"-profile=gemini", "-profile="}, nil},
		{[]string{"-strict", "-closed"}, []string{"-closed", "-strict"}},
	} {
		opts, rest, err := genopts.Parse(analyzer.Options{}, tc.args)
		if err != nil || len(rest) > 0 {
			t.Fatalf("Parse(%q): %v %q", tc.args, err, rest)
		}
		got := genopts.Flags(opts)
		if !slices.Equal(got, tc.want) {
			t.Errorf("Flags of %q = %q, want %q", tc.args, got, tc.want)
		}
		back, _, err := genopts.Parse(analyzer.Options{}, got)
		if err != nil || !slices.Equal(genopts.Flags(back), got) {
			t.Errorf("%q read back as %q (%v)", got, genopts.Flags(back), err)
		}
	}
}

// TestAddFlags: the flags of a command line are collected in Given, in
// order, and set none of the options themselves; a bad value is a usage
// error.
func TestAddFlags(t *testing.T) {
	var o genopts.Options
	fs := flag.NewFlagSet("mcptag", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	genopts.AddFlags(fs, &o.Given)
	if err := fs.Parse([]string{"-closed", "-depth=2", "-closed=false", "./..."}); err != nil {
		t.Fatal(err)
	}
	if want := []string{"-closed=true", "-depth=2", "-closed=false"}; !slices.Equal(o.Given, want) {
		t.Errorf("Given = %q, want %q", o.Given, want)
	}
	if o.Base.Closed || o.Base.Shrink.Depth != nil {
		t.Errorf("AddFlags set the options themselves: %+v", o)
	}
	if err := fs.Parse([]string{"-depth=-1"}); err == nil || !strings.Contains(err.Error(), "want a whole number") {
		t.Errorf("-depth=-1: %v, want a usage error", err)
	}
}

// TestAddFlagsLeavesDriversFlags: a flag the driver defines already (lint's
// -profile, which checks rather than generates) stays the driver's.
func TestAddFlagsLeavesDriversFlags(t *testing.T) {
	var o genopts.Options
	fs := flag.NewFlagSet("lint", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	mine := fs.String("profile", "", "the driver's own")
	genopts.AddFlags(fs, &o.Given)
	if err := fs.Parse([]string{"-profile=gemini", "-closed"}); err != nil {
		t.Fatal(err)
	}
	if *mine != "gemini" || !slices.Equal(o.Given, []string{"-closed=true"}) {
		t.Errorf("driver's -profile = %q, Given = %q; want gemini, [-closed=true]", *mine, o.Given)
	}
}

// TestResolve: the options recorded in a package's generated files go on
// top of the base, and the flags given on top of those; an option this
// mcptag does not know is an error at its position.
func TestResolve(t *testing.T) {
	rec := func(flags ...string) []genfile.RecordedOption {
		var out []genfile.RecordedOption
		for i, f := range flags {
			out = append(out, genfile.RecordedOption{Flag: f, Pos: "a/mcp_tools_gen.go:2:" + string(rune('1'+i))})
		}
		return out
	}
	for _, tc := range []struct {
		name     string
		opts     genopts.Options
		recorded []genfile.RecordedOption
		want     []string
		err      string
	}{
		{name: "nothing recorded", want: nil},
		{name: "recorded", recorded: rec("-closed", "-depth=2"), want: []string{"-closed", "-depth=2"}},
		{name: "given overrides", opts: genopts.Options{Given: []string{"-closed=false", "-titles=true"}},
			recorded: rec("-closed", "-depth=2"), want: []string{"-depth=2", "-titles"}},
		{name: "base under the record", opts: genopts.Options{Base: analyzer.Options{Titles: true}}, recorded: rec("-closed"), want: []string{"-closed", "-titles"}},
		{name: "unknown", recorded: rec("-closed", "-frobnicate"),
			err: "a/mcp_tools_gen.go:2:2: the generated file records an option this mcptag does not accept (flag provided but not defined: -frobnicate)"},
		{name: "bad value", recorded: rec("-depth=deep"), err: `a/mcp_tools_gen.go:2:1: the generated file records an option this mcptag does not accept (invalid value "deep" for flag -depth: want a whole number, 0 or more)`},
		{name: "not a flag", recorded: rec("./pkg"), err: `a/mcp_tools_gen.go:2:1: the generated file records an option this mcptag does not accept ("./pkg" is not a flag)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.opts.Resolve(tc.recorded)
			if tc.err != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tc.err) {
					t.Fatalf("err = %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(genopts.Flags(got), tc.want) {
				t.Errorf("resolved to %q, want %q", genopts.Flags(got), tc.want)
			}
		})
	}
}
