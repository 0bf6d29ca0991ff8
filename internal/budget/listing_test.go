package budget

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestListingMeasuresEachTool: a captured tools/list result, bare or in
// its JSON-RPC response, has the tools of its "tools" array measured as
// Measure measures each entry, in order; members beside them are left
// alone.
func TestListingMeasuresEachTool(t *testing.T) {
	want, err := Measure([]byte(entry))
	if err != nil {
		t.Fatal(err)
	}
	small := `{"name":"ping","inputSchema":{"type":"object"}}`
	ping, err := Measure([]byte(small))
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{
		"result":   `{"tools": [` + entry + `, ` + small + `], "nextCursor": "", "_meta": {"tools": 1}}`,
		"response": `{"jsonrpc": "2.0", "id": 3, "result": {"_meta": {}, "tools": [` + entry + `,` + small + `]}}`,
	} {
		got, err := Listing([]byte(text))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if diff := cmp.Diff([]Tool{want, ping}, got); diff != "" {
			t.Errorf("%s: (-want +got)\n%s", name, diff)
		}
	}
	if got, err := Listing([]byte(`{"tools": []}`)); err != nil || len(got) != 0 {
		t.Errorf("an empty listing: %v, %v", got, err)
	}
}

// TestListingErrorsHavePositions: what is no tools/list result is an
// error at its line and column.
func TestListingErrorsHavePositions(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{`[]`, `1:1: want a JSON object`},
		{`{"jsonrpc": "2.0"}`, `1:1: not a tools/list result: no "tools" array, at the top or in "result"`},
		{"{\n  \"tools\": {}\n}", `2:12: want an array of tools in "tools"`},
		{"{\"tools\": [\n  {\"name\": \"a\"},\n  3\n]}", `3:3: tool entry is not a JSON object`},
		{"{\"tools\": [\n  {\"name\": \"a\",}\n]}", `2:16: invalid character '}' looking for beginning of object key string`},
		{"{\"tools\": [", `1:12: unexpected end of JSON input`},
		{"{\"tools\": [}", `1:12: invalid character '}' looking for beginning of value`},
		{`{"result": {"tools": 1}}`, `1:22: want an array of tools in "tools"`},
		{`{"result": {"result": {"tools": []}}}`, `1:1: not a tools/list result: no "tools" array, at the top or in "result"`},
	} {
		_, err := Listing([]byte(c.text))
		if got := errString(err); got != c.want {
			t.Errorf("%q: %q, want %q", c.text, got, c.want)
		}
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
