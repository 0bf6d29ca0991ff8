package toolimpl_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mcptag/mcptag/internal/argspec"
	"github.com/mcptag/mcptag/toolimpl"
	"github.com/mcptag/mcptag/toolrt"
)

// parseError is the message of sp.Parse(args), or "" if it accepts them.
func parseError(sp *toolimpl.Spec, args string) string {
	if _, err := sp.Parse([]byte(args)); err != nil {
		return err.Error()
	}
	return ""
}

// TestFloat32Bounds checks bounds on the float32 a tool receives: the
// literal nearest float32 must meet them too, with the bound a float32 as
// the tool's own comparison would have it.
func TestFloat32Bounds(t *testing.T) {
	for _, tc := range []struct {
		op   toolimpl.Op
		num  float64
		lit  string
		want string
	}{
		{toolimpl.ExclusiveMaximum, 1, "0.99999999", `want less than 1, got 0.99999999, which is 1 as a float32`},
		{toolimpl.ExclusiveMaximum, 1, "0.9999999", ""},
		{toolimpl.Maximum, 0.1, "0.1", ""}, // float32(0.1) is above the float64 0.1, and is the tool's 0.1
		{toolimpl.Minimum, 0.1, "0.1", ""},
		{toolimpl.ExclusiveMinimum, 0, "1e-46", `want more than 0, got 1e-46, which is 0 as a float32`},
		{toolimpl.ExclusiveMinimum, 0, "1e-45", ""},
		{toolimpl.Maximum, 1e39, "3e38", ""},
	} {
		sp := &toolimpl.Spec{Tool: "t", Args: []toolimpl.Arg{{Name: "x", Kind: toolimpl.KindNumber, Range: toolimpl.RangeFloat32,
			Rules: []toolimpl.Rule{{Op: tc.op, Num: tc.num}}}}}
		want := tc.want
		if want != "" {
			want = `t: argument "x": ` + want
		}
		for _, args := range []string{`{"x":` + tc.lit + `}`, `{"x":"` + tc.lit + `"}`} {
			if got := parseError(sp, args); got != want {
				t.Errorf("op %d %v, %s:\ngot  %q\nwant %q", tc.op, tc.num, args, got, want)
			}
		}
	}
	sp := &toolimpl.Spec{Tool: "t", Args: []toolimpl.Arg{{Name: "x", Kind: toolimpl.KindNumber, Range: toolimpl.RangeFloat32}}}
	if got, want := parseError(sp, `{"x":1e39}`), `t: argument "x": want number that fits float32, got 1e39`; got != want {
		t.Errorf("1e39 for a float32: %q, want %q", got, want)
	}
}

// TestIntegerBounds checks integers against bounds exactly, beyond what
// a float64 holds.
func TestIntegerBounds(t *testing.T) {
	for _, tc := range []struct {
		r    toolimpl.IntRange
		rule toolimpl.Rule
		lit  string
		want string
	}{
		{toolimpl.RangeUint64, toolimpl.Rule{Op: toolimpl.Maximum, Num: 1 << 63}, "9223372036854775809", `want at most 9223372036854776000, got 9223372036854775809`},
		{toolimpl.RangeUint64, toolimpl.Rule{Op: toolimpl.Maximum, Num: 1 << 63}, "9223372036854775808", ""},
		{argspec.AnyInt, toolimpl.Rule{Op: toolimpl.Minimum, Num: 0.5}, "0", `want at least 0.5, got 0`},
		{argspec.AnyInt, toolimpl.Rule{Op: toolimpl.Minimum, Num: -0.5}, "0", ""},
		{argspec.AnyInt, toolimpl.Rule{Op: toolimpl.Maximum, Num: 7}, "99999999999999999999", `want at most 7, got 99999999999999999999`},
		{argspec.AnyInt, toolimpl.Rule{Op: toolimpl.Minimum, Num: 7}, "-99999999999999999999", `want at least 7, got -99999999999999999999`},
		{argspec.AnyInt, toolimpl.Rule{Op: toolimpl.MultipleOf, Num: 0.5}, "3", ""},
		{argspec.AnyInt, toolimpl.Rule{Op: toolimpl.MultipleOf, Num: 3}, "99999999999999999999", ""},
		{argspec.AnyInt, toolimpl.Rule{Op: toolimpl.MultipleOf, Num: 7}, "99999999999999999999", `want a multiple of 7, got 99999999999999999999`},
	} {
		sp := &toolimpl.Spec{Tool: "t", Args: []toolimpl.Arg{{Name: "n", Kind: toolimpl.KindInteger, Range: tc.r, Rules: []toolimpl.Rule{tc.rule}}}}
		want := tc.want
		if want != "" {
			want = `t: argument "n": ` + want
		}
		if got := parseError(sp, `{"n":`+tc.lit+`}`); got != want {
			t.Errorf("%+v, %s:\ngot  %q\nwant %q", tc.rule, tc.lit, got, want)
		}
	}
}

