// Package budget measures the context cost of MCP tool listings: how many
// tokens each tool's tools/list entry costs a model that reads it, and
// which parts of the entry (description, input and output schemas, their
// description text and $defs) the tokens go to.
package budget
