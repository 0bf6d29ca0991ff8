// Package views holds tools with views (view= and fields) over the types
// of internal/testcorpus, on every result shape. Its property test gives
// them random values and random selections of their paths, and checks
// that the generated code sends exactly the full value's JSON with
// everything outside the selection removed.
//
// Each tool returns Value, which the test sets before each call.
package views

//go:generate go run github.com/mcptag/mcptag/cmd/mcptag

import (
	"context"
	"fmt"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcptag/mcptag/internal/testcorpus"
)

// Value is what every tool returns, of the tool's result type.
var Value any

//mcp:tool fields
func GetScalars() testcorpus.Scalars { return Value.(testcorpus.Scalars) }

//mcp:tool fields
func GetQuoted() *testcorpus.Quoted { return Value.(*testcorpus.Quoted) }

//mcp:tool fields view="p,s,m,bytes,arr,item_p.id,item_p.unit,op,os,om,zs,zp.id,o_item.id,z_item.unit,o_arr,o_arr0,ps,pp,pm,elems.id,map_elems,nested,opt_bytes,arr_of_ptrs"
func GetNullables() testcorpus.Nullables { return Value.(testcorpus.Nullables) }

//mcp:tool fields view="id,kind,meta.created,note,more.note,more.more.note,hidden,Label,Code"
//mcptag:ignore json-tag the corpus holds encoding/json's name collisions on purpose
func GetEmbeds() testcorpus.Embeds { return Value.(testcorpus.Embeds) }

//mcp:tool view="note,more.more.note,hidden,meta"
func GetEmbedsPtr() *testcorpus.Embeds { return Value.(*testcorpus.Embeds) }

//mcp:tool fields
func GetSpecials() testcorpus.Specials { return Value.(testcorpus.Specials) }

//mcp:tool fields
func GetSpecialsPtr() *testcorpus.Specials { return Value.(*testcorpus.Specials) }

// GetSpecialsByValue reaches inside PtrCustom, whose MarshalJSON has a
// pointer receiver: encoding/json does not call it on a field of a
// value it cannot address.
//
//mcp:tool view="ptr_custom.v,ptr_customs,grade,grades,grade_map,level,levels,custom,custom_p,time,time_p,any,err,number,raw,bytes,hash,dur"
func GetSpecialsByValue() testcorpus.Specials { return Value.(testcorpus.Specials) }

//mcp:tool fields view="by_string,by_unit,by_int,by_i8,by_uint,by_text,by_level,nested,items.id,items.unit"
func GetMaps() testcorpus.Maps { return Value.(testcorpus.Maps) }

//mcp:tool fields view="name,children.name,children.children.name,parent.name,parent.parent.name"
func GetNode() testcorpus.Node { return Value.(testcorpus.Node) }

//mcp:tool view="name"
func GetNodePtrPtr() **testcorpus.Node { return Value.(**testcorpus.Node) }

//mcp:tool fields view="items.items.id,items.next,ints,pair.value.unit,pair.key,tree,anon.x,anon.Z.id,anon_list.P"
func GetGeneric() testcorpus.Generic { return Value.(testcorpus.Generic) }

//mcp:tool fields view="wrapper.x,wrappers,wrapper_p,stamp,tagged.meta.created,tagged.base.id,units,graph,grade_arr,grade_arrs,grade_keys,labelled,deep.inner.id,deep.inner.prio,perm,month,opt_unit,any,stringer,file_mode"
func GetExotic() testcorpus.Exotic { return Value.(testcorpus.Exotic) }

//mcp:tool fields view="temperature,conditions"
func GetForecast() []testcorpus.Weather { return Value.([]testcorpus.Weather) }

//mcp:tool view="humidity"
func GetByID() map[int]testcorpus.Weather { return Value.(map[int]testcorpus.Weather) }

//mcp:tool fields view="id"
func GetTriple() [3]*testcorpus.Item { return Value.([3]*testcorpus.Item) }

//mcp:tool view="unit"
func GetTriplePtr() *[3]testcorpus.Item { return Value.(*[3]testcorpus.Item) }

//mcp:tool fields view="name,files.name,files.dir.name,files.dir.files.name"
func GetDir() *testcorpus.Dir { return Value.(*testcorpus.Dir) }

