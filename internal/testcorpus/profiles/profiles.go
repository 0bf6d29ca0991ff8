// Package profiles holds tools whose arguments use every constraint a
// jsonschema tag can declare, generated with -profile=openai,gemini,anthropic:
// their input schemas are what each model provider accepts, with the
// constraints a provider cannot carry said in words. Each tool answers
// with the arguments it received, as JSON, so that a test can see that
// null for an optional argument is taken as absent, and that the
// constraints moved into words are still enforced.
package profiles

//go:generate go run github.com/mcptag/mcptag/cmd/mcptag -profile=openai,gemini,anthropic

import (
	"encoding/json"
	"time"
)

// Unit is a temperature unit.
type Unit string

// The units.
const (
	Celsius    Unit = "c"
	Fahrenheit Unit = "f"
)

// Level is how loud an alert is.
type Level int

// The levels.
const (
	Quiet Level = 1
	Loud  Level = 2
)

// Numbers are arguments with numeric constraints.
type Numbers struct {
	// Price is what it costs.
	Price float64 `json:"price" jsonschema:"exclusiveMinimum=0,multipleOf=0.01"`
	// Ratio is a share.
	Ratio float64 `json:"ratio,omitempty" jsonschema:"minimum=0,exclusiveMaximum=1"`
	// Days to cover.
	Days int `json:"days,omitempty" jsonschema:"minimum=1,maximum=16,default=3"`
	// Step is a coarse count.
	Step *int `json:"step,omitempty" jsonschema:"multipleOf=5"`
	// Small is a sized integer.
	Small int8 `json:"small,omitempty"`
	// Big travels as a decimal string.
	Big int64 `json:"big,omitempty,string"`
	// Level is how loud.
	Level Level `json:"level,omitempty"`
}

// Echo is what a tool received.
type Echo struct {
	// Received is the arguments as the tool got them, as JSON.
	Received string `json:"received"`
}

func echo(v any) Echo {
	data, err := json.Marshal(v)
	if err != nil {
		return Echo{Received: err.Error()}
	}
	return Echo{Received: string(data)}
}

// CheckNumbers echoes numeric arguments.
//
//mcp:tool
func CheckNumbers(in Numbers) Echo { return echo(in) }

// Strings are arguments with string constraints.
type Strings struct {
	// Name is who.
	Name string `json:"name" jsonschema:"minLength=1,maxLength=20,example=Ada"`
	// Code is an upper-case code.
	Code string `json:"code,omitempty" jsonschema:"pattern=^[A-Z]{3}$"`
	// Email to write to.
	Email string `json:"email,omitempty" jsonschema:"format=email"`
	// Site is a web address.
	Site string `json:"site,omitempty" jsonschema:"format=uri"`
	// ID is a UUID.
	ID string `json:"id,omitempty" jsonschema:"format=uuid"`
	// When is a moment.
	When *time.Time `json:"when,omitempty"`
	// Unit is a unit.
	Unit Unit `json:"unit,omitempty" jsonschema:"default=c"`
	// Mode is one of a few words.
	Mode string `json:"mode,omitempty" jsonschema:"enum=fast,enum=slow"`
	// Blob is raw bytes.
	Blob []byte `json:"blob,omitempty"`
	// Wait is a duration in nanoseconds.
	Wait time.Duration `json:"wait,omitempty"`
}

// CheckStrings echoes string arguments.
//
//mcp:tool
func CheckStrings(in Strings) Echo { return echo(in) }

// Point is a place on a grid.
type Point struct {
	// X across.
	X int `json:"x"`
	// Y down, zero when left out.
	Y int `json:"y,omitempty"`
	// Label names the point.
	Label *string `json:"label,omitempty"`
}

// Lists are arguments with array constraints and nested objects.
type Lists struct {
	// Tags label it.
	Tags []string `json:"tags" jsonschema:"minItems=1,maxItems=5,uniqueItems=true"`
	// Scores are numbers, each a multiple of a half.
	Scores []float64 `json:"scores,omitempty" jsonschema:"multipleOf=0.5"`
	// Points are places.
	Points []Point `json:"points,omitempty"`
	// Origin is where to start.
	Origin *Point `json:"origin,omitempty"`
	// Corner is a fixed pair.
	Corner [2]int `json:"corner,omitempty"`
	// Units are units.
	Units []Unit `json:"units,omitempty"`
}

// CheckLists echoes array and object arguments.
//
//mcp:tool
func CheckLists(in Lists) Echo { return echo(in) }

// CheckPlain echoes plain parameters.
//
//   - city (minLength=1): the city
//   - days (minimum=1, maximum=7, default=2): how many days
//   - unit: the unit
//
//mcp:tool
func CheckPlain(city string, days *int, unit *Unit) Echo {
	return echo(map[string]any{"city": city, "days": days, "unit": unit})
}

// Lookup is an argument carried in an HTTP header too.
type Lookup struct {
	// Region is where to look, mirrored in the Mcp-Param-Region header.
	Region string `json:"region" jsonschema:"header=Region"`
	// Zone narrows the region, mirrored in the Mcp-Param-Zone header.
	Zone string `json:"zone" jsonschema:"header=Zone"`
	// Limit caps the answers.
	Limit int `json:"limit,omitempty" jsonschema:"maximum=50"`
}

// CheckHeader echoes an argument that a header carries too.
//
//mcp:tool
func CheckHeader(in Lookup) Echo { return echo(in) }
