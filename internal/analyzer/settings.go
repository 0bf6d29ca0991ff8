package analyzer

import (
	"fmt"
	"go/ast"

	"github.com/mcptag/mcptag/internal/directive"

	"github.com/mcptag/mcptag/internal/profile"
	"github.com/mcptag/mcptag/internal/shrink"
)

// ArgNames says how plain parameters are named on the wire:
// directive.ArgsGo or directive.ArgsSnake; "" is ArgsGo. It is the
// value of the -args flag.
type ArgNames string

// String returns the value, "go" for the default.
func (n ArgNames) String() string {
	if n == "" {
		return directive.ArgsGo
	}
	return string(n)
}

// Set sets the value from a flag: go or snake.
func (n *ArgNames) Set(v string) error {
	if v != directive.ArgsGo && v != directive.ArgsSnake {
		return fmt.Errorf("want %s or %s", directive.ArgsGo, directive.ArgsSnake)
	}
	*n = ArgNames(v)
	return nil
}

// Options change how tools are analyzed. Closed, Titles and Shrink are
// the generator's options, which a user sets on mcptag's command line
// and a package's generated files record (package genopts reads both);
// ImportedDocs and Module describe the environment, and are set by
// whoever loads the package (the pipeline, the linter).
type Options struct {
	// Closed closes every output object (additionalProperties: false), as
	// the directive's closed option does for one tool.
	Closed bool
	// Titles adds pydantic-style titles, so that a server ported from
	// Python's FastMCP lists the same schemas.
	Titles bool
	// Strict turns off the leniency toward arguments for every tool of the
	// package (numbers and booleans sent as strings, enum values that
	// differ in case), as the directive's strict option does for one.
	Strict bool
	// Shrink cuts every tool's schemas down; a tool's directive can say
	// more (depth=, descriptions=).
	Shrink shrink.Options
	// Profile fits every tool's input schema to the model providers it
	// names (-profile, docs/profiles.md).
	Profile profile.Set
	// Args names every tool's plain parameters on the wire, as a tool's
	// args= does for one tool: as the source spells them (the default)
	// or in snake case.
	Args ArgNames
	// CheckProfile reports, as profile findings, where a tool's input
	// schema as served breaks the rules of the providers it names,
	// changing nothing: lint's -profile.
	CheckProfile profile.Set

	// ImportedDocs finds the descriptions of types declared in other
	// packages.
	ImportedDocs DocSource
	// Module is the path of the module being analyzed. A named type of
	// another module gets no enum from its constants (see closedEnum).
	// Empty means every type is the module's own.
	Module string
	// TestFiles are the package's in-package _test.go files, parsed: the
	// names they declare share the package scope with the generated
	// file's, when go vet or go test builds them.
	TestFiles []*ast.File
}
