// Package snake declares tools whose plain parameters go on the wire in
// snake case: the package is generated with -args=snake, which its
// generated files record, and one tool keeps the source's names with
// args=go.
package snake

import "fmt"

// StartRun starts a run of a job.
//
//   - runID: the run to start
//   - http_server: where the run goes
//   - dryRun: only say what would run
//
//mcp:tool
func StartRun(runID string, HTTPServer string, dryRun *bool) string {
	dry := dryRun != nil && *dryRun
	return fmt.Sprintf("run %s on %s, dry %t", runID, HTTPServer, dry)
}

// GetRun gets a run, by the name its source spells.
//
//mcp:tool args=go
func GetRun(runID string) string { return "run " + runID }
