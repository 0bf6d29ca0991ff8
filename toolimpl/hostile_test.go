package toolimpl_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/internal/argspec"
	"github.com/mcptag/mcptag/internal/costtest"
	"github.com/mcptag/mcptag/toolimpl"
)

// The hostile inputs of this file each once cost far more than a good
// input of the same size: a resource URI full of commas, number literals
// that took exact arithmetic, a format check run on megabytes, the
// IPv6-literal path of format=uri. Each lever pairs a good call with a
// hostile one of the same size; the tests assert that the hostile call
// costs at most a small multiple of the good one, measured in one run.

// A costPair is a good and a hostile call of the same size, and the
// slack allowed: the hostile call may cost at most slack times the good.
type costPair struct {
	name          string
	good, hostile func() error
	slack         float64
}

// currentTemplate is the template of the example's CurrentWeather.
var currentTemplate = &toolimpl.URITemplate{
	Template: "weather://{city}/current",
	Spec:     &toolimpl.Spec{Tool: "current_weather", Args: []toolimpl.Arg{{Name: "city", Required: true, Kind: toolimpl.KindString}}},
}

// templateURIs are a URI of the example's template of about size bytes
// whose variable is a plain word, and one of the same size whose
// variable is a list of commas, each of which once added a capture the
// matcher copied at every character.
func templateURIs(size int) (good, hostile string) {
	n := size - len("weather:///current")
	return "weather://" + strings.Repeat("a", n) + "/current",
		"weather://" + strings.Repeat("a,", n/2) + "/current"
}

// numberSpec has a number argument of every kind of rule, and a string
// argument to make a good call as long as a hostile number.
var numberSpec = &toolimpl.Spec{Tool: "numbers", Args: []toolimpl.Arg{
	{Name: "x", Kind: toolimpl.KindNumber, Rules: []toolimpl.Rule{{Op: toolimpl.Minimum, Num: 7}}},
	{Name: "e", Kind: toolimpl.KindNumber, Rules: []toolimpl.Rule{{Op: toolimpl.ExclusiveMinimum, Num: 0}}},
	{Name: "m", Kind: toolimpl.KindNumber, Rules: []toolimpl.Rule{{Op: toolimpl.MultipleOf, Num: 0.1}}},
	{Name: "xs", Kind: toolimpl.KindArray, Elem: &toolimpl.Arg{Kind: toolimpl.KindNumber}, Rules: []toolimpl.Rule{{Op: toolimpl.UniqueItems}}},
	{Name: "i", Kind: toolimpl.KindInteger, Rules: []toolimpl.Rule{{Op: toolimpl.Minimum, Num: 7}, {Op: toolimpl.MultipleOf, Num: 3}}},
	{Name: "is", Kind: toolimpl.KindArray, Elem: &toolimpl.Arg{Kind: toolimpl.KindInteger, Range: toolimpl.RangeInt32}, Rules: []toolimpl.Rule{{Op: toolimpl.UniqueItems}}},
	{Name: "pad", Kind: toolimpl.KindString},
}}

// numberArgs are arguments of numberSpec: good, and hostile of the same
// size, for one number of about size bytes.
func numberArgs(size int) (good, hostile string) {
	return `{"x":8,"pad":"` + strings.Repeat("a", size) + `"}`,
		`{"x":7.` + strings.Repeat("0", size) + `1}`
}

// padding pads the small calls below to 4 KiB, a common size for a
// call's arguments, so that what they compare is the cost of the number,
// not the constant cost of writing an error message.
var padding = `,"pad":"` + strings.Repeat("a", 4<<10) + `"}`

// exponentArgs are arguments of numberSpec with a tiny number against an
// exclusive bound of 0, and a good one of the same size.
func exponentArgs() (good, hostile string) {
	return `{"e":0.0000015` + padding, `{"e":1e-999999` + padding
}

// uniqueArgs are ten different numbers for a uniqueItems array, and ten
// of huge exponent, all the same length.
func uniqueArgs() (good, hostile string) {
	var g, h []string
	for i := range 10 {
		g = append(g, fmt.Sprintf("123456.7%d", i))
		h = append(h, fmt.Sprintf("1e99999%d", i))
	}
	return `{"xs":[` + strings.Join(g, ",") + `]` + padding, `{"xs":[` + strings.Join(h, ",") + `]` + padding
}

// multipleArgs are a multiple of 0.1 and a tiny number of the same size.
func multipleArgs() (good, hostile string) {
	return `{"m":1234567.8` + padding, `{"m":1e-999999` + padding
}

