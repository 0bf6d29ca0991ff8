package argspec

// Numbers: a number argument is checked twice, as the literal sent and as
// the value the tool receives once encoding/json has rounded it to its Go
// type, with work linear in the literal's length and no arithmetic on
// numbers a caller chose the size of.

import (
	"cmp"
	"math"
	"math/bits"
	"strconv"
	"strings"
)

// A number is a number argument: the literal sent, and for a float, the
// value the tool receives.
type number struct {
	lit   string
	float bool    // the tool receives a float64, or a float32 if bits is 32
	bits  int     // 32 or 64, for a float
	value float64 // the float the tool receives, widened to a float64
	inf   bool    // the literal is beyond the float's range: decoding fails
}

// readNumber reads lit, a JSON number of at most Limits.NumberBytes, as an
// argument described by a receives it.
func readNumber(a *Arg, lit string) number {
	n := number{lit: lit}
	if a.Kind&KindNumber == 0 {
		return n
	}
	n.float, n.bits = true, 64
	if a.Range == RangeFloat32 {
		n.bits = 32
	}
	x, err := strconv.ParseFloat(lit, n.bits)
	n.value, n.inf = x, err != nil // an underflow is no error: it is 0
	return n
}

// typeName names the Go type a float number decodes into.
func (n number) typeName() string {
	if n.bits == 32 {
		return "float32"
	}
	return "float64"
}

// compare compares the number with a bound f twice: the literal exactly,
// and the value the tool receives with f as a constant of the tool's type
// (for a float32, f rounded to a float32). An integer the tool receives
// is the literal.
func (n number) compare(f float64) (literal, received int) {
	if !n.float {
		literal = compareInteger(n.lit, f)
		return literal, literal
	}
	literal = n.compareLiteral(f)
	if n.inf {
		return literal, literal // decoding fails, with its own message
	}
	bound := f
	if n.bits == 32 {
		bound = float64(float32(f))
	}
	return literal, cmp.Compare(n.value, bound)
}

// compareLiteral compares the literal with f exactly. Rounding keeps
// order: where the literal's nearest float64 is not f, it compares as the
// literal does; only when they meet do the decimals decide.
func (n number) compareLiteral(f float64) int {
	x := n.value
	if n.bits != 64 || n.inf {
		x, _ = strconv.ParseFloat(n.lit, 64)
	}
	if x != f {
		return cmp.Compare(x, f)
	}
	return parseDecimal(n.lit).compare(boundDecimal(f))
}

// compareInteger compares lit, a JSON integer, with f exactly.
func compareInteger(lit string, f float64) int {
	if i, err := strconv.ParseInt(lit, 10, 64); err == nil {
		return compareIntFloat(i, f)
	}
	if u, err := strconv.ParseUint(lit, 10, 64); err == nil {
		return compareUintFloat(u, f)
	}
	return parseDecimal(lit).compare(boundDecimal(f))
}

// compareIntFloat compares i with f exactly, which converting either to
// the other's type would not.
func compareIntFloat(i int64, f float64) int {
	switch {
	case f >= 1<<63:
		return -1
	case f < -1<<63:
		return 1
	}
	t := math.Trunc(f)
	if c := cmp.Compare(i, int64(t)); c != 0 {
		return c
	}
	return cmp.Compare(t, f) // i is f's whole part: f's fraction decides
}

// compareUintFloat compares u with f exactly.
func compareUintFloat(u uint64, f float64) int {
	switch {
	case f < 0:
		return 1
	case f >= 1<<64:
		return -1
	}
	t := math.Trunc(f)
	if c := cmp.Compare(u, uint64(t)); c != 0 {
		return c
	}
	return cmp.Compare(t, f)
}

// multipleOf reports whether the literal is a multiple of m, the decimal
// the developer wrote. A float the tool receives is then the float
// nearest to a multiple of m, as near as its type comes.
func (n number) multipleOf(m float64) bool {
	if i, err := strconv.ParseInt(n.lit, 10, 64); err == nil && m == math.Trunc(m) && m < 1<<63 {
		return i%int64(m) == 0
	}
	return parseDecimal(n.lit).multipleOf(boundDecimal(m))
}

// A decimal is a number exactly: 0.digits × 10^exp, negative if neg,
// with digits free of leading and trailing zeros ("" for zero).
type decimal struct {
	neg    bool
	digits string
	exp    int64
}

// maxExponent bounds the exponents a decimal keeps: beyond it a number is
// so far out of any float's range that a larger exponent changes nothing
// this package decides.
const maxExponent = 1 << 40

