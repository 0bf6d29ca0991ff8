package toolimpl_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/mcptag/mcptag/toolimpl"
)

// wideSpec is a tool with n integer arguments f0 ... f(n-1), every other
// one required, and one more object argument "nested" with the same n
// fields: a generated struct of n fields, at the top and one level down.
func wideSpec(n int) *toolimpl.Spec {
	fields := make([]toolimpl.Arg, n)
	for i := range fields {
		fields[i] = toolimpl.Arg{Name: fmt.Sprintf("f%d", i), Required: i%2 == 0, Kind: toolimpl.KindInteger}
	}
	args := append(fields[:n:n], toolimpl.Arg{Name: "nested", Kind: toolimpl.KindObject, Fields: fields, Closed: true})
	return &toolimpl.Spec{Tool: "wide", Args: args}
}

// wideArgs is an arguments object giving every one of wideSpec(n)'s
// arguments, in reverse order, each f<i> the value i; nested is given
// only with nested.
func wideArgs(n int, nested bool) string {
	var b strings.Builder
	b.WriteString("{")
	for i := n - 1; i >= 0; i-- {
		fmt.Fprintf(&b, `"f%d": %d, `, i, i)
	}
	if nested {
		b.WriteString(`"nested": ` + wideArgs(n, false) + `, `)
	}
	return strings.TrimSuffix(b.String(), ", ") + "}"
}

// TestWideSpec checks argument lookup on a tool with many arguments, from
// many goroutines at once, as a server calls one tool concurrently.
func TestWideSpec(t *testing.T) {
	const n = 1000
	sp := wideSpec(n)
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			args, err := sp.Parse([]byte(wideArgs(n, true)))
			if err != nil {
				t.Error(err)
				return
			}
			for _, i := range []int{0, 1, n / 2, n - 1} {
				var v int
				if err := args.Decode(fmt.Sprintf("f%d", i), &v); err != nil || v != i {
					t.Errorf("f%d: got %d, %v", i, v, err)
				}
			}
		})
	}
	wg.Wait()
	for _, tc := range []struct{ args, want string }{
		{`{"f0": 0, "f998": 1, "f998": 2}`, `wide: duplicate argument "f998"`},
		{`{"f0": 0, "f999": "x"}`, `wide: argument "f999": want integer, got "x"`},
		{`{"f0": 0, "f1000": 1}`, `wide: unknown argument "f1000" (did you mean "f100"?)`},
		{`{"f1": 1}`, `wide: missing required argument "f0"`},
		{`{"f0": 0, "nested": {"f0": 0, "f2": 0, "f997": 0, "f997": 1}}`, `wide: duplicate argument "nested.f997"`},
	} {
		_, err := sp.Parse([]byte(tc.args))
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("Parse(%s) = %v, want %s", tc.args, err, tc.want)
		}
	}
	args, err := sp.Parse([]byte(wideArgs(n, false)))
	if err != nil {
		t.Fatal(err)
	}
	if err := args.Decode("f1000", new(int)); err == nil {
		t.Errorf("Decode of an argument the tool does not have: no error")
	}
}

// BenchmarkWideSpec checks and decodes the arguments of a tool with 1,000
// and 20,000 arguments, as generated code does for plain parameters: a
// cost that must grow linearly with the number of arguments.
func BenchmarkWideSpec(b *testing.B) {
	for _, n := range []int{1000, 20000} {
		sp := wideSpec(n)
		raw := []byte(wideArgs(n, false))
		names := make([]string, n)
		for i := range names {
			names[i] = fmt.Sprintf("f%d", i)
		}
		b.Run(fmt.Sprintf("fields=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(raw)))
			for b.Loop() {
				args, err := sp.Parse(raw)
				if err != nil {
					b.Fatal(err)
				}
				for _, name := range names {
					var v int
					if err := args.Decode(name, &v); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
