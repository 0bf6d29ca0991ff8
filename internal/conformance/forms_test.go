package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestLegacyEnumOnTheWire asks the enum form of a go-sdk client, which
// receives the field tagged enumNames in the deprecated form, enum beside
// enumNames, and the other titled enums as oneOf and anyOf; its answer,
// a value of the enum, reaches the tool. (The go-sdk's client itself
// refuses to send a title for a value: it checks its answer against the
// enum.)
func TestLegacyEnumOnTheWire(t *testing.T) {
	var schema map[string]map[string]json.RawMessage
	answer := map[string]any{
		"untitledSingle": "option1", "titledSingle": "value1", "legacyEnum": "opt2",
		"untitledMulti": []any{"option1"}, "titledMulti": []any{"value2"},
	}
	cs := connect(t, func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
		data, err := json.Marshal(req.Params.RequestedSchema)
		if err != nil {
			return nil, err
		}
		var s struct {
			Properties map[string]map[string]json.RawMessage `json:"properties"`
		}
		if err := json.Unmarshal(data, &s); err != nil {
			return nil, err
		}
		schema = s.Properties
		return &mcp.ElicitResult{Action: "accept", Content: answer}, nil
	})
	res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: "test_elicitation_sep1330_enums"})
	if err != nil {
		t.Fatal(err)
	}
	legacy := schema["legacyEnum"]
	if d := cmp.Diff(`["opt1","opt2","opt3"]`, string(legacy["enum"])); d != "" {
		t.Errorf("legacyEnum's enum (-want +got):\n%s", d)
	}
	if d := cmp.Diff(`["Option One","Option Two","Option Three"]`, string(legacy["enumNames"])); d != "" {
		t.Errorf("legacyEnum's enumNames (-want +got):\n%s", d)
	}
	if legacy["oneOf"] != nil || schema["titledSingle"]["oneOf"] == nil || schema["titledSingle"]["enumNames"] != nil {
		t.Errorf("want oneOf on titledSingle only, got legacyEnum %s, titledSingle %s", legacy, schema["titledSingle"])
	}
	if text := res.Content[0].(*mcp.TextContent).Text; res.IsError || !strings.Contains(text, "LegacyEnum:opt2") {
		t.Errorf("isError %t, %q; want the answer opt2", res.IsError, text)
	}
}

// connect connects a go-sdk client that answers forms with elicit to the
// conformance server, in memory.
func connect(t *testing.T, elicit func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error)) *mcp.ClientSession {
	t.Helper()
	return mcptest.Connect(t, newServer(), &mcp.ClientOptions{ElicitationHandler: elicit})
}
