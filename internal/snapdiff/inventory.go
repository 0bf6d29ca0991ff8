package snapdiff

// The inventory: the toolset, OAuth scopes, feature flag and task support
// of the tools that declare any, which a snapshot records by tool name
// under "inventory". They are not in tools/list, but they decide who may
// call a tool, how, and which servers serve it:
//
//   - a scope added is breaking: a caller whose token lacks it, who
//     called the tool before, is now refused; a scope removed is
//     compatible;
//   - a flag added or changed is breaking: a server that does not turn
//     the new flag on no longer serves the tool; a flag removed is
//     compatible;
//   - a toolset changed is compatible, but reported: a server that
//     selects by toolset serves the tool under its new one;
//   - task support removed (task=optional or required to none) is
//     breaking: a client that polls the tool as a task gets no task;
//     task=required, added or from optional, is breaking: a client without
//     the tasks extension is refused; task=optional added, or required
//     made optional, is compatible: every client may call the tool.

import (
	"fmt"
	"strings"

	"github.com/mcptag/mcptag/toolrt"
)

// Placement is a tool's entry in a snapshot's "inventory".
type Placement struct {
	Toolset string
	Scopes  []string
	Flag    string
	Task    string // task=: "optional", "required", or "" for none
}

// parseInventory reads the "inventory" member of a snapshot file.
func parseInventory(file map[string]any) (map[string]Placement, error) {
	return parseEntries(file, "inventory", parsePlacement)
}

// parsePlacement reads one entry of "inventory".
func parsePlacement(e object) (Placement, error) {
	var p Placement
	if err := e.strs([]string{"toolset", "flag", "task"}, &p.Toolset, &p.Flag, &p.Task); err != nil {
		return Placement{}, err
	}
	scopes, err := stringList(e["scopes"])
	if err != nil {
		return Placement{}, fmt.Errorf("scopes %v", err)
	}
	p.Scopes = scopes
	return p, nil
}

// compareInventory returns the changes of the placements of the tools
// that both snapshots list; a tool added or removed is reported as such.
func compareInventory(o, n *Snapshot) []Change {
	var changes []Change
	oldTools, newTools := toolsByName(o), toolsByName(n)
	for _, name := range unionKeys(o.Inventory, n.Inventory) {
		if oldTools[name] == nil || newTools[name] == nil {
			continue
		}
		op, np := o.Inventory[name], n.Inventory[name]
		add := adder(&changes, "", name)
		if added := toolrt.MissingScopes(np.Scopes, op.Scopes); len(added) > 0 {
			add("inventory.scopes", true, fmt.Sprintf("now requires the scopes %q: a caller whose token lacks them is refused", strings.Join(added, " ")))
		}
		if removed := toolrt.MissingScopes(op.Scopes, np.Scopes); len(removed) > 0 {
			add("inventory.scopes", false, fmt.Sprintf("no longer requires the scopes %q", strings.Join(removed, " ")))
		}
		switch {
		case op.Flag == np.Flag:
		case np.Flag == "":
			add("inventory.flag", false, fmt.Sprintf("no longer behind the feature flag %s", op.Flag))
		default:
			add("inventory.flag", true, fmt.Sprintf("now behind the feature flag %s: a server that does not turn it on no longer serves the tool", np.Flag))
		}
		if op.Toolset != np.Toolset {
			add("inventory.toolset", false, fmt.Sprintf("toolset changed from %q to %q: a server that selects by toolset serves it under the new one", op.Toolset, np.Toolset))
		}
		compareTask(op.Task, np.Task, add)
	}
	return changes
}

// compareTask reports a change of a tool's task support, o to n.
func compareTask(o, n string, add func(path string, breaking bool, msg string)) {
	const extension = "the tasks extension io.modelcontextprotocol/tasks"
	switch {
	case o == n:
	case n == "":
		add("inventory.task", true, fmt.Sprintf("no longer runs as a task (was task=%s): a client that polls it as one with tasks/get gets no task", o))
	case n == "required":
		add("inventory.task", true, fmt.Sprintf("now runs only as a task (task=required): a client without %s is refused", extension))
	case o == "":
		add("inventory.task", false, fmt.Sprintf("now runs as a task (task=%s) when the client declares %s, and at once otherwise", n, extension))
	default:
		add("inventory.task", false, fmt.Sprintf("no longer runs only as a task (task=%s, was task=%s): a client without %s gets the result at once", n, o, extension))
	}
}
