package size // want "stale: mcp_tools_gen.go is missing" `size: the package's 2 tools take \d+ tokens in tools/list; package budget 150` package:"mcptag docs: 4 declared here, 0 from dependencies"

// Reading is one reading of a station.
type Reading struct {
	// Degrees Celsius, measured two metres above the ground, in the shade.
	Temperature float64 `json:"temperature"`
	// Relative humidity, 0 to 1.
	Humidity float64 `json:"humidity"`
	// Overcast, sunny, rain, snow, fog or thunder.
	Conditions string `json:"conditions"`
}

// want +5 `size: get_reading: \d+ tokens in tools/list \(outputSchema \d+\); budget 60: shrink it with depth= or descriptions=, or raise budget=`

// GetReading reports the latest reading of a station.
//   - station: the station's code
//
//mcp:tool budget=60
func GetReading(station string) Reading { return Reading{} }

// Ping answers, and fits the default budget.
//
//mcp:tool
func Ping() string { return "pong" }
