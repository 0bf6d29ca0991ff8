package constraintprop

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"net/netip"
	"reflect"
	"strings"
	"testing"
	"time"
)

// tools are the package's tools: how to make arguments for each, and
// the values just outside each constraint, with the message each gets.
var tools = map[string]tool{
	"echo_numbers":  {mcptagEchoNumbers, reflect.TypeFor[Numbers](), numberArgs},
	"echo_decimals": {mcptagEchoDecimals, reflect.TypeFor[Decimals](), decimalArgs},
	"echo_strings":  {mcptagEchoStrings, reflect.TypeFor[Strings](), append(stringArgs, formatArgs...)},
	"echo_arrays":   {mcptagEchoArrays, reflect.TypeFor[Arrays](), arrayArgs},
	"echo_defaults": {mcptagEchoDefaults, reflect.TypeFor[Defaults](), defaultArgs},
	"echo_strict":   {mcptagEchoStrict, reflect.TypeFor[StrictNumbers](), strictArgs("days", 7)},
	"book":          {mcptagBook, reflect.TypeFor[BookArgs](), bookArgs},
	"formats":       {mcptagFormats, reflect.TypeFor[FormatsArgs](), formatArgs},
	"plain_strict":  {mcptagPlainStrict, reflect.TypeFor[PlainStrictArgs](), strictArgs("n", 1000)},
}

var numberArgs = []arg{
	{name: "days", valid: intIn(1, 7), bad: []bad{
		{value: 0, message: `argument "days": want at least 1, got 0`},
		{value: 8, message: `argument "days": want at most 7, got 8`},
	}},
	{name: "above", valid: intIn(1, 99), bad: []bad{
		{value: 0, message: `argument "above": want more than 0, got 0`},
		{value: 100, message: `argument "above": want less than 100, got 100`},
	}},
	{name: "step", valid: func(rng *rand.Rand) any { return 5 * (rng.IntN(2001) - 1000) }, bad: []bad{
		{value: 7, message: `argument "step": want a multiple of 5, got 7`},
		{value: -3, message: `argument "step": want a multiple of 5, got -3`},
	}},
	{name: "ratio", valid: func(rng *rand.Rand) any { return -0.5 + 0.25*float64(intIn(0, 12)(rng).(int)) }, bad: []bad{
		{value: -0.75, message: `argument "ratio": want at least -0.5, got -0.75`},
		{value: 2.75, message: `argument "ratio": want at most 2.5, got 2.75`},
		{value: 0.3, message: `argument "ratio": want a multiple of 0.25, got 0.3`},
	}},
	{name: "open", valid: floatBetween(-1.5, 1.5), bad: []bad{
		{value: -1.5, message: `argument "open": want more than -1.5, got -1.5`},
		{value: 1.5, message: `argument "open": want less than 1.5, got 1.5`},
	}},
	{name: "small", valid: intIn(-100, 100), bad: []bad{
		{value: -101, message: `argument "small": want at least -100, got -101`},
		{value: 101, message: `argument "small": want at most 100, got 101`},
	}},
	{name: "count", valid: intIn(0, 1000), bad: []bad{
		{value: 1001, message: `argument "count": want at most 1000, got 1001`},
		{value: -1, message: `argument "count": want integer from 0 to 65535, got -1`},
	}},
	{name: "level", valid: oneOf(1, 2, 3), bad: []bad{
		{value: 4, message: `argument "level": want one of 1, 2, 3, got 4`},
		{value: 0, message: `argument "level": want one of 1, 2, 3, got 0`},
	}},
}

