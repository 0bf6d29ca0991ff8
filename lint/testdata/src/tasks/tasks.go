package tasks // want "stale: mcp_tools_gen.go is missing"

import "context"

// Archive archives the history, which takes a while.
//
// want +2 `task-context: archive runs as a task \(task=optional\) but takes no context.Context`
//
//mcp:tool task=optional
func Archive() string { return "" }

// Rebuild rebuilds the lists, as a task only.
//
// want +2 `task-context: rebuild runs as a task \(task=required\) but takes no context.Context`
//
//mcp:tool task=required
func Rebuild() error { return nil }

// Export exports the history; tasks/cancel cancels ctx.
//
//mcp:tool task=optional
func Export(ctx context.Context) string { return "" }

// Count counts the lists, at once: it never runs as a task.
//
//mcp:tool
func Count() int { return 0 }

// Reindex reindexes the lists, quickly enough to run to the end.
//
//mcptag:ignore task-context it ends within a second
//mcp:tool task=optional
func Reindex() error { return nil }
