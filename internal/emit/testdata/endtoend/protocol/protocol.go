// Package protocol declares the features of protocol 2026-07-28 that
// mcptag generates: parameter headers of each kind and form, icons,
// cached resource reads, and forms asked in sequence.
package protocol

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Scope says who sees a note.
type Scope struct {
	// The team.
	Team string `json:"team" jsonschema:"header=Team"`
	// Only managers.
	Managers bool `json:"managers,omitempty" jsonschema:"header=Managers"`
}

// NoteRequest files a note.
type NoteRequest struct {
	// The note's priority.
	Priority int `json:"priority" jsonschema:"header=Priority,minimum=1,maximum=5"`
	// Who sees it.
	Scope Scope `json:"scope"`
	// The text.
	Text string `json:"text"`
}

// Note files a note.
//
//mcp:tool icon=note.svg icon-dark=https://example.com/note-dark.png
func Note(req NoteRequest) string {
	return fmt.Sprintf("%d %s %v %s", req.Priority, req.Scope.Team, req.Scope.Managers, req.Text)
}

// Find finds notes.
//   - tenant (header=Tenant): whose notes
//   - query: what to look for
//
//mcp:tool
func Find(tenant, query string) string { return tenant + ": " + query }

// Board is the notice board, which a client may keep a minute, for its
// user only.
//
//mcp:resource notes://board ttl=1m cache=private icon=note.svg
func Board() string { return "board" }

// Day is the notes of a day, which any cache may keep a day.
//
//mcp:resource notes://days/{day} ttl=24h
func Day(day string) string { return day }

// Topping is a topping.
type Topping string

// The toppings.
const (
	// Extra cheese
	Cheese Topping = "cheese"
	// Black olives
	Olives Topping = "olives"
)

// Size is a size.
type Size string

// The sizes.
const (
	Small Size = "s"
	Large Size = "l"
)

// Order is what a user orders.
//
//mcp:elicit
type Order struct {
	// Your name.
	Name string `json:"name" jsonschema:"minLength=1"`
	// Where to send the receipt.
	Email string `json:"email,omitempty" jsonschema:"format=email"`
	// When to deliver.
	Day string `json:"day,omitempty" jsonschema:"format=date"`
	// How many.
	Count int8 `json:"count,omitempty" jsonschema:"minimum=1,default=1"`
	// The size.
	Size Size `json:"size"`
	// The main topping.
	Topping Topping `json:"topping"`
	// More toppings.
	Extras []Topping `json:"extras,omitempty"`
	// Gift wrap.
	Wrap bool `json:"wrap,omitempty"`
}

// Confirm asks a yes or no.
//
//mcp:elicit
type Confirm struct {
	// Go ahead.
	OK bool `json:"ok"`
}

// Ordered is a placed order.
type Ordered struct {
	// What was ordered.
	Order Order `json:"order"`
	// Whether the user confirmed it.
	Placed bool `json:"placed"`
}

// PlaceOrder asks the user for an order, then to confirm it.
//
//mcp:tool
func PlaceOrder(ctx context.Context, req *mcp.CallToolRequest) (Ordered, error) {
	order, ok, err := ElicitOrder(ctx, req, "What would you like?")
	if err != nil || !ok {
		return Ordered{}, err
	}
	confirm, ok, err := ElicitConfirm(ctx, req, fmt.Sprintf("Order %d %s with %s?", order.Count, order.Size, order.Topping))
	if err != nil {
		return Ordered{}, fmt.Errorf("confirming: %w", err)
	}
	return Ordered{Order: order, Placed: ok && confirm.OK}, nil
}