var decimalArgs = []arg{
	{name: "cents", valid: func(rng *rand.Rand) any {
		return oneOf(0.1, 0.3, float64(intIn(10, 30)(rng).(int))/100)(rng)
	}, bad: []bad{
		{value: 0.09, message: `argument "cents": want at least 0.1, got 0.09`},
		{value: 0.31, message: `argument "cents": want at most 0.3, got 0.31`},
	}},
	{name: "tenths", optional: true, inexact: true, valid: func(rng *rand.Rand) any {
		return float64(rng.IntN(2001)-1000) / 10
	}, bad: []bad{
		{value: 0.35, message: `argument "tenths": want a multiple of 0.1, got 0.35`},
		{value: 1e-20, message: `argument "tenths": want a multiple of 0.1, got 1e-20`},
	}},
	{name: "price", optional: true, inexact: true, valid: func(rng *rand.Rand) any {
		return float64(intIn(1, 10000)(rng).(int)) / 100
	}, bad: []bad{
		{value: 0.001, message: `argument "price": want at least 0.01, got 0.001`},
		{value: 100.01, message: `argument "price": want at most 100, got 100.01`},
		{value: 1.005, message: `argument "price": want a multiple of 0.01, got 1.005`},
	}},
}

var stringArgs = []arg{
	{name: "name", valid: textOf(2, 8, "aZé日🌧 "), bad: []bad{
		{value: "a", message: `argument "name": want at least 2 characters, got "a"`},
		{value: "🌧", message: `argument "name": want at least 2 characters, got "🌧"`},
		{value: "abcdefghi", message: `argument "name": want at most 8 characters, got 9: "abcdefghi"`},
		{value: "日本語日本語日本語", message: `argument "name": want at most 8 characters, got 9: "日本語日本語日本語"`},
	}},
	{name: "code", valid: func(rng *rand.Rand) any {
		return textOf(3, 3, "ABCDEFGHIJKLMNOPQRSTUVWXYZ")(rng).(string) + "-" + textOf(2, 2, "0123456789")(rng).(string)
	}, bad: []bad{
		{value: "AB-12", message: `argument "code": want a string matching ^[A-Z]{3}-[0-9]{2}$, got "AB-12"`},
		{value: "ABC-123", message: `argument "code": want a string matching ^[A-Z]{3}-[0-9]{2}$, got "ABC-123"`},
		{value: "abc-12", message: `argument "code": want a string matching ^[A-Z]{3}-[0-9]{2}$, got "abc-12"`},
	}},
	{name: "unit", valid: oneOf("celsius", "fahrenheit"), bad: []bad{
		{value: "kelvin", message: `argument "unit": want one of "celsius", "fahrenheit", got "kelvin"`},
		{value: "Celsiu", message: `argument "unit": want one of "celsius", "fahrenheit", got "Celsiu" (did you mean "celsius"?)`},
	}},
}

