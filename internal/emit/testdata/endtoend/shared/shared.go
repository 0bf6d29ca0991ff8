// Package shared has tools whose arguments reach one named type along
// many paths: a DAG of struct types, and a generic type nested in itself.
// Inlined at every use, their input schemas and argument specs would
// double at every level.
package shared

//go:generate go run ../../../../../cmd/mcptag

import "context"

// Leaf is the bottom of the DAG.
type Leaf struct {
	// The text at the bottom.
	Text string `json:"text"`
	// How many times.
	Count int8 `json:"count,omitempty"`
}

// A Pair holds two of a type.
type Pair[T any] struct {
	Left  T `json:"left"`
	Right T `json:"right"`
}

// L1 is a level of the DAG.
type L1 struct {
	A Leaf `json:"a"`
	B Leaf `json:"b"`
	C Leaf `json:"c"`
}

// L2 is a level of the DAG.
type L2 struct {
	A L1 `json:"a"`
	B L1 `json:"b"`
	// The second level, optional.
	C *L1 `json:"c,omitempty"`
}

// L3 is a level of the DAG.
type L3 struct {
	A L2 `json:"a"`
	B L2 `json:"b"`
}

// L4 is the top of the DAG.
type L4 struct {
	A L3 `json:"a"`
	B L3 `json:"b"`
}

// Deep counts the leaves of a DAG of types.
//
//mcp:tool
func Deep(ctx context.Context, in L4) (int, error) {
	return len(in.A.A.A.A.Text) + len(in.B.B.B.B.Text), nil
}

// Boxes returns the leftmost leaf of pairs nested six deep.
//
//mcp:tool
func Boxes(ctx context.Context, in Pair[Pair[Pair[Pair[Pair[Pair[Leaf]]]]]]) (string, error) {
	return in.Left.Left.Left.Left.Left.Left.Text, nil
}

// C0 is the end of a chain of types, each holding the next: each used
// once, but nested deeper than a schema inlines.
type C0 struct {
	// The text at the end.
	Text string `json:"text"`
}

// C1 is a link of the chain.
type C1 struct {
	Next *C0 `json:"next,omitempty"`
	// The link's leaves.
	Leaves [2]Leaf `json:"leaves,omitempty"`
}

// C2 is a link of the chain.
type C2 struct {
	Next *C1 `json:"next,omitempty"`
	// The link's leaves.
	Leaves [2]Leaf `json:"leaves,omitempty"`
}

// C3 is a link of the chain.
type C3 struct {
	Next *C2 `json:"next,omitempty"`
	// The link's leaves.
	Leaves [2]Leaf `json:"leaves,omitempty"`
}

// C4 is a link of the chain.
type C4 struct {
	Next *C3 `json:"next,omitempty"`
	// The link's leaves.
	Leaves [2]Leaf `json:"leaves,omitempty"`
}

// C5 is a link of the chain.
type C5 struct {
	Next *C4 `json:"next,omitempty"`
	// The link's leaves.
	Leaves [2]Leaf `json:"leaves,omitempty"`
}

// C6 is a link of the chain.
type C6 struct {
	Next *C5 `json:"next,omitempty"`
	// The link's leaves.
	Leaves [2]Leaf `json:"leaves,omitempty"`
}

// C7 is a link of the chain.
type C7 struct {
	Next *C6 `json:"next,omitempty"`
	// The link's leaves.
	Leaves [2]Leaf `json:"leaves,omitempty"`
}

// C8 is a link of the chain.
type C8 struct {
	Next *C7 `json:"next,omitempty"`
	// The link's leaves.
	Leaves [2]Leaf `json:"leaves,omitempty"`
}

// C9 is a link of the chain.
type C9 struct {
	Next *C8 `json:"next,omitempty"`
	// The link's leaves.
	Leaves [2]Leaf `json:"leaves,omitempty"`
}

// C10 is a link of the chain.
type C10 struct {
	Next *C9 `json:"next,omitempty"`
	// The link's leaves.
	Leaves [2]Leaf `json:"leaves,omitempty"`
}

