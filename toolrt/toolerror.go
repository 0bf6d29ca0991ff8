package toolrt

// ToolError is the error a generated client's method returns when the
// tool it called failed: the server answered with a result marked
// isError, whose text is Message. A protocol error (an unknown tool,
// arguments the server refused) is the go-sdk's error instead, so that
// errors.As tells a tool's failure from a call that never ran.
type ToolError struct {
	Tool    string // the name of the tool that failed
	Message string // the text of the error result's content
}

// Error returns the tool's own text, as the model would read it.
func (e *ToolError) Error() string { return e.Message }
