package toolimpl_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mcptag/mcptag/toolimpl"
	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var cities = &toolimpl.Completions{
	Prompts:   map[string]map[string][]string{"plan_trip": {"city": {"Cairo", "London", "Lisbon"}}},
	Resources: map[string]map[string][]string{"weather://{city}/current": {"city": {"Cairo", "London", "Lisbon"}}},
}

func complete(t *testing.T, h toolrt.CompletionHandler, ref *mcp.CompleteReference, arg, typed string) *mcp.CompleteResult {
	t.Helper()
	res, err := h(context.Background(), &mcp.CompleteRequest{Params: &mcp.CompleteParams{
		Ref: ref, Argument: mcp.CompleteParamsArgument{Name: arg, Value: typed},
	}})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestCompletions: the values that begin with what was typed, ignoring
// case; nothing, and no error, for what it knows no values of.
func TestCompletions(t *testing.T) {
	prompt := &mcp.CompleteReference{Type: "ref/prompt", Name: "plan_trip"}
	template := &mcp.CompleteReference{Type: "ref/resource", URI: "weather://{city}/current"}
	for _, tc := range []struct {
		name       string
		ref        *mcp.CompleteReference
		arg, typed string
		want       []string
	}{
		{"all", prompt, "city", "", []string{"Cairo", "London", "Lisbon"}},
		{"prefix", prompt, "city", "L", []string{"London", "Lisbon"}},
		{"any case", template, "city", "lon", []string{"London"}},
		{"longer than any", template, "city", "Londonderry", []string{}},
		{"other argument", prompt, "days", "", []string{}},
		{"other prompt", &mcp.CompleteReference{Type: "ref/prompt", Name: "other"}, "city", "", []string{}},
		{"a prompt's name for a template", &mcp.CompleteReference{Type: "ref/resource", URI: "plan_trip"}, "city", "", []string{}},
	} {
		res := complete(t, cities.Complete, tc.ref, tc.arg, tc.typed)
		if diff := cmp.Diff(tc.want, res.Completion.Values); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
		if res.Completion.HasMore || res.Completion.Total != 0 {
			t.Errorf("%s: hasMore %v, total %d; want neither", tc.name, res.Completion.HasMore, res.Completion.Total)
		}
	}
}

// TestCompletionsLimit: at most MaxCompletions values, with the total.
func TestCompletionsLimit(t *testing.T) {
	var many []string
	for i := range 150 {
		many = append(many, fmt.Sprintf("v%03d", i))
	}
	c := &toolimpl.Completions{Prompts: map[string]map[string][]string{"p": {"a": many}}}
	res := complete(t, c.Complete, &mcp.CompleteReference{Type: "ref/prompt", Name: "p"}, "a", "v")
	if len(res.Completion.Values) != toolrt.MaxCompletions || !res.Completion.HasMore || res.Completion.Total != 150 {
		t.Errorf("%d values, hasMore %v, total %d; want %d, true, 150", len(res.Completion.Values), res.Completion.HasMore, res.Completion.Total, toolrt.MaxCompletions)
	}
}

// TestFirstCompletion: the first handler with values answers; an error
// answers only when no handler has values.
func TestFirstCompletion(t *testing.T) {
	failing := func(context.Context, *mcp.CompleteRequest) (*mcp.CompleteResult, error) {
		return nil, errors.New("no such prompt")
	}
	mine := func(_ context.Context, req *mcp.CompleteRequest) (*mcp.CompleteResult, error) {
		if req.Params.Argument.Name != "days" {
			return &mcp.CompleteResult{}, nil
		}
		return &mcp.CompleteResult{Completion: mcp.CompletionResultDetails{Values: []string{"1", "2", "3"}}}, nil
	}
	h := toolrt.FirstCompletion(failing, cities.Complete, mine)
	prompt := &mcp.CompleteReference{Type: "ref/prompt", Name: "plan_trip"}
	if got := complete(t, h, prompt, "city", "Ca").Completion.Values; !cmp.Equal(got, []string{"Cairo"}) {
		t.Errorf("city: %v, want the generated handler's", got)
	}
	if got := complete(t, h, prompt, "days", "").Completion.Values; !cmp.Equal(got, []string{"1", "2", "3"}) {
		t.Errorf("days: %v, want mine", got)
	}
	_, err := h(context.Background(), &mcp.CompleteRequest{Params: &mcp.CompleteParams{Ref: prompt, Argument: mcp.CompleteParamsArgument{Name: "notes"}}})
	if err == nil || err.Error() != "no such prompt" {
		t.Errorf("notes: err %v, want the first handler's", err)
	}
	if got := complete(t, toolrt.FirstCompletion(cities.Complete, mine), prompt, "notes", "").Completion.Values; !cmp.Equal(got, []string{}) {
		t.Errorf("notes, no errors: %v, want no values", got)
	}
}
