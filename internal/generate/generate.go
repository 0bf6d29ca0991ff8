// Package generate is mcptag's pipeline: it loads and analyzes packages
// and renders, in memory, every file mcptag writes for them. The command,
// its -check mode, "mcptag diff" (what the tree would generate now) and
// the tests all run it; Write and Changes bring its files to disk.
package generate

import (
	"fmt"
	"go/token"

	"github.com/mcptag/mcptag/internal/emit"
	"github.com/mcptag/mcptag/internal/finding"
	"github.com/mcptag/mcptag/internal/genopts"
)

// A File is one file mcptag writes.
type File = emit.File

// A Result is what one Run produced.
type Result struct {
	Fset     *token.FileSet
	Packages []*Package
	// Findings are those that generation reports (see Report).
	Findings []finding.Finding
	// Files are the files to write, for every package, or nil when a
	// finding stops generation: mcptag generates nothing from a package
	// it cannot serve as its source says. A File with nil Data must not
	// exist.
	Files []emit.File
}

// Errors returns the findings that stop generation, in package order.
func (r *Result) Errors() []finding.Finding { return Stopping(r.Findings) }

// Stopping returns the findings of fs that stop generation.
func Stopping(fs []finding.Finding) []finding.Finding {
	var out []finding.Finding
	for _, f := range fs {
		if f.AtGeneration() == finding.Stops {
			out = append(out, f)
		}
	}
	return out
}

// Report returns the findings that generation reports of pkgs, in
// package order: every finding of a category that lint fails on by
// default but for stale (generation replaces stale code), and every
// error, placed and silenced as the linter places and silences them (see
// finding.Reporter), so that code that generates cleanly passes lint.
// What each does to the run is its AtGeneration.
func Report(pkgs []*Package) []finding.Finding {
	var out []finding.Finding
	for _, p := range pkgs {
		var reported []finding.Finding
		r := finding.NewReporter(p.Fset, p.Files)
		for _, f := range p.Findings {
			if f, ok := r.Place(f); ok && f.AtGeneration() != finding.LintOnly {
				reported = append(reported, f)
			}
		}
		// Whether a suppression silenced nothing is lint's to say: only
		// lint computes every finding one may silence (size, stale).
		reported = append(reported, r.SuppressionFindings(false)...)
		finding.Sort(p.Fset, reported)
		out = append(out, reported...)
	}
	return out
}

// Run loads the packages matching patterns in dir, analyzes them with
// opts resolved against the options each package's generated files record
// (see Packages), and renders their files. A load error is a load.Errors
// with the position of each error.
func Run(dir string, opts genopts.Options, patterns ...string) (*Result, error) {
	pkgs, err := Packages(dir, opts, patterns...)
	if err != nil {
		return nil, err
	}
	r := &Result{Fset: token.NewFileSet(), Packages: pkgs, Findings: Report(pkgs)}
	if len(pkgs) > 0 {
		r.Fset = pkgs[0].Fset
	}
	if len(r.Errors()) > 0 {
		return r, nil
	}
	for _, p := range pkgs {
		files, err := emit.Files(p.Dir, p.Package)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", p.Path, err)
		}
		// A declaration that shadows what the code uses stops it; only the
		// code says what it uses.
		r.Findings = append(r.Findings, emit.Shadowing(p.Package, files[0].Data)...)
		r.Files = append(r.Files, files...)
	}
	if len(r.Errors()) > 0 {
		r.Files = nil
	}
	return r, nil
}
