// Package inputprop holds tools that take every kind of argument type
// mcptag supports and echo their arguments back. Its property test sends
// them what encoding/json writes for random values of those types and
// checks that the generated handlers accept it and decode it unchanged,
// and that the published input schemas accept it too.
//
// The plain types it shares with the analyzer's output corpus (Unit,
// Priority, Item, the embedded structs, Node, Dir, Tree, Page, Pair) are
// that corpus's, from internal/testcorpus; those declared here are
// input's own or differ from the corpus's (more fields, text and JSON
// methods that read back what they write).
package inputprop

//go:generate go run github.com/mcptag/mcptag/cmd/mcptag

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
	"time"

	"github.com/mcptag/mcptag/internal/testcorpus"
)

// Symbol is a string enum with odd values, the empty string among them.
type Symbol string

const (
	SymEmpty  Symbol = ""
	SymSpace  Symbol = "x y"
	SymQuote  Symbol = "\"q\" \\ <&>"
	SymUni    Symbol = "ünï\u2028🌧"
	SymEscape Symbol = "\u0041"
)

// Big is an integer enum at the extremes of int64.
type Big int64

const (
	BigMin  Big = -1 << 63
	BigZero Big = 0
	BigMax  Big = 1<<63 - 1
)

// Perm is a set of bit flags: any combination is a valid value.
type Perm uint8

const (
	PermRead Perm = 1 << iota
	PermWrite
	PermExec
)

// Scalars has every basic kind, and the tags that decide presence.
type Scalars struct {
	B    bool    `json:"b"`
	I    int     `json:"i"`
	I8   int8    `json:"i8"`
	I16  int16   `json:"i16"`
	I32  int32   `json:"i32"`
	I64  int64   `json:"i64"`
	U    uint    `json:"u"`
	U8   uint8   `json:"u8"`
	U16  uint16  `json:"u16"`
	U32  uint32  `json:"u32"`
	U64  uint64  `json:"u64"`
	Uptr uintptr `json:"uptr"`
	F32  float32 `json:"f32"`
	F64  float64 `json:"f64"`
	S    string  `json:"s"`
	R    rune    `json:"r"`
	By   byte
	Omit string  `json:"omit,omitempty"`
	OI8  int8    `json:"oi8,omitempty"`
	Zero int     `json:"zero,omitzero"`
	ZF   float64 `json:"zf,omitzero"`
	Skip string  `json:"-"`
	Dash string  `json:"-,"`
	Odd  string  `json:"odd key!#$%&()*+-./:;<=>?@[]^_{|}~"`
	Uni  string  `json:"héllo_日本"`
	//mcptag:ignore json-tag invalid on purpose: the test covers encoding/json's fallback to the field name
	Apos string `json:"it's"` // not a valid name: the field's name is used
	//mcptag:ignore json-tag invalid on purpose, as above
	Rain string `json:"🌧"` // likewise
	priv int
}

// Quoted has ",string" fields: numbers and booleans inside strings.
type Quoted struct {
	I64  int64               `json:"i64,string"`
	I8   int8                `json:"i8,string"`
	U    uint                `json:"u,string"`
	U64  uint64              `json:"u64,string"`
	B    bool                `json:"b,string"`
	F    float64             `json:"f,string"`
	F32  float32             `json:"f32,string"`
	S    string              `json:"s,string"`
	P    *int64              `json:"p,string"`
	OP   *bool               `json:"op,string,omitempty"`
	Prio testcorpus.Priority `json:"prio,string"`
	L    []int               `json:"l,string"`
	OQ   int                 `json:"oq,string,omitempty"`
	Cnt  Count               `json:"cnt,string"`
	PU8  *uint8              `json:"pu8,string"`
	Ptr  uintptr             `json:"ptr,string"`
	F0   float64             `json:"f0,string,omitzero"`
}

// Count is a named integer without constants.
type Count int

