// Package testcorpus is the type corpus of analyzer's property test: one tool
// per type, each returning it. The test loads this package with the
// analyzer and marshals random values of the very same types.
//
// toolrt/internal/inputprop takes its plain types from here too (Unit,
// Priority, Item, Base, Meta, Extra, Left, Right, B, C, Code, Node, Dir,
// File, Tree, Page, Pair) and sends their values as tool arguments: those
// must keep reading back what they write.
package testcorpus

import (
	"encoding/json"
	"fmt"
	"reflect"
	"time"
)

// Unit is a temperature unit.
type Unit string

const (
	Celsius    Unit = "celsius"
	Fahrenheit Unit = "fahrenheit"
)

// Priority orders work.
type Priority int8

const (
	Low Priority = iota - 1
	Normal
	High
	Urgent = High
)

// EnumValues lists the constants of each enum type: the test picks only these.
var EnumValues = map[reflect.Type][]any{
	reflect.TypeFor[Unit]():       {Celsius, Fahrenheit},
	reflect.TypeFor[Priority]():   {Low, Normal, High},
	reflect.TypeFor[time.Month](): {time.January, time.June, time.December},
}

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
	Omit string `json:"omit,omitempty"`
	Zero int    `json:"zero,omitzero"`
	Skip string `json:"-"`
	Dash string `json:"-,"`
	priv int
}

type Quoted struct {
	I64  int64    `json:"i64,string"`
	U    uint     `json:"u,string"`
	B    bool     `json:"b,string"`
	F    float64  `json:"f,string"`
	F32  float32  `json:"f32,string"`
	S    string   `json:"s,string"`
	P    *int64   `json:"p,string"`
	OP   *bool    `json:"op,string,omitempty"`
	Prio Priority `json:"prio,string"`
	L    []int    `json:"l,string"`
}

// Item is a small nested struct.
type Item struct {
	ID   string `json:"id"`
	Unit Unit   `json:"unit"`
}

type Nullables struct {
	P         *int             `json:"p"`
	S         []string         `json:"s"`
	M         map[string]int   `json:"m"`
	Bytes     []byte           `json:"bytes"`
	Arr       [2]int           `json:"arr"`
	ItemP     *Item            `json:"item_p"`
	OP        *int             `json:"op,omitempty"`
	OS        []string         `json:"os,omitempty"`
	OM        map[string]int   `json:"om,omitempty"`
	ZS        []string         `json:"zs,omitzero"`
	ZP        *Item            `json:"zp,omitzero"`
	OItem     Item             `json:"o_item,omitempty"`
	ZItem     Item             `json:"z_item,omitzero"`
	OArr      [2]int           `json:"o_arr,omitempty"`
	OArr0     [0]int           `json:"o_arr0,omitempty"`
	PS        *[]int           `json:"ps,omitempty"`
	PP        **int            `json:"pp,omitempty"`
	PM        *map[string]bool `json:"pm,omitzero"`
	Elems     []*Item          `json:"elems"`
	MapElems  map[string][]int `json:"map_elems,omitempty"`
	Nested    [][]*string      `json:"nested"`
	OptBytes  []byte           `json:"opt_bytes,omitempty"`
	ArrOfPtrs [2]*int          `json:"arr_of_ptrs"`
}

type Base struct {
	ID   string `json:"id"`
	Kind string `json:"kind"`
}

type Meta struct {
	Created string `json:"created"`
}

type Extra struct {
	Note string `json:"note"`
	More *Extra `json:"more,omitempty"`
}

type inner struct {
	Hidden string `json:"hidden"`
}

type Left struct {
	Name  string
	Label string `json:"Label"`
}

type Right struct {
	Name  string
	Label string
}

type A struct{ X int }
type B struct{ A }
type C struct{ A }

type Code string

