package argspec

// The checker: a single pass over the arguments' JSON that checks them
// against a Spec and names the exact path of the first problem, before
// encoding/json decodes them.

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/mcptag/mcptag/internal/suggest"
)

// A suspect is a number that is valid where it stands but may not fit
// the Go type it decodes into; only encoding/json knows the type.
type suspect struct {
	path, literal string
	sent          string // the literal as sent, which may be literal written another way
}

// checker walks the arguments, which are valid JSON, against a Spec.
type checker struct {
	sp       *Spec
	lim      Limits // the call's, defaults set
	data     []byte
	pos      int
	path     []pathElem
	spans    [][2]int          // where each top-level argument is in data, by index
	values   []json.RawMessage // the top-level arguments, by index, once checked
	suspects []suspect
	// edits turn what was sent into what is decoded: defaults of absent
	// properties, and scalars sent as strings, in the order of data.
	edits []edit
}

// An edit replaces data[start:end] with text.
type edit struct {
	start, end int
	text       []byte
}

type pathElem struct {
	name  string
	index int // -1 for a name
}

// check validates raw and returns the checker holding what it found.
func (sp *Spec) check(lim Limits, raw json.RawMessage) (*checker, error) {
	c := &checker{sp: sp, lim: lim, spans: make([][2]int, len(sp.Args))}
	if len(raw) > lim.ArgumentBytes {
		return nil, sp.errorf("arguments too large: %d bytes, the limit is %d", len(raw), lim.ArgumentBytes)
	}
	data := bytes.TrimSpace(raw)
	if len(data) == 0 || string(data) == "null" {
		data = []byte("{}") // no arguments: each is absent
	}
	// Bound the depth first: json.Valid does not recurse, but it stops
	// at encoding/json's own limit with a less helpful message.
	if deep, arg := tooDeep(data, lim.Depth); deep {
		if arg != "" {
			return nil, sp.errorf("argument %q nests deeper than %d levels", Clip(arg), lim.Depth)
		}
		return nil, sp.errorf("arguments nest deeper than %d levels", lim.Depth)
	}
	if !json.Valid(data) {
		var v any
		err := json.Unmarshal(data, &v)
		msg := "syntax error"
		var se *json.SyntaxError
		if errors.As(err, &se) {
			msg = fmt.Sprintf("%s (at byte %d)", se.Error(), se.Offset)
		} else if err != nil {
			msg = strings.TrimPrefix(err.Error(), "json: ")
		}
		return nil, sp.errorf("arguments are not valid JSON: %s", msg)
	}
	if data[0] != '{' {
		return nil, sp.errorf("arguments must be a JSON object, got %s", describeJSON(data[0]))
	}
	c.data = data
	root := Arg{Kind: KindObject, Fields: sp.Args, Closed: true}
	if err := c.object(&root, 1, true); err != nil {
		return nil, err
	}
	c.applyEdits()
	return c, nil
}

// applyEdits makes data what encoding/json decodes, and values the
// top-level arguments in it.
func (c *checker) applyEdits() {
	// shift maps p, a position in data, to where it is once edited: past
	// the edits before it. An edit that ends at p counts when it begins
	// before p: it turned the value ending there into a number or
	// boolean. An insertion at p does not: it is the default of a
	// property after that value.
	shift := func(p int) int {
		q := p
		for _, e := range c.edits {
			if e.end < p || e.end == p && e.start < p {
				q += len(e.text) - (e.end - e.start)
			}
		}
		return q
	}
	if len(c.edits) > 0 {
		var b bytes.Buffer
		last := 0
		for _, e := range c.edits {
			b.Write(c.data[last:e.start])
			b.Write(e.text)
			last = e.end
		}
		b.Write(c.data[last:])
		for i, sp := range c.spans {
			if sp[1] > 0 {
				c.spans[i] = [2]int{shift(sp[0]), shift(sp[1])}
			}
		}
		c.data = b.Bytes()
	}
	c.values = make([]json.RawMessage, len(c.spans))
	for i, sp := range c.spans {
		switch {
		case sp[1] > 0:
			c.values[i] = c.data[sp[0]:sp[1]]
		case c.sp.Args[i].Default != nil:
			c.values[i] = c.sp.Args[i].Default
		}
	}
}

