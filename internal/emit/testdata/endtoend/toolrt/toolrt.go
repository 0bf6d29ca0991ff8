// Package toolrt is named like mcptag's run-time package, which its
// generated code imports under another name; it declares json and
// context itself, which the imports of the generated code avoid too.
package toolrt

import stdcontext "context"

// json is the package's own.
var json = "json"

// context is the package's own.
type context struct{ name string }

// Echo returns what it is given, with the package's own names.
//
//mcp:tool
func Echo(ctx stdcontext.Context, text string) string {
	return text + " " + json + " " + context{"ctx"}.name
}

// Note is a note.
type Note struct {
	// Text is the note's text.
	Text string `json:"text"`
}

// Keep keeps a note.
//
//mcp:tool
func Keep(note Note) (Note, error) { return note, nil }

// Mark is a mark a note may carry.
type Mark string

// The marks: one holds a byte order mark, which a raw string literal in
// the middle of a file cannot hold.
const (
	Plain Mark = "plain"
	Odd   Mark = "a\ufeffb"
)

// Stamp returns the mark it is given.
//
//mcp:tool
func Stamp(mark Mark) string { return string(mark) }
