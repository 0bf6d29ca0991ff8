package argspec

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestEnumCase checks that a string equal to one enum value ignoring case
// reaches the tool as that value, in an argument, an array item and a
// long enum's lookup; that one equal to two stays an error; and that a
// strict tool takes only the values as spelled.
func TestEnumCase(t *testing.T) {
	long := []string{"Kelvin"}
	for i := range 2 * linearFields {
		long = append(long, fmt.Sprintf("value%d", i))
	}
	long = append(long, "Both", "BOTH")
	spec := func(strict bool) *Spec {
		return &Spec{Tool: "t", Strict: strict, Args: []Arg{
			{Name: "state", Kind: KindString, Enum: []string{"OPEN", "CLOSED", "Draft", "draft"}},
			{Name: "states", Kind: KindArray, Elem: &Arg{Kind: KindString, Enum: []string{"OPEN", "CLOSED"}}},
			{Name: "long", Kind: KindString, Enum: long},
		}}
	}
	for _, tc := range []struct {
		args   string
		strict bool
		want   string // the arguments decoded, or the error
	}{
		{`{"state":"OPEN"}`, false, `{"state":"OPEN"}`},
		{`{"state":"open"}`, false, `{"state":"OPEN"}`},
		{`{"state":"cLoSeD"}`, false, `{"state":"CLOSED"}`},
		{`{"state":"\u006fpen"}`, false, `{"state":"OPEN"}`},
		{`{"state":"draft"}`, false, `{"state":"draft"}`},
		{`{"state":"DRAFT"}`, false, `t: argument "state": want one of "Draft", "draft" as spelled, got "DRAFT", which is each of them but for case`},
		{`{"state":"opened"}`, false, `t: argument "state": want one of "OPEN", "CLOSED", "Draft", "draft", got "opened" (did you mean "OPEN"?)`},
		{`{"states":["open","Closed"]}`, false, `{"states":["OPEN","CLOSED"]}`},
		{`{"long":"VALUE17"}`, false, `{"long":"value17"}`},
		{`{"long":"\u212aelvin"}`, false, `{"long":"Kelvin"}`}, // the Kelvin sign is a K but for case
		{`{"long":"both"}`, false, `t: argument "long": want one of "Both", "BOTH" as spelled, got "both", which is each of them but for case`},
		{`{"long":"value17x"}`, false, `t: argument "long": want one of "Kelvin", "value0", "value1", "value2", "value3", "value4", "value5", "value6", "value7", "value8", "value9", "value10", "value11", "value12", "value13", "value14", "value15", "value16", "value17", "value18", ... (35 values), got "value17x" (did you mean "value17"?)`},
		{`{"state":"open"}`, true, `t: argument "state": want one of "OPEN", "CLOSED", "Draft", "draft", got "open" (did you mean "OPEN"?)`},
		{`{"long":"VALUE17"}`, true, `t: argument "long": want one of "Kelvin", "value0", "value1", "value2", "value3", "value4", "value5", "value6", "value7", "value8", "value9", "value10", "value11", "value12", "value13", "value14", "value15", "value16", "value17", "value18", ... (35 values), got "VALUE17" (did you mean "value17"?)`},
	} {
		var got map[string]any
		err := spec(tc.strict).DecodeStruct([]byte(tc.args), &got)
		gotText := fmt.Sprint(err)
		if err == nil {
			data, _ := json.Marshal(got)
			gotText = string(data)
		}
		if gotText != tc.want {
			t.Errorf("%s (strict %v):\n got %s\nwant %s", tc.args, tc.strict, gotText, tc.want)
		}
	}
}

// TestEnumCaseUnique checks that uniqueItems compares the enum values the
// tool receives: "open" and "OPEN" are the same item.
func TestEnumCaseUnique(t *testing.T) {
	sp := &Spec{Tool: "t", Args: []Arg{{Name: "states", Kind: KindArray, Rules: []Rule{{Op: UniqueItems}},
		Elem: &Arg{Kind: KindString, Enum: []string{"OPEN", "CLOSED"}}}}}
	if _, err := sp.Parse([]byte(`{"states":["open","CLOSED"]}`)); err != nil {
		t.Errorf("different items: %v", err)
	}
	_, err := sp.Parse([]byte(`{"states":["open","OPEN"]}`))
	if err == nil || !strings.Contains(err.Error(), "unique") {
		t.Errorf("the same item but for case: got %v, want a uniqueItems error", err)
	}
}
