package genfile

// A PositionedError is an error at a place in a file: one of loading a
// package (a syntax, type or go command error), or an option that a
// generated file records and this mcptag does not accept.
type PositionedError struct {
	Pos string // "file:line:col" (or a shorter form), or "" if none is known
	Msg string
}

// Error is the message after its position: "file:line:col: message".
func (e PositionedError) Error() string {
	if e.Pos == "" {
		return e.Msg
	}
	return e.Pos + ": " + e.Msg
}
