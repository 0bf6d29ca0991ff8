package toolrt_test

import (
	"testing"

	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// templated returns two tools whose texts name the deployment, and one
// whose texts name nothing.
func templated() []toolrt.Tool {
	return []toolrt.Tool{
		{Tool: &mcp.Tool{Name: "get_pod", Title: "Pod on ${cluster}", Description: "Fetches a pod of ${cluster}, in ${region}.",
			Annotations: &mcp.ToolAnnotations{Title: "Pod on ${cluster}", ReadOnlyHint: true}}},
		{Tool: &mcp.Tool{Name: "ping", Description: "Costs $0."}},
	}
}

// TestFill: Fill fills every title and description, the annotations'
// title too, in copies, leaving the tools given as they were.
func TestFill(t *testing.T) {
	tools := templated()
	got, err := toolrt.Fill(tools, map[string]string{"cluster": "prod", "region": "eu-west"})
	if err != nil {
		t.Fatal(err)
	}
	pod := got[0].Tool
	if pod.Title != "Pod on prod" || pod.Annotations.Title != "Pod on prod" || pod.Description != "Fetches a pod of prod, in eu-west." || !pod.Annotations.ReadOnlyHint {
		t.Errorf("filled: %+v, annotations %+v", pod, pod.Annotations)
	}
	if got[1].Tool.Description != "Costs $0." {
		t.Errorf("a text without placeholders became %q", got[1].Tool.Description)
	}
	if tools[0].Tool.Title != "Pod on ${cluster}" || tools[0].Tool.Annotations.Title != "Pod on ${cluster}" {
		t.Errorf("Fill changed the tools given: %+v", tools[0].Tool)
	}
}

// TestFillRefuses: a placeholder without its value, and a value no
// placeholder takes, are errors, and then Fill returns no tools.
func TestFillRefuses(t *testing.T) {
	for _, c := range []struct {
		values map[string]string
		want   string
	}{
		{map[string]string{"cluster": "prod"}, "tool get_pod: ${region} has no value"},
		{map[string]string{"cluster": "prod", "region": "eu", "clustr": "x", "zone": "a"}, `no tool's title or description has the placeholder "${clustr}", "${zone}"`},
	} {
		got, err := toolrt.Fill(templated(), c.values)
		if errString(err) != c.want || got != nil {
			t.Errorf("Fill(%v) = %d tools, %q; want none, %q", c.values, len(got), errString(err), c.want)
		}
	}
	bad := []toolrt.Tool{{Tool: &mcp.Tool{Name: "x", Description: "On ${1}."}}}
	if _, err := toolrt.Fill(bad, nil); errString(err) != "tool x: malformed placeholder ${1}: want ${NAME}, NAME a letter then letters, digits or _" {
		t.Errorf("a malformed placeholder: %v", err)
	}
}
