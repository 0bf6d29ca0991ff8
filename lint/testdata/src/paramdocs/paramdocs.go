// Package paramdocs has doc list items that name no parameter. It is not
// stale: generation refuses it.
package paramdocs

// GetForecast gives the forecast for a city.
//
//   - city: the city to report on
//   - days: how many days ahead
//   - citi: close to city, an error // want `name: doc list item "citi" names no parameter of get_forecast \(did you mean "city"\?\)`
//   - station: names no parameter, and none is close // want `undocumented: doc list item "station" names no parameter of get_forecast; it is left out of the description`
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
