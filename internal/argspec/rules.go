package argspec

import (
	"regexp"
	"strconv"
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
	case a.Kind&(KindInteger|KindNumber) != 0 && IsJSONNumber(text):
		number, err := c.numberLiteral(a, nullable, text, start)
		if err != nil {
			return true, err
		}
		c.edits = append(c.edits, edit{start, c.pos, []byte(number)})
		return true, nil
	case a.Kind&KindBoolean != 0 && (text == "true" || text == "false"):
		c.edits = append(c.edits, edit{start, c.pos, raw})
		return true, nil
	}
	c.pos = start
	return false, nil
}

// numberRules checks the number n against a's rules: the literal, and
// the value the tool receives.
func (c *checker) numberRules(a *Arg, n number) error {
	for _, r := range a.Rules {
		var satisfies func(int) bool
		var want string
		switch r.Op {
		case Minimum:
			satisfies, want = func(c int) bool { return c >= 0 }, "at least"
		case Maximum:
			satisfies, want = func(c int) bool { return c <= 0 }, "at most"
		case ExclusiveMinimum:
			satisfies, want = func(c int) bool { return c > 0 }, "more than"
		case ExclusiveMaximum:
			satisfies, want = func(c int) bool { return c < 0 }, "less than"
		case MultipleOf:
			if !n.multipleOf(r.Num) {
				return c.errorf("want a multiple of %s, got %s", formatNum(r.Num), Excerpt([]byte(n.lit)))
			}
			continue
		default:
			continue
		}
		literal, received := n.compare(r.Num)
		switch {
		case !satisfies(literal):
			return c.errorf("want %s %s, got %s", want, formatNum(r.Num), Excerpt([]byte(n.lit)))
		case !satisfies(received):
			// The literal meets the bound; the float nearest to it does not.
			return c.errorf("want %s %s, got %s, which is %s as a %s", want, formatNum(r.Num), Excerpt([]byte(n.lit)),
				strconv.FormatFloat(n.value, 'g', -1, n.bits), n.typeName())
		}
	}
	return nil
}

// stringRules checks the string s, the JSON value at start up to c.pos,
// against a's rules.
func (c *checker) stringRules(a *Arg, s string, start int) error {
	for _, r := range a.Rules {
		switch r.Op {
		case MinLength, MaxLength:
			n := utf8.RuneCountInString(s)
			if r.Op == MinLength && n < r.Count {
				return c.errorf("want at least %s, got %s", plural(r.Count, "character"), Excerpt(c.data[start:c.pos]))
			}
			if r.Op == MaxLength && n > r.Count {
				return c.errorf("want at most %s, got %d: %s", plural(r.Count, "character"), n, Excerpt(c.data[start:c.pos]))
			}
		case Pattern:
			if re := c.sp.pattern(r.Text); re == nil || !re.MatchString(s) {
				return c.errorf("want a string matching %s, got %s", r.Text, Excerpt(c.data[start:c.pos]))
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
				key := c.itemKey(a.Elem, it[0])
				if j, dup := seen[key]; dup {
					return c.errorf("want unique items, got %s at [%d] and [%d]", Excerpt(c.data[it[0]:it[1]]), j, i)
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
