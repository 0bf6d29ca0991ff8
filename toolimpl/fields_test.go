package toolimpl_test

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/mcptag/mcptag/toolimpl"
	"github.com/mcptag/mcptag/toolrt"
)

// TestFieldsOfACall checks what toolrt.Fields returns inside a tool: the
// paths the call selects with the kept ones, in the view's numbering
// order; every path when fields is absent; nil outside a tool with fields.
func TestFieldsOfACall(t *testing.T) {
	if got := toolrt.Fields(context.Background()); got != nil {
		t.Errorf("Fields of a context of no call = %q, want nil", got)
	}
	v := &toolimpl.View{Paths: []string{"a", "b.c", "pageInfo", "z"}, Keep: []string{"pageInfo"}}
	for args, want := range map[string][]string{
		`{"fields":["z","a"]}`: {"a", "pageInfo", "z"},
		`{"fields":null}`:      {"a", "b.c", "pageInfo", "z"},
		`{}`:                   {"a", "b.c", "pageInfo", "z"},
		`{"fields":["b.c"]}`:   {"b.c", "pageInfo"},
	} {
		sel, err := v.Select(json.RawMessage(args))
		if err != nil {
			t.Fatal(err)
		}
		got := toolrt.Fields(v.WithFields(context.Background(), sel))
		if !slices.Equal(got, want) {
			t.Errorf("%s: Fields = %q, want %q", args, got, want)
		}
	}
}