// tooDeep reports whether arrays and objects nest deeper than the depth
// limit in data, which need not be valid JSON, and if so the top-level
// property under which they do, when it can tell.
func tooDeep(data []byte, maxDepth int) (deep bool, arg string) {
	depth := 0
	inString := false
	keyStart, keyEnd := -1, -1 // the last string at depth 1
	for i := 0; i < len(data); i++ {
		switch ch := data[i]; {
		case inString:
			if ch == '\\' {
				i++
			} else if ch == '"' {
				inString = false
				if depth == 1 {
					keyEnd = i + 1
				}
			}
		case ch == '"':
			inString = true
			if depth == 1 {
				keyStart, keyEnd = i, -1
			}
		case ch == '[' || ch == '{':
			depth++
			if depth > maxDepth {
				if data[0] == '{' && keyStart >= 0 && keyEnd > keyStart && utf8.Valid(data[keyStart:keyEnd]) {
					json.Unmarshal(data[keyStart:keyEnd], &arg)
				}
				return true, arg
			}
		case ch == ']' || ch == '}':
			depth--
		}
	}
	return false, ""
}

func describeJSON(ch byte) string {
	switch ch {
	case '[':
		return "an array"
	case '{':
		return "an object"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}

// pathString renders the current path: filters[2].city.
func (c *checker) pathString() string {
	var b strings.Builder
	for i, e := range c.path {
		switch {
		case e.index >= 0:
			fmt.Fprintf(&b, "[%d]", e.index)
		case i == 0:
			b.WriteString(Clip(e.name))
		case isPlainKey(e.name):
			b.WriteByte('.')
			b.WriteString(Clip(e.name))
		default:
			fmt.Fprintf(&b, "[%s]", strconv.Quote(Clip(e.name)))
		}
	}
	return b.String()
}

// Clip cuts a name from the arguments short for a message: the model
// chose it, and it may be megabytes long.
func Clip(name string) string { return clipTo(name, 64) }

func clipTo(name string, max int) string {
	if len(name) <= max {
		return name
	}
	cut := max - 3
	for cut > 0 && !utf8.RuneStart(name[cut]) {
		cut--
	}
	return name[:cut] + "..."
}

// isPlainKey reports whether a map key can be written after a dot in a
// path without ambiguity.
func isPlainKey(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r == '_' || r == '-' || '0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z') {
			return false
		}
	}
	return true
}

func (c *checker) errorf(format string, args ...any) error {
	return c.sp.errorf("argument %q: "+format, append([]any{c.pathString()}, args...)...)
}

func (c *checker) skipSpace() {
	for c.pos < len(c.data) {
		switch c.data[c.pos] {
		case ' ', '\t', '\n', '\r':
			c.pos++
		default:
			return
		}
	}
}

// resolve follows a reference; nullable adds the referrer's null.
func (c *checker) resolve(a *Arg) (def *Arg, nullable bool) {
	nullable = a.Nullable
	for hops := 0; a.Ref > 0; hops++ {
		if a.Ref > len(c.sp.Defs) || hops > len(c.sp.Defs) {
			return &Arg{}, true // a bug in generated code: accept anything
		}
		a = &c.sp.Defs[a.Ref-1]
		nullable = nullable || a.Nullable
	}
	return a, nullable
}

// value checks the value at c.pos against a (nil: anything) and moves
// past it. depth is the nesting depth of the value's container.
func (c *checker) value(a *Arg, depth int) error {
	c.skipSpace()
	if a == nil {
		return c.skip(depth)
	}
	a, nullable := c.resolve(a)
	start := c.pos
	ch := c.data[c.pos]
	if a.Kind == 0 && a.Ref == 0 {
		return c.skip(depth)
	}
	if ch == 'n' {
		c.pos += len("null")
		if nullable {
			return nil
		}
		return c.wrongType(a, nullable, start)
	}
	switch ch {
	case '{':
		if a.Kind&KindObject == 0 {
			break
		}
		return c.object(a, depth+1, false)
	case '[':
		if a.Kind&KindArray == 0 {
			break
		}
		return c.array(a, depth+1)
	case '"':
		if a.Kind&KindString == 0 {
			if handled, err := c.lenient(a, nullable); handled {
				return err
			}
			break
		}
		return c.str(a)
	case 't', 'f':
		if a.Kind&KindBoolean == 0 {
			break
		}
		return c.skip(depth)
	default:
		if a.Kind&(KindInteger|KindNumber) == 0 {
			break
		}
		return c.number(a, nullable)
	}
	if err := c.skip(depth); err != nil {
		return err
	}
	return c.wrongType(a, nullable, start)
}

