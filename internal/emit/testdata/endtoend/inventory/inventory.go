// Package inventory declares tools in toolsets, behind a feature flag and
// requiring OAuth scopes, for the tests of selecting and of scopes.
package inventory

import "sync/atomic"

// Forecast gives tomorrow's forecast for a city.
//
//mcp:tool toolset=forecast readonly
func Forecast(city string) string { return "sunny in " + city }

// Alerts lists the weather alerts in force.
//
//mcp:tool toolset=forecast readonly flag=alerts
func Alerts() []string { return []string{"storm"} }

// Saved counts the calls of save_city that ran.
var Saved atomic.Int32

// SaveCity saves a city to the caller's list.
//
//mcp:tool toolset=cities scopes="cities:write profile"
func SaveCity(city string) string {
	Saved.Add(1)
	return "saved " + city
}

// A Store holds cities.
type Store struct {
	Deleted atomic.Int32 // the calls of delete_city that ran
}

// DeleteCity removes a city from every list.
//
//mcp:tool toolset=cities scopes=cities:admin destructive
func (s *Store) DeleteCity(city string) string {
	s.Deleted.Add(1)
	return "deleted " + city
}