// wholeArgs are ten integers written with exponents for an integer
// argument, and ten whole numbers of huge exponent, all the same length:
// an integer is written out only when it is short.
func wholeArgs() (good, hostile string) {
	var g, h []string
	for i := range 10 {
		g = append(g, fmt.Sprintf("1.2345%de5", i))
		h = append(h, fmt.Sprintf("1e99999999%d", i))
	}
	return `{"is":[` + strings.Join(g, ",") + `]` + padding, `{"i":1e999999999,"is":[` + strings.Join(h, ",") + `]` + padding
}

// formatSpec has a string of every format, and a plain one.
var formatSpec = func() *toolimpl.Spec {
	sp := &toolimpl.Spec{Tool: "formats", Args: []toolimpl.Arg{{Name: "plain", Kind: toolimpl.KindString}}}
	for _, name := range argspec.FormatNames() {
		sp.Args = append(sp.Args, toolimpl.Arg{Name: name, Kind: toolimpl.KindString, Format: argspec.FormatNamed(name)})
	}
	return sp
}()

// formatArgs are a string of about size bytes in the argument name, and
// the same string in a plain string argument: "a.a.a.", which cost
// net/mail the most.
func formatArgs(name string, size int) (good, hostile string) {
	value := strings.Repeat("a.", size/2)
	return `{"plain":"` + value + `"}`, `{"` + name + `":"` + value + `"}`
}

// ipv6URIArgs are a format=uri argument of about size bytes whose host
// is a long IPv6 literal, and a good one of the same size with a long
// path.
func ipv6URIArgs(size int) (good, hostile string) {
	hostile = `{"uri":"http://[` + strings.Repeat("1:", size/2) + `]"}`
	good = `{"uri":"http://example.com/"}`
	return good[:len(good)-2] + strings.Repeat("a", len(hostile)-len(good)) + `"}`, hostile
}

// enumSpec has an array of strings of an enum of n values, one of the
// same strings with no enum, and, as a view's fields argument is, unique
// items of either.
func enumSpec(n int) (sp *toolimpl.Spec, values []string) {
	for i := range n {
		values = append(values, fmt.Sprintf("items.%d.name", i))
	}
	unique := []toolimpl.Rule{{Op: toolimpl.UniqueItems}}
	return &toolimpl.Spec{Tool: "enums", Args: []toolimpl.Arg{
		{Name: "plain", Kind: toolimpl.KindArray, Elem: &toolimpl.Arg{Kind: toolimpl.KindString}},
		{Name: "enum", Kind: toolimpl.KindArray, Elem: &toolimpl.Arg{Kind: toolimpl.KindString, Enum: values}},
		{Name: "plainUnique", Kind: toolimpl.KindArray, Elem: &toolimpl.Arg{Kind: toolimpl.KindString}, Rules: unique},
		{Name: "fields", Kind: toolimpl.KindArray, Elem: &toolimpl.Arg{Kind: toolimpl.KindString, Enum: values}, Rules: unique},
	}}, values
}

// enumArgs are an array of items of an enum's last value, which a scan
// of the values finds last, in the enum argument and in the plain one.
func enumArgs(values []string, items int) (good, hostile string) {
	list := `["` + strings.Repeat(values[len(values)-1]+`","`, items-1) + values[len(values)-1] + `"]`
	return `{"plain":` + list + `}`, `{"enum":` + list + `}`
}

// fieldsArgs are every value of an enum, as a view's fields argument
// naming every property of a wide result, and the same strings in a
// plain argument of unique items.
func fieldsArgs(values []string) (good, hostile string) {
	list := `["` + strings.Join(values, `","`) + `"]`
	return `{"plainUnique":` + list + `}`, `{"fields":` + list + `}`
}

// caseSpec has a string and an array of strings of an enum of n values,
// which a value in the wrong case is folded to be looked up in, and a
// plain string of no enum.
func caseSpec(n int) (sp *toolimpl.Spec, values []string) {
	for i := range n {
		values = append(values, fmt.Sprintf("State%d", i))
	}
	enum := toolimpl.Arg{Kind: toolimpl.KindString, Enum: values}
	return &toolimpl.Spec{Tool: "cases", Args: []toolimpl.Arg{
		{Name: "plain", Kind: toolimpl.KindString},
		{Name: "one", Kind: toolimpl.KindString, Enum: values},
		{Name: "many", Kind: toolimpl.KindArray, Elem: &enum},
	}}, values
}

// caseArrayArgs are items of an enum's last value as spelled, and the
// same items upper-cased, each of which is folded and converted.
func caseArrayArgs(values []string, items int) (good, hostile string) {
	list := func(v string) string { return `["` + strings.Repeat(v+`","`, items-1) + v + `"]` }
	last := values[len(values)-1]
	return `{"many":` + list(last) + `}`, `{"many":` + list(strings.ToUpper(last)) + `}`
}

