package catalog

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// An object is a decoded JSON object that keeps its members' order: a
// schema's properties are listed as the snapshot lists them. Its values
// are *object, []any, string, json.Number, bool or nil.
type object struct {
	keys []string
	vals map[string]any
}

// decodeObject decodes data, which must be one JSON object.
func decodeObject(data []byte) (*object, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := decodeValue(dec)
	if err != nil {
		return nil, err
	}
	o, ok := v.(*object)
	if !ok {
		return nil, errors.New("not a JSON object")
	}
	return o, nil
}

func decodeValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('{'):
		o := &object{vals: map[string]any{}}
		for dec.More() {
			key, err := dec.Token()
			if err != nil {
				return nil, err
			}
			v, err := decodeValue(dec)
			if err != nil {
				return nil, err
			}
			k := key.(string)
			if _, dup := o.vals[k]; !dup {
				o.keys = append(o.keys, k)
			}
			o.vals[k] = v
		}
		_, err := dec.Token() // '}'
		return o, err
	case json.Delim('['):
		list := []any{}
		for dec.More() {
			v, err := decodeValue(dec)
			if err != nil {
				return nil, err
			}
			list = append(list, v)
		}
		_, err := dec.Token() // ']'
		return list, err
	}
	return tok, nil
}

// obj returns the member key if it is an object, else nil.
func (o *object) obj(key string) *object {
	if o == nil {
		return nil
	}
	v, _ := o.vals[key].(*object)
	return v
}

// str returns the member key if it is a string, else "".
func (o *object) str(key string) string {
	if o == nil {
		return ""
	}
	s, _ := o.vals[key].(string)
	return s
}

// num returns the member key as written, if it is a number.
func (o *object) num(key string) (string, bool) {
	if o == nil {
		return "", false
	}
	n, ok := o.vals[key].(json.Number)
	return string(n), ok
}

// list returns the member key if it is an array, else nil.
func (o *object) list(key string) []any {
	if o == nil {
		return nil
	}
	l, _ := o.vals[key].([]any)
	return l
}

// has reports whether o has the member key.
func (o *object) has(key string) bool {
	if o == nil {
		return false
	}
	_, ok := o.vals[key]
	return ok
}

// isTrue reports whether the member key is true.
func (o *object) isTrue(key string) bool {
	if o == nil {
		return false
	}
	b, _ := o.vals[key].(bool)
	return b
}

// compact writes a decoded value as compact JSON, members in order.
func compact(v any) string {
	var b strings.Builder
	writeCompact(&b, v)
	return b.String()
}

func writeCompact(b *strings.Builder, v any) {
	switch v := v.(type) {
	case *object:
		b.WriteByte('{')
		for i, k := range v.keys {
			if i > 0 {
				b.WriteByte(',')
			}
			writeCompact(b, k)
			b.WriteByte(':')
			writeCompact(b, v.vals[k])
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, e := range v {
			if i > 0 {
				b.WriteByte(',')
			}
			writeCompact(b, e)
		}
		b.WriteByte(']')
	case json.Number:
		b.WriteString(string(v))
	default:
		// As the snapshot writes it: "<" is "<", not "\u003c".
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(v); err != nil {
			fmt.Fprint(b, v)
			return
		}
		b.Write(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
	}
}

// text is a decoded value as a reader expects it: a string as it is,
// anything else as compact JSON.
func text(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return compact(v)
}