//mcp:tool view="items.unit,next"
func GetPage() testcorpus.Page[testcorpus.Item] { return Value.(testcorpus.Page[testcorpus.Item]) }

//mcp:tool fields view="unit,prio,unit_p,prios"
func GetEnums() testcorpus.Enums { return Value.(testcorpus.Enums) }

//mcp:tool fields view="meta.created,base.id"
func GetTagged() testcorpus.Tagged { return Value.(testcorpus.Tagged) }

//mcp:tool fields view="id"
func GetItemsByName() map[string]map[string][]*testcorpus.Item {
	return Value.(map[string]map[string][]*testcorpus.Item)
}

// Zeros has omitzero on every kind of type encoding/json tells zero in
// its own way: an IsZero method on a value, on a pointer, through a
// pointer receiver, on an interface; == for comparable types (a float's
// -0 is zero); reflect.Value.IsZero for the others.
type Zeros struct {
	T    time.Time         `json:"t,omitzero"`
	TP   *time.Time        `json:"tp,omitzero"`
	Z    Zeroer            `json:"z,omitzero"`
	PZ   PtrZero           `json:"pz,omitzero"`
	PZs  []PtrZero         `json:"pzs,omitzero"`
	S    struct{ L []int } `json:"s,omitzero"`
	A    [2]float64        `json:"a,omitzero"`
	F    float64           `json:"f,omitzero"`
	O    Odd               `json:"o,omitzero"`
	Item testcorpus.Item   `json:"item,omitzero"`
	// Never empty, a struct is written even under omitempty.
	ItemE testcorpus.Item `json:"item_e,omitempty"`
	Deep  Inner           `json:"deep,omitzero"`
	Deeps []Inner         `json:"deeps,omitempty"`
}

// Inner cannot be compared with ==.
type Inner struct {
	Name string   `json:"name"`
	Tags []string `json:"tags"`
}

// Zeroer is encoding/json's interface of a type with its own IsZero.
type Zeroer interface{ IsZero() bool }

// PtrZero is zero when N is even, by a pointer-receiver method.
type PtrZero struct {
	N int `json:"n"`
}

func (p *PtrZero) IsZero() bool { return p.N%2 == 0 }

// Odd is zero when odd, by a value-receiver method.
type Odd int

func (o Odd) IsZero() bool { return o%2 != 0 }

// Keyed has maps whose keys encoding/json names in each of its ways,
// with paths through their values.
type Keyed struct {
	ByText  map[Key]testcorpus.Item               `json:"by_text"`
	ByLevel map[testcorpus.Level]*testcorpus.Item `json:"by_level"`
	ByUint  map[uint16]testcorpus.Item            `json:"by_uint"`
	ByGrade map[testcorpus.Grade]testcorpus.Item  `json:"by_grade"`
	ByUnit  map[testcorpus.Unit]testcorpus.Item   `json:"by_unit,omitempty"`
}

// Key is a map key written by MarshalText.
type Key struct{ A, B int8 }

func (k Key) MarshalText() ([]byte, error) { return fmt.Appendf(nil, "%d<%d>", k.A, k.B), nil }

//mcp:tool fields view="t,tp,z,pz,pzs,s,a,f,o,item.id,item_e.unit,deep.name,deeps.tags"
func GetZeros() Zeros { return Value.(Zeros) }

//mcp:tool fields view="by_text.id,by_level.unit,by_uint.id,by_grade.unit,by_unit.id"
func GetKeyed() *Keyed { return Value.(*Keyed) }

// Query is a struct of arguments, beside which fields is one more.
type Query struct {
	// A name to give the node, if any.
	Name string `json:"name,omitempty"`
}

//mcp:tool fields view="name,parent.name"
func FindNode(q Query) testcorpus.Node {
	n := Value.(testcorpus.Node)
	if q.Name != "" {
		n.Name = q.Name
	}
	return n
}

// GetNodeSDK has the go-sdk handler's shape; its value is viewed, as any.
//
//mcp:tool view="name,children.name"
func GetNodeSDK(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, testcorpus.Node, error) {
	return nil, Value.(testcorpus.Node), nil
}