// caseLongArgs are a string of about size bytes in the plain argument,
// and the same in the enum's, longer than any of its values.
func caseLongArgs(size int) (good, hostile string) {
	value := strings.Repeat("A", size)
	return `{"plain":"` + value + `"}`, `{"one":"` + value + `"}`
}

func parse(sp *toolimpl.Spec, args string) func() error {
	return func() error { _, err := sp.Parse([]byte(args)); return err }
}

func match(uri string) func() error {
	return func() error { _, err := currentTemplate.Match(uri); return err }
}

// costPairs are the levers, each a good and a hostile call of the
// same size: size bytes for a long number and a format, which cost in
// proportion to their size, or as much as a lever allows.
func costPairs(size int) []costPair {
	var pairs []costPair
	good, hostile := templateURIs(8000)
	pairs = append(pairs, costPair{"template-commas", match(good), match(hostile), 3})
	good, hostile = numberArgs(size)
	pairs = append(pairs, costPair{"long-number", parse(numberSpec, good), parse(numberSpec, hostile), 3})
	good, hostile = exponentArgs()
	pairs = append(pairs, costPair{"tiny-exponent", parse(numberSpec, good), parse(numberSpec, hostile), 3})
	good, hostile = uniqueArgs()
	pairs = append(pairs, costPair{"unique-exponents", parse(numberSpec, good), parse(numberSpec, hostile), 3})
	good, hostile = wholeArgs()
	pairs = append(pairs, costPair{"whole-exponents", parse(numberSpec, good), parse(numberSpec, hostile), 3})
	good, hostile = multipleArgs()
	pairs = append(pairs, costPair{"multiple-exponent", parse(numberSpec, good), parse(numberSpec, hostile), 3})
	for _, name := range argspec.FormatNames() {
		good, hostile = formatArgs(name, size)
		pairs = append(pairs, costPair{"format-" + name, parse(formatSpec, good), parse(formatSpec, hostile), 3})
	}
	sp, values := enumSpec(1000)
	good, hostile = enumArgs(values, 1000)
	pairs = append(pairs, costPair{"enum-array", parse(sp, good), parse(sp, hostile), 3})
	sp, values = enumSpec(10000)
	good, hostile = fieldsArgs(values)
	pairs = append(pairs, costPair{"view-fields", parse(sp, good), parse(sp, hostile), 3})
	sp, values = caseSpec(1000)
	good, hostile = caseArrayArgs(values, 1000)
	pairs = append(pairs, costPair{"enum-case-array", parse(sp, good), parse(sp, hostile), 3})
	sp, values = caseSpec(2)
	good, hostile = caseArrayArgs(values, 1000)
	pairs = append(pairs, costPair{"enum-case-short", parse(sp, good), parse(sp, hostile), 3})
	sp, _ = caseSpec(1000)
	good, hostile = caseLongArgs(size)
	pairs = append(pairs, costPair{"enum-case-long", parse(sp, good), parse(sp, hostile), 3})
	good, hostile = ipv6URIArgs(8000)
	pairs = append(pairs, costPair{"uri-ipv6", parse(formatSpec, good), parse(formatSpec, hostile), 2})
	return pairs
}

// BenchmarkHostile measures each lever's good and hostile call, with
// numbers and formats of 1 MiB:
//
//	go test ./toolimpl -run '^$' -bench Hostile -benchmem
func BenchmarkHostile(b *testing.B) {
	for _, p := range costPairs(1 << 20) {
		for _, side := range []struct {
			name string
			f    func() error
		}{{"good", p.good}, {"hostile", p.hostile}} {
			b.Run(p.name+"/"+side.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					side.f()
				}
			})
		}
	}
}

// TestHostileCost checks each lever: the hostile call costs at most the
// pair's slack times the good call of the same size, each the best of
// several rounds measured in turn (costtest.Compare).
func TestHostileCost(t *testing.T) {
	if testing.Short() {
		t.Skip("measures costs")
	}
	for _, p := range costPairs(256 << 10) {
		t.Run(p.name, func(t *testing.T) {
			good, hostile := costtest.Compare(3, func() { p.good() }, func() { p.hostile() })
			ratio := float64(hostile) / float64(good)
			t.Logf("good %v, hostile %v: %.2fx", good, hostile, ratio)
			if ratio > p.slack {
				t.Errorf("a hostile call costs %.1fx a good one of the same size (%v against %v), more than %vx", ratio, hostile, good, p.slack)
			}
		})
	}
}