// Nullables has every value that can be nil, with and without omitempty.
type Nullables struct {
	P         *int               `json:"p"`
	S         []string           `json:"s"`
	M         map[string]int     `json:"m"`
	Bytes     []byte             `json:"bytes"`
	Arr       [2]int             `json:"arr"`
	ItemP     *testcorpus.Item   `json:"item_p"`
	OP        *int               `json:"op,omitempty"`
	OS        []string           `json:"os,omitempty"`
	OM        map[string]int     `json:"om,omitempty"`
	ZS        []string           `json:"zs,omitzero"`
	ZP        *testcorpus.Item   `json:"zp,omitzero"`
	OItem     testcorpus.Item    `json:"o_item,omitempty"`
	ZItem     testcorpus.Item    `json:"z_item,omitzero"`
	OArr      [2]int             `json:"o_arr,omitempty"`
	OArr0     [0]int             `json:"o_arr0,omitempty"`
	PS        *[]int             `json:"ps,omitempty"`
	PP        **int              `json:"pp,omitempty"`
	PM        *map[string]bool   `json:"pm,omitzero"`
	PAny      *any               `json:"p_any"`
	Elems     []*testcorpus.Item `json:"elems"`
	MapElems  map[string][]int   `json:"map_elems,omitempty"`
	Nested    [][]*string        `json:"nested"`
	OptBytes  []byte             `json:"opt_bytes,omitempty"`
	ArrOfPtrs [2]*int            `json:"arr_of_ptrs"`
	Blob      Blob               `json:"blob"`
	ArrP      *[2]int            `json:"arr_p"`
	BytesList [][]byte           `json:"bytes_list"`
	TimePs    []*time.Time       `json:"time_ps"`
	Numbers   []json.Number      `json:"numbers"`
	Big       [40]uint8          `json:"big"`
	Octets    []Octet            `json:"octets"`
}

// Blob is a named []byte: base64 too.
type Blob []byte

// Octet is a named byte: a slice of them is base64 too.
type Octet uint8

type inner struct {
	Hidden string `json:"hidden"`
}

type Num int

type lower string

// Embeds promotes fields by Go's visibility rules.
type Embeds struct {
	testcorpus.Base
	testcorpus.Meta `json:"meta"`
	*testcorpus.Extra
	inner
	testcorpus.Left
	//mcptag:ignore json-tag Left and Right collide on purpose: the test covers encoding/json's rule
	testcorpus.Right
	//mcptag:ignore json-tag B and C embed the same struct on purpose, as above
	testcorpus.B
	testcorpus.C
	testcorpus.Code
	*Num
	lower
	Kind int `json:"kind"`
}

// Tagged has tagged embedded structs: nested objects.
type Tagged struct {
	*testcorpus.Meta `json:"meta"`
	testcorpus.Base  `json:"base,omitempty"`
}

// Level has a text form: "L3".
type Level int

func (l Level) MarshalText() ([]byte, error) { return []byte(fmt.Sprintf("L%d", int(l))), nil }

func (l *Level) UnmarshalText(b []byte) error {
	n, err := strconv.Atoi(strings.TrimPrefix(string(b), "L"))
	*l = Level(n)
	return err
}

// TextKey is a struct map key with a text form.
type TextKey struct{ A, B int }

func (k TextKey) MarshalText() ([]byte, error) { return []byte(fmt.Sprintf("%d-%d", k.A, k.B)), nil }

func (k *TextKey) UnmarshalText(b []byte) error {
	_, err := fmt.Sscanf(string(b), "%d-%d", &k.A, &k.B)
	return err
}

// Labelled is written as its Level's text: the promoted text methods
// make the whole struct a text value.
type Labelled struct {
	Level
	note string
}

// Stamp embeds time.Time and so is written as a time.
type Stamp struct {
	time.Time
}

// Custom writes itself as anything it likes, and reads it back.
type Custom struct{ V int }

func (c Custom) MarshalJSON() ([]byte, error) {
	switch c.V % 4 {
	case 0:
		return []byte(`null`), nil
	case 1:
		return []byte(fmt.Sprintf(`[%d,"two"]`, c.V)), nil
	case 2:
		return []byte(fmt.Sprintf(`{"v":%d}`, c.V)), nil
	}
	return []byte(fmt.Sprintf(`"text %d"`, c.V)), nil
}

