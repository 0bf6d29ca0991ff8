package argspec

// uniqueItems: two items are the same when the tool would receive them
// alike, whatever was sent: 1, 1.0 and "1" are one integer, 0.1 and
// 0.1000000000000000000001 one float64, and a struct's absent field is
// its default or its zero value.

import (
	"encoding/base64"
	"slices"
	"strconv"
	"strings"
)

// itemKey renders the array item at start, which has been checked
// against a, as the value the tool receives: items the tool receives
// alike render alike, and only those. A number renders as the float it
// decodes into (an integer exactly), a string as its text (a lenient one
// as the number or boolean it holds), a struct as its fields in order,
// an absent or null field as what the tool gets for it (its default, or
// its Go zero value), a map as its entries in key order.
func (c *checker) itemKey(a *Arg, start int) string {
	k := &checker{sp: c.sp, lim: c.lim, data: c.data, pos: start}
	var b strings.Builder
	k.writeKey(&b, a, 0)
	return b.String()
}

// writeKey renders the value at k.pos, described by a (nil: anything),
// and moves past it. depth bounds the zero values of nested structs.
func (k *checker) writeKey(b *strings.Builder, a *Arg, depth int) {
	k.skipSpace()
	nullable := true
	if a != nil {
		a, nullable = k.resolve(a)
	}
	if a == nil || a.Kind == 0 {
		a = anyValue
	}
	switch ch := k.data[k.pos]; ch {
	case 'n':
		k.pos += len("null")
		if nullable {
			b.WriteString("null")
		} else {
			k.writeZeroKey(b, a, depth)
		}
	case 't', 'f':
		b.WriteByte(ch)
		k.skip(0)
	case '"':
		k.writeStringKey(b, a)
	case '[':
		k.pos++
		b.WriteByte('[')
		for k.skipSpace(); k.data[k.pos] != ']'; k.skipSpace() {
			k.writeKey(b, a.Elem, depth)
			b.WriteByte(',')
			k.skipSpace()
			if k.data[k.pos] == ',' {
				k.pos++
			}
		}
		k.pos++
		b.WriteByte(']')
	case '{':
		if a.Fields != nil {
			k.writeStructKey(b, a, depth)
		} else {
			k.writeMapKey(b, a, depth)
		}
	default:
		start := k.pos
		k.skip(0)
		writeNumberKey(b, readNumber(a, string(k.data[start:k.pos])))
	}
}

// writeNumberKey renders a number as the tool receives it.
func writeNumberKey(b *strings.Builder, n number) {
	switch {
	case n.float && !n.inf:
		b.WriteByte('n')
		b.WriteString(strconv.FormatFloat(n.value+0, 'g', -1, 64)) // +0: -0 is 0
	case n.float:
		b.WriteString("n" + n.lit) // decoding fails
	default:
		b.WriteByte('i')
		lit, whole := integerText(n.lit) // 2.0 is 2
		if !whole {
			lit = n.lit
		}
		if i, err := strconv.ParseInt(lit, 10, 64); err == nil {
			b.WriteString(strconv.FormatInt(i, 10))
			return
		}
		d := parseDecimal(lit)
		if d.neg {
			b.WriteByte('-')
		}
		b.WriteString(d.digits + "e" + strconv.FormatInt(d.exp, 10))
	}
}

// writeStringKey renders the string at k.pos: its text, what it encodes
// (base64, a decimal), the enum value it is but for case, or for a
// scalar sent as a string, the scalar.
func (k *checker) writeStringKey(b *strings.Builder, a *Arg) {
	s, _ := k.stringValue()
	if a.Kind&KindString == 0 { // lenient: a number or a boolean
		if a.Kind&KindBoolean != 0 && (s == "true" || s == "false") {
			b.WriteByte(s[0])
			return
		}
		writeNumberKey(b, readNumber(a, s))
		return
	}
	if a.Enum != nil {
		if i, match := k.sp.enumValue(a, s); match == folded {
			s = a.Enum[i] // the tool receives the enum's spelling
		}
	}
	switch a.Format {
	case Base64:
		data, _ := base64.StdEncoding.DecodeString(s)
		b.WriteString("b" + strconv.Quote(string(data)))
	case DecimalInt, DecimalUint:
		writeNumberKey(b, number{lit: s})
	case DecimalFloat:
		writeNumberKey(b, readNumber(&Arg{Kind: KindNumber}, s))
	default:
		b.WriteString("s" + strconv.Quote(s))
	}
}

