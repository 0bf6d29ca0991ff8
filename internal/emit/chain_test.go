package emit_test

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/emit"
	"github.com/mcptag/mcptag/internal/generate"
	"github.com/mcptag/mcptag/internal/genopts"
)

// chainPackage analyzes a package whose tool takes a chain of depth
// struct types, each holding the next: L0{Next L1}, L1{Next L2}...
func chainPackage(tb testing.TB, depth int) *analyzer.Package {
	tb.Helper()
	dir, err := os.MkdirTemp("testdata", "chain")
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { os.RemoveAll(dir) })
	var src strings.Builder
	src.WriteString("package chain\n\n")
	for i := range depth {
		fmt.Fprintf(&src, "// L%d is a link.\ntype L%d struct {\n\t// Next is the next link.\n\tNext *L%d `json:\"next,omitempty\"`\n}\n\n", i, i, i+1)
	}
	fmt.Fprintf(&src, "// L%d is the last link.\ntype L%d struct{}\n\n", depth, depth)
	src.WriteString("// Walk walks the chain.\n//\n//mcp:tool\nfunc Walk(first L0) string { return \"\" }\n")
	if err := os.WriteFile(filepath.Join(dir, "chain.go"), []byte(src.String()), 0o644); err != nil {
		tb.Fatal(err)
	}
	r, err := generate.Run(dir, genopts.Options{}, ".")
	if err != nil {
		tb.Fatal(err)
	}
	for _, f := range r.Errors() {
		tb.Fatalf("%s: %s", r.Fset.Position(f.Pos), f.Message)
	}
	return r.Packages[0].Package
}

// TestDeepChainPrints prints the argument checks of a chain 1,200 links
// deep, every link of it, with an indentation that stays bounded.
func TestDeepChainPrints(t *testing.T) {
	const depth = 1200
	src, err := emit.Go(chainPackage(t, depth))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(string(src), `Name: "next"`); got != depth {
		t.Errorf("the argument checks hold %d links, want %d", got, depth)
	}
	for _, line := range strings.Split(string(src), "\n") {
		if indent := len(line) - len(strings.TrimLeft(line, "\t")); indent > 10 {
			t.Fatalf("a line indented %d tabs: the nesting is printed one level a line:\n%.200s", indent, line)
		}
	}
}

// BenchmarkPrintChain prints the code of a tool whose argument is a
// chain of struct types 300, then 1,200 deep, from its listing (the
// schemas encoded once, outside the loop): the printer's time per
// operation grows as the depth does
// (go test -run X -bench PrintChain -benchtime 20x ./internal/emit).
func BenchmarkPrintChain(b *testing.B) {
	for _, depth := range []int{300, 1200} {
		b.Run(fmt.Sprint(depth), func(b *testing.B) {
			pkg := chainPackage(b, depth)
			tools, err := emit.Tools(pkg)
			if err != nil {
				b.Fatal(err)
			}
			runtime.GC() // the analysis's garbage, collected outside the loop
			for b.Loop() {
				if _, err := emit.GoSource(pkg, tools); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkGoChain writes the whole generated file of the same chains,
// their schemas encoded included
// (go test -run X -bench GoChain -benchtime 20x ./internal/emit).
func BenchmarkGoChain(b *testing.B) {
	for _, depth := range []int{300, 1200} {
		b.Run(fmt.Sprint(depth), func(b *testing.B) {
			pkg := chainPackage(b, depth)
			runtime.GC()
			for b.Loop() {
				if _, err := emit.Go(pkg); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