// formatArgs are strings of every format: the same on struct fields
// (echo_strings) and plain parameters (formats).
var formatArgs = []arg{
	{name: "when", valid: dateTime, bad: []bad{
		{value: "2024-13-01T00:00:00Z", format: true, message: `argument "when": want date-time string (RFC 3339, like "2006-01-02T15:04:05Z"), got "2024-13-01T00:00:00Z"`},
		{value: "2024-01-01 00:00:00Z", format: true, message: `argument "when": want date-time string (RFC 3339, like "2006-01-02T15:04:05Z"), got "2024-01-01 00:00:00Z"`},
	}},
	{name: "day", valid: date, bad: []bad{
		{value: "2024-02-30", format: true, message: `argument "day": want a date string (like "2006-01-02"), got "2024-02-30"`},
		{value: "2023-02-29", format: true, message: `argument "day": want a date string (like "2006-01-02"), got "2023-02-29"`},
		{value: "24-01-01", format: true, message: `argument "day": want a date string (like "2006-01-02"), got "24-01-01"`},
	}},
	{name: "clock", valid: clock, bad: []bad{
		{value: "24:00:00Z", format: true, message: `argument "clock": want a time string (like "15:04:05Z"), got "24:00:00Z"`},
		{value: "12:00:00", format: true, message: `argument "clock": want a time string (like "15:04:05Z"), got "12:00:00"`},
	}},
	{name: "mail", valid: email, bad: []bad{
		{value: "nobody", format: true, message: `argument "mail": want an e-mail address, got "nobody"`},
		{value: json.RawMessage(`"Jo <jo@example.com>"`), format: true, message: `argument "mail": want an e-mail address, got "Jo <jo@example.com>"`},
		{value: "a@b@example.com", format: true, message: `argument "mail": want an e-mail address, got "a@b@example.com"`},
	}},
	{name: "link", valid: uri, bad: []bad{
		{value: "/relative/path", format: true, message: `argument "link": want an absolute URI, got "/relative/path"`},
		{value: "http://exa mple.com", format: true, message: `argument "link": want an absolute URI, got "http://exa mple.com"`},
	}},
	{name: "id", valid: uuid, bad: []bad{
		{value: "123e4567-e89b-12d3-a456-42661417400", format: true, message: `argument "id": want a UUID (like "123e4567-e89b-12d3-a456-426614174000"), got "123e4567-e89b-12d3-a456-42661417400"`},
		{value: "g23e4567-e89b-12d3-a456-426614174000", format: true, message: `argument "id": want a UUID (like "123e4567-e89b-12d3-a456-426614174000"), got "g23e4567-e89b-12d3-a456-426614174000"`},
	}},
	{name: "v4", valid: ipv4, bad: []bad{
		{value: "256.1.1.1", format: true, message: `argument "v4": want an IPv4 address, got "256.1.1.1"`},
		{value: "::1", format: true, message: `argument "v4": want an IPv4 address, got "::1"`},
		{value: "1.2.3", format: true, message: `argument "v4": want an IPv4 address, got "1.2.3"`},
	}},
	{name: "v6", valid: ipv6, bad: []bad{
		{value: "1.2.3.4", format: true, message: `argument "v6": want an IPv6 address, got "1.2.3.4"`},
		{value: "fe80::1%eth0", format: true, message: `argument "v6": want an IPv6 address, got "fe80::1%eth0"`},
		{value: "2001:db8::g", format: true, message: `argument "v6": want an IPv6 address, got "2001:db8::g"`},
	}},
	{name: "host", valid: hostname, bad: []bad{
		{value: "-bad.example", format: true, message: `argument "host": want a host name, got "-bad.example"`},
		{value: "a_b.example", format: true, message: `argument "host": want a host name, got "a_b.example"`},
		{value: "", format: true, message: `argument "host": want a host name, got ""`},
		{value: strings.Repeat("a", 64), format: true, message: `argument "host": want a host name, got "` + strings.Repeat("a", 36) + `...`},
	}},
}

var arrayArgs = []arg{
	{name: "tags", valid: distinct(1, 4, textOf(2, 6, "abc")), bad: []bad{
		{value: []string{}, message: `argument "tags": want at least 1 item, got 0`},
		{value: []string{"aa", "bb", "cc", "dd", "ee"}, message: `argument "tags": want at most 4 items, got 5`},
		{value: []string{"aa", "bb", "aa"}, message: `argument "tags": want unique items, got "aa" at [0] and [2]`},
		{value: []string{"aa", "b"}, message: `argument "tags[1]": want at least 2 characters, got "b"`},
	}},
	{name: "scores", valid: listOf(0, 5, intIn(0, 10)), bad: []bad{
		{value: []int{11}, message: `argument "scores[0]": want at most 10, got 11`},
		{value: []int{3, -1}, message: `argument "scores[1]": want at least 0, got -1`},
		{value: []int{1, 2, 3, 4, 5, 6}, message: `argument "scores": want at most 5 items, got 6`},
	}},
	{name: "units", valid: listOf(0, 3, oneOf("c", "f")), bad: []bad{
		{value: []string{"c", "k"}, message: `argument "units[1]": want one of "c", "f", got "k"`},
	}},
	{name: "window", valid: listOf(3, 3, func(rng *rand.Rand) any { return 2 * (rng.IntN(201) - 100) }), bad: []bad{
		{value: []int{2, 4}, message: `argument "window": want array of 3 items, got 2 items: [2,4]`},
		{value: []int{2, 4, 6, 8}, message: `argument "window": want array of 3 items, got 4 items: [2,4,6,8]`},
		{value: []int{2, 3, 4}, message: `argument "window[1]": want a multiple of 2, got 3`},
	}},
	{name: "values", valid: distinct(0, 4, func(rng *rand.Rand) any { return float64(rng.IntN(41)-20) / 4 }), bad: []bad{
		{value: json.RawMessage(`[1,1.0]`), message: `argument "values": want unique items, got 1.0 at [0] and [1]`},
		{value: json.RawMessage(`[0.5,-0,0]`), message: `argument "values": want unique items, got 0 at [1] and [2]`},
		{value: json.RawMessage(`[100,1e2]`), message: `argument "values": want unique items, got 1e2 at [0] and [1]`},
	}},
	{name: "days", valid: listOf(0, 3, date), bad: []bad{
		{value: []string{"2024-01-01", "2024-01-02", "2024-01-03", "2024-01-04"}, message: `argument "days": want at most 3 items, got 4`},
		{value: []string{"2024-01-01", "2024-02-30"}, format: true, message: `argument "days[1]": want a date string (like "2006-01-02"), got "2024-02-30"`},
	}},
}

