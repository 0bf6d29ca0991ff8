package receivedprop

import (
	"context"
	"encoding/json"
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcptag/mcptag/internal/mcptest"
)

// calls is how many random calls TestReceivedProperty makes; every
// clientEvery-th also goes through a go-sdk client.
const (
	calls       = 20000
	clientEvery = 200
)

// TestReceivedProperty sends the generated handler of receive random
// arguments, a few at a time, made to sit at the edges of their
// constraints and of what their Go types hold, sent as numbers or as the
// strings the handler is lenient about. Whatever the handler lets through
// must meet every constraint as the tool sees it: the tool checks, in Go,
// and answers "violation" otherwise. Each argument must also be both
// accepted and rejected many times, so that the test cannot pass by
// rejecting everything.
func TestReceivedProperty(t *testing.T) {
	cs := mcptest.Session(t, RegisterTools)
	rng := rand.New(rand.NewPCG(20, 5))
	accepted, rejected := map[string]int{}, map[string]int{}
	for i := range calls {
		args := map[string]json.RawMessage{}
		for range 1 + rng.IntN(3) {
			f := fields[rng.IntN(len(fields))]
			args[f.name] = json.RawMessage(f.value(rng))
		}
		data, err := json.Marshal(args)
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		res := call(t, cs, data, i%clientEvery == 0)
		text := res.Content[0].(*mcp.TextContent).Text
		switch {
		case strings.Contains(text, "violation: "):
			t.Errorf("the handler let through %s; the tool found: %s", data, text)
		case res.IsError && !strings.HasPrefix(text, "receive: "):
			t.Errorf("%s: an error that is not the checker's: %s", data, text)
		}
		for name := range args {
			if res.IsError {
				rejected[name]++
			} else {
				accepted[name]++
			}
		}
	}
	for _, f := range fields {
		if accepted[f.name] < 50 || f.constrained && rejected[f.name] < 50 {
			t.Errorf("%s: accepted %d times, rejected %d: the generator misses one side", f.name, accepted[f.name], rejected[f.name])
		}
	}
}

// call calls receive with args, directly or through the client.
func call(t *testing.T, cs *mcp.ClientSession, args []byte, viaClient bool) *mcp.CallToolResult {
	t.Helper()
	ctx := context.Background()
	var res *mcp.CallToolResult
	var err error
	if viaClient {
		res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "receive", Arguments: json.RawMessage(args)})
	} else {
		res, err = mcptagReceive(ctx, &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "receive", Arguments: args}})
	}
	if err != nil {
		t.Fatalf("%s: %v", args, err)
	}
	return res
}

// A field is an argument of receive and how to make a random value of it,
// as JSON.
type field struct {
	name        string
	value       func(*rand.Rand) string
	constrained bool // some values break its constraint
}

var fields = []field{
	{"f64_min", floats(0.1, 64), true},
	{"f64_max", floats(0.3, 64), true},
	{"f64_exmin", floats(0, 64), true},
	{"f64_exmax", floats(10, 64), true},
	{"f64_mult", multiples(0.1), true},
	{"f32_min", floats(0.1, 32), true},
	{"f32_max", floats(0.3, 32), true},
	{"f32_exmin", floats(0, 32), true},
	{"f32_exmax", floats(1, 32), true},
	{"f32_mult", multiples(0.25), true},
	{"int_min", ints(-5), true},
	{"int_max", ints(7), true},
	{"i8_exmin", ints(-100), true},
	{"u16_exmax", ints(1000), true},
	{"i64_mult", ints(3), true},
	{"u64_max", ints(1e19), true},
	{"int_enum", lenient(pick("1", "2", "0", "3", "-1", "1.0", `"01"`)), true},
	{"flag", lenient(pick("true", "false", `"True"`, "1")), true},
	{"text", strs("ab日🌧", `\u0061`, 6), true},
	{"letters", strs("abcd", `\u0062`, 4), true},
	{"word", pick(`"x"`, `"y"`, `"z"`, `"X"`, `"\u0078"`), true},
	{"date", pick(`"2024-02-29"`, `"2023-02-29"`, `"2024-1-01"`, `"2024-01-01 "`, `"0001-01-01"`), true},
	{"date_time", quoted(timeText(time.RFC3339Nano)), true},
	{"clock", quoted(timeText("15:04:05.999999999Z07:00")), true},
	{"mail", quoted(joined(pick("a", "a.b", `\"a b\"`, "a..b", ".a", "é", "a\\u0000", strings.Repeat("a", 65)), "@",
		pick("x.example", "[192.0.2.1]", "[IPv6:2001:db8::1]", "[IPv6:1.2.3.4]", "x_y", "-x.example", "x.example.", strings.Repeat("b", 250)))), true},
	{"link", quoted(joined(pick("http", "urn", "1x", "h+t"), ":", pick("//x/é", "//x/a<b>", "//[::1]:80/", "//[1.2.3.4]/", "//x/%zz",
		"//x/%41", "isbn:1", "//x/a b", `//x/\\`, "//x/"+strings.Repeat("a", 8200)))), true},
	{"id", pick(`"123e4567-e89b-12d3-a456-426614174000"`, `"123e4567-e89b-12d3-a456-42661417400"`, `"123E4567-E89B-12D3-A456-426614174000"`, `"{123e4567-e89b-12d3-a456-426614174000}"`), true},
	{"v4", pick(`"192.0.2.1"`, `"01.2.3.4"`, `"1.2.3.4.5"`, `"::1"`, `"255.255.255.255"`), true},
	{"v6", pick(`"::1"`, `"::ffff:1.2.3.4"`, `"fe80::1%eth0"`, `"1.2.3.4"`, `"2001:db8::g"`), true},
	{"host", quoted(joined(pick("a", "a-b", "-a", "a_b", strings.Repeat("c", 63), strings.Repeat("c", 64)), "", pick("", ".example", ".", "..x"))), true},
	{"when", quoted(timeText(time.RFC3339Nano)), true},
	{"ints", list(0, 4, ints(0)), true},
	{"floats", list(0, 4, lenient(pick("0.1", "0.1000000000000000000001", "1e-400", "2e-400", "0", "-0", "1", "1.0", "1e0"))), true},
	{"floats32", list(0, 4, lenient(pick("0.1", "0.100000001", "0.1000001", "16777216", "16777217", "1e-46", "0"))), true},
	{"bools", list(0, 3, lenient(pick("true", "false"))), true},
	{"texts", list(0, 3, pick(`"a"`, `"\u0061"`, `"b"`, `"1"`)), true},
	{"items", list(0, 3, item), true},
	{"maps", list(0, 3, numberMap), true},
	{"nested", list(0, 3, list(0, 2, lenient(pick("1", "1.0", "2")))), true},
}

