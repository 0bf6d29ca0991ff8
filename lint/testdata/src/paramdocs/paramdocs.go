// Package paramdocs has doc list items that name no parameter.
package paramdocs // want "stale: mcp_tools_gen.go is missing"

// GetForecast gives the forecast for a city.
//
//   - city: the city to report on
//   - days: how many days ahead
//   - citi: close to city, so it stays in the description // want `undocumented: doc list item "citi" names no parameter of get_forecast \(did you mean "city"\?\); it stays in the description`
//   - station: names no parameter, and none is close
//
//mcp:tool
func GetForecast(city string, days int) string { return city }

// Book books a table.
//
//   - guests: how many people
//   - guests: described again // want `undocumented: parameter guests is described by two doc list items; the first is kept`
//
//mcp:tool
func Book(guests int) string { return "" }