var defaultArgs = []arg{
	{name: "days", def: 3, valid: intIn(1, 7), bad: []bad{
		{value: 0, message: `argument "days": want at least 1, got 0`},
	}},
	{name: "unit", def: "c", valid: oneOf("c", "f"), bad: []bad{
		{value: "k", message: `argument "unit": want one of "c", "f", got "k"`},
	}},
	{name: "ratio", def: 0.5, valid: func(rng *rand.Rand) any { return rng.NormFloat64() * 100 }},
	{name: "flag", def: true, valid: oneOf(false, true)},
	{name: "tags", def: []string{"a", "b"}, valid: listOf(0, 3, textOf(0, 4, "xy"))},
	{name: "ptr", def: 7, valid: intIn(0, 100), bad: []bad{
		{value: -1, message: `argument "ptr": want at least 0, got -1`},
	}},
	{name: "greeting", def: "hello, world", valid: textOf(0, 12, "hi, ")},
	{name: "day", def: "2024-02-29", valid: date, bad: []bad{
		{value: "2024-02-30", format: true, message: `argument "day": want a date string (like "2006-01-02"), got "2024-02-30"`},
	}},
}

var bookArgs = []arg{
	{name: "guests", valid: intIn(1, 12), bad: []bad{
		{value: 0, message: `argument "guests": want at least 1, got 0`},
		{value: 13, message: `argument "guests": want at most 12, got 13`},
	}},
	{name: "name", valid: textOf(2, 10, "Joé李 "), bad: []bad{
		{value: "J", message: `argument "name": want at least 2 characters, got "J"`},
		{value: "Jonathan Mo", message: `argument "name": want at most 10 characters, got 11: "Jonathan Mo"`},
	}},
	{name: "note", valid: textOf(0, 20, "abc "), bad: []bad{
		{value: "Hello", message: `argument "note": want a string matching ^[a-z ]*$, got "Hello"`},
		{value: strings.Repeat("a", 21), message: `argument "note": want at most 20 characters, got 21: "` + strings.Repeat("a", 21) + `"`},
	}},
	{name: "tags", valid: distinct(1, 3, textOf(0, 3, "xyz")), bad: []bad{
		{value: []string{}, message: `argument "tags": want at least 1 item, got 0`},
		{value: []string{"a", "b", "c", "d"}, message: `argument "tags": want at most 3 items, got 4`},
		{value: []string{"x", "x"}, message: `argument "tags": want unique items, got "x" at [0] and [1]`},
	}},
	{name: "ratio", valid: floatBetween(0, 1), bad: []bad{
		{value: 0, message: `argument "ratio": want more than 0, got 0`},
		{value: 1, message: `argument "ratio": want less than 1, got 1`},
	}},
	{name: "deposit", def: 10.5, valid: func(rng *rand.Rand) any { return 0.5 * float64(rng.IntN(401)-200) }, bad: []bad{
		{value: 10.25, message: `argument "deposit": want a multiple of 0.5, got 10.25`},
	}},
	{name: "vip", def: false, valid: oneOf(false, true)},
	{name: "seats", def: 4, valid: intIn(2, 20), bad: []bad{
		{value: 1, message: `argument "seats": want at least 2, got 1`},
	}},
	{name: "unit", def: "eur", valid: oneOf("eur", "usd"), bad: []bad{
		{value: "gbp", message: `argument "unit": want one of "eur", "usd", got "gbp"`},
	}},
	{name: "code", optional: true, valid: func(rng *rand.Rand) any {
		return textOf(2, 2, "ABCXYZ")(rng).(string) + textOf(1, 1, "0123456789")(rng).(string)
	}, bad: []bad{
		{value: "ab1", message: `argument "code": want a string matching ^[A-Z]{2}[0-9]$, got "ab1"`},
	}},
}