func (c *Custom) UnmarshalJSON(b []byte) error {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	switch v := v.(type) {
	case nil:
		c.V = 0
	case []any:
		c.V = int(v[0].(float64))
	case map[string]any:
		c.V = int(v["v"].(float64))
	case string:
		_, err := fmt.Sscanf(v, "text %d", &c.V)
		return err
	}
	return nil
}

// Specials has the types encoding/json or their methods write specially.
type Specials struct {
	Time    time.Time       `json:"time"`
	TimeP   *time.Time      `json:"time_p,omitempty"`
	TimeZ   time.Time       `json:"time_z,omitzero"`
	Dur     time.Duration   `json:"dur"`
	Number  json.Number     `json:"number"`
	NumberP *json.Number    `json:"number_p"`
	Raw     json.RawMessage `json:"raw"`
	ORaw    json.RawMessage `json:"o_raw,omitempty"`
	Any     any             `json:"any"`
	Anys    []any           `json:"anys"`
	AnyMap  map[string]any  `json:"any_map"`
	Bytes   []byte          `json:"bytes"`
	Hash    [4]byte         `json:"hash"`
	Level   Level           `json:"level"`
	Levels  []Level         `json:"levels"`
	LevelP  *Level          `json:"level_p"`
	Custom  Custom          `json:"custom"`
	CustomP *Custom         `json:"custom_p"`
	Customs []Custom        `json:"customs"`
	Stamp   Stamp           `json:"stamp"`
	Label   Labelled        `json:"label"`
	Err     error           `json:"err,omitempty"`
	Month   time.Month      `json:"month"`
	Mode    fs.FileMode     `json:"mode"`
	Perm    Perm            `json:"perm"`
}

// Maps has every kind of map key.
type Maps struct {
	ByString map[string]int                 `json:"by_string"`
	ByUnit   map[testcorpus.Unit]bool       `json:"by_unit"`
	ByInt    map[int]string                 `json:"by_int"`
	ByI8     map[int8]string                `json:"by_i8"`
	ByI64    map[int64]string               `json:"by_i64"`
	ByU8     map[uint8]string               `json:"by_u8"`
	ByUint   map[uint64]string              `json:"by_uint"`
	ByText   map[TextKey]float64            `json:"by_text"`
	ByLevel  map[Level]int                  `json:"by_level"`
	ByPrio   map[testcorpus.Priority]string `json:"by_prio"`
	Nested   map[string]map[int][]string    `json:"nested"`
	Items    map[string]*testcorpus.Item    `json:"items"`
	Graph    Graph                          `json:"graph"`
	Levels   map[string]Level               `json:"levels"`
	LevelPs  map[string]*Level              `json:"level_ps"`
	Customs  map[int]Custom                 `json:"customs"`
	Stamps   map[string]Stamp               `json:"stamps"`
	Times    map[string]time.Time           `json:"times"`
	Bytes    map[string][]byte              `json:"bytes"`
	Raws     map[string]json.RawMessage     `json:"raws"`
	ByI16    map[int16]bool                 `json:"by_i16"`
	ByUptr   map[uintptr]bool               `json:"by_uptr"`
	ByCount  map[Count]bool                 `json:"by_count"`
	ByLower  map[Lower]int                  `json:"by_lower"`
	ArrMap   map[string][2]Level            `json:"arr_map"`
	RawPs    map[string]*json.RawMessage    `json:"raw_ps"`
}

// Lower is a string map key with text methods, which encoding/json uses
// to read a key but not to write one.
type Lower string

func (l Lower) MarshalText() ([]byte, error)  { return []byte(strings.ToUpper(string(l))), nil }
func (l *Lower) UnmarshalText(b []byte) error { *l = Lower(b); return nil }

// Graph is a recursive map.
type Graph map[string]Graph