// wrongType reports the value at start, already skipped, as not of a's kind.
func (c *checker) wrongType(a *Arg, nullable bool, start int) error {
	return c.errorf("want %s, got %s", wantKind(a, nullable), Excerpt(c.data[start:c.pos]))
}

func wantKind(a *Arg, nullable bool) string {
	var names []string
	for _, k := range []struct {
		k    Kind
		name string
	}{{KindBoolean, "boolean"}, {KindInteger, "integer"}, {KindNumber, "number"}, {KindString, "string"}, {KindArray, "array"}, {KindObject, "object"}} {
		if a.Kind&k.k != 0 && !(k.k == KindInteger && a.Kind&KindNumber != 0) {
			names = append(names, k.name)
		}
	}
	if a.Kind == KindArray && a.Fixed {
		names = []string{fmt.Sprintf("array of %d items", a.Len)}
	}
	if a.Kind == KindString && a.Format == DateTime {
		names = []string{`date-time string (RFC 3339, like "2006-01-02T15:04:05Z")`}
	}
	if a.Kind == KindString && a.Format == Base64 {
		names = []string{"base64 string"}
	}
	// Where null is accepted, for an optional argument, it stands for
	// absent: no message suggests it.
	return strings.Join(names, " or ")
}

// Excerpt quotes a JSON value for an error message, cut short if long.
func Excerpt(raw []byte) string {
	const max = 40
	if len(raw) > 2*max {
		raw = raw[:2*max]
	}
	s := strings.ToValidUTF8(string(raw), "\uFFFD")
	if len(s) > max {
		cut := max - 3
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "..."
	}
	return s
}

// object checks the object at c.pos. top records the arguments' values.
func (c *checker) object(a *Arg, depth int, top bool) error {
	if depth > c.lim.Depth {
		return c.tooDeep()
	}
	c.pos++ // {
	var seen []bool
	if a.Fields != nil {
		seen = make([]bool, len(a.Fields))
	}
	members := 0
	for {
		c.skipSpace()
		if c.data[c.pos] == '}' {
			c.insertDefaults(a, seen, members)
			c.pos++
			break
		}
		members++
		keyStart := c.pos
		key, err := c.key()
		if err != nil {
			return err
		}
		c.skipSpace()
		c.pos++ // :
		c.skipSpace()
		i := c.sp.fieldIndex(a.Fields, key)
		switch {
		case i >= 0:
			if seen[i] {
				c.path = append(c.path, pathElem{name: key, index: -1})
				err := c.sp.errorf("duplicate argument %q", c.pathString())
				c.path = c.path[:len(c.path)-1]
				return err
			}
			seen[i] = true
			start := c.pos
			f := &a.Fields[i]
			c.path = append(c.path, pathElem{name: key, index: -1})
			if c.data[start] == 'n' && !f.Required {
				// An optional argument takes null for absent, whatever
				// its type: encoding/json leaves a value that is not a
				// pointer as it is for null, and makes a pointer nil.
				c.pos += len("null")
			} else if err := c.value(f, depth); err != nil {
				return err
			}
			c.path = c.path[:len(c.path)-1]
			if d := f.Default; d != nil && c.data[start] == 'n' {
				// null stands for absent: it takes the default too.
				c.edits = append(c.edits, edit{start, c.pos, d})
			}
			if top {
				c.spans[i] = [2]int{start, c.pos}
			}
		case a.Closed:
			return c.unknown(a, key)
		default:
			if err := c.mapKey(a, key, keyStart); err != nil {
				return err
			}
			c.path = append(c.path, pathElem{name: key, index: -1})
			if err := c.value(a.Elem, depth); err != nil {
				return err
			}
			c.path = c.path[:len(c.path)-1]
		}
		c.skipSpace()
		if c.data[c.pos] == ',' {
			c.pos++
		}
	}
	for i := range a.Fields {
		if f := &a.Fields[i]; f.Required && !seen[i] {
			c.path = append(c.path, pathElem{name: f.Name, index: -1})
			err := c.sp.errorf("missing required argument %q", c.pathString())
			c.path = c.path[:len(c.path)-1]
			return err
		}
	}
	return nil
}

