package toolimpl_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/toolimpl"
)

// costSpec is a tool with 21 arguments, one of them an enum: the shape on
// which a hostile argument name or enum value once cost twenty times
// what a good argument of the same size did.
var costSpec = func() *toolimpl.Spec {
	sp := &toolimpl.Spec{Tool: "cost"}
	for i := range 20 {
		sp.Args = append(sp.Args, toolimpl.Arg{Name: fmt.Sprintf("field_%02d", i), Kind: toolimpl.KindString})
	}
	sp.Args = append(sp.Args, toolimpl.Arg{Name: "day", Kind: toolimpl.KindString,
		Enum: []string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}})
	return sp
}()

// costArgs are arguments objects of about size bytes: one whose large
// part is a good value, and two whose large part is wrong. The wrong
// parts are upper case, so that a hint that lower-cases them copies them.
func costArgs(size int) (good, unknownKey, wrongEnum string) {
	big := strings.Repeat("A", size)
	return `{"field_00": "` + strings.ToLower(big) + `"}`,
		`{"` + big + `": "x"}`,
		`{"day": "` + big + `"}`
}

// costArgsCases names the three arguments objects for table-driven code.
func costArgsCases(size int) []struct{ name, args string } {
	good, key, enum := costArgs(size)
	return []struct{ name, args string }{{"good", good}, {"unknown-key", key}, {"wrong-enum", enum}}
}

// bytesPerCall is the memory allocated by one call of f, averaged over
// runs, as testing.AllocsPerRun counts allocations.
func bytesPerCall(runs int, f func()) uint64 {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	f() // warm up
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range runs {
		f()
	}
	runtime.ReadMemStats(&after)
	return (after.TotalAlloc - before.TotalAlloc) / uint64(runs)
}

// decode is what a generated handler does with the arguments of a
// struct-style tool.
func decode(raw string) error {
	var dst struct {
		Field00 string `json:"field_00"`
		Day     string `json:"day"`
	}
	return costSpec.DecodeStruct([]byte(raw), &dst)
}

// TestBadArgumentCost checks that a wrong argument costs about what a good
// one of the same size does: answering it, "did you mean" included, must
// not copy or scan it once per candidate name or value.
func TestBadArgumentCost(t *testing.T) {
	const size = 1 << 20
	var goodBytes uint64
	for _, tc := range costArgsCases(size) {
		err := decode(tc.args)
		if (err == nil) != (tc.name == "good") {
			t.Fatalf("%s: error %v", tc.name, err)
		}
		n := bytesPerCall(5, func() { decode(tc.args) })
		t.Logf("%s: %d bytes per call", tc.name, n)
		if tc.name == "good" {
			goodBytes = n
		} else if n > 2*goodBytes {
			t.Errorf("%s: %d bytes per call, more than twice the %d of a good argument of the same size", tc.name, n, goodBytes)
		}
	}
}

// BenchmarkArgumentCost measures a good and two wrong arguments of the
// same size (1 MiB) on a tool with 21 arguments.
func BenchmarkArgumentCost(b *testing.B) {
	for _, tc := range costArgsCases(1 << 20) {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(tc.args)))
			for b.Loop() {
				decode(tc.args)
			}
		})
	}
}
