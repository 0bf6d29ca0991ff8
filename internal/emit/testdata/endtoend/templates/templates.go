// Package templates declares tools whose title and description name the
// deployment, as ${NAME} placeholders that a server fills at start-up.
package templates

// ListPods lists the pods of the ${cluster} cluster, in ${region}.
//
//mcp:tool readonly title="Pods of ${cluster}"
func ListPods() []string { return []string{"web-1"} }

// Restart restarts a deployment; it costs $0 {always}.
//
//mcp:tool destructive=false
func Restart(deployment string) string { return "restarted " + deployment }
