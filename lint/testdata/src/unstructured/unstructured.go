package unstructured // want "stale: mcp_tools_gen.go is missing; run go generate" package:"mcptag docs: 2 declared here, 0 from dependencies"

import "fmt"

// Station is a weather station. It declares no exported fields, so its
// result has no schema and reaches clients as text only. This is the
// example's get_station without its suppression.
type Station struct {
	name   string
	online bool
}

// String describes the station for a model.
func (s Station) String() string {
	return fmt.Sprintf("station %s (online: %v)", s.name, s.online)
}

// GetStation looks up a weather station by name.
//   - name: the station's name
//
//mcp:tool
func GetStation(name string) Station { // want `unstructured: get_station: result type Station degrades to unstructured text: it has no exported JSON fields`
	return Station{name: name, online: true}
}

// Describer describes itself.
type Describer interface{ Describe() string }

// Lookup finds anything.
//   - name: what to find
//
//mcp:tool
func Lookup(name string) (Describer, error) { // want `unstructured: lookup: result type Describer degrades to unstructured text: an interface type has no static JSON shape`
	return nil, nil
}