// floats makes numbers about a bound: the bound written every way, the
// floats next to it at either precision, decimals a float cannot tell
// from it, and numbers of every size.
func floats(bound float64, bits int) func(*rand.Rand) string {
	return lenient(func(rng *rand.Rand) string {
		b32 := float32(bound)
		switch rng.IntN(9) {
		case 0:
			return oneOf(rng, strconv.FormatFloat(bound, 'g', -1, 64), strconv.FormatFloat(bound, 'e', -1, 64),
				strconv.FormatFloat(bound, 'f', 20, 64), strconv.FormatFloat(float64(b32), 'g', -1, 64))
		case 1: // the neighbours of the bound, as float64s and float32s
			return oneOf(rng, format(math.Nextafter(bound, math.Inf(1))), format(math.Nextafter(bound, math.Inf(-1))),
				format(float64(math.Nextafter32(b32, float32(math.Inf(1))))), format(float64(math.Nextafter32(b32, float32(math.Inf(-1))))))
		case 2: // a decimal a hair from the bound
			digits := strconv.FormatFloat(bound, 'f', 1+rng.IntN(bits/2), 64)
			if !strings.Contains(digits, ".") {
				digits += "."
			}
			return digits + strings.Repeat("0", rng.IntN(30)) + oneOf(rng, "1", "9")
		case 3:
			if bound == 0 {
				return oneOf(rng, "1e-400", "-1e-400", "5e-324", "1e-46", "1e-45", "-0", "0e7")
			}
			return strconv.FormatFloat(bound-1e-9+2e-9*rng.Float64(), 'g', 10+rng.IntN(12), 64)
		case 4: // long literals, about the default NumberBytes
			s := strconv.FormatFloat(bound, 'f', -1, 64)
			if !strings.Contains(s, ".") {
				s += "."
			}
			return s + strings.Repeat("0", 500+rng.IntN(20)) + "1"
		case 5:
			return oneOf(rng, "1e999", "-1e999", "1e39", "3.4028235e38", "1e308", "-1e-999999", "1e-999999")
		case 6: // a decimal that rounds to the bound, from either side
			next := math.Nextafter(bound, math.Inf(2*rng.IntN(2)-1))
			if rng.IntN(2) == 0 {
				next = float64(math.Nextafter32(b32, float32(math.Inf(2*rng.IntN(2)-1))))
			}
			return nearer(bound, next)
		}
		return randomNumber(rng)
	})
}

// nearer is the decimal a quarter of the way from bound to next: it
// rounds to the bound, but is not it.
func nearer(bound, next float64) string {
	b := new(big.Float).SetPrec(256).SetFloat64(bound)
	d := new(big.Float).SetPrec(256).SetFloat64(next)
	d.Sub(d, b).Quo(d, big.NewFloat(4))
	return b.Add(b, d).Text('g', 40)
}

// multiples makes multiples of m, written exactly or nearly, and other
// numbers.
func multiples(m float64) func(*rand.Rand) string {
	return lenient(func(rng *rand.Rand) string {
		k := rng.IntN(20001) - 10000
		exact := strconv.FormatFloat(float64(k)*m, 'f', 4, 64)
		switch rng.IntN(4) {
		case 0:
			return exact
		case 1:
			return exact + strings.Repeat("0", rng.IntN(20)) + "1"
		case 2:
			return oneOf(rng, "1e999999", "1e-999999", "1e22", "1e300", "0.35", "1e-20", "3e-20")
		}
		return randomNumber(rng)
	})
}