// strictArgs are the arguments of a strict tool: an integer called
// name, at least 1 and at most hi, a number and a boolean.
func strictArgs(name string, hi int) []arg {
	return []arg{
		{name: name, valid: intIn(1, hi), bad: []bad{
			{value: 0, message: `argument "` + name + `": want at least 1, got 0`},
			{value: "1", message: `argument "` + name + `": want integer, got "1"`},
		}},
		{name: "f", valid: func(rng *rand.Rand) any { return rng.NormFloat64() }, bad: []bad{
			{value: "0.5", message: `argument "f": want number, got "0.5"`},
		}},
		{name: "b", valid: oneOf(false, true), bad: []bad{
			{value: "true", message: `argument "b": want boolean, got "true"`},
		}},
	}
}

// The generators of values that meet constraints. Each favours the
// edges: a bound itself, the number next to an exclusive bound.

// intIn makes integers from lo to hi, each bound a third of the time.
func intIn(lo, hi int) func(*rand.Rand) any {
	return func(rng *rand.Rand) any {
		switch rng.IntN(3) {
		case 0:
			return lo
		case 1:
			return hi
		}
		return lo + rng.IntN(hi-lo+1)
	}
}

// floatBetween makes numbers strictly between lo and hi, the nearest
// float64s to the bounds among them.
func floatBetween(lo, hi float64) func(*rand.Rand) any {
	return func(rng *rand.Rand) any {
		switch rng.IntN(4) {
		case 0:
			return math.Nextafter(lo, hi)
		case 1:
			return math.Nextafter(hi, lo)
		}
		f := lo + rng.Float64()*(hi-lo)
		if f <= lo || f >= hi {
			return (lo + hi) / 2
		}
		return f
	}
}

func oneOf(values ...any) func(*rand.Rand) any {
	return func(rng *rand.Rand) any { return values[rng.IntN(len(values))] }
}

// textOf makes strings of min to max characters of alphabet.
func textOf(min, max int, alphabet string) func(*rand.Rand) any {
	chars := []rune(alphabet)
	return func(rng *rand.Rand) any {
		n := intIn(min, max)(rng).(int)
		var b strings.Builder
		for range n {
			b.WriteRune(chars[rng.IntN(len(chars))])
		}
		return b.String()
	}
}

// listOf makes lists of min to max values of elem.
func listOf(min, max int, elem func(*rand.Rand) any) func(*rand.Rand) any {
	return func(rng *rand.Rand) any {
		list := []any{}
		for n := intIn(min, max)(rng).(int); len(list) < n; {
			list = append(list, elem(rng))
		}
		return list
	}
}

// distinct makes lists of min to max different values of elem, which
// must have at least max values.
func distinct(min, max int, elem func(*rand.Rand) any) func(*rand.Rand) any {
	return func(rng *rand.Rand) any {
		list, seen := []any{}, map[any]bool{}
		for n := intIn(min, max)(rng).(int); len(list) < n; {
			if v := elem(rng); !seen[v] {
				seen[v] = true
				list = append(list, v)
			}
		}
		return list
	}
}