// Generic has instantiated generic and anonymous structs.
type Generic struct {
	Items testcorpus.Page[testcorpus.Item]                   `json:"items"`
	Ints  testcorpus.Page[int]                               `json:"ints"`
	Pair  testcorpus.Pair[testcorpus.Unit, *testcorpus.Item] `json:"pair"`
	Tree  testcorpus.Tree                                    `json:"tree"`
	Dir   testcorpus.Dir                                     `json:"dir"`
	Anon  struct {
		X int    `json:"x"`
		Y string `json:"y,omitempty"`
		Z *testcorpus.Item
	} `json:"anon"`
	AnonList []struct{ P testcorpus.Priority } `json:"anon_list"`
	AnonEmb  struct {
		testcorpus.Base
		*testcorpus.Meta
		N int `json:"n,omitempty"`
	} `json:"anon_emb"`
	Empty   struct{}                           `json:"empty"`
	Empties []struct{}                         `json:"empties"`
	PageP   *testcorpus.Page[*testcorpus.Node] `json:"page_p"`
}

// Enums has enum types in every position.
type Enums struct {
	Unit    testcorpus.Unit                         `json:"unit"`
	OUnit   testcorpus.Unit                         `json:"o_unit,omitempty"`
	Prio    testcorpus.Priority                     `json:"prio"`
	UnitP   *testcorpus.Unit                        `json:"unit_p"`
	Prios   []testcorpus.Priority                   `json:"prios"`
	ByUnit  map[string]testcorpus.Unit              `json:"by_unit"`
	Arr     [2]testcorpus.Unit                      `json:"arr"`
	Sym     Symbol                                  `json:"sym"`
	Syms    []Symbol                                `json:"syms"`
	Big     Big                                     `json:"big"`
	BigP    *Big                                    `json:"big_p,omitempty"`
	Day     time.Weekday                            `json:"day"`
	ByUnit2 map[testcorpus.Unit]testcorpus.Priority `json:"by_unit2"`
	Pairs   []testcorpus.Pair[Symbol, Big]          `json:"pairs"`
}

// Everything puts all of the above in one argument object.
type Everything struct {
	Scalars   Scalars          `json:"scalars"`
	Quoted    Quoted           `json:"quoted"`
	Nullables Nullables        `json:"nullables"`
	Embeds    Embeds           `json:"embeds"`
	Tagged    Tagged           `json:"tagged"`
	Specials  Specials         `json:"specials"`
	Maps      Maps             `json:"maps"`
	Node      *testcorpus.Node `json:"node"`
	Generic   Generic          `json:"generic"`
	Enums     Enums            `json:"enums"`
}

// The struct argument style: one struct parameter, echoed back.

//mcp:tool
func EchoScalars(in Scalars) Scalars { return in }

//mcp:tool
func EchoQuoted(in Quoted) Quoted { return in }

//mcp:tool
func EchoNullables(in Nullables) Nullables { return in }

//mcp:tool
func EchoEmbeds(in Embeds) Embeds { return in }

//mcp:tool
func EchoTagged(in Tagged) Tagged { return in }

//mcp:tool
func EchoSpecials(in Specials) Specials { return in }

//mcp:tool
func EchoMaps(in Maps) Maps { return in }

//mcp:tool
func EchoNode(in testcorpus.Node) testcorpus.Node { return in }

//mcp:tool
func EchoGeneric(in Generic) Generic { return in }

//mcp:tool
func EchoEnums(in Enums) Enums { return in }

//mcp:tool
func EchoEverything(in Everything) Everything { return in }

// The plain argument style: each parameter is an argument. Each tool
// returns its parameters as the struct named after it, whose fields are
// the arguments object a client sends (a nil pointer left out).

// PlainScalarsArgs are the arguments of plain_scalars.
type PlainScalarsArgs struct {
	B   bool          `json:"b"`
	I   int           `json:"i"`
	I8  int8          `json:"i8"`
	I16 int16         `json:"i16"`
	I32 int32         `json:"i32"`
	I64 int64         `json:"i64"`
	U   uint          `json:"u"`
	U8  uint8         `json:"u8"`
	U16 uint16        `json:"u16"`
	U32 uint32        `json:"u32"`
	U64 uint64        `json:"u64"`
	F32 float32       `json:"f32"`
	F64 float64       `json:"f64"`
	S   string        `json:"s"`
	Dur time.Duration `json:"dur"`
}

