// Package receivedprop holds a tool whose arguments carry every
// constraint key on every Go type it applies to, and which checks, in Go,
// that what it receives meets each constraint as a Go program compares:
// the bound a constant of the field's type, uniqueness by
// reflect.DeepEqual. Its property test sends the generated handler
// hostile values (numbers at the edge of a bound or of a float's
// precision, long literals, huge exponents, scalars sent as strings): a
// call the handler lets through whose values the tool then finds wrong
// is a bug of the checker.
package receivedprop

//go:generate go run github.com/mcptag/mcptag/cmd/mcptag

import (
	"fmt"
	"math"
	"net/netip"
	"reflect"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"
)

// Received has one optional field per constraint key and Go type: a call
// sends one or a few, and the tool checks those it gets.
type Received struct {
	F64Min   *float64 `json:"f64_min,omitempty" jsonschema:"minimum=0.1"`
	F64Max   *float64 `json:"f64_max,omitempty" jsonschema:"maximum=0.3"`
	F64ExMin *float64 `json:"f64_exmin,omitempty" jsonschema:"exclusiveMinimum=0"`
	F64ExMax *float64 `json:"f64_exmax,omitempty" jsonschema:"exclusiveMaximum=10"`
	F64Mult  *float64 `json:"f64_mult,omitempty" jsonschema:"multipleOf=0.1"`
	F32Min   *float32 `json:"f32_min,omitempty" jsonschema:"minimum=0.1"`
	F32Max   *float32 `json:"f32_max,omitempty" jsonschema:"maximum=0.3"`
	F32ExMin *float32 `json:"f32_exmin,omitempty" jsonschema:"exclusiveMinimum=0"`
	F32ExMax *float32 `json:"f32_exmax,omitempty" jsonschema:"exclusiveMaximum=1"`
	F32Mult  *float32 `json:"f32_mult,omitempty" jsonschema:"multipleOf=0.25"`
	IntMin   *int     `json:"int_min,omitempty" jsonschema:"minimum=-5"`
	IntMax   *int     `json:"int_max,omitempty" jsonschema:"maximum=7"`
	I8ExMin  *int8    `json:"i8_exmin,omitempty" jsonschema:"exclusiveMinimum=-100"`
	U16ExMax *uint16  `json:"u16_exmax,omitempty" jsonschema:"exclusiveMaximum=1000"`
	I64Mult  *int64   `json:"i64_mult,omitempty" jsonschema:"multipleOf=3"`
	U64Max   *uint64  `json:"u64_max,omitempty" jsonschema:"maximum=10000000000000000000"`
	IntEnum  *int     `json:"int_enum,omitempty" jsonschema:"enum=1,enum=2"`
	Flag     *bool    `json:"flag,omitempty"`
	Text     *string  `json:"text,omitempty" jsonschema:"minLength=2,maxLength=4"`
	Letters  *string  `json:"letters,omitempty" jsonschema:"pattern=^[a-c]+$"`
	Word     *string  `json:"word,omitempty" jsonschema:"enum=x,enum=y"`

	Date     *string    `json:"date,omitempty" jsonschema:"format=date"`
	DateTime *string    `json:"date_time,omitempty" jsonschema:"format=date-time"`
	Clock    *string    `json:"clock,omitempty" jsonschema:"format=time"`
	Mail     *string    `json:"mail,omitempty" jsonschema:"format=email"`
	Link     *string    `json:"link,omitempty" jsonschema:"format=uri"`
	ID       *string    `json:"id,omitempty" jsonschema:"format=uuid"`
	V4       *string    `json:"v4,omitempty" jsonschema:"format=ipv4"`
	V6       *string    `json:"v6,omitempty" jsonschema:"format=ipv6"`
	Host     *string    `json:"host,omitempty" jsonschema:"format=hostname"`
	When     *time.Time `json:"when,omitempty"`

	Ints     []int             `json:"ints,omitempty" jsonschema:"minItems=1,maxItems=3,uniqueItems=true"`
	Floats   []float64         `json:"floats,omitempty" jsonschema:"uniqueItems=true"`
	Floats32 []float32         `json:"floats32,omitempty" jsonschema:"uniqueItems=true"`
	Bools    []bool            `json:"bools,omitempty" jsonschema:"uniqueItems=true"`
	Texts    []string          `json:"texts,omitempty" jsonschema:"uniqueItems=true"`
	Items    []Item            `json:"items,omitempty" jsonschema:"uniqueItems=true"`
	Maps     []map[int]float64 `json:"maps,omitempty" jsonschema:"uniqueItems=true"`
	Nested   [][]int           `json:"nested,omitempty" jsonschema:"uniqueItems=true"`
}

// Item is an array item with an optional field, one with a default and a
// pointer.
type Item struct {
	A int    `json:"a,omitempty"`
	D string `json:"d,omitempty" jsonschema:"default=x"`
	P *int   `json:"p,omitempty"`
}

// Receive checks what it receives: its error is a value that breaks the
// constraint of its field, which the handler should have rejected.
//
//mcp:tool
func Receive(in Received) (string, error) {
	if msg := in.violation(); msg != "" {
		return "", fmt.Errorf("violation: %s", msg)
	}
	return "ok", nil
}

