package testcorpus

import (
	"fmt"
	"io/fs"
	"time"
)

// Perm is a set of bit flags: any combination is a valid value.
type Perm uint8

const (
	PermRead Perm = 1 << iota
	PermWrite
	PermExec
)

// Labelled is written as its Level's text: the promoted MarshalText makes
// the whole struct a TextMarshaler.
type Labelled struct {
	Level
	Note string
}

// Wrapper promotes *PtrCustom's MarshalJSON to *Wrapper only.
type Wrapper struct {
	PtrCustom
	X int `json:"x"`
}

// Stamp embeds time.Time and so is written as a time.
type Stamp struct {
	time.Time
}

type Tagged struct {
	*Meta `json:"meta"`
	Base  `json:"base,omitempty"`
}

type Units []Unit

type Graph map[string]Graph

type Stringer interface{ String() string }

type Named struct{ N int }

func (n *Named) String() string { return fmt.Sprint(n.N) }

type Exotic struct {
	Labelled  Labelled      `json:"labelled"`
	Wrapper   Wrapper       `json:"wrapper"`
	Wrappers  []Wrapper     `json:"wrappers"`
	WrapperP  *Wrapper      `json:"wrapper_p"`
	Stamp     Stamp         `json:"stamp"`
	Tagged    Tagged        `json:"tagged"`
	Units     Units         `json:"units"`
	Graph     Graph         `json:"graph"`
	GradeArr  [2]Grade      `json:"grade_arr"`
	GradeArrs [][2]Grade    `json:"grade_arrs"`
	GradeKeys map[Grade]int `json:"grade_keys"`
	Stringer  Stringer      `json:"stringer"`
	Any       any           `json:"any,omitempty"`
	OptUnit   *Unit         `json:"opt_unit,omitempty"`
	Perm      Perm          `json:"perm"`
	FileMode  fs.FileMode   `json:"file_mode"`
	Month     time.Month    `json:"month"`
	Deep      struct {
		Inner struct {
			Base
			Prio Priority `json:"prio,omitempty"`
		} `json:"inner"`
	} `json:"deep"`
}

//mcp:tool
func GetExotic() Exotic { return Exotic{} }

//mcp:tool
func GetExoticPtr() *Exotic { return nil }

//mcp:tool
func GetLabelled() Labelled { return Labelled{} }

//mcp:tool
func GetWrapper() Wrapper { return Wrapper{} }

//mcp:tool
func GetWrapperPtr() *Wrapper { return nil }

//mcp:tool
func GetGraph() Graph { return nil }

//mcp:tool
func GetGraphPtr() *Graph { return nil }

//mcp:tool
func GetUnits() Units { return nil }

//mcp:tool
func GetStamps() []Stamp { return nil }

func init() {
	for name, fn := range map[string]any{
		"get_exotic":      GetExotic,
		"get_exotic_ptr":  GetExoticPtr,
		"get_labelled":    GetLabelled,
		"get_wrapper":     GetWrapper,
		"get_wrapper_ptr": GetWrapperPtr,
		"get_graph":       GetGraph,
		"get_graph_ptr":   GetGraphPtr,
		"get_units":       GetUnits,
		"get_stamps":      GetStamps,
	} {
		ToolFuncs[name] = fn
	}
}
