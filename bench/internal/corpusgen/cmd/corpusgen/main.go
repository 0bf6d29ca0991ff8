// Command corpusgen writes the synthetic tool package the mcptag benchmarks
// measure. Run mcptag on the written package afterwards.
//
//	go run ./internal/corpusgen/cmd/corpusgen -n 600 -o corpus600
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/mcptag/mcptag/bench/internal/corpusgen"
)

func main() {
	n := flag.Int("n", corpusgen.DefaultN, "number of tools")
	out := flag.String("o", "", "output directory (required)")
	pkg := flag.String("pkg", "", "package name (default: the directory's name)")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "usage: corpusgen [-n N] [-pkg name] -o dir")
		os.Exit(2)
	}
	if *pkg == "" {
		*pkg = filepath.Base(*out)
	}
	if err := corpusgen.Write(*out, *pkg, *n); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
