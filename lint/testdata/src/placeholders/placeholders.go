package placeholders

// ListPods lists the pods of ${cluster}, which a server fills at start-up.
//
//mcp:tool readonly title="Pods of ${cluster}"
func ListPods() []string { return nil }

// ListNodes lists the nodes of ${1st}. // want `directive: list_nodes's description: malformed placeholder \$\{1st\}`
//
//mcp:tool readonly
func ListNodes() []string { return nil }

// Drain drains a node.
// want +2 `directive: drain's title: unclosed placeholder`
//
//mcp:tool title="Drain on ${cluster"
func Drain() error { return nil }