// TestMultipleOfExact checks multipleOf on literals a float64 cannot
// tell apart, and on exponents far beyond one: decided exactly, on the
// decimal sent.
func TestMultipleOfExact(t *testing.T) {
	for _, tc := range []struct {
		m    float64
		lit  string
		want bool
	}{
		{0.1, "0.30000000000000001", false},
		{0.1, "1e999999", true},
		{0.1, "1e-999999", false},
		{0.25, "1.5", true},
		{0.25, "0.125", false},
		{0.0125, "0.025", true},
		{3, "1" + strings.Repeat("0", 400), false},
		{3, "3" + strings.Repeat("0", 400), true},
		{1e21, "3e21", true},
		{7, "7e-0", true},
	} {
		sp := &toolimpl.Spec{Tool: "t", Args: []toolimpl.Arg{{Name: "x", Kind: toolimpl.KindNumber, Rules: []toolimpl.Rule{{Op: toolimpl.MultipleOf, Num: tc.m}}}}}
		if got := parseError(sp, `{"x":`+tc.lit+`}`) == ""; got != tc.want {
			t.Errorf("%s a multiple of %v: %v, want %v", excerptOf(tc.lit), tc.m, got, tc.want)
		}
	}
}

func excerptOf(s string) string {
	if len(s) > 40 {
		return s[:37] + "..."
	}
	return s
}

// TestNumberLength checks the limit on a number's literal, sent as a
// number or in a string.
func TestNumberLength(t *testing.T) {
	sp := &toolimpl.Spec{Tool: "t", Args: []toolimpl.Arg{{Name: "x", Kind: toolimpl.KindNumber}, {Name: "n", Kind: toolimpl.KindInteger}}}
	long := "7." + strings.Repeat("0", toolrt.DefaultLimits().NumberBytes-3) + "1"
	if got := parseError(sp, `{"x":`+long+`}`); got != "" {
		t.Errorf("a number of %d bytes: %s", len(long), got)
	}
	for _, args := range []string{`{"x":` + long + `0}`, `{"x":"` + long + `0"}`} {
		want := `t: argument "x": want a number of at most 512 characters, got 513: `
		if got := parseError(sp, args); !strings.HasPrefix(got, want) {
			t.Errorf("a number of %d bytes: %q, want %q...", len(long)+1, got, want)
		}
	}
}

