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
