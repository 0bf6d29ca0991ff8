package toolrt

import (
	"bytes"
	"cmp"
	"encoding/json"
	"math"
	"math/big"
	"net/mail"
	"net/netip"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// A Rule is one constraint a value must meet beyond its kind and Go type,
// as the developer declared it: a bound, a length, a pattern.
type Rule struct {
	Op    Op
	Num   float64 // the bound of Minimum, Maximum, ExclusiveMinimum, ExclusiveMaximum, MultipleOf
	Count int     // the length of MinLength, MaxLength, MinItems, MaxItems
	Text  string  // the regular expression of Pattern
}

// An Op is the kind of a Rule.
type Op uint8

const (
	Minimum          Op = iota + 1 // a number at least Num
	Maximum                        // a number at most Num
	ExclusiveMinimum               // a number greater than Num
	ExclusiveMaximum               // a number less than Num
	MultipleOf                     // a number that is a multiple of Num
	MinLength                      // a string of at least Count characters
	MaxLength                      // a string of at most Count characters
	Pattern                        // a string that Text matches somewhere
	MinItems                       // an array of at least Count items
	MaxItems                       // an array of at most Count items
	UniqueItems                    // an array whose items are all different
)

// Formats a string can be declared to have, by their JSON Schema names.
const (
	Date     Format = iota + 16 // an RFC 3339 full-date: 2006-01-02
	Time                        // an RFC 3339 full-time: 15:04:05Z
	Email                       // an e-mail address
	URI                         // an absolute URI
	UUID                        // a UUID: 8-4-4-4-12 hexadecimal digits
	IPv4                        // an IPv4 address, dotted
	IPv6                        // an IPv6 address
	Hostname                    // an Internet host name
)

// formatNames are the JSON Schema names of the formats a developer may
// declare.
var formatNames = map[string]Format{
	"date-time": DateTime, "date": Date, "time": Time, "email": Email, "uri": URI,
	"uuid": UUID, "ipv4": IPv4, "ipv6": IPv6, "hostname": Hostname,
}

// FormatNamed returns the Format of a JSON Schema format name, or
// NoFormat.
func FormatNamed(name string) Format { return formatNames[name] }

// Bounds gives the range of r; bounded is false for AnyInt. RangeUint64's
// upper bound is 1<<64-1, which hi cannot hold: it is reported as
// math.MaxInt64.
func (r IntRange) Bounds() (lo, hi int64, bounded bool) { return r.bounds() }

// insertDefaults records, at the closing brace of the object at c.pos,
// the defaults of the properties of a that were not sent.
func (c *checker) insertDefaults(a *Arg, seen []bool, members int) {
	var text []byte
	for i := range a.Fields {
		f := &a.Fields[i]
		if seen[i] || f.Default == nil {
			continue
		}
		if members > 0 || len(text) > 0 {
			text = append(text, ',')
		}
		text = strconv.AppendQuote(text, f.Name)
		text = append(text, ':')
		text = append(text, f.Default...)
	}
	if text != nil {
		c.edits = append(c.edits, edit{c.pos, c.pos, text})
	}
}

// lenient accepts the string at c.pos for a number or a boolean, unless
// the tool is strict: a model often sends "5812" for 5812. It reports
// whether the string is such a scalar, and if so checks it as one and
// records its conversion.
func (c *checker) lenient(a *Arg, nullable bool) (handled bool, err error) {
	if c.sp.Strict {
		return false, nil
	}
	start := c.pos
	raw, escaped := c.rawString()
	text := string(raw)
	switch {
	case escaped:
	case a.Kind&(KindInteger|KindNumber) != 0 && isJSONNumber(text):
		if a.Kind&KindNumber == 0 && strings.ContainsAny(text, ".eE") {
			break // not an integer: the usual error
		}
		if err := c.numberLiteral(a, nullable, text, start); err != nil {
			return true, err
		}
		c.edits = append(c.edits, edit{start, c.pos, raw})
		return true, nil
	case a.Kind&KindBoolean != 0 && (text == "true" || text == "false"):
		c.edits = append(c.edits, edit{start, c.pos, raw})
		return true, nil
	}
	c.pos = start
	return false, nil
}

// numberRules checks the number lit against a's rules.
func (c *checker) numberRules(a *Arg, lit string) error {
	for _, r := range a.Rules {
		var ok bool
		var want string
		switch r.Op {
		case Minimum:
			ok, want = compare(lit, r.Num) >= 0, "at least"
		case Maximum:
			ok, want = compare(lit, r.Num) <= 0, "at most"
		case ExclusiveMinimum:
			ok, want = compare(lit, r.Num) > 0, "more than"
		case ExclusiveMaximum:
			ok, want = compare(lit, r.Num) < 0, "less than"
		case MultipleOf:
			ok, want = multipleOf(lit, r.Num), "a multiple of"
		default:
			continue
		}
		if !ok {
			return c.errorf("want %s %s, got %s", want, formatNum(r.Num), excerpt([]byte(lit)))
		}
	}
	return nil
}

// compare compares the number lit, a JSON number, with f, exactly.
func compare(lit string, f float64) int {
	if n, err := strconv.ParseInt(lit, 10, 64); err == nil && f == math.Trunc(f) && math.Abs(f) < 1<<63 {
		return cmp.Compare(n, int64(f))
	}
	// Rounding keeps order: where lit's nearest float64 is not the
	// bound's, it compares as lit does. Only when they meet does exact
	// arithmetic decide, on a number a float64 holds, so a caller cannot
	// make it cost much (1e999999 as a big.Rat takes a long while).
	x, err := strconv.ParseFloat(lit, 64)
	switch {
	case err != nil && math.IsInf(x, 0):
		return int(math.Copysign(1, x))
	case err != nil: // so small it rounds to 0
		if f != 0 {
			return cmp.Compare(0, f)
		}
		if strings.HasPrefix(lit, "-") {
			return -1
		}
		return 1
	case x != f:
		return cmp.Compare(x, f)
	}
	r, ok := new(big.Rat).SetString(lit)
	if !ok {
		return 0
	}
	return r.Cmp(decimal(f))
}

// multipleOf reports whether the number lit is a multiple of m, exactly.
// A number beyond what a float64 holds passes: decoding it fails anyway,
// with a message about its size.
func multipleOf(lit string, m float64) bool {
	if n, err := strconv.ParseInt(lit, 10, 64); err == nil && m == math.Trunc(m) && m < 1<<63 {
		return n%int64(m) == 0
	}
	if _, err := strconv.ParseFloat(lit, 64); err != nil {
		return true
	}
	x, ok := new(big.Rat).SetString(lit)
	if !ok {
		return false
	}
	return x.Quo(x, decimal(m)).IsInt()
}

// decimal is the bound f as the schema shows it and the developer wrote
// it: the shortest decimal that reads back as f. A bound of 0.1 is a
// tenth, not the float64 nearest to it, which is a little more.
func decimal(f float64) *big.Rat {
	r, _ := new(big.Rat).SetString(formatNum(f))
	return r
}

// formatNum writes a bound as JSON does: whole numbers below 1e21 in full.
func formatNum(f float64) string {
	if f == math.Trunc(f) && math.Abs(f) < 1e21 {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// stringRules checks the string s, the JSON value at start up to c.pos,
// against a's rules.
func (c *checker) stringRules(a *Arg, s string, start int) error {
	for _, r := range a.Rules {
		switch r.Op {
		case MinLength, MaxLength:
			n := utf8.RuneCountInString(s)
			if r.Op == MinLength && n < r.Count {
				return c.errorf("want at least %s, got %s", plural(r.Count, "character"), excerpt(c.data[start:c.pos]))
			}
			if r.Op == MaxLength && n > r.Count {
				return c.errorf("want at most %s, got %d: %s", plural(r.Count, "character"), n, excerpt(c.data[start:c.pos]))
			}
		case Pattern:
			if re := c.sp.pattern(r.Text); re == nil || !re.MatchString(s) {
				return c.errorf("want a string matching %s, got %s", r.Text, excerpt(c.data[start:c.pos]))
			}
		}
	}
	return nil
}

// arrayRules checks an array of n items, at items in c.data, against a's
// rules.
func (c *checker) arrayRules(a *Arg, n int, items [][2]int) error {
	for _, r := range a.Rules {
		switch r.Op {
		case MinItems:
			if n < r.Count {
				return c.errorf("want at least %s, got %d", plural(r.Count, "item"), n)
			}
		case MaxItems:
			if n > r.Count {
				return c.errorf("want at most %s, got %d", plural(r.Count, "item"), n)
			}
		case UniqueItems:
			seen := map[string]int{}
			for i, it := range items {
				key := canonical(c.data[it[0]:it[1]])
				if j, dup := seen[key]; dup {
					return c.errorf("want unique items, got %s at [%d] and [%d]", excerpt(c.data[it[0]:it[1]]), j, i)
				}
				seen[key] = i
			}
		}
	}
	return nil
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// canonical renders a JSON value so that equal values, as JSON Schema's
// uniqueItems counts them, render alike: numbers by their value, object
// members in key order.
func canonical(raw []byte) string {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil {
		return string(raw)
	}
	var b strings.Builder
	writeCanonical(&b, v)
	return b.String()
}

func writeCanonical(b *strings.Builder, v any) {
	switch v := v.(type) {
	case json.Number:
		if r, ok := new(big.Rat).SetString(v.String()); ok {
			b.WriteString(r.RatString())
			return
		}
		b.WriteString(v.String())
	case []any:
		b.WriteByte('[')
		for i, e := range v {
			if i > 0 {
				b.WriteByte(',')
			}
			writeCanonical(b, e)
		}
		b.WriteByte(']')
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Quote(k))
			b.WriteByte(':')
			writeCanonical(b, v[k])
		}
		b.WriteByte('}')
	default:
		data, _ := json.Marshal(v)
		b.Write(data)
	}
}

// pattern returns the compiled regular expression of a Pattern rule of
// sp, compiling each once; nil if it does not compile (mcptag checks that
// it does when it generates the code).
func (sp *Spec) pattern(text string) *regexp.Regexp {
	if re, ok := sp.patterns.Load(text); ok {
		return re.(*regexp.Regexp)
	}
	re, err := regexp.Compile(text)
	if err != nil {
		return nil
	}
	sp.patterns.Store(text, re)
	return re
}

// A stringFormat is a format a string can be declared to have: what a
// message asks for, and the test.
type stringFormat struct {
	want  string
	valid func(string) bool
}

var formats = map[Format]stringFormat{
	Date: {`a date string (like "2006-01-02")`, func(s string) bool {
		_, err := time.Parse(time.DateOnly, s)
		return err == nil
	}},
	Time: {`a time string (like "15:04:05Z")`, func(s string) bool {
		// Parsing accepts fractional seconds the layout does not show.
		_, err := time.Parse("15:04:05Z07:00", s)
		return err == nil
	}},
	Email: {"an e-mail address", func(s string) bool {
		addr, err := mail.ParseAddress(s)
		return err == nil && addr.Address == s && addr.Name == ""
	}},
	URI: {"an absolute URI", func(s string) bool {
		u, err := url.Parse(s)
		return err == nil && u.IsAbs() && !strings.ContainsAny(s, " \t\n")
	}},
	UUID: {`a UUID (like "123e4567-e89b-12d3-a456-426614174000")`, uuidPattern.MatchString},
	IPv4: {"an IPv4 address", func(s string) bool {
		a, err := netip.ParseAddr(s)
		return err == nil && a.Is4()
	}},
	IPv6: {"an IPv6 address", func(s string) bool {
		a, err := netip.ParseAddr(s)
		return err == nil && a.Is6() && a.Zone() == ""
	}},
	Hostname: {"a host name", validHostname},
}

var uuidPattern = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// validHostname reports whether s is a host name by RFC 1123: dot-separated
// labels of letters, digits and inner hyphens, each at most 63 bytes, 253
// in all.
func validHostname(s string) bool {
	if s == "" || len(s) > 253 {
		return false
	}
	for _, label := range strings.Split(strings.TrimSuffix(s, "."), ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for _, ch := range []byte(label) {
			if !(ch == '-' || '0' <= ch && ch <= '9' || 'a' <= ch && ch <= 'z' || 'A' <= ch && ch <= 'Z') {
				return false
			}
		}
	}
	return true
}
