package directive

// The option task= runs a tool as a task of the extension
// io.modelcontextprotocol/tasks (docs/tasks.md): a call answers at once
// with a task that the client polls, instead of holding the request open
// until the tool returns.

// The values of task=.
const (
	// TaskOptional runs the tool as a task when the client declares the
	// tasks extension, and at once otherwise.
	TaskOptional = "optional"
	// TaskRequired runs the tool only as a task: a client that does not
	// declare the extension is refused.
	TaskRequired = "required"
)

// taskOption takes how the tool runs as a task.
var taskOption = option{"task", oneOf([]string{TaskOptional, TaskRequired}, func(d *Directive, v string) { d.Task = v })}