func (c *checker) tooDeep() error {
	if len(c.path) == 0 {
		return c.sp.errorf("arguments nest deeper than %d levels", c.lim.Depth)
	}
	return c.sp.errorf("argument %q nests deeper than %d levels", Clip(c.path[0].name), c.lim.Depth)
}

// unknown reports a property of a closed object that it does not have.
func (c *checker) unknown(a *Arg, key string) error {
	c.path = append(c.path, pathElem{name: key, index: -1})
	path := c.pathString()
	c.path = c.path[:len(c.path)-1]
	names := make([]string, len(a.Fields))
	for i := range a.Fields {
		names[i] = a.Fields[i].Name
	}
	if s := suggest.Closest(key, names); s != "" {
		c.path = append(c.path, pathElem{name: s, index: -1})
		want := c.pathString()
		c.path = c.path[:len(c.path)-1]
		return c.sp.errorf("unknown argument %q (did you mean %q?)", path, want)
	}
	switch {
	case len(names) == 0 && len(c.path) == 0:
		return c.sp.errorf("unknown argument %q: it takes no arguments", path)
	case len(names) == 0:
		return c.sp.errorf("unknown argument %q: %q has no properties", path, c.pathString())
	case len(c.path) == 0:
		return c.sp.errorf("unknown argument %q; the arguments are %s", path, quoteList(names))
	}
	return c.sp.errorf("unknown argument %q; %q has %s", path, c.pathString(), quoteList(names))
}

// mapKey checks the key of a map entry.
func (c *checker) mapKey(a *Arg, key string, start int) error {
	if a.Keys == NoFormat || validDecimal(key, a.Keys) {
		return nil
	}
	want := "integer"
	if a.Keys == DecimalUint {
		want = "non-negative integer"
	}
	return c.errorf("want an object whose keys are %s, got key %s", want, Excerpt(c.data[start:start+len(strconv.Quote(key))]))
}

func quoteList(names []string) string {
	const max = 20
	q := make([]string, 0, min(len(names), max))
	for i, n := range names {
		if i == max {
			q = append(q, "...")
			break
		}
		q = append(q, strconv.Quote(n))
	}
	return strings.Join(q, ", ")
}

// array checks the array at c.pos.
func (c *checker) array(a *Arg, depth int) error {
	if depth > c.lim.Depth {
		return c.tooDeep()
	}
	start := c.pos
	c.pos++ // [
	n := 0
	var items [][2]int // for the rules
	for {
		c.skipSpace()
		if c.data[c.pos] == ']' {
			c.pos++
			break
		}
		c.path = append(c.path, pathElem{index: n})
		itemStart := c.pos
		if err := c.value(a.Elem, depth); err != nil {
			return err
		}
		if a.Rules != nil {
			items = append(items, [2]int{itemStart, c.pos})
		}
		c.path = c.path[:len(c.path)-1]
		n++
		c.skipSpace()
		if c.data[c.pos] == ',' {
			c.pos++
		}
	}
	if a.Fixed && n != a.Len {
		return c.errorf("want array of %d items, got %d items: %s", a.Len, n, Excerpt(c.data[start:c.pos]))
	}
	return c.arrayRules(a, n, items)
}

// rawString moves past the string at c.pos and returns its bytes without
// the quotes, and whether it has escapes.
func (c *checker) rawString() (raw []byte, escaped bool) {
	start := c.pos + 1
	i := start
	for {
		switch c.data[i] {
		case '\\':
			escaped = true
			i += 2
			continue
		case '"':
			c.pos = i + 1
			return c.data[start:i], escaped
		}
		i++
	}
}

