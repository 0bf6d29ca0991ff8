package emit_test

import (
	"flag"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mcptag/mcptag/internal/emit"
	"github.com/mcptag/mcptag/internal/generate"
	"github.com/mcptag/mcptag/internal/genopts"
	"github.com/rogpeppe/go-internal/diff"
)

var update = flag.Bool("update", false, "rewrite the generated files under testdata/endtoend")

// TestEndToEnd generates each package under testdata/endtoend and compares
// the result with the generated files committed beside its sources, in the
// style of sqlc's endtoend tests: each directory is a whole package, input
// and expected output together; it must build, and its own test, which
// calls its tools through a go-sdk client, must pass (but under -short,
// the inner loop, which compares the files only).
//
// The packages are generated together, in one load (see endToEnd): a new
// directory under testdata/endtoend is one more package of it.
func TestEndToEnd(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join("testdata", "endtoend", "*"))
	if err != nil {
		t.Fatal(err)
	}
	r := endToEnd(t)
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			abs, err := filepath.Abs(dir)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.ContainsFunc(r.Packages, func(p *generate.Package) bool { return p.Dir == abs }) {
				t.Fatalf("%s is not a package that generates", dir)
			}
			for _, f := range r.Files {
				if filepath.Dir(f.Path) == abs {
					compareFile(t, f)
				}
			}
			if !*update && !testing.Short() {
				// The committed code must compile against the real go-sdk,
				// and serve what the package's own test calls for.
				for _, cmd := range []string{"vet", "test"} {
					if out, err := exec.Command("go", cmd, "./"+dir).CombinedOutput(); err != nil {
						t.Errorf("go %s %s: %v\n%s", cmd, dir, err, out)
					}
				}
			}
		})
	}
}

// endToEnd returns what generating every package under testdata/endtoend
// gives, from one load that the tests reading it share: asking the go
// command for the packages and their imports' export data costs more than
// analyzing them, so it is asked once, not once a package and test.
func endToEnd(t *testing.T) *generate.Result {
	t.Helper()
	r, err := generateEndToEnd()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range r.Errors() {
		t.Fatalf("%s: %s", r.Fset.Position(f.Pos), f.Message)
	}
	return r
}

var generateEndToEnd = sync.OnceValues(func() (*generate.Result, error) {
	return generate.Run(filepath.Join("testdata", "endtoend"), genopts.Options{}, "./...")
})

func compareFile(t *testing.T, f emit.File) {
	t.Helper()
	if strings.HasSuffix(f.Path, ".go") {
		// The printer lays code out as gofmt does: no formatting pass.
		if formatted, err := format.Source(f.Data); err != nil {
			t.Errorf("%s does not parse: %v", f.Path, err)
		} else if d := diff.Diff(f.Path+" (generated)", f.Data, f.Path+" (gofmt)", formatted); d != nil {
			t.Errorf("generated file is not gofmt-clean:\n%s", d)
		}
	}
	if *update {
		if err := os.WriteFile(f.Path, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(f.Path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if d := diff.Diff(f.Path+" (committed)", want, f.Path+" (generated)", f.Data); d != nil {
		t.Errorf("generated file differs; run go test ./emit -update and review:\n%s", d)
	}
}

// TestGoIsStable checks that generating again gives the same bytes, so
// that a committed file never churns: twice alone (once under -short),
// and once among the other packages (endToEnd), whose load orders types
// and files otherwise.
func TestGoIsStable(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("testdata", "endtoend", "shapes"))
	if err != nil {
		t.Fatal(err)
	}
	files := func(r *generate.Result) []byte {
		var src []byte
		for _, f := range r.Files {
			if filepath.Dir(f.Path) == dir {
				src = append(src, f.Data...)
			}
		}
		return src
	}
	first := files(endToEnd(t))
	runs := 2
	if testing.Short() {
		runs = 1
	}
	for i := range runs {
		r, err := generate.Run(dir, genopts.Options{}, ".")
		if err != nil {
			t.Fatal(err)
		}
		if string(files(r)) != string(first) {
			t.Fatalf("run %d generated different files", i+2)
		}
	}
}
