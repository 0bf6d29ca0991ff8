package argmodel

import (
	"encoding/json"
	"go/token"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestApplyTag applies one tag to a property of each kind: every key of
// the grammar, where it applies (an array's items take the string and
// number constraints, the array its own), how it reads its value, what
// it sets, and each problem, worded at its pair.
func TestApplyTag(t *testing.T) {
	str := func() *Value { return &Value{Kind: KindString} }
	num := func() *Value { return &Value{Kind: KindNumber} }
	integer := func() *Value { return &Value{Kind: KindInteger} }
	ints := func() *Value { return &Value{Kind: KindArray, Items: integer()} }
	array3 := func() *Value {
		n := 3
		return &Value{Kind: KindArray, Items: str(), MinItems: &n, MaxItems: &n, Fixed: true}
	}
	f := func(x float64) *float64 { return &x }
	n := func(x int) *int { return &x }
	for _, tc := range []struct {
		name  string
		value func() *Value
		tag   string
		want  *Value   // the property's value after, if the tag applies
		errs  []string // the problems, if not
	}{
		{"bounds", num, "minimum=1.5,maximum=2e3,exclusiveMinimum=-1,exclusiveMaximum=3000,multipleOf=0.5",
			&Value{Kind: KindNumber, Minimum: f(1.5), Maximum: f(2000), ExclusiveMinimum: f(-1), ExclusiveMaximum: f(3000), MultipleOf: 0.5}, nil},
		{"bound on a string", str, "minimum=1", nil, []string{"minimum=1: minimum applies to numbers, not to strings"}},
		{"bound not a number", integer, "maximum=+1", nil, []string{"maximum=+1: want a number"}},
		{"bound infinite", num, "maximum=1e999", nil, []string{"maximum=1e999: want a number"}},
		{"multipleOf zero", num, "multipleOf=0", nil, []string{"multipleOf=0: want a number greater than 0"}},
		{"lengths", str, "minLength=1,maxLength=8", &Value{Kind: KindString, MinLength: n(1), MaxLength: n(8)}, nil},
		{"length on a number", num, "maxLength=3", nil, []string{"maxLength=3: maxLength applies to strings, not to numbers"}},
		{"length negative", str, "minLength=-1", nil, []string{"minLength=-1: want a whole number, 0 or more"}},
		{"items", ints, "minItems=1,maxItems=4,uniqueItems=true",
			&Value{Kind: KindArray, Items: integer(), MinItems: n(1), MaxItems: n(4), UniqueItems: true}, nil},
		{"items on a string", str, "minItems=1", nil, []string{"minItems=1: minItems applies to arrays, not to strings"}},
		{"items of a Go array", array3, "maxItems=2", nil, []string{"maxItems=2: a Go array has exactly 3 items"}},
		{"uniqueItems not a bool", ints, "uniqueItems=yes", nil, []string{"uniqueItems=yes: want true or false"}},
		{"pattern", str, "pattern=^[a-z]+$", &Value{Kind: KindString, Pattern: "^[a-z]+$"}, nil},
		{"pattern Go only", str, `pattern=\Aa`, nil, []string{`pattern=\Aa: not a pattern both ECMA-262 and Go accept: \A is Go only: write ^`}},
		{"pattern twice", str, "pattern=a,pattern=b", nil, []string{"pattern=b: the field's type already fixes the form of its strings"}},
		{"format", str, "format=email", &Value{Kind: KindString, Format: "email"}, nil},
		{"format unknown", str, "format=phone", nil, []string{"format=phone: mcptag checks the formats " + strings.Join(Formats, ", ")}},
		{"format of a []byte", func() *Value { return &Value{Kind: KindString, Base64: true} }, "format=uuid", nil,
			[]string{"format=uuid: the field's type already fixes the form of its strings"}},
		{"enum", str, "enum=a,enum=b", &Value{Kind: KindString, Enum: []any{"a", "b"}}, nil},
		{"enum of integers", integer, "enum=1,enum=-2", &Value{Kind: KindInteger, Enum: []any{int64(1), int64(-2)}}, nil},
		{"enum twice", str, "enum=a,enum=a", nil, []string{"enum=a: listed twice"}},
		{"enum on a number", num, "enum=1", nil, []string{"enum=1: enum applies to strings and integers, not to numbers"}},
		{"enum of a typed enum", func() *Value { return &Value{Kind: KindString, Enum: []any{"x"}, TypeEnum: true} }, "enum=y", nil,
			[]string{"enum=y: the constants of the field's type already list its values"}},
		{"enum not an integer", integer, "enum=01", nil, []string{"enum=01: want an integer as JSON writes it, with no + or leading 0"}},
		{"default and examples", integer, "default=7,example=1,example=2",
			&Value{Kind: KindInteger, Default: json.RawMessage("7"), Examples: []json.RawMessage{json.RawMessage("1"), json.RawMessage("2")}}, nil},
		{"default of a string", str, "default=a<b", &Value{Kind: KindString, Default: json.RawMessage(`"a\u003cb"`)}, nil},
		{"default list", ints, "default=1,default=2,minimum=0",
			&Value{Kind: KindArray, Items: &Value{Kind: KindInteger, Minimum: f(0)}, Default: json.RawMessage("[1,2]")}, nil},
		{"default list of strings", func() *Value { return &Value{Kind: KindArray, Items: str()} }, "default=a<b,default=c",
			&Value{Kind: KindArray, Items: str(), Default: json.RawMessage(`["a\u003cb","c"]`)}, nil},
		{"enum of an array's items", ints, "enum=1,maxItems=2",
			&Value{Kind: KindArray, Items: &Value{Kind: KindInteger, Enum: []any{int64(1)}}, MaxItems: n(2)}, nil},
		{"default list item bad", ints, "default=1,default=x", nil, []string{"default=x: want an integer"}},
		{"default not a boolean", func() *Value { return &Value{Kind: KindBoolean} }, "default=yes", nil, []string{"default=yes: want true or false"}},
		{"default of an object", func() *Value { return &Value{Kind: KindObject} }, "default=x", nil,
			[]string{"default=x: a value of objects cannot be written in a tag"}},
		{"header", str, "header=Tenant-Id", &Value{Kind: KindString, Header: "Tenant-Id", HeaderPos: 100}, nil},
		{"header on an array", ints, "header=X", nil, []string{"header=X: a header carries a string, an integer or a boolean, not arrays (the go-sdk's rule)"}},
		{"header name", str, "header=a b", nil, []string{`header=a b: a header name is letters, digits and !#$%&'*+-.^_` + "`" + `|~, not ' '`}},
		{"enumNames", str, "enum=a,enum=b,enumNames", &Value{Kind: KindString, Enum: []any{"a", "b"}, EnumNamesPos: 114}, nil},
		{"enumNames first", str, "enumNames", &Value{Kind: KindString, EnumNamesPos: 100}, nil},
		{"enumNames with a value", str, "enumNames=A", nil, []string{"enumNames is a flag: write it alone, without =A"}},
		{"enumNames misspelled", str, "enum=a,enumNamez", nil, []string{`unknown jsonschema tag key "enumNamez" (did you mean "enumNames"?)`}},
		{"a percent sign in a value", str, "format=50%", nil, []string{"format=50%: mcptag checks the formats " + strings.Join(Formats, ", ")}},
		{"description and title", str, "description=the city\\, or its code,title=City", &Value{Kind: KindString, Description: "the city, or its code", Title: "City"}, nil},
	} {
		fld := &Field{Name: "x", Value: tc.value()}
		errs := ApplyTag(fld, tc.tag, false, func(off int) token.Pos { return 100 + token.Pos(off) })
		var msgs []string
		for _, e := range errs {
			msgs = append(msgs, e.Msg)
		}
		if !reflect.DeepEqual(msgs, tc.errs) {
			t.Errorf("%s: %s: problems %q, want %q", tc.name, tc.tag, msgs, tc.errs)
		}
		if tc.want != nil && !reflect.DeepEqual(fld.Value, tc.want) {
			t.Errorf("%s: %s: value\n%+v\nwant\n%+v", tc.name, tc.tag, fld.Value, tc.want)
		}
	}
}

// TestTagKeysDocumented holds tagKeyDocs to the keys and flags a tag
// takes, both ways: a key added without its line in docs/reference.md
// fails here.
func TestTagKeysDocumented(t *testing.T) {
	keys := append(slices.Clone(tagKeyNames), tagFlags...)
	for _, k := range keys {
		if tagKeyDocs[k] == "" {
			t.Errorf("tag key %s has no line in tagKeyDocs", k)
		}
	}
	for k := range tagKeyDocs {
		if !slices.Contains(keys, k) {
			t.Errorf("tagKeyDocs documents %s, which no tag takes", k)
		}
	}
}