type Embeds struct {
	Base
	Meta `json:"meta"`
	*Extra
	inner
	Left
	//mcptag:ignore json-tag the corpus holds encoding/json's name collisions on purpose
	Right
	//mcptag:ignore json-tag the corpus holds encoding/json's name collisions on purpose
	B
	C
	Code
	Kind int `json:"kind"`
}

// Level has a text form through a value receiver.
type Level int

func (l Level) MarshalText() ([]byte, error) { return []byte(fmt.Sprintf("L%d", int(l))), nil }

// Grade has a text form through a pointer receiver only.
type Grade int

func (g *Grade) MarshalText() ([]byte, error) { return []byte(fmt.Sprintf("G%d", int(*g))), nil }

// Custom writes itself as anything it likes.
type Custom struct{ V int }

func (c Custom) MarshalJSON() ([]byte, error) {
	switch c.V % 4 {
	case 0:
		return []byte(`null`), nil
	case 1:
		return []byte(`[1,"two"]`), nil
	case 2:
		return []byte(`{"v":3}`), nil
	}
	return []byte(`"text"`), nil
}

// PtrCustom writes itself as a string, but only when addressable.
type PtrCustom struct {
	V int `json:"v"`
}

func (c *PtrCustom) MarshalJSON() ([]byte, error) { return []byte(`"custom"`), nil }

type TextKey struct{ a, b int }

func (k TextKey) MarshalText() ([]byte, error) { return []byte(fmt.Sprintf("%d-%d", k.a, k.b)), nil }

type Specials struct {
	Time       time.Time        `json:"time"`
	TimeP      *time.Time       `json:"time_p,omitempty"`
	Dur        time.Duration    `json:"dur"`
	Number     json.Number      `json:"number"`
	Raw        json.RawMessage  `json:"raw"`
	Any        any              `json:"any"`
	Bytes      []byte           `json:"bytes"`
	Hash       [4]byte          `json:"hash"`
	Level      Level            `json:"level"`
	Levels     []Level          `json:"levels"`
	Grade      Grade            `json:"grade"`
	Grades     []Grade          `json:"grades"`
	GradeMap   map[string]Grade `json:"grade_map"`
	Custom     Custom           `json:"custom"`
	CustomP    *Custom          `json:"custom_p"`
	PtrCustom  PtrCustom        `json:"ptr_custom"`
	PtrCustoms []PtrCustom      `json:"ptr_customs"`
	Err        error            `json:"err,omitempty"`
}

type Maps struct {
	ByString map[string]int              `json:"by_string"`
	ByUnit   map[Unit]bool               `json:"by_unit"`
	ByInt    map[int]string              `json:"by_int"`
	ByI8     map[int8]string             `json:"by_i8"`
	ByUint   map[uint64]string           `json:"by_uint"`
	ByText   map[TextKey]float64         `json:"by_text"`
	ByLevel  map[Level]int               `json:"by_level"`
	Nested   map[string]map[int][]string `json:"nested"`
	Items    map[string]*Item            `json:"items"`
}

// Node is a recursive struct.
type Node struct {
	Name     string  `json:"name"`
	Children []*Node `json:"children,omitempty"`
	Parent   *Node   `json:"parent"`
}

// Dir and File refer to each other.
type Dir struct {
	Name  string `json:"name"`
	Files []File `json:"files"`
}

type File struct {
	Name string `json:"name"`
	Dir  *Dir   `json:"dir,omitempty"`
}

// Tree is a recursive slice.
type Tree []Tree

type Page[T any] struct {
	Items []T    `json:"items"`
	Next  string `json:"next,omitempty"`
}

type Pair[K comparable, V any] struct {
	Key   K `json:"key"`
	Value V `json:"value"`
}

type Generic struct {
	Items Page[Item]        `json:"items"`
	Ints  Page[int]         `json:"ints"`
	Pair  Pair[Unit, *Item] `json:"pair"`
	Tree  Tree              `json:"tree"`
	Anon  struct {
		X int    `json:"x"`
		Y string `json:"y,omitempty"`
		Z *Item
	} `json:"anon"`
	AnonList []struct{ P Priority } `json:"anon_list"`
}

