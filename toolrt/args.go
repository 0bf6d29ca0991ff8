package toolrt

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/mcptag/mcptag/internal/suggest"
)

// An ArgError is an argument a model got wrong. Its message names the
// tool and the argument, so the model can correct the call.
type ArgError struct {
	Tool    string
	Message string
}

func (e *ArgError) Error() string { return e.Tool + ": " + e.Message }

// Spec describes a tool's arguments: their names in order, and which must
// be present.
type Spec struct {
	Tool     string
	Names    []string
	Required []string
}

// Parse splits the arguments object of a call into its members, checking
// that it is an object, that no argument is unknown and that every
// required one is present.
func (sp *Spec) Parse(raw json.RawMessage) (map[string]json.RawMessage, error) {
	args := map[string]json.RawMessage{}
	trimmed := bytes.TrimSpace(raw)
	if len(trimmed) > 0 && !bytes.Equal(trimmed, []byte("null")) {
		if trimmed[0] != '{' {
			return nil, sp.errorf("arguments must be a JSON object, got %s", jsonKind(trimmed))
		}
		if err := json.Unmarshal(trimmed, &args); err != nil {
			return nil, sp.errorf("arguments are not valid JSON: %v", err)
		}
	}
	var unknown []string
	for name := range args {
		if !sp.known(name) {
			unknown = append(unknown, name)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		name := unknown[0]
		if s := suggest.Closest(name, sp.Names); s != "" {
			return nil, sp.errorf("unknown argument %q (did you mean %q?)", name, s)
		}
		return nil, sp.errorf("unknown argument %q; arguments are %s", name, quoteList(sp.Names))
	}
	for _, name := range sp.Required {
		if _, ok := args[name]; !ok {
			return nil, sp.errorf("missing required argument %q", name)
		}
	}
	return args, nil
}

func (sp *Spec) known(name string) bool {
	for _, n := range sp.Names {
		if n == name {
			return true
		}
	}
	return false
}

// Decode decodes one argument into dst; an absent one leaves dst as it is.
func (sp *Spec) Decode(args map[string]json.RawMessage, name string, dst any) error {
	raw, ok := args[name]
	if !ok {
		return nil
	}
	if err := json.Unmarshal(raw, dst); err != nil {
		return sp.argError(name, raw, err)
	}
	return nil
}

// DecodeStruct checks the arguments and decodes all of them into the
// struct dst points to.
func (sp *Spec) DecodeStruct(raw json.RawMessage, dst any) error {
	args, err := sp.Parse(raw)
	if err != nil {
		return err
	}
	for name, value := range args {
		if err := json.Unmarshal(value, new(any)); err != nil {
			return sp.argError(name, value, err)
		}
	}
	if len(args) == 0 {
		return nil
	}
	if err := json.Unmarshal(raw, dst); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field != "" {
			top, _, _ := strings.Cut(te.Field, ".")
			if value, ok := args[top]; ok && te.Field == top {
				return sp.argError(top, value, err)
			}
			return sp.errorf("argument %q: want %s, got %s", te.Field, jsonType(te.Type), te.Value)
		}
		return sp.errorf("%v", err)
	}
	return nil
}

func (sp *Spec) argError(name string, raw json.RawMessage, err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		path := name
		if te.Field != "" {
			path = name + "." + te.Field
		}
		return sp.errorf("argument %q: want %s, got %s", path, jsonType(te.Type), excerpt(raw))
	}
	return sp.errorf("argument %q: %v", name, err)
}

func (sp *Spec) errorf(format string, args ...any) error {
	return &ArgError{Tool: sp.Tool, Message: fmt.Sprintf(format, args...)}
}

// jsonType names the JSON type a Go type decodes from.
func jsonType(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return "integer"
	case reflect.Float32, reflect.Float64:
		return "number"
	case reflect.String:
		return "string"
	case reflect.Slice, reflect.Array:
		return "array"
	case reflect.Map, reflect.Struct:
		return "object"
	case reflect.Pointer:
		return jsonType(t.Elem())
	}
	return t.String()
}

func jsonKind(data []byte) string {
	switch data[0] {
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	}
	return "a number"
}

// excerpt quotes a JSON value for an error message, cut short if long.
func excerpt(raw json.RawMessage) string {
	s := string(bytes.TrimSpace(raw))
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return s
}

func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}