var zones = []*time.Location{
	time.UTC, time.FixedZone("", 5*3600+1800), time.FixedZone("", -8*3600), time.FixedZone("", 14*3600),
}

// instant is a time from year 1 to 9999, to the second, the
// millisecond or the nanosecond, in one of zones.
func instant(rng *rand.Rand) time.Time {
	sec := rng.Int64N(253402300799+62135596800-86400) - 62135596800 + 43200
	ns := []int64{0, rng.Int64N(1000) * 1e6, rng.Int64N(1e9)}[rng.IntN(3)]
	return time.Unix(sec, ns).In(zones[rng.IntN(len(zones))])
}

func dateTime(rng *rand.Rand) any { return instant(rng).Format(time.RFC3339Nano) }

func date(rng *rand.Rand) any { return instant(rng).Format(time.DateOnly) }

func clock(rng *rand.Rand) any { return instant(rng).Format("15:04:05.999999999Z07:00") }

func email(rng *rand.Rand) any {
	local := textOf(1, 8, "abcxyz019")(rng).(string)
	if rng.IntN(2) == 0 {
		local += oneOf(".", "+", "-", "_")(rng).(string) + textOf(1, 5, "tag")(rng).(string)
	}
	return local + "@" + hostname(rng).(string) + ".example"
}

func uri(rng *rand.Rand) any {
	switch rng.IntN(3) {
	case 0:
		return "urn:isbn:" + textOf(10, 10, "0123456789")(rng).(string)
	case 1:
		return "mailto:" + email(rng).(string)
	}
	return oneOf("http", "https", "ftp")(rng).(string) + "://" + hostname(rng).(string) +
		"/" + textOf(0, 8, "ab/-_~")(rng).(string) + "?q=" + textOf(0, 4, "xy")(rng).(string)
}

func uuid(rng *rand.Rand) any {
	hex := textOf(32, 32, "0123456789abcdefABCDEF")(rng).(string)
	return hex[:8] + "-" + hex[8:12] + "-" + hex[12:16] + "-" + hex[16:20] + "-" + hex[20:]
}

func ipv4(rng *rand.Rand) any {
	var b [4]byte
	for i := range b {
		b[i] = byte(rng.IntN(256))
	}
	return netip.AddrFrom4(b).String()
}

func ipv6(rng *rand.Rand) any {
	var b [16]byte
	for i := range b {
		if rng.IntN(3) > 0 { // zeros make "::"
			b[i] = byte(rng.IntN(256))
		}
	}
	return netip.AddrFrom16(b).String()
}

// hostname makes host names of one to four labels of letters, digits
// and inner hyphens, a label of the longest length among them.
func hostname(rng *rand.Rand) any {
	labels := make([]string, 1+rng.IntN(4))
	for i := range labels {
		n := 1 + rng.IntN(12)
		if rng.IntN(8) == 0 {
			n = 63
		}
		label := []byte(textOf(n, n, "abcXYZ019-")(rng).(string))
		label[0], label[n-1] = 'h', '9'
		labels[i] = string(label)
	}
	return strings.Join(labels, ".")
}

// TestToolTable checks that the table above names every argument of
// every tool, and nothing else: a typo would leave an argument untested.
func TestToolTable(t *testing.T) {
	for name, tl := range tools {
		fields := map[string]bool{}
		for i := 0; i < tl.echo.NumField(); i++ {
			tag, _, _ := strings.Cut(tl.echo.Field(i).Tag.Get("json"), ",")
			fields[tag] = true
		}
		for _, a := range tl.args {
			if !fields[a.name] {
				t.Errorf("%s has no argument %q", name, a.name)
			}
			delete(fields, a.name)
		}
		if len(fields) > 0 {
			t.Errorf("%s: the table makes no values of %v", name, fields)
		}
	}
}