// C11 is a link of the chain.
type C11 struct {
	Next *C10 `json:"next,omitempty"`
	// The link's leaves.
	Leaves [2]Leaf `json:"leaves,omitempty"`
}

// C12 is a link of the chain.
type C12 struct {
	Next *C11 `json:"next,omitempty"`
	// The link's leaves.
	Leaves [2]Leaf `json:"leaves,omitempty"`
}

// C13 is a link of the chain.
type C13 struct {
	Next *C12 `json:"next,omitempty"`
	// The link's leaves.
	Leaves [2]Leaf `json:"leaves,omitempty"`
}

// C14 is a link of the chain.
type C14 struct {
	Next *C13 `json:"next,omitempty"`
	// The link's leaves.
	Leaves [2]Leaf `json:"leaves,omitempty"`
}

// C15 is a link of the chain.
type C15 struct {
	Next *C14 `json:"next,omitempty"`
	// The link's leaves.
	Leaves [2]Leaf `json:"leaves,omitempty"`
}

// C16 is a link of the chain.
type C16 struct {
	Next *C15 `json:"next,omitempty"`
	// The link's leaves.
	Leaves [2]Leaf `json:"leaves,omitempty"`
}

// C17 is a link of the chain.
type C17 struct {
	Next *C16 `json:"next,omitempty"`
	// The link's leaves.
	Leaves [2]Leaf `json:"leaves,omitempty"`
}

// C18 is a link of the chain.
type C18 struct {
	Next *C17 `json:"next,omitempty"`
	// The link's leaves.
	Leaves [2]Leaf `json:"leaves,omitempty"`
}

// C19 is a link of the chain.
type C19 struct {
	Next *C18 `json:"next,omitempty"`
	// The link's leaves.
	Leaves [2]Leaf `json:"leaves,omitempty"`
}

// C20 is a link of the chain.
type C20 struct {
	Next *C19 `json:"next,omitempty"`
	// The link's leaves.
	Leaves [2]Leaf `json:"leaves,omitempty"`
}

// C21 is a link of the chain.
type C21 struct {
	Next *C20 `json:"next,omitempty"`
	// The link's leaves.
	Leaves [2]Leaf `json:"leaves,omitempty"`
}

// C22 is a link of the chain.
type C22 struct {
	Next *C21 `json:"next,omitempty"`
	// The link's leaves.
	Leaves [2]Leaf `json:"leaves,omitempty"`
}

// C23 is a link of the chain.
type C23 struct {
	Next *C22 `json:"next,omitempty"`
	// The link's leaves.
	Leaves [2]Leaf `json:"leaves,omitempty"`
}

// C24 is a link of the chain.
type C24 struct {
	Next *C23 `json:"next,omitempty"`
	// The link's leaves.
	Leaves [2]Leaf `json:"leaves,omitempty"`
}

// C25 is a link of the chain.
type C25 struct {
	Next *C24 `json:"next,omitempty"`
	// The link's leaves.
	Leaves [2]Leaf `json:"leaves,omitempty"`
}

// C26 is a link of the chain.
type C26 struct {
	Next *C25 `json:"next,omitempty"`
	// The link's leaves.
	Leaves [2]Leaf `json:"leaves,omitempty"`
}

// C27 is a link of the chain.
type C27 struct {
	Next *C26 `json:"next,omitempty"`
	// The link's leaves.
	Leaves [2]Leaf `json:"leaves,omitempty"`
}

// C28 is a link of the chain.
type C28 struct {
	Next *C27 `json:"next,omitempty"`
	// The link's leaves.
	Leaves [2]Leaf `json:"leaves,omitempty"`
}

// C29 is a link of the chain.
type C29 struct {
	Next *C28 `json:"next,omitempty"`
	// The link's leaves.
	Leaves [2]Leaf `json:"leaves,omitempty"`
}

// C30 is a link of the chain.
type C30 struct {
	Next *C29 `json:"next,omitempty"`
	// The link's leaves.
	Leaves [2]Leaf `json:"leaves,omitempty"`
}

// Chain reports whether a chain has a second link.
//
//mcp:tool
func Chain(ctx context.Context, in C30) (bool, error) { return in.Next != nil, nil }
