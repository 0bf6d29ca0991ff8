// Package v1 is version 1 of the alpha API, whose package name it shares
// with beta's.
package v1

// An Item is what alpha lists.
type Item struct {
	Name string `json:"name"`
}
