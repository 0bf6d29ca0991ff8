// Package apps shows tools as MCP Apps: a page with its policy and
// border, an app-only tool of a receiver whose page is below the
// package directory, and a tool with no page, beside an icon file.
package apps

import "fmt"

// A Day is one day of a forecast.
type Day struct {
	Date string  `json:"date"` // the day, YYYY-MM-DD
	High float64 `json:"high"` // the highest temperature, in °C
}

// Forecast is the weather of the coming days.
type Forecast struct {
	City string `json:"city"` // where
	Days []Day  `json:"days"` // one per day, from today
}

// GetForecast forecasts the weather of a city.
//   - city: the city
//
//mcp:tool title="Forecast" ui=forecast.html ui-connect=https://api.example.com ui-resources="https://cdn.example.com https://fonts.example.com:8443" ui-border=true icon=sun.svg
func GetForecast(city string) Forecast {
	return Forecast{City: city, Days: []Day{{"2026-01-01", 3.5}, {"2026-01-02", 4}}}
}

// A Station answers for its city.
type Station struct{ City string }

// Refresh reloads the station's readings, for the page.
//
//mcp:tool ui=pages/refresh.html ui-visibility=app
func (s *Station) Refresh() string { return fmt.Sprintf("%s refreshed", s.City) }

// Ping answers, with no page.
//
//mcp:tool
func Ping() string { return "pong" }
