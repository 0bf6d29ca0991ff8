package toolimpl_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mcptag/mcptag/toolimpl"
)

// TestLenientPlainArgs checks that numbers and booleans sent as strings
// reach each plain argument as numbers and booleans, whatever precedes
// and follows them: Parse cuts each argument out of the arguments once
// the strings are turned into what they hold.
func TestLenientPlainArgs(t *testing.T) {
	sp := &toolimpl.Spec{Tool: "t", Args: []toolimpl.Arg{
		{Name: "n", Kind: toolimpl.KindInteger},
		{Name: "o", Kind: toolimpl.KindObject, Fields: []toolimpl.Arg{{Name: "f", Kind: toolimpl.KindNumber}}},
		{Name: "b", Kind: toolimpl.KindBoolean},
		{Name: "d", Kind: toolimpl.KindInteger, Default: []byte(`7`)},
	}}
	type values struct {
		N int
		O struct{ F float64 }
		B bool
		D int
	}
	for _, tc := range []struct {
		args string
		want values
	}{
		{`{"n":"5"}`, values{N: 5, D: 7}},
		{`{"n":"5","b":"true"}`, values{N: 5, B: true, D: 7}},
		{`{"b":"true","n":"-12","d":"3"}`, values{N: -12, B: true, D: 3}},
		{`{ "n" : "5" , "o" : { "f" : "2.5" } , "b" : "false" }`, values{N: 5, O: struct{ F float64 }{2.5}, D: 7}},
		{`{"o":{"f":"1e3"},"n":"1"}`, values{N: 1, O: struct{ F float64 }{1000}, D: 7}},
	} {
		args, err := sp.Parse([]byte(tc.args))
		if err != nil {
			t.Errorf("%s: %v", tc.args, err)
			continue
		}
		var got values
		for name, dst := range map[string]any{"n": &got.N, "o": &got.O, "b": &got.B, "d": &got.D} {
			if err := args.Decode(name, dst); err != nil {
				t.Errorf("%s: %s: %v", tc.args, name, err)
			}
		}
		if d := cmp.Diff(tc.want, got); d != "" {
			t.Errorf("%s (-want +got):\n%s", tc.args, d)
		}
	}
}
