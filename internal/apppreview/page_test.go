package apppreview

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// TestPageRoundTrip: a page whose text would end a script element
// travels whole, escaped, and Parse gives back the call; the policy is
// the default widened by the call's origins.
func TestPageRoundTrip(t *testing.T) {
	c := Call{
		HTML:   "<!doctype html><script>x = '</script><!--';</script>",
		CSP:    map[string][]string{"connectDomains": {"https://api.example.com"}, "resourceDomains": {"https://cdn.example.com"}},
		Tool:   map[string]any{"name": "t"},
		Input:  map[string]any{"q": "{{CSP}}"},
		Result: json.RawMessage(`{"content":[]}`),
		Source: "a test",
	}
	page, err := Page(c)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(page), "</script>"); n != 2 {
		t.Errorf("the preview has %d </script>, want 2: its own", n)
	}
	for _, s := range []string{
		"script-src &#39;unsafe-inline&#39; https://cdn.example.com;",
		"connect-src https://api.example.com;",
	} {
		if !strings.Contains(string(page), s) {
			t.Errorf("the preview's policy lacks %s", s)
		}
	}
	got, err := Parse(page)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, c) {
		t.Errorf("Parse = %+v, want %+v", got, c)
	}
	if _, err := Page(Call{HTML: c.HTML}); err == nil {
		t.Error("Page of a call without a result: no error")
	}
}
