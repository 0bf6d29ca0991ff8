package toolimpl_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mcptag/mcptag/toolimpl"
)

// TestNullTakesDefault checks that null, which an optional argument
// takes for absent, gets the argument's default as absence does: at the
// top level and inside an object, through Parse and DecodeStruct.
func TestNullTakesDefault(t *testing.T) {
	fields := []toolimpl.Arg{
		{Name: "p", Kind: toolimpl.KindInteger, Nullable: true, Default: []byte(`7`)},
		{Name: "s", Kind: toolimpl.KindArray, Nullable: true, Elem: &toolimpl.Arg{Kind: toolimpl.KindString}, Default: []byte(`["a"]`)},
		{Name: "q", Kind: toolimpl.KindInteger, Nullable: true},
	}
	sp := &toolimpl.Spec{Tool: "t", Args: append(fields[:len(fields):len(fields)],
		toolimpl.Arg{Name: "o", Kind: toolimpl.KindObject, Nullable: true, Fields: fields, Closed: true})}
	type Inner struct {
		P *int     `json:"p"`
		S []string `json:"s"`
		Q *int     `json:"q"`
	}
	type values struct {
		Inner
		O *Inner `json:"o"`
	}
	seven := 7
	for _, tc := range []struct {
		args string
		want values
	}{
		{`{"p":null,"s":null,"q":null}`, values{Inner: Inner{P: &seven, S: []string{"a"}}}},
		{`{"o":{"p":null,"s":null}}`, values{Inner{P: &seven, S: []string{"a"}}, &Inner{P: &seven, S: []string{"a"}}}},
		{`{"o":null}`, values{Inner: Inner{P: &seven, S: []string{"a"}}}},
	} {
		var got values
		if err := sp.DecodeStruct([]byte(tc.args), &got); err != nil {
			t.Errorf("DecodeStruct %s: %v", tc.args, err)
		}
		if d := cmp.Diff(tc.want, got); d != "" {
			t.Errorf("DecodeStruct %s (-want +got):\n%s", tc.args, d)
		}
		args, err := sp.Parse([]byte(tc.args))
		if err != nil {
			t.Errorf("Parse %s: %v", tc.args, err)
			continue
		}
		got = values{}
		for name, dst := range map[string]any{"p": &got.P, "s": &got.S, "q": &got.Q, "o": &got.O} {
			if err := args.Decode(name, dst); err != nil {
				t.Errorf("Parse %s: %s: %v", tc.args, name, err)
			}
		}
		if d := cmp.Diff(tc.want, got); d != "" {
			t.Errorf("Parse %s (-want +got):\n%s", tc.args, d)
		}
	}
}
