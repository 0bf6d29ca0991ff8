package layers_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// module is mcptag's module path; the rules name packages relative to it.
const module = "github.com/mcptag/mcptag/"

// A rule says what one package may depend on: never on the packages in
// forbid (directly or not, or only directly when direct is set), and, if
// only is set, on no package of the module but those.
type rule struct {
	pkg    string
	forbid []string
	direct bool
	only   []string
	why    string
}

var rules = []rule{
	{pkg: "internal/load", forbid: []string{"internal/analyzer", "internal/emit", "internal/genopts", "internal/generate"},
		why: "load only loads; analyzing is the pipeline's"},
	{pkg: "internal/analyzer", forbid: []string{"internal/load", "internal/genfile", "internal/genopts", "internal/emit", "internal/generate"},
		why: "the analyzer knows nothing of loading, of the files mcptag writes or of the generator's flags"},
	{pkg: "internal/analyzer", forbid: []string{"flag"}, direct: true,
		why: "command-line flags are genopts'"},
	{pkg: "internal/emit", forbid: []string{"internal/load", "internal/genopts", "internal/generate"},
		why: "emit renders what it is given"},
	{pkg: "internal/genopts", forbid: []string{"internal/load", "internal/emit", "internal/generate"},
		why: "the generator's options are read alike by the pipeline and the linter"},
	{pkg: "lint", forbid: []string{"internal/load", "internal/generate"},
		why: "the linter runs under drivers that load packages themselves, and does not import the pipeline"},
	{pkg: "internal/catalog", forbid: []string{"internal/load", "internal/generate"},
		why: "the catalogue renders analyzed packages it is given, and does not import the pipeline"},
	{pkg: "toolrt", only: []string{"internal/argspec", "internal/suggest", "internal/rtlink", "internal/paramheader", "internal/uiext", "internal/extension", "internal/perserver", "internal/placeholder", "internal/searchindex"},
		why: "toolrt is what a server uses: never toolimpl, never the generator"},
	{pkg: "toolimpl", only: []string{"toolrt", "internal/argspec", "internal/suggest", "internal/rtlink", "internal/paramheader", "internal/uiext", "internal/extension", "internal/perserver", "internal/placeholder", "internal/searchindex"},
		why: "generated code links toolimpl, which carries none of the generator"},
	{pkg: "internal/uiext", only: []string{"internal/extension", "internal/perserver"},
		why: "the MCP Apps extension is served on the go-sdk alone, below both run-time packages"},
	{pkg: "internal/perserver", only: []string{},
		why: "what the run time keeps per server needs the go-sdk alone"},
	{pkg: "internal/extension", only: []string{},
		why: "advertising an extension on a server needs the go-sdk alone"},
	{pkg: "internal/searchindex", only: []string{},
		why: "the generator computes a tool's search terms and the run time searches them by the same rules, which need nothing else"},
	{pkg: "internal/placeholder", only: []string{},
		why: "the generator checks description templates and the run time fills them by the same rules, which need nothing else"},
}

// TestImportRules checks every rule against the packages as the go
// command lists them (tests left out: they may import what they test
// with).
func TestImportRules(t *testing.T) {
	pkgs := listPackages(t)
	for _, r := range rules {
		p, ok := pkgs[module+r.pkg]
		if !ok {
			t.Errorf("no package %s to check", r.pkg)
			continue
		}
		deps := p.Deps
		if r.direct {
			deps = p.Imports
		}
		for _, dep := range deps {
			rel := strings.TrimPrefix(dep, module)
			switch {
			case slices.Contains(r.forbid, rel):
				t.Errorf("%s depends on %s: %s", r.pkg, rel, r.why)
			case r.only != nil && rel != dep && !slices.Contains(r.only, rel):
				t.Errorf("%s depends on %s, not one of %s: %s", r.pkg, rel, strings.Join(r.only, ", "), r.why)
			}
		}
	}
}

// A listed package is one package as go list describes it.
type listed struct {
	ImportPath    string
	Imports, Deps []string
}

// listPackages lists the module's packages, by import path.
func listPackages(t *testing.T) map[string]listed {
	t.Helper()
	cmd := exec.Command("go", "list", "-json=ImportPath,Imports,Deps", module+"...")
	cmd.Dir = "../.."
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.Bytes())
	}
	pkgs := map[string]listed{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listed
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("go list: %v", err)
		}
		pkgs[p.ImportPath] = p
	}
	return pkgs
}
