package main

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestGetPlanTrip gets the prompt through the go-sdk client, with good
// and bad arguments: bad ones are invalid params, named.
func TestGetPlanTrip(t *testing.T) {
	skipShort(t)
	cs := connect(t)
	for _, tc := range []struct {
		name string
		args map[string]string
		text string // the one user message
		err  string // or the invalid params error
	}{
		{name: "ok", args: map[string]string{"city": "Reykjavik", "days": "2"},
			text: "Plan a 2-day trip to Reykjavik. It is 4 °C there now: for each day, suggest what to do and what to wear."},
		{name: "missing", args: map[string]string{"city": "Cairo"}, err: `plan_trip: missing required argument "days"`},
		{name: "unknown", args: map[string]string{"city": "Cairo", "day": "2"}, err: `plan_trip: unknown argument "day" (did you mean "days"?)`},
		{name: "not a city", args: map[string]string{"city": "Paris", "days": "2"}, err: `plan_trip: argument "city": want one of "Cairo", "London", "Reykjavik", got "Paris"`},
		{name: "too long", args: map[string]string{"city": "Cairo", "days": "10"}, err: `plan_trip: argument "days": want a string matching ^[1-7]$, got "10"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := cs.GetPrompt(context.Background(), &mcp.GetPromptParams{Name: "plan_trip", Arguments: tc.args})
			if tc.err != "" {
				checkInvalidParams(t, err, tc.err)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Messages) != 1 || res.Messages[0].Role != "user" || res.Messages[0].Content.(*mcp.TextContent).Text != tc.text {
				t.Errorf("messages %+v, want one from the user: %q", res.Messages, tc.text)
			}
		})
	}
}

// TestReadWeatherResources reads the static resource and the template
// through the go-sdk client.
func TestReadWeatherResources(t *testing.T) {
	skipShort(t)
	cs := connect(t)
	for _, tc := range []struct {
		uri, text, err string
	}{
		{uri: "weather://cities", text: `["Cairo","London","Reykjavik"]`},
		{uri: "weather://Cairo/current", text: `{"temperature":34.1,"humidity":0.83,"conditions":"Overcast"}`},
		{uri: "weather://Paris/current", err: `current_weather: argument "city": want one of "Cairo", "London", "Reykjavik", got "Paris"`},
		{uri: "weather://Cairo/forecast", err: "Resource not found"},
	} {
		t.Run(tc.uri, func(t *testing.T) {
			res, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: tc.uri})
			if tc.err != "" {
				checkInvalidParams(t, err, tc.err)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			want := []*mcp.ResourceContents{{URI: tc.uri, MIMEType: "application/json", Text: tc.text}}
			if diff := cmp.Diff(want, res.Contents); diff != "" {
				t.Errorf("contents (-want +got):\n%s", diff)
			}
		})
	}
}

// TestCompleteCities: the prompt's city and the template's complete to
// the City constants, by prefix.
func TestCompleteCities(t *testing.T) {
	skipShort(t)
	cs := connect(t)
	for _, ref := range []*mcp.CompleteReference{
		{Type: "ref/prompt", Name: "plan_trip"},
		{Type: "ref/resource", URI: "weather://{city}/current"},
	} {
		res, err := cs.Complete(context.Background(), &mcp.CompleteParams{Ref: ref, Argument: mcp.CompleteParamsArgument{Name: "city", Value: "c"}})
		if err != nil {
			t.Fatal(err)
		}
		if got := res.Completion.Values; !cmp.Equal(got, []string{"Cairo"}) {
			t.Errorf("%s: %v, want [Cairo]", ref.Type, got)
		}
	}
}

// TestCompleteBadArguments: a completion of what has no constants gets
// no values; a request without the argument's name is invalid params.
func TestCompleteBadArguments(t *testing.T) {
	skipShort(t)
	cs := connect(t)
	for _, ref := range []*mcp.CompleteReference{
		{Type: "ref/prompt", Name: "plan_trip"},
		{Type: "ref/prompt", Name: "pack_bags"},
		{Type: "ref/resource", URI: "weather://{town}/current"},
	} {
		res, err := cs.Complete(context.Background(), &mcp.CompleteParams{Ref: ref, Argument: mcp.CompleteParamsArgument{Name: "days", Value: "1"}})
		if err != nil || res.Completion.Values == nil || len(res.Completion.Values) != 0 {
			t.Errorf("%+v: %v, %v; want no values", ref, res, err)
		}
	}
	_, err := cs.Complete(context.Background(), &mcp.CompleteParams{Ref: &mcp.CompleteReference{Type: "ref/prompt", Name: "plan_trip"}})
	var rpc *jsonrpc.Error
	if !errors.As(err, &rpc) || rpc.Code != jsonrpc.CodeInvalidParams {
		t.Errorf("no argument name: err %v, want invalid params", err)
	}
}

// TestCitiesHaveReadings holds the City constants to the readings: every
// city completes, and every completion has a reading.
func TestCitiesHaveReadings(t *testing.T) {
	want := append([]City(nil), Cities()...)
	if got := []City{Cairo, London, Reykjavik}; !cmp.Equal(got, want) {
		t.Errorf("City constants %v, readings of %v", got, want)
	}
}

func checkInvalidParams(t *testing.T, err error, msg string) {
	t.Helper()
	mcptest.RPCError(t, err, jsonrpc.CodeInvalidParams, msg)
}
