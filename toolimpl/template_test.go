package toolimpl_test

import (
	"encoding/json"
	"github.com/mcptag/mcptag/internal/argspec"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/toolimpl"
	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// stringTemplate is a template whose variables are all optional strings.
func stringTemplate(template string, vars ...string) *toolimpl.URITemplate {
	sp := &toolimpl.Spec{Tool: "r"}
	for _, v := range vars {
		sp.Args = append(sp.Args, toolimpl.Arg{Name: v, Kind: toolimpl.KindString})
	}
	return &toolimpl.URITemplate{Template: template, Spec: sp}
}

// matchValues matches uri and returns its variables' values, or the
// error's message.
func matchValues(t *testing.T, tmpl *toolimpl.URITemplate, uri string) (map[string]string, string) {
	t.Helper()
	args, err := tmpl.Match(uri)
	if err != nil {
		return nil, err.Error()
	}
	values := map[string]string{}
	for _, a := range tmpl.Spec.Args {
		var v *string
		if err := args.Decode(a.Name, &v); err != nil {
			t.Fatal(err)
		}
		if v != nil {
			values[a.Name] = *v
		}
	}
	return values, ""
}

// TestURITemplateOperators reads the variables of each RFC 6570 operator
// mcptag generates: only a simple {var} and a {/var} are path segments.
func TestURITemplateOperators(t *testing.T) {
	for _, tc := range []struct {
		tmpl *toolimpl.URITemplate
		uri  string
		want map[string]string
		err  string
	}{
		{stringTemplate("files:///{+path}", "path"), "files:///a/b/../c%20d", map[string]string{"path": "a/b/../c d"}, ""},
		{stringTemplate("files:///{+path}", "path"), "files:///a,b", nil, "Resource not found"},
		{stringTemplate("files://{dir}{/name}", "dir", "name"), "files://x/y", map[string]string{"dir": "x", "name": "y"}, ""},
		{stringTemplate("files://{dir}{/name}", "dir", "name"), "files://x/%2E%2E", nil, `r: argument "name": want one path segment`},
		{stringTemplate("search://x{?q,n}", "q", "n"), "search://x?q=a%2Fb&n=..", map[string]string{"q": "a/b", "n": ".."}, ""},
		{stringTemplate("search://x{?q,n}", "q", "n"), "search://x?n=2", map[string]string{"n": "2"}, ""},
		{stringTemplate("search://x{?q,n}", "q", "n"), "search://x?q=1&q=2", nil, "Resource not found"},
		{stringTemplate("pair://{a,b}", "a", "b"), "pair://1,2", map[string]string{"a": "1", "b": "2"}, ""},
		{stringTemplate("pair://{a}", "a"), "pair://1,2", nil, "Resource not found"},
		{stringTemplate("doc://x{#frag}", "frag"), "doc://x#a/b", map[string]string{"frag": "a/b"}, ""},
		{stringTemplate("doc://x{.ext}", "ext"), "doc://x.tar.gz", map[string]string{"ext": "tar.gz"}, ""},
		{stringTemplate("doc://x{;p}", "p"), "doc://x;p=%2F", map[string]string{"p": "/"}, ""},
	} {
		got, err := matchValues(t, tc.tmpl, tc.uri)
		switch {
		case tc.err != "" && !strings.HasPrefix(err, tc.err):
			t.Errorf("%s %s: error %q, want %q", tc.tmpl.Template, tc.uri, err, tc.err)
		case tc.err == "" && err != "":
			t.Errorf("%s %s: error %q", tc.tmpl.Template, tc.uri, err)
		case tc.err == "" && !equalMaps(got, tc.want):
			t.Errorf("%s %s: %v, want %v", tc.tmpl.Template, tc.uri, got, tc.want)
		}
	}
}

func equalMaps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// TestURITemplateLength: a URI of the limits' URIBytes is read, a longer
// one is invalid params, whatever its variables: the default limit
// without any in the context, the context's with them.
func TestURITemplateLength(t *testing.T) {
	tmpl := stringTemplate("files://{name}", "name")
	for _, limit := range []int{toolrt.DefaultLimits().URIBytes, 100, 64 << 10} {
		ctx := t.Context()
		if limit != toolrt.DefaultLimits().URIBytes {
			ctx = argspec.WithLimits(ctx, argspec.Limits{URIBytes: limit})
		}
		uri := "files://" + strings.Repeat("a", limit-len("files://"))
		if _, err := tmpl.MatchContext(ctx, uri); err != nil {
			t.Errorf("a URI of %d bytes, the limit %d: %v", len(uri), limit, err)
		}
		_, err := tmpl.MatchContext(ctx, uri+"a")
		checkRPCError(t, err, jsonrpc.CodeInvalidParams, "r: URI too long: "+strconv.Itoa(len(uri)+1)+" bytes, the limit is "+strconv.Itoa(limit), "")
	}
}

// segmentPieces are what a random variable is made of: dots, slashes and
// backslashes written every way, commas, escapes good and bad.
var segmentPieces = []string{
	"a", "Z9", "~", "-", "_", ".", "..", "%2E", "%2e", "%2E%2E", "/", "%2F", "%2f", `\`, "%5C", "%5c",
	",", "%2C", "%", "%G1", "%C3%A9", "é", "?", "%3F", "#", "%23", "%00", "%FF",
}

// TestSegmentVariablesProperty matches random URIs against templates
// with path segment variables (a simple {var}, a {/var}): a value that
// reaches the resource function never holds "/" or "\" and is never "."
// or "..", however the URI writes it.
func TestSegmentVariablesProperty(t *testing.T) {
	templates := []*toolimpl.URITemplate{
		stringTemplate("files://{name}", "name"),
		stringTemplate("files://{dir}/{name}.txt", "dir", "name"),
		stringTemplate("files://root{/dir,name}", "dir", "name"),
		stringTemplate("files://{a,b}", "a", "b"),
	}
	rng := rand.New(rand.NewPCG(20, 7))
	accepted := 0
	for range 20000 {
		tmpl := templates[rng.IntN(len(templates))]
		var b strings.Builder
		for range 1 + rng.IntN(4) {
			b.WriteString(segmentPieces[rng.IntN(len(segmentPieces))])
		}
		value := b.String()
		uri := strings.NewReplacer("{name}", value, "{dir}", value[:rng.IntN(len(value)+1)], "{/dir,name}", "/"+value,
			"{a,b}", value).Replace(tmpl.Template)
		got, _ := matchValues(t, tmpl, uri)
		for name, v := range got {
			if strings.ContainsAny(v, `/\`) || v == "." || v == ".." {
				t.Fatalf("%s: %s reached the function as %q", uri, name, v)
			}
		}
		if got != nil {
			accepted++
		}
	}
	if accepted < 1000 {
		t.Errorf("only %d URIs of 20000 were read: the test makes too few good ones", accepted)
	}
}

// TestURIFormatLength: a format=uri argument is bounded by the URIBytes
// of the limits the call's context carries, the default without any.
func TestURIFormatLength(t *testing.T) {
	sp := &toolimpl.Spec{Tool: "t", Args: []toolimpl.Arg{{Name: "u", Kind: toolimpl.KindString, Format: toolimpl.URI}}}
	long := json.RawMessage(`{"u":"https://example.com/` + strings.Repeat("a", 60<<10) + `"}`)
	if _, err := sp.Parse(long); err == nil {
		t.Errorf("a URI over the default URIBytes was accepted")
	}
	raised := argspec.WithLimits(t.Context(), argspec.Limits{URIBytes: 64 << 10})
	if _, err := sp.ParseContext(raised, long); err != nil {
		t.Errorf("URIBytes raised to 64 KiB: %v", err)
	}
	lowered := argspec.WithLimits(t.Context(), argspec.Limits{URIBytes: 20})
	if _, err := sp.ParseContext(lowered, json.RawMessage(`{"u":"https://example.com/abc"}`)); err == nil {
		t.Errorf("a URI of 23 bytes was accepted with URIBytes 20")
	}
}