// stringValue moves past the string at c.pos and returns its value.
func (c *checker) stringValue() (string, error) {
	start := c.pos
	raw, escaped := c.rawString()
	if !utf8.Valid(raw) {
		return "", errInvalidUTF8
	}
	if !escaped {
		return string(raw), nil
	}
	var s string
	if err := json.Unmarshal(c.data[start:c.pos], &s); err != nil {
		return "", err
	}
	return s, nil
}

var errInvalidUTF8 = errors.New("invalid UTF-8")

// key reads an object key.
func (c *checker) key() (string, error) {
	key, err := c.stringValue()
	if err != nil {
		if len(c.path) == 0 {
			return "", c.sp.errorf("an argument name is not valid UTF-8")
		}
		return "", c.errorf("a property name is not valid UTF-8")
	}
	return key, nil
}

// str checks the string at c.pos.
func (c *checker) str(a *Arg) error {
	start := c.pos
	if a.Enum == nil && a.Format == NoFormat && a.Rules == nil {
		raw, _ := c.rawString()
		if !utf8.Valid(raw) {
			return c.errorf("string is not valid UTF-8")
		}
		return nil
	}
	if f, ok := formatCheck(a.Format); ok && a.Enum == nil && a.Rules == nil {
		// Longer than its format allows, even decoded (an escape of six
		// bytes is at least one): rejected without a copy.
		if raw, _ := c.rawString(); len(raw) > 6*f.limit(c.lim) {
			return c.errorf("want %s, got %s", f.want, Excerpt(c.data[start:c.pos]))
		}
		c.pos = start
	}
	s, err := c.stringValue()
	if err != nil {
		return c.errorf("string is not valid UTF-8")
	}
	if a.Enum != nil && a.Kind&KindInteger == 0 {
		return c.enumString(a, s, start)
	}
	if err := c.stringRules(a, s, start); err != nil {
		return err
	}
	if f, ok := formatCheck(a.Format); ok {
		if !f.valid(s) || f.maxLen == 0 && len(s) > c.lim.URIBytes {
			return c.errorf("want %s, got %s", f.want, Excerpt(c.data[start:c.pos]))
		}
		return nil
	}
	switch a.Format {
	case DateTime:
		if !validRFC3339(s, time.RFC3339Nano) {
			return c.wrongType(a, false, start)
		}
	case Base64:
		buf := make([]byte, base64.StdEncoding.DecodedLen(len(s)))
		if _, err := base64.StdEncoding.Decode(buf, []byte(s)); err != nil {
			return c.wrongType(a, false, start)
		}
	case DecimalInt, DecimalUint, DecimalFloat:
		if !validDecimal(s, a.Format) {
			want := map[Format]string{DecimalInt: "integer", DecimalUint: "non-negative integer", DecimalFloat: "number"}[a.Format]
			return c.errorf("want a string holding a decimal %s, got %s", want, Excerpt(c.data[start:c.pos]))
		}
	}
	return nil
}

// enumString checks s, the string at start, against a's Enum: a value,
// or one value but for its case, which the tool receives instead (see
// fold.go).
func (c *checker) enumString(a *Arg, s string, start int) error {
	i, match := c.sp.enumValue(a, s)
	switch match {
	case noMatch:
		return c.notInEnum(a, s, Excerpt(c.data[start:c.pos]))
	case ambiguous:
		return c.errorf("want one of %s as spelled, got %s, which is each of them but for case", quoteList(caseMatches(a.Enum, s)), Excerpt(c.data[start:c.pos]))
	case folded:
		c.edits = append(c.edits, edit{start, c.pos, c.sp.enumJSON(a, i)})
		s = a.Enum[i]
	}
	return c.stringRules(a, s, start)
}

func (c *checker) notInEnum(a *Arg, value, got string) error {
	var values []string
	for _, v := range a.Enum {
		if a.Kind&KindInteger != 0 {
			values = append(values, v)
		} else {
			values = append(values, strconv.Quote(v))
		}
	}
	msg := fmt.Sprintf("want one of %s, got %s", strings.Join(values, ", "), got)
	if len(values) > 20 {
		msg = fmt.Sprintf("want one of %s, ... (%d values), got %s", strings.Join(values[:20], ", "), len(values), got)
	}
	if a.Kind&KindInteger == 0 {
		if s := suggest.Closest(value, a.Enum); s != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", s)
		}
	}
	return c.errorf("%s", msg)
}

