package analyzer_test

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/mcptag/mcptag/internal/generate"
	"github.com/mcptag/mcptag/internal/genopts"
)

// TestDefNamesAgree gives a tool three recursive types of one name, from
// packages a, b and c (the last two both named v1), as its argument and
// as its result: the input and the output schemas name their $defs
// entries alike, the first by its Go name, the others qualified by their
// package's name, and numbered when that is taken too.
func TestDefNamesAgree(t *testing.T) {
	node := func(pkg string) string {
		return "package " + pkg + "\n\n// Node is a tree.\ntype Node struct {\n\tChildren []*Node `json:\"children\"`\n}\n"
	}
	dir := t.TempDir()
	for name, data := range map[string]string{
		"go.mod":  "module example.com/x\n\ngo 1.26\n",
		"a/a.go":  node("a"),
		"b/v1.go": node("v1"),
		"c/v1.go": node("v1"),
		"x.go": `package x

import (
	"example.com/x/a"
	bv1 "example.com/x/b"
	cv1 "example.com/x/c"
)

// Trees are three trees.
type Trees struct {
	A a.Node   ` + "`json:\"a\"`" + `
	B bv1.Node ` + "`json:\"b\"`" + `
	C cv1.Node ` + "`json:\"c\"`" + `
}

// Echo returns its trees.
//
//mcp:tool
func Echo(in Trees) Trees { return in }
`,
	} {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pkgs, err := generate.Packages(dir, genopts.Options{}, ".")
	if err != nil {
		t.Fatal(err)
	}
	tool := pkgs[0].Tools[0]
	want := []string{"Node", "v1.Node", "v1.Node2"}
	in, out := slices.Sorted(maps.Keys(tool.Input.Defs)), slices.Sorted(maps.Keys(tool.Output.Defs))
	if !slices.Equal(in, want) || !slices.Equal(out, want) {
		t.Errorf("$defs of the input %q and of the output %q, want both %q", in, out, want)
	}
	for _, f := range tool.Arguments.Root.Fields {
		var outRef string
		if s := tool.Output.Properties[f.Name]; s != nil {
			outRef = s.Ref
		}
		if want := "#/$defs/" + f.Value.Ref; outRef != want {
			t.Errorf("argument %s refers to %q, its output property to %q", f.Name, want, outRef)
		}
	}
}
