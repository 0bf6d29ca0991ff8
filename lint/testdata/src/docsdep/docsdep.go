// Package docsdep declares documented types for another package's tool.
package docsdep

// Place is a place on the map.
type Place struct {
	// Name of the place.
	Name string `json:"name"`
	Code string `json:"code"`
}

type Where struct {
	// Lat is the latitude.
	Lat float64 `json:"lat"`
}
