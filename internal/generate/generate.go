// Package generate is mcptag's pipeline: it loads and analyzes packages
// and renders, in memory, every file mcptag writes for them. The command,
// its -check mode, "mcptag diff" (what the tree would generate now) and
// the tests all run it; Write and Changes bring its files to disk.
package generate

import (
	"fmt"
	"go/token"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/emit"
)

// A File is one file mcptag writes.
type File = emit.File

// A Result is what one Run produced.
type Result struct {
	Fset     *token.FileSet
	Packages []*analyzer.Loaded
	// Files are the files to write, for every package, or nil when a
	// finding is an error: mcptag generates nothing from a package it
	// cannot serve. A File with nil Data must not exist.
	Files []emit.File
}

// Errors returns the findings that stop generation, in package order.
func (r *Result) Errors() []analyzer.Finding {
	var errs []analyzer.Finding
	for _, p := range r.Packages {
		for _, f := range p.Findings {
			if f.Error {
				errs = append(errs, f)
			}
		}
	}
	return errs
}

// Run loads the packages matching patterns in dir, analyzes them with
// opts resolved against the options each package's generated files record
// (analyzer.Options.Resolve), and renders their files. A load error is an analyzer.LoadError with the position of each
// error.
func Run(dir string, opts analyzer.Options, patterns ...string) (*Result, error) {
	pkgs, err := analyzer.Load(dir, opts, patterns...)
	if err != nil {
		return nil, err
	}
	r := &Result{Fset: token.NewFileSet(), Packages: pkgs}
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
		r.Files = append(r.Files, files...)
	}
	return r, nil
}
