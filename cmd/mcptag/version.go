package main

import (
	"fmt"
	"io"
	"runtime/debug"
)

const versionUsage = `usage: mcptag version (or mcptag -version)

mcptag version prints mcptag's version and the version of the go-sdk
(github.com/modelcontextprotocol/go-sdk) that the code it generates is
built with. Both come from the build information of the mcptag binary:
mcptag's version is its module's ((devel) in a checkout, the module's
version when installed with go install or go tool, "replaced" when a
replace directive points at a checkout), and the go-sdk's is the one
linked into mcptag, which is the version the module that runs mcptag as
a tool selects, and so the one its generated code compiles against.
`

// Module paths whose versions mcptag version prints.
const (
	mcptagModule = "github.com/mcptag/mcptag"
	sdkModule    = "github.com/modelcontextprotocol/go-sdk"
)

func versionCommand(stderr io.Writer) *command {
	return newCommand("mcptag version", versionUsage, stderr)
}

func versionMain(args []string, stdout, stderr io.Writer) int {
	c := versionCommand(stderr)
	if ok, code := c.parse(args, stdout); !ok {
		return code
	}
	if c.NArg() > 0 {
		c.printUsage(stderr)
		return exitUsage
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		bi = &debug.BuildInfo{}
	}
	fmt.Fprintf(stdout, "mcptag %s\n", moduleVersion(bi, mcptagModule))
	fmt.Fprintf(stdout, "generated code: %s %s\n", sdkModule, moduleVersion(bi, sdkModule))
	return exitOK
}

// moduleVersion returns the version of module path in a binary's build
// information: the main module's, or a dependency's, with the
// replacement it names, if any; "unknown" if the binary was built without
// module information.
func moduleVersion(bi *debug.BuildInfo, path string) string {
	if bi.Main.Path == path && bi.Main.Version != "" {
		return describeModule(&bi.Main)
	}
	for _, d := range bi.Deps {
		if d.Path == path {
			return describeModule(d)
		}
	}
	return "unknown"
}

// describeModule is m's version, and its replacement's.
func describeModule(m *debug.Module) string {
	switch r := m.Replace; {
	case r == nil:
		return m.Version
	case r.Version != "" && r.Version != "(devel)": // a directory has none
		return fmt.Sprintf("%s (replaced by %s %s)", m.Version, r.Path, r.Version)
	default:
		return fmt.Sprintf("%s (replaced by %s)", m.Version, r.Path)
	}
}