// TestUniqueReceived checks uniqueItems on the values the tool receives:
// lenient conversions, rounding, and a struct's absent fields.
func TestUniqueReceived(t *testing.T) {
	item := func(a toolimpl.Arg) *toolimpl.Spec {
		return &toolimpl.Spec{Tool: "t", Args: []toolimpl.Arg{{Name: "xs", Kind: toolimpl.KindArray, Elem: &a,
			Rules: []toolimpl.Rule{{Op: toolimpl.UniqueItems}}}}}
	}
	ints := item(toolimpl.Arg{Kind: toolimpl.KindInteger})
	floats := item(toolimpl.Arg{Kind: toolimpl.KindNumber})
	floats32 := item(toolimpl.Arg{Kind: toolimpl.KindNumber, Range: toolimpl.RangeFloat32})
	bools := item(toolimpl.Arg{Kind: toolimpl.KindBoolean})
	strs := item(toolimpl.Arg{Kind: toolimpl.KindString})
	bytes := item(toolimpl.Arg{Kind: toolimpl.KindString, Format: toolimpl.Base64})
	anys := item(toolimpl.Arg{})
	structs := item(toolimpl.Arg{Kind: toolimpl.KindObject, Closed: true, Fields: []toolimpl.Arg{
		{Name: "a", Kind: toolimpl.KindInteger},
		{Name: "d", Kind: toolimpl.KindString, Default: []byte(`"x"`)},
		{Name: "p", Kind: toolimpl.KindInteger, Nullable: true},
	}})
	maps := item(toolimpl.Arg{Kind: toolimpl.KindObject, Elem: &toolimpl.Arg{Kind: toolimpl.KindNumber}, Keys: toolimpl.DecimalInt})
	for _, tc := range []struct {
		sp   *toolimpl.Spec
		xs   string
		dups string // "[i] and [j]", or "" if unique
	}{
		{ints, `["1", 1]`, "[0] and [1]"},
		{ints, `[1, -0, "0"]`, "[1] and [2]"},
		{ints, `[1, 2, "3"]`, ""},
		{ints, `[2, 2.0]`, "[0] and [1]"},
		{ints, `[1e1, "10"]`, "[0] and [1]"},
		{ints, `[-0.0, 0]`, "[0] and [1]"},
		{ints, `[1e30, 1000000000000000000000000000000]`, "[0] and [1]"},
		{ints, `[2, 2.0e1]`, ""},
		{floats, `["1", "1.0"]`, "[0] and [1]"},
		{floats, `[0.1, 0.1000000000000000000001]`, "[0] and [1]"},
		{floats, `[1e-400, 2e-400]`, "[0] and [1]"},
		{floats, `[0, -0]`, "[0] and [1]"},
		{floats, `[0.1, 0.2]`, ""},
		{floats32, `[0.1, 0.100000001]`, "[0] and [1]"},
		{floats32, `[0.1, 0.1000001]`, ""},
		{bools, `["true", true]`, "[0] and [1]"},
		{bools, `[true, false]`, ""},
		{strs, `["a", "\u0061"]`, "[0] and [1]"},
		{strs, `["1", "1.0"]`, ""},
		{bytes, `["AQ==", "AR=="]`, "[0] and [1]"},
		{anys, `[1, 1.0]`, "[0] and [1]"},
		{anys, `[{"a":1,"b":2}, {"b":2,"a":1}]`, "[0] and [1]"},
		{anys, `[[1], ["1"]]`, ""},
		{structs, `[{"a":"1"}, {"a":1}]`, "[0] and [1]"},
		{structs, `[{"a":0}, {}]`, "[0] and [1]"},
		{structs, `[{"a":null}, {}]`, "[0] and [1]"},
		{structs, `[{"d":"x"}, {}]`, "[0] and [1]"},
		{structs, `[{"d":null}, {"d":"x"}]`, "[0] and [1]"},
		{structs, `[{"p":0}, {}]`, ""},
		{structs, `[{"p":null}, {}]`, "[0] and [1]"},
		{maps, `[{"1":1, "2":2}, {"2":2.0, "01":"1"}]`, "[0] and [1]"},
		{maps, `[{"1":1}, {"1":2}]`, ""},
	} {
		got := parseError(tc.sp, `{"xs":`+tc.xs+`}`)
		if tc.dups == "" && got != "" || tc.dups != "" && !strings.HasSuffix(got, " at "+tc.dups) {
			t.Errorf("%s: %q, want duplicates %q", tc.xs, got, tc.dups)
		}
	}
}

// TestNullOptional checks that null stands for absent for every optional
// argument, pointer or not, and takes the default where there is one.
func TestNullOptional(t *testing.T) {
	sp := &toolimpl.Spec{Tool: "t", Args: []toolimpl.Arg{
		{Name: "n", Kind: toolimpl.KindInteger},
		{Name: "d", Kind: toolimpl.KindInteger, Default: []byte(`3`)},
		{Name: "s", Kind: toolimpl.KindString, Rules: []toolimpl.Rule{{Op: toolimpl.MinLength, Count: 2}}},
		{Name: "o", Kind: toolimpl.KindObject, Closed: true, Fields: []toolimpl.Arg{{Name: "a", Required: true, Kind: toolimpl.KindInteger}}},
		{Name: "r", Required: true, Kind: toolimpl.KindInteger},
	}}
	type values struct {
		N, D int
		S    string
		O    struct{ A int }
		R    int
	}
	args := `{"n":null,"d":null,"s":null,"o":null,"r":1}`
	var got values
	if err := sp.DecodeStruct([]byte(args), &got); err != nil {
		t.Fatalf("DecodeStruct: %v", err)
	}
	if d := cmp.Diff(values{D: 3, R: 1}, got); d != "" {
		t.Errorf("DecodeStruct (-want +got):\n%s", d)
	}
	parsed, err := sp.Parse([]byte(args))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	got = values{}
	for name, dst := range map[string]any{"n": &got.N, "d": &got.D, "s": &got.S, "o": &got.O, "r": &got.R} {
		if err := parsed.Decode(name, dst); err != nil {
			t.Errorf("Decode %s: %v", name, err)
		}
	}
	if d := cmp.Diff(values{D: 3, R: 1}, got); d != "" {
		t.Errorf("Parse (-want +got):\n%s", d)
	}
	if got, want := parseError(sp, `{"r":null}`), `t: argument "r": want integer, got null`; got != want {
		t.Errorf("null for a required argument: %q, want %q", got, want)
	}
	if got, want := parseError(sp, `{"r":1,"o":{"a":null}}`), `t: argument "o.a": want integer, got null`; got != want {
		t.Errorf("null for a required field: %q, want %q", got, want)
	}
}

