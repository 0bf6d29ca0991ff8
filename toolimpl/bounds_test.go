package toolimpl_test

import (
	"runtime"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/toolimpl"
)

// TestDecimalBounds checks numbers against bounds and steps that a
// float64 holds only nearly. A bound is the decimal written in the tag
// and shown in the schema: 0.1 is a tenth, not the float64 nearest to
// it, which is a little more; 0.3 is three tenths, not a little less.
func TestDecimalBounds(t *testing.T) {
	for _, tc := range []struct {
		op   toolimpl.Op
		num  float64
		lit  string
		want string // the message, or "" to accept
	}{
		{toolimpl.Minimum, 0.1, "0.1", ""},
		{toolimpl.Minimum, 0.1, "0.10", ""},
		{toolimpl.Minimum, 0.1, "1e-1", ""},
		{toolimpl.Minimum, 0.1, "0.09999999999999999", `want at least 0.1, got 0.09999999999999999`},
		{toolimpl.Maximum, 0.3, "0.3", ""},
		{toolimpl.Maximum, 0.3, "0.30000000000000001", `want at most 0.3, got 0.30000000000000001`},
		{toolimpl.ExclusiveMinimum, 0.1, "0.1", `want more than 0.1, got 0.1`},
		{toolimpl.ExclusiveMaximum, 0.3, "0.3", `want less than 0.3, got 0.3`},
		// The tool receives the float64 nearest to the literal, which must
		// meet the bound too.
		{toolimpl.ExclusiveMaximum, 0.3, "0.29999999999999999", `want less than 0.3, got 0.29999999999999999, which is 0.3 as a float64`},
		{toolimpl.ExclusiveMaximum, 10, "9.99999999999999999999", `want less than 10, got 9.99999999999999999999, which is 10 as a float64`},
		{toolimpl.ExclusiveMaximum, 0.3, "0.2999999999999999", ""},
		{toolimpl.MultipleOf, 0.1, "0.2", ""},
		{toolimpl.MultipleOf, 0.1, "0.3", ""},
		{toolimpl.MultipleOf, 0.1, "1", ""},
		{toolimpl.MultipleOf, 0.1, "-0.7", ""},
		{toolimpl.MultipleOf, 0.1, "1e2", ""},
		{toolimpl.MultipleOf, 0.1, "0.35", `want a multiple of 0.1, got 0.35`},
		{toolimpl.MultipleOf, 0.01, "1.23", ""},
		{toolimpl.MultipleOf, 0.01, "1.005", `want a multiple of 0.01, got 1.005`},
		{toolimpl.MultipleOf, 0.25, "0.75", ""},
		{toolimpl.MultipleOf, 1e-20, "3e-20", ""},
		{toolimpl.MultipleOf, 1e21, "2e21", ""},
		// Integers stay exact beyond a float64's 2⁵³.
		{toolimpl.Maximum, 1 << 53, "9007199254740993", `want at most 9007199254740992, got 9007199254740993`},
		{toolimpl.Minimum, -1 << 53, "-9007199254740992", ""},
		// Beyond a float64, either way: decided without exact arithmetic.
		{toolimpl.Minimum, 0, "1e999999", ""},
		{toolimpl.Maximum, 0, "1e999999", `want at most 0, got 1e999999`},
		{toolimpl.Minimum, 0, "-1e999999", `want at least 0, got -1e999999`},
		{toolimpl.Minimum, 0, "1e-999999", ""},
		{toolimpl.Maximum, 0, "1e-999999", `want at most 0, got 1e-999999`},
		{toolimpl.Minimum, 0, "-1e-999999", `want at least 0, got -1e-999999`},
		{toolimpl.ExclusiveMinimum, 0, "1e-999999", `want more than 0, got 1e-999999, which is 0 as a float64`},
		{toolimpl.ExclusiveMinimum, 0, "1e-400", `want more than 0, got 1e-400, which is 0 as a float64`},
		{toolimpl.ExclusiveMinimum, 0, "5e-324", ""},
	} {
		sp := &toolimpl.Spec{Tool: "t", Args: []toolimpl.Arg{{Name: "x", Kind: toolimpl.KindNumber, Rules: []toolimpl.Rule{{Op: tc.op, Num: tc.num}}}}}
		_, err := sp.Parse([]byte(`{"x":` + tc.lit + `}`))
		got := ""
		if err != nil {
			got = err.Error()
		}
		if want := tc.want; want != "" {
			tc.want = `t: argument "x": ` + want
		}
		if got != tc.want {
			t.Errorf("op %d %v, x = %s:\ngot  %q\nwant %q", tc.op, tc.num, tc.lit, got, tc.want)
		}
	}
}

// TestHugeExponentCost checks that numbers with huge exponents cost a
// bounded check, not exact arithmetic on a million digits each: the
// memory allocated, which tracks that work, stays small.
func TestHugeExponentCost(t *testing.T) {
	sp := &toolimpl.Spec{Tool: "t", Args: []toolimpl.Arg{{Name: "x", Kind: toolimpl.KindArray,
		Elem: &toolimpl.Arg{Kind: toolimpl.KindNumber, Rules: []toolimpl.Rule{{Op: toolimpl.Minimum, Num: 0}, {Op: toolimpl.MultipleOf, Num: 0.5}}}}}}
	args := []byte(`{"x":[` + strings.TrimSuffix(strings.Repeat("1e999999,", 100), ",") + `]}`)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if _, err := sp.Parse(args); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
		t.Errorf("checking 100 numbers of huge exponent allocated %d bytes", n)
	}
}
