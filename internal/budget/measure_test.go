package budget

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// entry is a tool whose output schema has descriptions at every depth, a
// property named "description" that is not one, and two $defs; one spells
// "<" as json.Marshal does.
const entry = `{
  "name": "get_pod",
  "title": "Get a pod",
  "description": "Fetches <one> pod & its status.",
  "inputSchema": {"type": "object", "properties": {"name": {"type": "string", "description": "The pod's name."}}, "required": ["name"]},
  "outputSchema": {
    "type": "object",
    "description": "A pod.",
    "properties": {
      "description": {"type": "string", "enum": ["description"]},
      "meta": {"$ref": "#/$defs/Meta"},
      "tags": {"type": "array", "items": {"type": "string", "description": "A tag."}},
      "phase": {"anyOf": [{"const": "Running", "description": "Up."}, {"type": "null"}]}
    },
    "$defs": {
      "Small": {"type": "string"},
      "Meta": {"type": "object", "description": "Metadata of an object, with 0 \u003c n labels.", "properties": {"labels": {"type": "object", "additionalProperties": {"type": "string", "description": "A label."}}}}
    }
  },
  "annotations": {"readOnlyHint": true}
}`

func compactJSON(t *testing.T, s string) string {
	t.Helper()
	var buf bytes.Buffer
	if err := json.Compact(&buf, []byte(s)); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

func TestMeasure(t *testing.T) {
	got, err := Measure([]byte(entry))
	if err != nil {
		t.Fatal(err)
	}
	var parts struct{ InputSchema, OutputSchema json.RawMessage }
	if err := json.Unmarshal([]byte(entry), &parts); err != nil {
		t.Fatal(err)
	}
	in, out := compactJSON(t, string(parts.InputSchema)), compactJSON(t, string(parts.OutputSchema))
	size := func(s string) Size { return Size{len(s), Tokens(s)} }
	strippedOut := `{"type":"object","properties":{"description":{"type":"string","enum":["description"]},` +
		`"meta":{"$ref":"#/$defs/Meta"},"tags":{"type":"array","items":{"type":"string"}},` +
		`"phase":{"anyOf":[{"const":"Running"},{"type":"null"}]}},` +
		`"$defs":{"Small":{"type":"string"},"Meta":{"type":"object","properties":{"labels":{"type":"object","additionalProperties":{"type":"string"}}}}}}`
	strippedIn := `{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}`
	want := Tool{
		Name: "get_pod",
		// Not escaped: the go-sdk writes <, > and & as they are.
		Text: size(`"name":"get_pod","title":"Get a pod","description":"Fetches <one> pod & its status."`),
		Input: Schema{
			Size:              size(in),
			DescriptionTokens: Tokens(in) - Tokens(strippedIn),
		},
		Output: Schema{
			Size:              size(out),
			DescriptionTokens: Tokens(out) - Tokens(strippedOut),
			Defs: []Def{
				{"Meta", size(`"Meta":{"type":"object","description":"Metadata of an object, with 0 \u003c n labels.","properties":{"labels":{"type":"object","additionalProperties":{"type":"string","description":"A label."}}}}`)},
				{"Small", size(`"Small":{"type":"string"}`)},
			},
		},
		Total: size(compactJSON(t, entry)),
	}
	want.WithoutOutputSchema = got.WithoutOutputSchema // TestWithoutOutputSchema checks it
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Measure (-want +got):\n%s", diff)
	}
	if got.Output.DescriptionTokens < 20 || got.Input.DescriptionTokens < 4 {
		t.Errorf("description tokens in = %d, out = %d: too few for the descriptions in them", got.Input.DescriptionTokens, got.Output.DescriptionTokens)
	}
}

func TestWithoutDescriptions(t *testing.T) {
	var parts struct{ OutputSchema json.RawMessage }
	if err := json.Unmarshal([]byte(entry), &parts); err != nil {
		t.Fatal(err)
	}
	n, err := parse(parts.OutputSchema)
	if err != nil {
		t.Fatal(err)
	}
	got := withoutDescriptions(n)
	// Every description keyword goes; the property, and the enum value,
	// named "description" stay.
	want := `{"type":"object","properties":{"description":{"type":"string","enum":["description"]},` +
		`"meta":{"$ref":"#/$defs/Meta"},"tags":{"type":"array","items":{"type":"string"}},` +
		`"phase":{"anyOf":[{"const":"Running"},{"type":"null"}]}},` +
		`"$defs":{"Small":{"type":"string"},"Meta":{"type":"object","properties":{"labels":{"type":"object","additionalProperties":{"type":"string"}}}}}}`
	if got != want {
		t.Errorf("withoutDescriptions:\n got %s\nwant %s", got, want)
	}
}

