// Package inventory declares tools in toolsets, behind a feature flag,
// requiring OAuth scopes and running as tasks, for the tests of selecting,
// of scopes and of the tools' data.
package inventory

import (
	"context"
	"github.com/mcptag/mcptag/toolrt"
	"sync/atomic"
)

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

// Archive archives the cities' history, which takes a while.
//
//mcp:tool task=optional
func Archive(ctx context.Context) string { return "archived" }

// Rebuild rebuilds every list from the history; the call becomes a task
// once it has begun.
//
//mcp:tool task=required
func (s *Store) Rebuild(ctx context.Context) (string, error) {
	if err := toolrt.StartTask(ctx); err != nil {
		return "", err
	}
	return "rebuilt", nil
}
