package analyzer

import (
	"go/ast"

	"github.com/mcptag/mcptag/internal/shrink"
)

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
