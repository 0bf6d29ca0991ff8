package budget

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// A ListingError is what makes a listing unreadable, at its position in
// the listing's text.
type ListingError struct {
	Line, Col int // 1-based; the column counts bytes
	Msg       string
}

func (e *ListingError) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg) }

// Listing measures the tools of a listing captured from a running server:
// the JSON of a tools/list result ({"tools": [...]}), or of the JSON-RPC
// response that carries one in its "result". The tools are measured as
// Measure measures a snapshot's, in the listing's order; a tool the
// listing serves with a view is measured as it is listed, with no
// WithoutView, which only the declaration knows. A listing that is not
// such JSON is a *ListingError.
func Listing(data []byte) ([]Tool, error) {
	l := &listing{data: data, dec: json.NewDecoder(bytes.NewReader(data))}
	// Unmarshal places a syntax error in the whole text, where a Decoder
	// places it in the value it was reading; the walk below then meets
	// only valid JSON.
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, l.syntax(err)
	}
	tools, found, err := l.object(true)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, l.errorAt(0, `not a tools/list result: no "tools" array, at the top or in "result"`)
	}
	return tools, nil
}

// A listing reads a listing's JSON token by token, to know where each
// value starts.
type listing struct {
	data []byte
	dec  *json.Decoder
}

// object reads an object and measures the tools of its "tools" member,
// or, when top, those of its "result" member. found reports whether it
// had some "tools" array.
func (l *listing) object(top bool) (tools []Tool, found bool, err error) {
	if err := l.delim('{', "a JSON object"); err != nil {
		return nil, false, err
	}
	for l.dec.More() {
		tok, err := l.dec.Token()
		if err != nil {
			return nil, false, l.syntax(err)
		}
		var got []Tool
		var ok bool
		switch key := tok.(string); {
		case key == "tools":
			got, err = l.tools()
			ok = err == nil
		case key == "result" && top:
			got, ok, err = l.object(false)
		default:
			err = l.skip()
		}
		if err != nil {
			return nil, false, err
		}
		if ok {
			tools, found = got, true
		}
	}
	_, err = l.dec.Token() // '}'
	return tools, found, l.syntax(err)
}

// tools reads the "tools" array and measures each entry.
func (l *listing) tools() ([]Tool, error) {
	if err := l.delim('[', `an array of tools in "tools"`); err != nil {
		return nil, err
	}
	tools := []Tool{}
	for l.dec.More() {
		start := l.start()
		var entry json.RawMessage
		if err := l.dec.Decode(&entry); err != nil {
			return nil, l.syntax(err)
		}
		t, err := Measure(entry)
		if err != nil {
			return nil, l.errorAt(start, err.Error())
		}
		tools = append(tools, t)
	}
	_, err := l.dec.Token() // ']'
	return tools, l.syntax(err)
}

// delim reads the opening delimiter d of a value described as want.
func (l *listing) delim(d json.Delim, want string) error {
	start := l.start()
	tok, err := l.dec.Token()
	if err != nil {
		return l.syntax(err)
	}
	if tok != d {
		return l.errorAt(start, "want "+want)
	}
	return nil
}

// skip reads a value and drops it.
func (l *listing) skip() error {
	var v json.RawMessage
	return l.syntax(l.dec.Decode(&v))
}

// start returns the offset of the next value: past the whitespace, comma
// or colon before it.
func (l *listing) start() int {
	off := int(l.dec.InputOffset())
	for off < len(l.data) && bytes.IndexByte([]byte(" \t\r\n,:"), l.data[off]) >= 0 {
		off++
	}
	return off
}

// syntax returns err, a decoding error, at its position; nil for nil.
func (l *listing) syntax(err error) error {
	if err == nil {
		return nil
	}
	var se *json.SyntaxError
	switch {
	case errors.As(err, &se) && strings.HasPrefix(se.Error(), "unexpected end"):
		return l.errorAt(len(l.data), se.Error())
	case errors.As(err, &se): // Offset counts the offending byte
		return l.errorAt(int(se.Offset)-1, se.Error())
	}
	return l.errorAt(int(l.dec.InputOffset()), err.Error())
}

// errorAt returns the error msg at the byte offset off.
func (l *listing) errorAt(off int, msg string) *ListingError {
	off = min(off, len(l.data))
	line := 1 + bytes.Count(l.data[:off], []byte("\n"))
	col := 1 + off - (bytes.LastIndexByte(l.data[:off], '\n') + 1)
	return &ListingError{Line: line, Col: col, Msg: msg}
}