// TestAnyOutOfRange checks the message for a number an any cannot hold.
func TestAnyOutOfRange(t *testing.T) {
	sp := &toolimpl.Spec{Tool: "t", Args: []toolimpl.Arg{{Name: "v"}}}
	args, err := sp.Parse([]byte(`{"v":[1,1e999]}`))
	if err != nil {
		t.Fatal(err)
	}
	var v any
	err = args.Decode("v", &v)
	if want := `t: argument "v": want number that fits float64, got 1e999`; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}

// TestStrictFormats checks what the RFCs behind each format reject and
// Go's parsers let pass, and the length each allows.
func TestStrictFormats(t *testing.T) {
	for _, tc := range []struct {
		format, value string
		ok            bool
	}{
		{"uri", "http://example.com/é", false},
		{"uri", "http://example.com/%C3%A9", true},
		{"uri", "http://x/a<b>", false},
		{"uri", "http://x/a b", false},
		{"uri", "http://x/%zz", false},
		{"uri", "http://[::1]:8080/x", true},
		{"uri", "http://[1.2.3.4]/", false},
		{"uri", "http://[" + strings.Repeat("1:", 100) + "]/", false},
		{"uri", "urn:isbn:0451450523", true},
		{"uri", "http://x/" + strings.Repeat("a", toolrt.DefaultLimits().URIBytes), false},
		{"email", "é@x.example", false},
		{"email", "jo@x.example", true},
		{"email", `"jo smith"@x.example`, true},
		{"email", "jo@[192.0.2.1]", true},
		{"email", "jo@[IPv6:2001:db8::1]", true},
		{"email", "jo@x_y.example", false},
		{"email", `"jo\"@x.example`, false},
		{"email", `"jo\""@x.example`, true},
		{"email", "jo..smith@x.example", false},
		{"email", "jo@x.example.", false},
		{"email", strings.Repeat("a", 65) + "@x.example", false},
		{"email", "a@" + strings.Repeat("b", 250) + ".ex", false},
		{"date-time", "2024-01-01T00:00:00+24:00", false},
		{"date-time", "2024-01-01T00:00:00+23:60", false},
		{"date-time", "2024-01-01T00:00:00+23:59", true},
		{"date-time", "2024-01-01T00:00:00-00:00", true},
		{"date-time", "2024-01-01T00:00:00." + strings.Repeat("1", 60) + "Z", false},
		{"time", "12:00:00+24:00", false},
		{"time", "12:00:00+05:30", true},
		{"date", "2024-01-01", true},
		{"date", "2024-01-01 ", false},
		{"ipv6", "::ffff:255.255.255.255", true},
		{"ipv4", "01.1.1.1", false},
		{"uuid", "123e4567-e89b-12d3-a456-426614174000", true},
	} {
		sp := &toolimpl.Spec{Tool: "t", Args: []toolimpl.Arg{{Name: "s", Kind: toolimpl.KindString, Format: argspec.FormatNamed(tc.format)}}}
		got := parseError(sp, `{"s":`+quoteJSON(tc.value)+`}`)
		if (got == "") != tc.ok {
			t.Errorf("%s %s: %q, want ok %v", tc.format, excerptOf(tc.value), got, tc.ok)
		}
	}
	// A time.Time argument follows RFC 3339 too.
	sp := &toolimpl.Spec{Tool: "t", Args: []toolimpl.Arg{{Name: "s", Kind: toolimpl.KindString, Format: toolimpl.DateTime}}}
	if got := parseError(sp, `{"s":"2024-01-01T00:00:00+24:00"}`); got == "" {
		t.Errorf("a time.Time with the offset +24:00 passes")
	}
}

func quoteJSON(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}
