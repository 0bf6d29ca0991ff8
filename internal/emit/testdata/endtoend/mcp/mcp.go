// Package mcp is named like the go-sdk's package, which its generated
// code imports under another name; it declares a name of the generated
// code's kind (mcptagHello), a tool function named in Unicode letters,
// and parameters named like the packages the generated code imports.
package mcp

import "context"

// Hello greets someone.
//
//mcp:tool
func Hello(ctx context.Context, toolrt string, json int) string {
	return "hello " + toolrt + mcptagHello(json)
}

// mcptagHello is the package's own: the handler of Hello takes another
// name.
func mcptagHello(n int) string {
	s := ""
	for range n {
		s += "!"
	}
	return s
}

// ñandú names the bird.
//
//mcp:tool nandu
func ñandú() string { return "ñandú" }

// Nest keeps birds.
type Nest struct{ Birds []string }

// Count counts the birds of the nest.
//
//mcp:tool
func (n *Nest) Count() int { return len(n.Birds) }

// Func is a type whose value's natural name is a keyword.
type Func struct{}

// Kind names the kind.
//
//mcp:tool
func (Func) Kind() string { return "func" }
