// Package methods declares tools as methods, bound at registration.
package methods

import "context"

// Store keeps values by key.
type Store struct{ values map[string]string }

// Get returns the value of a key.
//
//mcp:tool store_get
func (s *Store) Get(ctx context.Context, key string) (string, error) { return s.values[key], nil }

// Keys lists the keys.
//
//mcp:tool store_keys
func (s Store) Keys() []string {
	var keys []string
	for k := range s.values {
		keys = append(keys, k)
	}
	return keys
}

// Clock tells the time.
type Clock struct{}

// Now returns the time as text.
//
//mcp:tool
func (Clock) Now() string { return "now" }

// Version is a plain function beside the methods.
//
//mcp:tool
func Version() string { return "v1" }

// NewStore returns a store holding values.
func NewStore(values map[string]string) *Store { return &Store{values: values} }
