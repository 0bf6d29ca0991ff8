package main

import (
	"fmt"
	"go/ast"
	"io"
	"strings"

	"github.com/mcptag/mcptag/internal/directive"
	"github.com/mcptag/mcptag/internal/generate"
	"github.com/mcptag/mcptag/internal/genfile"
)

// A matchedPackage is what -check, lint and stats need to know of a
// package their patterns matched: its files and its directory.
type matchedPackage struct {
	files []*ast.File
	dir   string
}

// checksNothing reports, on stderr, patterns that match no package with a
// declaration or a generated file, and returns true: a check of them
// checks nothing, and passing it would hide what it was meant to find
// (mcptag -check run in a module root whose own package declares
// nothing, where ./... was meant). prefix starts the message ("mcptag",
// "mcptag lint").
func checksNothing(stderr io.Writer, prefix string, patterns []string, pkgs []matchedPackage) bool {
	for _, p := range pkgs {
		if directive.Declares(p.files) || genfile.InDir(p.dir) {
			return false
		}
	}
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	fmt.Fprintf(stderr, "%s: no //mcp: declarations in %s%s\n", prefix, strings.Join(patterns, " "), didYouMean(patterns))
	return true
}

// didYouMean suggests the patterns that reach the packages below those
// given ("; did you mean ./...?"), or returns "" if each already does.
func didYouMean(patterns []string) string {
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	var wider []string
	for _, p := range patterns {
		if !strings.Contains(p, "...") {
			wider = append(wider, strings.TrimSuffix(p, "/")+"/...")
		}
	}
	if len(wider) == 0 {
		return ""
	}
	return fmt.Sprintf("; did you mean %s?", strings.Join(wider, " "))
}

// loadedPackages lists the packages generate.Packages loaded, as
// checksNothing wants them.
func loadedPackages(pkgs []*generate.Package) []matchedPackage {
	var out []matchedPackage
	for _, p := range pkgs {
		out = append(out, matchedPackage{p.Files, p.Dir})
	}
	return out
}