//mcp:tool
func PlainScalars(b bool, i int, i8 int8, i16 int16, i32 int32, i64 int64, u uint, u8 uint8, u16 uint16, u32 uint32, u64 uint64, f32 float32, f64 float64, s string, dur time.Duration) PlainScalarsArgs {
	return PlainScalarsArgs{b, i, i8, i16, i32, i64, u, u8, u16, u32, u64, f32, f64, s, dur}
}

// PlainPointersArgs are the arguments of plain_pointers: optional ones.
type PlainPointersArgs struct {
	I     *int             `json:"i,omitempty"`
	S     *string          `json:"s,omitempty"`
	Item  *testcorpus.Item `json:"item,omitempty"`
	Unit  *testcorpus.Unit `json:"unit,omitempty"`
	Time  *time.Time       `json:"when,omitempty"`
	Slice *[]int           `json:"slice,omitempty"`
	Map   *map[string]int  `json:"m,omitempty"`
	PP    **int            `json:"pp,omitempty"`
	Any   *any             `json:"a,omitempty"`
	Raw   *json.RawMessage `json:"raw,omitempty"`
	Node  *testcorpus.Node `json:"node,omitempty"`
}

//mcp:tool
func PlainPointers(i *int, s *string, item *testcorpus.Item, unit *testcorpus.Unit, when *time.Time, slice *[]int, m *map[string]int, pp **int, a *any, raw *json.RawMessage, node *testcorpus.Node) PlainPointersArgs {
	return PlainPointersArgs{i, s, item, unit, when, slice, m, pp, a, raw, node}
}

// PlainOneArgs are the arguments of plain_one: one argument that is not
// a struct.
type PlainOneArgs struct {
	Tree testcorpus.Tree `json:"tree"`
}

//mcp:tool
func PlainOne(tree testcorpus.Tree) PlainOneArgs { return PlainOneArgs{tree} }

// PlainStructPtrArgs are the arguments of plain_struct_ptr: a pointer
// to a struct is one optional argument, not the arguments object.
type PlainStructPtrArgs struct {
	In *Nullables `json:"in,omitempty"`
}

//mcp:tool
func PlainStructPtr(in *Nullables) PlainStructPtrArgs { return PlainStructPtrArgs{in} }

// PlainMixedArgs are the arguments of plain_mixed.
type PlainMixedArgs struct {
	Items  []testcorpus.Item                                      `json:"items"`
	Tags   []string                                               `json:"tags"`
	Counts map[string]int                                         `json:"counts"`
	ByID   map[int]testcorpus.Item                                `json:"byID"`
	ByU16  map[uint16]bool                                        `json:"byU16"`
	ByText map[TextKey]string                                     `json:"byText"`
	Unit   testcorpus.Unit                                        `json:"unit"`
	Prio   testcorpus.Priority                                    `json:"prio"`
	When   time.Time                                              `json:"when"`
	Data   []byte                                                 `json:"data"`
	Num    json.Number                                            `json:"num"`
	Raw    json.RawMessage                                        `json:"raw"`
	Value  any                                                    `json:"value"`
	Tree   testcorpus.Tree                                        `json:"tree"`
	Graph  Graph                                                  `json:"graph"`
	Window [3]int8                                                `json:"window"`
	Level  Level                                                  `json:"level"`
	Custom Custom                                                 `json:"custom"`
	Stamp  Stamp                                                  `json:"stamp"`
	Page   testcorpus.Page[testcorpus.Pair[int, testcorpus.Unit]] `json:"page"`
	Embeds Embeds                                                 `json:"embeds"`
}

//mcp:tool
func PlainMixed(items []testcorpus.Item, tags []string, counts map[string]int, byID map[int]testcorpus.Item, byU16 map[uint16]bool, byText map[TextKey]string, unit testcorpus.Unit, prio testcorpus.Priority, when time.Time, data []byte, num json.Number, raw json.RawMessage, value any, tree testcorpus.Tree, graph Graph, window [3]int8, level Level, custom Custom, stamp Stamp, page testcorpus.Page[testcorpus.Pair[int, testcorpus.Unit]], embeds Embeds) PlainMixedArgs {
	return PlainMixedArgs{items, tags, counts, byID, byU16, byText, unit, prio, when, data, num, raw, value, tree, graph, window, level, custom, stamp, page, embeds}
}