// ints makes integers about a bound, and what an integer argument must
// not be.
func ints(bound float64) func(*rand.Rand) string {
	return lenient(func(rng *rand.Rand) string {
		b := int64(bound)
		if bound >= 1<<63 {
			return oneOf(rng, "10000000000000000000", "10000000000000000001", "9999999999999999999", "18446744073709551616", "-1")
		}
		switch rng.IntN(4) {
		case 0:
			return strconv.FormatInt(b+int64(rng.IntN(7))-3, 10)
		case 1:
			return oneOf(rng, "1.0", "1e1", "-0", "99999999999999999999", "-99999999999999999999", "128", "-129", "65536", "0.5")
		}
		return strconv.FormatInt(int64(rng.IntN(41)-20), 10)
	})
}

// randomNumber is a number of random digits, point and exponent.
func randomNumber(rng *rand.Rand) string {
	var b strings.Builder
	if rng.IntN(3) == 0 {
		b.WriteByte('-')
	}
	b.WriteString(strconv.Itoa(rng.IntN(10)))
	if rng.IntN(2) == 0 {
		b.WriteByte('.')
		for range 1 + rng.IntN(25) {
			b.WriteByte(byte('0' + rng.IntN(10)))
		}
	}
	if rng.IntN(2) == 0 {
		b.WriteString("e" + strconv.Itoa(rng.IntN(801)-400))
	}
	return b.String()
}

func format(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// lenient sends what gen makes as it is, or now and then inside a string,
// which the handler takes for the number or boolean it holds.
func lenient(gen func(*rand.Rand) string) func(*rand.Rand) string {
	return func(rng *rand.Rand) string {
		v := gen(rng)
		if rng.IntN(4) == 0 && !strings.HasPrefix(v, `"`) {
			return `"` + v + `"`
		}
		return v
	}
}

func pick(values ...string) func(*rand.Rand) string {
	return func(rng *rand.Rand) string { return oneOf(rng, values...) }
}

func oneOf(rng *rand.Rand, values ...string) string { return values[rng.IntN(len(values))] }

func quoted(gen func(*rand.Rand) string) func(*rand.Rand) string {
	return func(rng *rand.Rand) string { return `"` + gen(rng) + `"` }
}

func joined(a func(*rand.Rand) string, sep string, b func(*rand.Rand) string) func(*rand.Rand) string {
	return func(rng *rand.Rand) string { return a(rng) + sep + b(rng) }
}

// strs makes strings of up to max characters of alphabet, and escape.
func strs(alphabet, escape string, max int) func(*rand.Rand) string {
	chars := []string{}
	for _, r := range alphabet {
		chars = append(chars, string(r))
	}
	chars = append(chars, escape)
	return func(rng *rand.Rand) string {
		var b strings.Builder
		for range rng.IntN(max + 1) {
			b.WriteString(oneOf(rng, chars...))
		}
		return `"` + b.String() + `"`
	}
}

// timeText makes times of layout in every offset RFC 3339 allows and a
// few it does not, with fractions of a second of any length.
func timeText(layout string) func(*rand.Rand) string {
	return func(rng *rand.Rand) string {
		t := time.Unix(rng.Int64N(4e9), rng.Int64N(1e9)).UTC().Format(layout)
		t = strings.TrimSuffix(t, "Z")
		return t + oneOf(rng, "Z", "+00:00", "-00:00", "+23:59", "+24:00", "-24:00", "+05:60", "+14:00", "z")
	}
}

// list makes arrays of min to max items of gen.
func list(min, max int, gen func(*rand.Rand) string) func(*rand.Rand) string {
	return func(rng *rand.Rand) string {
		items := make([]string, min+rng.IntN(max-min+1))
		for i := range items {
			items[i] = gen(rng)
		}
		return "[" + strings.Join(items, ",") + "]"
	}
}

// item makes Items whose fields are sent, left out or null, the integers
// now and then as strings.
func item(rng *rand.Rand) string {
	var members []string
	for _, m := range []struct{ name, values string }{
		{"a", `0|1|"1"|1.0|null|"0"`},
		{"d", `"x"|"y"|null`},
		{"p", `0|1|null|"0"`},
	} {
		if rng.IntN(2) == 0 {
			values := strings.Split(m.values, "|")
			members = append(members, `"`+m.name+`":`+oneOf(rng, values...))
		}
	}
	return "{" + strings.Join(members, ",") + "}"
}

// numberMap makes map[int]float64 values whose keys and numbers are
// written in several ways.
func numberMap(rng *rand.Rand) string {
	var members []string
	for range rng.IntN(3) {
		members = append(members, oneOf(rng, `"1"`, `"01"`, `"-0"`, `"0"`, `"2"`)+":"+oneOf(rng, "1", "1.0", `"1"`, "2", "0.1000000000000000000001", "0.1"))
	}
	return "{" + strings.Join(members, ",") + "}"
}
