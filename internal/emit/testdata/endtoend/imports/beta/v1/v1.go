// Package v1 is version 1 of the beta API, whose package name it shares
// with alpha's.
package v1

// An Item is what beta lists.
type Item struct {
	ID int `json:"id"`
}
