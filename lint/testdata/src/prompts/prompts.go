package prompts // want package:"mcptag docs: 1 declared here, 0 from dependencies"

// City is a city.
type City string

// PlanTrip asks for a plan.
//   - city: where to go
//
//mcp:prompt
func PlanTrip(city City, days string) string { return "" } // want `undocumented: argument "days" of prompt plan_trip has no description; describe it in the prompt's doc comment: //   - days: \.\.\.`

//mcp:prompt
func Pack(city City) string { return "" } // want `undocumented: prompt pack has no description: a model sees only its name; add a doc comment`

// Budget asks for a budget.
//
//mcp:prompt
func Budget(limit int) string { return "" } // want `signature: budget: prompt argument "limit" has type int`

// Title is misnamed.
//
// want +2 `name: invalid prompt name "plan trip"`
//
//mcp:prompt "plan trip"
func Title() string { return "" }

// Cities are the cities.
//
//mcp:resource weather://cities
func Cities() []City { return nil }

// Current is the weather now.
//
// want +2 `directive: current: variable "town" of weather://\{town\}/current has no parameter`
//
//mcp:resource weather://{town}/current
func Current(city City) string { return "" } // want `directive: current: parameter city has no variable in the URI weather://\{town\}/current`

// Again lists the cities again.
//
// want +2 `directive: again: resource URI weather://cities is declared twice`
//
//mcp:resource weather://cities
func Again() []City { return nil }

// Misspelt misspells its directive.
//
//mcp:resources weather://x // want `directive: misspelled directive "//mcp:resources weather://x // want .*": want //mcp:resource`
func Misspelt() string { return "" }

//mcp:resource weather://stations
//mcptag:ignore undocumented the name says it all
func Stations() []string { return nil }