// violation says which field breaks its constraint, as Go compares, or "".
func (in Received) violation() string {
	for _, c := range []struct {
		name string
		ok   bool
	}{
		{"f64_min", in.F64Min == nil || *in.F64Min >= 0.1},
		{"f64_max", in.F64Max == nil || *in.F64Max <= 0.3},
		{"f64_exmin", in.F64ExMin == nil || *in.F64ExMin > 0},
		{"f64_exmax", in.F64ExMax == nil || *in.F64ExMax < 10},
		{"f64_mult", in.F64Mult == nil || nearMultiple(*in.F64Mult, 0.1, 64)},
		{"f32_min", in.F32Min == nil || *in.F32Min >= 0.1},
		{"f32_max", in.F32Max == nil || *in.F32Max <= 0.3},
		{"f32_exmin", in.F32ExMin == nil || *in.F32ExMin > 0},
		{"f32_exmax", in.F32ExMax == nil || *in.F32ExMax < 1},
		{"f32_mult", in.F32Mult == nil || nearMultiple(float64(*in.F32Mult), 0.25, 32)},
		{"int_min", in.IntMin == nil || *in.IntMin >= -5},
		{"int_max", in.IntMax == nil || *in.IntMax <= 7},
		{"i8_exmin", in.I8ExMin == nil || *in.I8ExMin > -100},
		{"u16_exmax", in.U16ExMax == nil || *in.U16ExMax < 1000},
		{"i64_mult", in.I64Mult == nil || *in.I64Mult%3 == 0},
		{"u64_max", in.U64Max == nil || *in.U64Max <= 10000000000000000000},
		{"int_enum", in.IntEnum == nil || *in.IntEnum == 1 || *in.IntEnum == 2},
		{"text", in.Text == nil || utf8.RuneCountInString(*in.Text) >= 2 && utf8.RuneCountInString(*in.Text) <= 4},
		{"letters", in.Letters == nil || letters.MatchString(*in.Letters)},
		{"word", in.Word == nil || *in.Word == "x" || *in.Word == "y"},
		{"date", in.Date == nil || isTime(*in.Date, time.DateOnly)},
		{"date_time", in.DateTime == nil || isTime(*in.DateTime, time.RFC3339Nano)},
		{"clock", in.Clock == nil || isTime(*in.Clock, "15:04:05Z07:00")},
		{"mail", in.Mail == nil || isMail(*in.Mail)},
		{"link", in.Link == nil || isURI(*in.Link)},
		{"id", in.ID == nil || uuid.MatchString(*in.ID)},
		{"v4", in.V4 == nil || isAddr(*in.V4, 4)},
		{"v6", in.V6 == nil || isAddr(*in.V6, 6)},
		{"host", in.Host == nil || hostname.MatchString(*in.Host) && len(*in.Host) <= 253},
		{"when", in.When == nil || validOffset(*in.When)},
		{"ints", in.Ints == nil || len(in.Ints) >= 1 && len(in.Ints) <= 3 && unique(in.Ints)},
		{"floats", unique(in.Floats)},
		{"floats32", unique(in.Floats32)},
		{"bools", unique(in.Bools)},
		{"texts", unique(in.Texts)},
		{"items", unique(in.Items)},
		{"maps", unique(in.Maps)},
		{"nested", unique(in.Nested)},
	} {
		if !c.ok {
			return c.name
		}
	}
	return ""
}

// nearMultiple reports whether x is the float of the given bits nearest
// to some whole multiple of m: within half a step of the float's
// precision at x of one.
func nearMultiple(x, m float64, bits int) bool {
	q := x / m
	k := math.Round(q)
	ulp := 1.0 / (1 << 52)
	if bits == 32 {
		ulp = 1.0 / (1 << 23)
	}
	return math.Abs(q-k) <= 2*ulp*max(1, math.Abs(q))
}

// unique reports whether no two items of s are reflect.DeepEqual.
func unique[T any](s []T) bool {
	for i := range s {
		for j := range i {
			if reflect.DeepEqual(s[i], s[j]) {
				return false
			}
		}
	}
	return true
}

var (
	letters  = regexp.MustCompile(`^[a-c]+$`)
	uuid     = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)
	hostname = regexp.MustCompile(`^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$`)
)

// isTime reports whether s is a time of layout whose offset, if any, is
// within RFC 3339's hours 00-23 and minutes 00-59.
func isTime(s, layout string) bool {
	t, err := time.Parse(layout, s)
	return err == nil && validOffset(t)
}

func validOffset(t time.Time) bool {
	_, offset := t.Zone()
	return offset > -24*3600 && offset < 24*3600 && offset%60 == 0
}

// isMail reports whether s is an ASCII address of at most 254 bytes, a
// local part of at most 64 before its last @.
func isMail(s string) bool {
	at := strings.LastIndexByte(s, '@')
	return len(s) <= 254 && at > 0 && at <= 64 && at < len(s)-1 && isASCIIText(s)
}

// isURI reports whether s is ASCII without space or the characters RFC
// 3986 keeps out of a URI, and has a scheme.
func isURI(s string) bool {
	scheme, _, ok := strings.Cut(s, ":")
	return ok && scheme != "" && isASCIIText(s) && !strings.ContainsAny(s, " <>\"{}|\\^`")
}

func isASCIIText(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] > '~' {
			return false
		}
	}
	return true
}

func isAddr(s string, version int) bool {
	a, err := netip.ParseAddr(s)
	return err == nil && a.Zone() == "" && (version == 4 && a.Is4() || version == 6 && a.Is6())
}