// TestMeasureTool checks that a tool measures the same as an *mcp.Tool as
// it does as the JSON of a snapshot, indented.
func TestMeasureTool(t *testing.T) {
	data, err := os.ReadFile("../../example/weather/mcp_tools.json")
	if err != nil {
		t.Fatal(err)
	}
	var raw struct{ Tools []json.RawMessage }
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	for i, r := range raw.Tools {
		// As emit.Tools makes them: schemas as json.RawMessage, which
		// keeps their members in order.
		var fields struct {
			Name, Title, Description  string
			InputSchema, OutputSchema json.RawMessage
			Annotations               *mcp.ToolAnnotations
			Meta                      mcp.Meta `json:"_meta"` // an MCP App's page
		}
		if err := json.Unmarshal(r, &fields); err != nil {
			t.Fatal(err)
		}
		tool := &mcp.Tool{Name: fields.Name, Title: fields.Title, Description: fields.Description,
			InputSchema: fields.InputSchema, Annotations: fields.Annotations, Meta: fields.Meta}
		if fields.OutputSchema != nil {
			tool.OutputSchema = fields.OutputSchema
		}
		fromTool, err := MeasureTool(tool)
		if err != nil {
			t.Fatal(err)
		}
		fromJSON, err := Measure(raw.Tools[i])
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(fromJSON, fromTool); diff != "" {
			t.Errorf("%s: MeasureTool and Measure differ (-json +tool):\n%s", tool.Name, diff)
		}
		if fromTool.Total.Bytes >= len(raw.Tools[i]) {
			t.Errorf("%s: %d bytes, want fewer than the %d of the indented snapshot", tool.Name, fromTool.Total.Bytes, len(raw.Tools[i]))
		}
	}
}

func TestMeasureErrors(t *testing.T) {
	for _, in := range []string{``, `{"name":`, `[{"name":"x"}]`, `"get_pod"`, `{"name":"x"} {}`} {
		if _, err := Measure([]byte(in)); err == nil {
			t.Errorf("Measure(%q) succeeded, want an error", in)
		}
	}
	// Odd but valid entries are measured as they are.
	for _, in := range []string{`{}`, `{"name":1,"inputSchema":true,"outputSchema":[]}`, `{"inputSchema":{"properties":[],"$defs":null}}`} {
		got, err := Measure([]byte(in))
		if err != nil {
			t.Errorf("Measure(%q): %v", in, err)
		}
		if got.Total.Bytes != len(in) || got.Name != "" || slices.Concat(got.Input.Defs, got.Output.Defs) != nil {
			t.Errorf("Measure(%q) = %+v", in, got)
		}
	}
}

// TestMeasureLeavesOutIcons: a tool's icons, which a client shows and no
// model reads, cost it nothing, however large an embedded one is.
func TestMeasureLeavesOutIcons(t *testing.T) {
	plain := `{"name":"get_weather","description":"Reports the weather.","inputSchema":{"type":"object","properties":{}}}`
	icon := `,"icons":[{"src":"data:image/png;base64,` + strings.Repeat("iVBORw0KGgo", 400) + `","mimeType":"image/png","sizes":["16x16"]}]}`
	without, err := Measure([]byte(plain))
	if err != nil {
		t.Fatal(err)
	}
	with, err := Measure([]byte(strings.TrimSuffix(plain, "}") + icon))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(with, without) {
		t.Errorf("with an icon: %+v\nwithout: %+v", with, without)
	}
}

// TestWithoutOutputSchema checks that what a tool would take without its
// output schema is what the same entry measures with none, and that a
// tool without one has no such size.
func TestWithoutOutputSchema(t *testing.T) {
	full, err := Measure([]byte(entry))
	if err != nil {
		t.Fatal(err)
	}
	// The entry as written, less its outputSchema member.
	start, end := strings.Index(entry, `"outputSchema"`), strings.Index(entry, `"annotations"`)
	bare, err := Measure([]byte(entry[:start] + entry[end:]))
	if err != nil {
		t.Fatal(err)
	}
	if full.WithoutOutputSchema == nil || *full.WithoutOutputSchema != bare.Total {
		t.Errorf("without its output schema: %+v, want %+v", full.WithoutOutputSchema, bare.Total)
	}
	if full.WithoutOutputSchema.Tokens >= full.Total.Tokens {
		t.Errorf("without its output schema, %d tokens, not fewer than %d", full.WithoutOutputSchema.Tokens, full.Total.Tokens)
	}
	if bare.WithoutOutputSchema != nil {
		t.Errorf("a tool without an output schema: WithoutOutputSchema = %+v, want nil", bare.WithoutOutputSchema)
	}
}
