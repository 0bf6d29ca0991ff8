package analyzer

import (
	"go/ast"
	"go/build/constraint"
	"path/filepath"
	"strings"

	"github.com/mcptag/mcptag/internal/directive"
	"github.com/mcptag/mcptag/internal/finding"
)

// The generated file has no build constraint: it registers every
// declaration in every build of the package. A declaration in a file
// that some builds leave out (a //go:build line, a _linux.go name, cgo)
// would leave those builds calling a function that is not there, and
// generating in such a build would drop the declaration. So a directive
// in a constrained file is an error at the directive, in every
// configuration that builds the file; load refuses the configurations
// that leave it out.

// A probe is one build configuration a file is tried against: a file
// that builds in all of them builds everywhere that matters.
type probe struct {
	goos, goarch string
	unix, cgo    bool
}

var probes = []probe{
	{"linux", "amd64", true, true},
	{"windows", "arm64", false, false},
	{"js", "wasm", false, false},
}

// tag reports whether the build tag is set in the configuration: its
// GOOS, GOARCH, unix, cgo, and every release and compiler tag, which no
// file of a module built with Go 1.26 can miss.
func (p probe) tag(tag string) bool {
	switch tag {
	case p.goos, p.goarch:
		return true
	case "unix":
		return p.unix
	case "cgo":
		return p.cgo
	case "gc":
		return true
	}
	return strings.HasPrefix(tag, "go1.")
}

// buildConstraint describes what restricts the builds that include f
// (its //go:build line, its name's _GOOS or _GOARCH suffix, import "C"),
// or returns "" when every configuration builds it.
func (a *analysis) buildConstraint(f *ast.File) string {
	for _, cg := range f.Comments {
		if cg.Pos() > f.Package {
			break
		}
		for _, c := range cg.List {
			if !constraint.IsGoBuild(c.Text) && !constraint.IsPlusBuild(c.Text) {
				continue
			}
			if expr, err := constraint.Parse(c.Text); err == nil && !everywhere(expr.Eval) {
				return "its " + c.Text + " line"
			}
		}
	}
	name := filepath.Base(a.fset.PositionFor(f.Package, false).Filename)
	if suffix := NameConstraint(name); suffix != "" {
		return "its name's " + suffix + " suffix"
	}
	for _, imp := range f.Imports {
		if imp.Path.Value == `"C"` {
			return `its import "C" (cgo)`
		}
	}
	return ""
}

// everywhere reports whether eval, a constraint's, holds in every probe.
func everywhere(eval func(ok func(tag string) bool) bool) bool {
	for _, p := range probes {
		if !eval(p.tag) {
			return false
		}
	}
	return true
}

// NameConstraint returns the _GOOS, _GOARCH or _GOOS_GOARCH suffix of a
// Go file's name that the go command reads as a build constraint, or "".
func NameConstraint(name string) string {
	elems := strings.Split(strings.TrimSuffix(strings.TrimSuffix(name, ".go"), "_test"), "_")
	n := len(elems)
	switch {
	case n >= 3 && knownOS[elems[n-2]] && knownArch[elems[n-1]]:
		return "_" + elems[n-2] + "_" + elems[n-1]
	case n >= 2 && (knownOS[elems[n-1]] || knownArch[elems[n-1]]):
		return "_" + elems[n-1]
	}
	return ""
}

// knownOS and knownArch are the GOOS and GOARCH values the go command
// reads in file names (go/build's lists, which it does not export).
var knownOS = setOf("aix", "android", "darwin", "dragonfly", "freebsd", "hurd", "illumos", "ios", "js", "linux", "nacl", "netbsd", "openbsd", "plan9", "solaris", "wasip1", "windows", "zos")

var knownArch = setOf("386", "amd64", "amd64p32", "arm", "armbe", "arm64", "arm64be", "loong64", "mips", "mipsle", "mips64", "mips64le", "mips64p32", "mips64p32le", "ppc", "ppc64", "ppc64le", "riscv", "riscv64", "s390", "s390x", "sparc", "sparc64", "wasm")

func setOf(names ...string) map[string]bool {
	set := map[string]bool{}
	for _, n := range names {
		set[n] = true
	}
	return set
}

// refuseConstrained reports every directive of f, whose builds why
// restricts, as an error at the directive.
func (a *analysis) refuseConstrained(f *ast.File, why string) {
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			kind := directive.Recognize(c.Text).Kind
			if kind == "" {
				continue
			}
			a.report(finding.Finding{Pos: c.Slash, End: c.End(), Category: finding.CatDirective, Error: true,
				Message: "//mcp:" + kind + " in a file that only some builds include (" + why + "): the generated file, which every build includes, would refer to what the others lack; declare it in a file without build constraints, which may call the constrained code"})
		}
	}
}
