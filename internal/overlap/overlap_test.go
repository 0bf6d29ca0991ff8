package overlap

import (
	"testing"

	"github.com/yosida95/uritemplate/v3"
)

// TestTemplatesOverlap checks the overlap of pairs of templates as the
// go-sdk matches them, and that the URI given for an overlap matches
// both, by the go-sdk's own matching.
func TestTemplatesOverlap(t *testing.T) {
	for _, tc := range []struct {
		a, b    string
		overlap bool
		uri     string // the shortest URI both match
	}{
		{"weather://{city}/current", "weather://{region}/{kind}", true, "weather:///current"},
		{"weather://{city}/current", "weather://{city}/current", true, "weather:///current"},
		{"weather://{city}", "weather://{city}/current", false, ""},
		{"weather://{city}/current", "weather://{city}/forecast", false, ""},
		{"file:///{+path}", "file:///{name}.txt", true, "file:///.txt"},
		{"file:///{+path}", "other:///{+path}", false, ""},
		{"x://{a}", "x://{b}", true, "x://"},
		{"x://a{?q}", "x://a", true, "x://a"},
		{"x://{a}-{b}", "x://{c}", true, "x://-"},
		{"x://{a}/b", "x://{+c}/b", true, "x:///b"},
		{"x://z{a}", "x://y{b}", false, ""},
		{"x://{a}", "x://%41", true, "x://%41"}, // {a} matches an escape
		{"x://é{a}", "x://é", true, "x://é"},
	} {
		uri, ok := Templates(tc.a, tc.b)
		if ok != tc.overlap || uri != tc.uri {
			t.Errorf("Templates(%q, %q) = %q, %v; want %q, %v", tc.a, tc.b, uri, ok, tc.uri, tc.overlap)
		}
		if !ok {
			continue
		}
		for _, tmpl := range []string{tc.a, tc.b} {
			if !uritemplate.MustNew(tmpl).Regexp().MatchString(uri) {
				t.Errorf("%q does not match %q", uri, tmpl)
			}
		}
	}
}

// FuzzTemplatesOverlap checks, for any two texts, that the overlap check
// does not panic; that a URI it reports matches both templates as the
// go-sdk matches them; and that when some URI matches both, it reports
// an overlap.
func FuzzTemplatesOverlap(f *testing.F) {
	for _, seed := range [][3]string{
		{"weather://{city}/current", "weather://{region}/{kind}", "weather://x/current"},
		{"file:///{+path}", "file:///{name}.txt", "file:///a.txt"},
		{"x://{a}{?q,r}", "x://{#f}", "x://a?q=1"},
		{"x://{/a,b}{.c}", "x://{;d}{&e}", "x://;d=1"},
		{"x://é{a}", "x://{b}é", "x://é"},
		{"x://{a", "x://}", "x://"},
	} {
		f.Add(seed[0], seed[1], seed[2])
	}
	f.Fuzz(func(t *testing.T, a, b, probe string) {
		uri, ok := Templates(a, b)
		ta, errA := uritemplate.New(a)
		tb, errB := uritemplate.New(b)
		if errA != nil || errB != nil {
			if ok {
				t.Errorf("an overlap of %q and %q, one of which does not parse", a, b)
			}
			return
		}
		if !ok {
			if ta.Regexp().MatchString(probe) && tb.Regexp().MatchString(probe) {
				t.Errorf("no overlap of %q and %q, but both match %q", a, b, probe)
			}
			return
		}
		if !ta.Regexp().MatchString(uri) || !tb.Regexp().MatchString(uri) {
			t.Errorf("%q does not match both %q and %q", uri, a, b)
		}
	})
}