// writeStructKey renders the object at k.pos as the struct a describes.
func (k *checker) writeStructKey(b *strings.Builder, a *Arg, depth int) {
	at := make([]int, len(a.Fields)) // where each field's value is; 0: absent
	k.members(func(key string, pos int) {
		if i := k.sp.fieldIndex(a.Fields, key); i >= 0 {
			at[i] = pos
		}
	})
	end := k.pos
	b.WriteByte('{')
	for i := range a.Fields {
		f := &a.Fields[i]
		switch {
		case at[i] > 0 && k.data[at[i]] != 'n':
			k.pos = at[i]
			k.writeKey(b, f, depth)
		case f.Default != nil:
			(&checker{sp: k.sp, lim: k.lim, data: f.Default}).writeKey(b, f, depth)
		default:
			k.writeZeroKey(b, f, depth)
		}
		b.WriteByte(',')
	}
	b.WriteByte('}')
	k.pos = end
}

// writeMapKey renders the object at k.pos as the map a describes: its
// entries in key order, the last of equal keys winning as it does in
// encoding/json.
func (k *checker) writeMapKey(b *strings.Builder, a *Arg, depth int) {
	entries := map[string]string{}
	k.members(func(key string, pos int) {
		if a.Keys == DecimalInt || a.Keys == DecimalUint {
			var nb strings.Builder
			writeNumberKey(&nb, number{lit: key})
			key = nb.String()
		}
		var vb strings.Builder
		end := k.pos
		k.pos = pos
		k.writeKey(&vb, a.Elem, depth)
		k.pos = end
		entries[key] = vb.String()
	})
	keys := make([]string, 0, len(entries))
	for key := range entries {
		keys = append(keys, key)
	}
	slices.Sort(keys)
	b.WriteByte('{')
	for _, key := range keys {
		b.WriteString(strconv.Quote(key) + ":" + entries[key] + ",")
	}
	b.WriteByte('}')
}

// members calls f with the key and the value's position of each member
// of the object at k.pos, and moves past the object.
func (k *checker) members(f func(key string, pos int)) {
	k.pos++ // {
	for k.skipSpace(); k.data[k.pos] != '}'; k.skipSpace() {
		key, _ := k.stringValue()
		k.skipSpace()
		k.pos++ // :
		k.skipSpace()
		pos := k.pos
		k.skip(0)
		f(key, pos)
		k.skipSpace()
		if k.data[k.pos] == ',' {
			k.pos++
		}
	}
	k.pos++
}

// writeZeroKey renders the zero value of a's Go type: what the tool
// receives for an absent or null field without a default.
func (k *checker) writeZeroKey(b *strings.Builder, a *Arg, depth int) {
	if a == nil {
		a = anyValue
	}
	a, nullable := k.resolve(a)
	switch {
	case a.Kind == 0 || nullable || depth > k.lim.Depth:
		b.WriteString("null")
	case a.Kind&KindObject != 0 && a.Fields != nil:
		(&checker{sp: k.sp, lim: k.lim, data: []byte("{}")}).writeStructKey(b, a, depth+1)
	case a.Kind&KindArray != 0 && a.Fixed:
		b.WriteByte('[')
		for range a.Len {
			k.writeZeroKey(b, a.Elem, depth+1)
			b.WriteByte(',')
		}
		b.WriteByte(']')
	case a.Kind&KindBoolean != 0:
		b.WriteByte('f')
	case a.Kind&KindNumber != 0 || a.Format == DecimalFloat:
		b.WriteString("n0")
	case a.Kind&KindInteger != 0 || a.Format == DecimalInt || a.Format == DecimalUint:
		b.WriteString("i0")
	case a.Kind&KindString != 0 && a.Format == DateTime:
		b.WriteString("s" + strconv.Quote("0001-01-01T00:00:00Z"))
	case a.Kind&KindString != 0 && a.Format != Base64:
		b.WriteString(`s""`)
	default: // a slice, a map, bytes: nil
		b.WriteString("null")
	}
}

// anyValue describes a value of any type as encoding/json decodes it into
// an any: a number is a float64, and nothing is absent.
var anyValue = &Arg{Kind: KindBoolean | KindNumber | KindString | KindArray | KindObject, Nullable: true}

func init() { anyValue.Elem = anyValue }
