// Command ratios reads the output of the bench package's benchmarks (any
// -count) and prints, as a Markdown table, the median ns/op, B/op and
// allocs/op of each implementation and the ratio of mcptag's generated
// code to each other implementation of the same benchmark.
//
//	go test -tags corpus600 -run '^$' -bench . -count 8 | tee bench.txt
//	go run ./internal/ratios bench.txt
package main

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// A line of benchmark output: Benchmark<group>/.../impl=<impl>-<procs>.
var line = regexp.MustCompile(`^(Benchmark\S*?)/?impl=([^/\s]+?)(?:-\d+)?\s+\d+\s+(.*)$`)

type key struct{ group, impl string }

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: ratios bench.txt")
		os.Exit(2)
	}
	f, err := os.Open(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	samples := map[key]map[string][]float64{} // unit -> values
	var groups []string
	impls := map[string][]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		m := line.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		k := key{strings.TrimPrefix(m[1], "Benchmark"), m[2]}
		if samples[k] == nil {
			samples[k] = map[string][]float64{}
			if !slices.Contains(groups, k.group) {
				groups = append(groups, k.group)
			}
			impls[k.group] = append(impls[k.group], k.impl)
		}
		fields := strings.Fields(m[3])
		for i := 0; i+1 < len(fields); i += 2 {
			v, err := strconv.ParseFloat(fields[i], 64)
			if err == nil {
				samples[k][fields[i+1]] = append(samples[k][fields[i+1]], v)
			}
		}
	}
	units := []string{"ns/op", "B/op", "allocs/op"}
	fmt.Println("| benchmark | impl | ns/op | B/op | allocs/op | generated/impl: time | B | allocs |")
	fmt.Println("|---|---|---:|---:|---:|---:|---:|---:|")
	for _, g := range groups {
		base := samples[key{g, "generated"}]
		for _, im := range impls[g] {
			s := samples[key{g, im}]
			row := []string{g, im}
			row = append(row, duration(median(s["ns/op"])), size(median(s["B/op"])), count(median(s["allocs/op"])))
			for _, u := range units {
				if base == nil || im == "generated" {
					row = append(row, "")
					continue
				}
				row = append(row, fmt.Sprintf("%.3g", median(base[u])/median(s[u])))
			}
			fmt.Println("| " + strings.Join(row, " | ") + " |")
		}
	}
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	v = slices.Clone(v)
	slices.Sort(v)
	if len(v)%2 == 1 {
		return v[len(v)/2]
	}
	return (v[len(v)/2-1] + v[len(v)/2]) / 2
}

func duration(ns float64) string {
	switch {
	case ns >= 1e6:
		return fmt.Sprintf("%.1f ms", ns/1e6)
	case ns >= 1e3:
		return fmt.Sprintf("%.1f µs", ns/1e3)
	}
	return fmt.Sprintf("%.0f ns", ns)
}

func size(b float64) string {
	switch {
	case b >= 1e6:
		return fmt.Sprintf("%.1f MB", b/1e6)
	case b >= 1e3:
		return fmt.Sprintf("%.1f kB", b/1e3)
	}
	return fmt.Sprintf("%.0f B", b)
}

func count(n float64) string {
	if n >= 1e4 {
		return fmt.Sprintf("%.1fk", n/1e3)
	}
	return fmt.Sprintf("%.0f", n)
}
