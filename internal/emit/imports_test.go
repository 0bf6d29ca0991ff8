package emit_test

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestImportsKeepTheirNames: the generated file imports a package under
// the name the package's own files give it, not one made from the path
// (v1, v12), when that name is free.
func TestImportsKeepTheirNames(t *testing.T) {
	const want = `alphav1 "github.com/mcptag/mcptag/internal/emit/testdata/endtoend/imports/alpha/v1"`
	for _, f := range endToEnd(t).Files {
		if filepath.Base(filepath.Dir(f.Path)) == "imports" && strings.HasSuffix(f.Path, ".go") {
			if !strings.Contains(string(f.Data), want) {
				t.Errorf("%s does not import %s", f.Path, want)
			}
			return
		}
	}
	t.Fatal("no generated file for testdata/endtoend/imports")
}
