package emit_test

import (
	"flag"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
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
func TestEndToEnd(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join("testdata", "endtoend", "*"))
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			r, err := generate.Run(dir, genopts.Options{}, ".")
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range r.Errors() {
				t.Fatalf("%s: %s", r.Fset.Position(f.Pos), f.Message)
			}
			for _, f := range r.Files {
				compareFile(t, f)
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

// TestGoIsStable checks that generating twice gives the same bytes, so
// that a committed file never churns.
func TestGoIsStable(t *testing.T) {
	dir := filepath.Join("testdata", "endtoend", "shapes")
	var first []byte
	for i := range 3 {
		r, err := generate.Run(dir, genopts.Options{}, ".")
		if err != nil {
			t.Fatal(err)
		}
		var src []byte
		for _, f := range r.Files {
			src = append(src, f.Data...)
		}
		if i == 0 {
			first = src
		} else if string(src) != string(first) {
			t.Fatalf("run %d generated different files", i+1)
		}
	}
}
