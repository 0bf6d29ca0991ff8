package generate_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/internal/generate"
	"github.com/mcptag/mcptag/internal/genopts"
)

// The benchmarks of this file show that generation costs time linear in
// its input, for inputs that once cost far more: a DAG of argument types
// (exponential, inlined), a long doc comment (quadratic, joined line by
// line), a deep chain of types. Each pair of sizes is run side by side:
//
//	go test ./internal/generate -run '^$' -bench 'Generate|Analyze' -benchtime 1x -count 3
//
// BENCHMARKS.md records the ratios. Generate is the whole pipeline (load,
// analyze, print the files); Analyze stops after the analyzer, so that a
// cost left in printing shows as the difference.

// costInputs are the inputs, by name, each a package source of one size.
var costInputs = []struct {
	name string
	src  func() string
}{
	{"dag=6", func() string { return dagSource(6) }},
	{"dag=12", func() string { return dagSource(12) }},
	{"box=6", func() string { return boxSource(6) }},
	{"box=12", func() string { return boxSource(12) }},
	{"doc=1MB", func() string { return docSource(1 << 20) }},
	{"doc=8MB", func() string { return docSource(8 << 20) }},
	{"chain=300", func() string { return chainSource(300) }},
	{"chain=1200", func() string { return chainSource(1200) }},
}

// dagSource is a tool whose argument type is a DAG of depth levels: each
// level's struct holds two fields of the level below.
func dagSource(depth int) string {
	var b strings.Builder
	b.WriteString("package x\n\nimport \"context\"\n\n// T0 is the bottom.\ntype T0 struct {\n\tV string `json:\"v\"`\n}\n")
	for i := 1; i <= depth; i++ {
		fmt.Fprintf(&b, "\n// T%d is a level.\ntype T%d struct {\n\tA T%d `json:\"a\"`\n\tB T%d `json:\"b\"`\n}\n", i, i, i-1, i-1)
	}
	fmt.Fprintf(&b, "\n// Deep takes a DAG.\n//\n//mcp:tool\nfunc Deep(ctx context.Context, in T%d) (T%d, error) { return in, nil }\n", depth, depth)
	return b.String()
}

// boxSource is a tool whose argument is a generic pair nested depth deep.
func boxSource(depth int) string {
	t := "int"
	for range depth {
		t = "Box[" + t + "]"
	}
	return "package x\n\nimport \"context\"\n\n// Box holds two.\ntype Box[T any] struct {\n\tA T `json:\"a\"`\n\tB T `json:\"b\"`\n}\n\n" +
		"// Boxes takes boxes.\n//\n//mcp:tool\nfunc Boxes(ctx context.Context, in " + t + ") (int, error) { return 0, nil }\n"
}

// docSource is a tool whose doc comment is about size bytes, one
// paragraph.
func docSource(size int) string {
	var b strings.Builder
	b.WriteString("package x\n\nimport \"context\"\n\n// Hello says hello.\n")
	line := "// " + strings.Repeat("word ", 15) + "\n"
	for b.Len() < size {
		b.WriteString(line)
	}
	b.WriteString("//\n//mcp:tool\nfunc Hello(ctx context.Context, name string) (string, error) { return name, nil }\n")
	return b.String()
}

// chainSource is a tool whose argument type is a chain of depth structs,
// each holding the next through a pointer.
func chainSource(depth int) string {
	var b strings.Builder
	b.WriteString("package x\n\nimport \"context\"\n\n// T0 is the end.\ntype T0 struct {\n\tV string `json:\"v\"`\n}\n")
	for i := 1; i <= depth; i++ {
		fmt.Fprintf(&b, "\n// T%d is a link.\ntype T%d struct {\n\tNext *T%d `json:\"next,omitempty\"`\n}\n", i, i, i-1)
	}
	fmt.Fprintf(&b, "\n// Chain takes a chain.\n//\n//mcp:tool\nfunc Chain(ctx context.Context, in T%d) (string, error) { return \"\", nil }\n", depth)
	return b.String()
}

// costModule writes src as the one file of a module's package, and
// returns the module's directory.
func costModule(b *testing.B, src string) string {
	dir := b.TempDir()
	for name, data := range map[string]string{"go.mod": "module x\n\ngo 1.26\n", "x.go": src} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return dir
}

func BenchmarkGenerate(b *testing.B) {
	for _, in := range costInputs {
		dir := costModule(b, in.src())
		b.Run(in.name, func(b *testing.B) {
			for b.Loop() {
				r, err := generate.Run(dir, genopts.Options{}, ".")
				if err != nil || len(r.Errors()) > 0 || len(r.Files) == 0 {
					b.Fatalf("%v %v", err, r.Errors())
				}
			}
		})
	}
}

func BenchmarkAnalyze(b *testing.B) {
	for _, in := range costInputs {
		dir := costModule(b, in.src())
		b.Run(in.name, func(b *testing.B) {
			for b.Loop() {
				pkgs, err := generate.Packages(dir, genopts.Options{}, ".")
				if err != nil || len(pkgs) != 1 || len(pkgs[0].Tools) != 1 {
					b.Fatalf("%v", err)
				}
			}
		})
	}
}