// number checks the number at c.pos.
func (c *checker) number(a *Arg, nullable bool) error {
	start := c.pos
	for c.pos < len(c.data) && strings.IndexByte("+-0123456789.eE", c.data[c.pos]) >= 0 {
		c.pos++
	}
	lit := string(c.data[start:c.pos])
	text, err := c.numberLiteral(a, nullable, lit, start)
	if err == nil && text != lit {
		c.edits = append(c.edits, edit{start, c.pos, []byte(text)})
	}
	return err
}

// numberLiteral checks the number lit, the JSON value at start up to
// c.pos (or inside it, for a number sent as a string), and returns the
// text encoding/json is to decode: lit, or for an integer sent with a
// point or an exponent, the integer written out.
func (c *checker) numberLiteral(a *Arg, nullable bool, lit string, start int) (string, error) {
	text := lit
	if a.Kind&KindNumber == 0 {
		var whole bool
		if text, whole = integerText(lit); !whole {
			return "", c.wrongType(a, nullable, start)
		}
		if err := c.integerRange(a, text, start); err != nil {
			return "", err
		}
	}
	if len(lit) > c.lim.NumberBytes {
		return "", c.errorf("want a number of at most %d characters, got %d: %s", c.lim.NumberBytes, len(lit), Excerpt(c.data[start:c.pos]))
	}
	n := readNumber(a, lit)
	switch {
	case n.inf && n.bits == 32:
		return "", c.errorf("want number that fits float32, got %s", Excerpt([]byte(lit)))
	case n.inf:
		// A float64 fails to decode it, with this message; a json.Number
		// takes it.
		c.suspects = append(c.suspects, suspect{c.pathString(), lit, lit})
	case !n.float && a.Range == AnyInt:
		if _, err := strconv.ParseInt(text, 10, 64); err != nil {
			c.suspects = append(c.suspects, suspect{c.pathString(), text, lit})
		}
	}
	if a.Enum != nil && !n.float {
		i, err := strconv.ParseInt(text, 10, 64)
		if err != nil || !c.sp.inEnum(a, strconv.FormatInt(i, 10)) {
			return "", c.notInEnum(a, lit, Excerpt(c.data[start:c.pos]))
		}
	}
	return text, c.numberRules(a, n)
}

// integerRange checks the integer lit against the range of a's Go type.
func (c *checker) integerRange(a *Arg, lit string, start int) error {
	lo, hi, bounded := Bounds(a.Range)
	if !bounded {
		return nil
	}
	i, err := strconv.ParseInt(lit, 10, 64)
	inRange := err == nil && i >= lo && i <= hi
	hiText := strconv.FormatInt(hi, 10)
	if a.Range == RangeUint64 {
		_, err := strconv.ParseUint(lit, 10, 64)
		inRange, hiText = err == nil, strconv.FormatUint(1<<64-1, 10)
	}
	if !inRange {
		return c.errorf("want integer from %d to %s, got %s", lo, hiText, Excerpt(c.data[start:c.pos]))
	}
	return nil
}

// skip moves past the value at c.pos, whatever it is, checking only its
// depth and that its strings are valid UTF-8. It does not recurse.
func (c *checker) skip(depth int) error {
	c.skipSpace()
	level := 0
	for {
		switch ch := c.data[c.pos]; ch {
		case '{', '[':
			level++
			if depth+level > c.lim.Depth {
				return c.tooDeep()
			}
			c.pos++
		case '}', ']':
			level--
			c.pos++
		case '"':
			raw, _ := c.rawString()
			if !utf8.Valid(raw) {
				return c.errorf("string is not valid UTF-8")
			}
		case ' ', '\t', '\n', '\r', ',', ':':
			c.pos++
		case 't', 'n':
			c.pos += 4
		case 'f':
			c.pos += 5
		default:
			for c.pos < len(c.data) && strings.IndexByte("+-0123456789.eE", c.data[c.pos]) >= 0 {
				c.pos++
			}
		}
		if level == 0 {
			return nil
		}
	}
}
