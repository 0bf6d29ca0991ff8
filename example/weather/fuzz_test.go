package main

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// FuzzGetForecast feeds arbitrary bytes as the arguments of the generated
// get_forecast handler: the answer is always a result, never a panic (the
// handler recovers panics, so one recovered is a failure too); a rejected
// call names the tool; a call that reaches GetForecast has both arguments,
// as encoding/json reads them with unknown fields disallowed.
func FuzzGetForecast(f *testing.F) {
	for _, s := range []string{
		``, `null`, `{}`, `[]`, `"x"`, `{"city": "London", "days": 3}`, `{"city": "London", "days": 8}`,
		`{"city": "London", "days": "two"}`, `{"cty": "London", "days": 1}`, `{"city": null, "days": 1}`, `{"city": "London", "days": null}`,
		`{"city": "London", "days": 1.5}`, `{"city": "London", "days": 1e400}`, `{"city": "London", "days": 99999999999999999999}`,
		`{"city": "London", "days": 2, "city": "Cairo"}`, `{"City": "London", "days": 2}`, "{\"city\": \"\xff\", \"days\": 1}",
		`{"city": "Lon\u0064on", "days": 1}`, `{"city": [[[[[[]]]]]], "days": 1}`, `{"city": "London", "days": 1,}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, args []byte) {
		req := &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "get_forecast", Arguments: args}}
		res, err := mcptagGetForecast(context.Background(), req)
		if err != nil || res == nil {
			t.Fatalf("result %v, error %v", res, err)
		}
		var text string
		if len(res.Content) > 0 {
			text = res.Content[0].(*mcp.TextContent).Text
		}
		if res.IsError && strings.HasPrefix(text, "get_forecast: ") {
			if strings.Contains(text, "panicked") {
				t.Fatalf("panicked on %q", args)
			}
			if !utf8.ValidString(text) || len(text) > 2000 {
				t.Errorf("message %q", text)
			}
			return
		}
		// The call reached GetForecast: the arguments were complete and
		// days, when sent, an integer from 1 to 7 (or a string holding
		// one, which the handler takes for it).
		var in struct {
			City *string         `json:"city"`
			Days json.RawMessage `json:"days"`
		}
		dec := json.NewDecoder(bytes.NewReader(args))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&in); err != nil || in.City == nil || !validDays(in.Days) {
			t.Errorf("GetForecast called with %q (%v): %q", args, err, text)
		}
		if res.IsError && !strings.HasPrefix(text, "days must be") && !strings.HasPrefix(text, "no readings for") {
			t.Errorf("unexpected error %q for %q", text, args)
		}
	})
}

// validDays reports whether the days argument, as sent, is absent (or
// null, which stands for absent) or a whole number from 1 to 7, bare or
// in a string.
func validDays(raw json.RawMessage) bool {
	if raw == nil || string(raw) == "null" {
		return true
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		raw = json.RawMessage(s)
	}
	// A whole number is an integer however written: 3, 3.0, 0.3e1.
	n, err := strconv.ParseFloat(string(raw), 64)
	return err == nil && n == math.Trunc(n) && n >= 1 && n <= 7
}