type Enums struct {
	Unit  Unit       `json:"unit"`
	Prio  Priority   `json:"prio"`
	UnitP *Unit      `json:"unit_p"`
	Prios []Priority `json:"prios"`
}

type Weather struct {
	Temperature float64 `json:"temperature"`
	Humidity    float64 `json:"humidity"`
	Conditions  string  `json:"conditions"`
}

//mcp:tool
func GetScalars() Scalars { return Scalars{} }

//mcp:tool
func GetQuoted() Quoted { return Quoted{} }

//mcp:tool
func GetNullables() Nullables { return Nullables{} }

//mcp:tool
func GetEmbeds() Embeds { return Embeds{} }

//mcp:tool
func GetSpecials() Specials { return Specials{} }

//mcp:tool
func GetSpecialsPtr() *Specials { return nil }

//mcp:tool
func GetMaps() Maps { return Maps{} }

//mcp:tool
func GetNode() Node { return Node{} }

//mcp:tool
func GetDir() *Dir { return nil }

//mcp:tool
func GetGeneric() Generic { return Generic{} }

//mcp:tool
func GetEnums() Enums { return Enums{} }

//mcp:tool
func GetTemperature() int { return 0 }

//mcp:tool
func GetName() string { return "" }

//mcp:tool
func GetRatio() *float64 { return nil }

//mcp:tool
func GetUnit() Unit { return Celsius }

//mcp:tool
func GetForecast() []Weather { return nil }

//mcp:tool
func GetTemperatures() map[string]float64 { return nil }

//mcp:tool
func GetByID() map[int]Weather { return nil }

//mcp:tool
func GetGrades() []Grade { return nil }

//mcp:tool
func GetGrade() Grade { return 0 }

//mcp:tool
func GetGradePtr() *Grade { return nil }

//mcp:tool
func GetTriple() [3]*Item { return [3]*Item{} }

//mcp:tool
func GetBytes() []byte { return nil }

//mcp:tool
func GetTime() time.Time { return time.Time{} }

//mcp:tool
func GetCustom() Custom { return Custom{} }

//mcp:tool
func GetPtrCustom() PtrCustom { return PtrCustom{} }

//mcp:tool
func GetPtrCustomPtr() *PtrCustom { return nil }

//mcp:tool
func GetTree() Tree { return nil }

//mcp:tool
func GetPage() Page[Item] { return Page[Item]{} }

//mcp:tool
//mcptag:ignore unstructured the corpus has an interface result on purpose
func GetAny() any { return nil }

// ToolFuncs maps each tool's name to its function, for the test.
var ToolFuncs = map[string]any{
	"get_scalars":        GetScalars,
	"get_quoted":         GetQuoted,
	"get_nullables":      GetNullables,
	"get_embeds":         GetEmbeds,
	"get_specials":       GetSpecials,
	"get_specials_ptr":   GetSpecialsPtr,
	"get_maps":           GetMaps,
	"get_node":           GetNode,
	"get_dir":            GetDir,
	"get_generic":        GetGeneric,
	"get_enums":          GetEnums,
	"get_temperature":    GetTemperature,
	"get_name":           GetName,
	"get_ratio":          GetRatio,
	"get_unit":           GetUnit,
	"get_forecast":       GetForecast,
	"get_temperatures":   GetTemperatures,
	"get_by_id":          GetByID,
	"get_grades":         GetGrades,
	"get_grade":          GetGrade,
	"get_grade_ptr":      GetGradePtr,
	"get_triple":         GetTriple,
	"get_bytes":          GetBytes,
	"get_time":           GetTime,
	"get_custom":         GetCustom,
	"get_ptr_custom":     GetPtrCustom,
	"get_ptr_custom_ptr": GetPtrCustomPtr,
	"get_tree":           GetTree,
	"get_page":           GetPage,
	"get_any":            GetAny,
}