// parseDecimal reads lit, a JSON number, in time linear in its length.
func parseDecimal(lit string) decimal {
	var d decimal
	s := lit
	if strings.HasPrefix(s, "-") {
		d.neg, s = true, s[1:]
	}
	mantissa, exponent, _ := strings.Cut(strings.Replace(s, "E", "e", 1), "e")
	whole, fraction, _ := strings.Cut(mantissa, ".")
	digits := whole + fraction
	point := int64(len(whole))
	trimmed := strings.TrimLeft(digits, "0")
	point -= int64(len(digits) - len(trimmed))
	d.digits = strings.TrimRight(trimmed, "0")
	if d.digits == "" {
		return decimal{}
	}
	d.exp = point + parseExponent(exponent)
	return d
}

// parseExponent reads the exponent of a JSON number, "" for none, capped
// at ±maxExponent.
func parseExponent(s string) int64 {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimLeft(s, "+-")
	var e int64
	for i := 0; i < len(s) && e < maxExponent; i++ {
		e = e*10 + int64(s[i]-'0')
	}
	e = min(e, maxExponent)
	if neg {
		return -e
	}
	return e
}

// boundDecimal is the bound f as the schema shows it and the developer
// wrote it: the shortest decimal that reads back as f. A bound of 0.1 is
// a tenth, not the float64 nearest to it, which is a little more.
func boundDecimal(f float64) decimal { return parseDecimal(formatNum(f)) }

// formatNum writes a bound as JSON does: whole numbers below 1e21 in full.
func formatNum(f float64) string {
	if f == math.Trunc(f) && math.Abs(f) < 1e21 {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

func (d decimal) sign() int {
	switch {
	case d.digits == "":
		return 0
	case d.neg:
		return -1
	}
	return 1
}

// compare compares d with e.
func (d decimal) compare(e decimal) int {
	if c := cmp.Compare(d.sign(), e.sign()); c != 0 || d.sign() == 0 {
		return c
	}
	c := cmp.Compare(d.exp, e.exp)
	if c == 0 {
		// Without trailing zeros, the digits compare as strings do.
		c = strings.Compare(d.digits, e.digits)
	}
	if d.neg {
		return -c
	}
	return c
}

// multipleOf reports whether d is a whole multiple of m, which has at
// most 19 digits (a bound's shortest decimal has 17), in time linear in
// d's digits and logarithmic in the exponents.
func (d decimal) multipleOf(m decimal) bool {
	if d.digits == "" || m.digits == "" {
		return true
	}
	divisor, err := strconv.ParseUint(m.digits, 10, 64)
	if err != nil {
		return false // not a bound's decimal
	}
	// d is D × 10^k times m / M, D and M its digits and m's as integers,
	// and D ends in a digit other than 0: the quotient is whole only if k
	// is not negative and M divides D × 10^k.
	k := (d.exp - int64(len(d.digits))) - (m.exp - int64(len(m.digits)))
	if k < 0 {
		return false
	}
	var r uint64
	for i := 0; i < len(d.digits); i++ {
		r = mulMod(r, 10, divisor) + uint64(d.digits[i]-'0')
		r %= divisor
	}
	return mulMod(r, powMod(10, uint64(k), divisor), divisor) == 0
}

// mulMod is a × b mod m.
func mulMod(a, b, m uint64) uint64 {
	hi, lo := bits.Mul64(a%m, b%m)
	_, r := bits.Div64(hi, lo, m)
	return r
}

// powMod is b^e mod m.
func powMod(b, e, m uint64) uint64 {
	r := 1 % m
	for b %= m; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = mulMod(r, b, m)
		}
		b = mulMod(b, b, m)
	}
	return r
}

// maxIntegerDigits is the most digits an integer of a 64-bit Go type
// has: a whole number longer than that fits none, and is not written out.
const maxIntegerDigits = 20

// integerText is lit, a JSON number, as the JSON integer encoding/json
// decodes into a Go integer, when its value is whole: JSON Schema counts
// 2.0, 1e1 and -0.0 as integers, and encoding/json takes only 2, 10 and 0.
// A whole number of more than maxIntegerDigits digits stays as sent, in
// time linear in its length: it fits no Go integer, which the range
// checks and decoding report. whole is false for a number with a
// fraction.
func integerText(lit string) (text string, whole bool) {
	if strings.IndexAny(lit, ".eE") < 0 {
		return lit, true
	}
	d := parseDecimal(lit)
	switch {
	case d.digits == "":
		return "0", true
	case d.exp < int64(len(d.digits)):
		return "", false
	case d.exp > maxIntegerDigits:
		return lit, true
	}
	sign := ""
	if d.neg {
		sign = "-"
	}
	return sign + d.digits + strings.Repeat("0", int(d.exp)-len(d.digits)), true
}
