// Package stricttest holds tools generated with mcptag -strict: every
// tool of the package refuses numbers and booleans sent as strings, and
// enum values that differ in case, as a tool marked strict does.
package stricttest

//go:generate go run github.com/mcptag/mcptag/cmd/mcptag -strict

import "fmt"

// A Unit is a temperature unit.
type Unit string

// The units.
const (
	Celsius    Unit = "celsius"
	Fahrenheit Unit = "fahrenheit"
)

// ScaleRequest is what Scale takes.
type ScaleRequest struct {
	// Replicas is how many to run.
	Replicas int `json:"replicas"`
	// DryRun only says what would change.
	DryRun bool `json:"dryRun,omitempty"`
}

// Scale scales a deployment.
//
//mcp:tool destructive
func Scale(req ScaleRequest) string {
	return fmt.Sprintf("replicas=%d dryRun=%v", req.Replicas, req.DryRun)
}

// Convert reads a temperature in a unit.
//   - degrees: the temperature
//   - unit: its unit
//
//mcp:tool readonly
func Convert(degrees float64, unit Unit) string {
	return fmt.Sprintf("%g %s", degrees, unit)
}
