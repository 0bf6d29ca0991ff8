package toolrt

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// StdioTransport is the go-sdk's newline-delimited stdio transport
// (mcp.StdioTransport) with each line checked before the go-sdk reads
// it, for a server: serve it with server.Run(ctx, &toolrt.StdioTransport{}).
//
// The go-sdk (v1.8.0) ends a stdio session, without a reply, on a line
// that is not JSON, not a JSON-RPC 2.0 message, or nested deeper than
// it decodes, and on a batch it refuses; the client is left waiting on
// a process that has exited. StdioTransport answers such a line with a
// JSON-RPC error instead (with the message's id when it has one) and
// the session goes on: -32700 (parse error) for a line that is no JSON
// value or is longer than MaxLineLength, -32600 (invalid request) for
// any other, a message nested deeper than encoding/json reads included.
// MCP has no batches since protocol 2025-06-18, so every
// batch (a line that is a JSON array) is refused, each request in it
// answered with its id.
type StdioTransport struct {
	// Reader and Writer are the session's input and output: os.Stdin
	// and os.Stdout when nil. Writer is never closed.
	Reader io.Reader
	Writer io.Writer
	// MaxLineLength bounds one line, in bytes, its newline left out:
	// mcp.DefaultMaxLineLength when 0, no bound when negative.
	MaxLineLength int
	// Tasks configure the tasks the session serves (docs/tasks.md): a
	// tool with task= called by a client that declares the extension
	// becomes a task, kept in Tasks.Store (the memory of this process
	// when nil), and the task methods are answered before the go-sdk
	// reads them.
	Tasks TaskOptions
}

// Connect implements mcp.Transport: it starts checking the lines of
// Reader, and returns the go-sdk's connection over the ones that are
// JSON-RPC messages.
func (t *StdioTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	in, out, maxLine := t.Reader, t.Writer, t.MaxLineLength
	if in == nil {
		in = os.Stdin
	}
	if out == nil {
		out = os.Stdout
	}
	if maxLine == 0 {
		maxLine = mcp.DefaultMaxLineLength
	}
	w := &lockedWriter{w: out}
	pr, pw := io.Pipe()
	go func() { pw.CloseWithError(checkLines(in, pw, w, maxLine)) }()
	// The go-sdk's own bound counts what its decoder reads ahead of a
	// message too: the lines are bounded here, so it gets twice as much.
	goMax := -1
	if maxLine > 0 {
		goMax = 2 * maxLine
	}
	conn, err := (&mcp.IOTransport{Reader: pr, Writer: w, MaxLineLength: goMax}).Connect(ctx)
	if err != nil {
		return nil, err
	}
	return newTaskConn(conn, newTaskServer(t.Tasks)), nil
}

// checkLines copies the lines of in that are JSON-RPC messages to
// forward, and answers the others on reply, until in ends. maxLine
// bounds a line's bytes, its newline left out; a negative one bounds
// nothing.
func checkLines(in io.Reader, forward, reply io.Writer, maxLine int) error {
	r := bufio.NewReaderSize(in, 64<<10)
	var line []byte
	tooLong := false
	for {
		chunk, err := r.ReadSlice('\n')
		if maxLine >= 0 && len(line)+len(bytes.TrimSuffix(chunk, []byte("\n"))) > maxLine {
			line, tooLong = line[:0], true
		} else if !tooLong {
			line = append(line, chunk...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if tooLong {
			if werr := writeError(reply, nil, jsonrpc.CodeParseError, fmt.Sprintf("parse error: a message longer than %d bytes", maxLine)); werr != nil {
				return werr
			}
		} else if werr := checkLine(line, forward, reply); werr != nil {
			return werr
		}
		line, tooLong = line[:0], false
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// checkLine forwards one line or answers it.
func checkLine(line []byte, forward, reply io.Writer) error {
	msg := bytes.TrimSpace(line)
	switch {
	case len(msg) == 0:
		return nil
	case !json.Valid(msg) && !validDeep(msg):
		return writeError(reply, nil, jsonrpc.CodeParseError, "parse error: not a JSON value")
	case msg[0] == '[':
		return refuseBatch(msg, reply)
	default:
		if _, err := jsonrpc.DecodeMessage(msg); err != nil {
			return writeError(reply, messageID(msg), jsonrpc.CodeInvalidRequest, "invalid request: "+err.Error())
		}
	}
	_, err := forward.Write(append(msg, '\n'))
	return err
}

// refuseBatch answers each request of a batch, by its id, or the batch
// as a whole when it holds no request with one.
func refuseBatch(batch []byte, reply io.Writer) error {
	const message = "invalid request: batches are not supported"
	answered := false
	var err error
	eachMember(batch, func(_, elem []byte) bool {
		if id := messageID(elem); id != nil {
			if err = writeError(reply, id, jsonrpc.CodeInvalidRequest, message); err != nil {
				return false
			}
			answered = true
		}
		return true
	})
	if err != nil || answered {
		return err
	}
	return writeError(reply, nil, jsonrpc.CodeInvalidRequest, message)
}

// messageID is the id of a message, valid JSON, if it has a string or
// number one; nil otherwise. It reads the id as encoding/json decodes it
// into a field ID (the last member named id ignoring case), but in time
// linear in the message however deep it nests, which encoding/json
// refuses beyond 10,000 levels.
func messageID(msg []byte) json.RawMessage {
	var id json.RawMessage
	eachMember(msg, func(name, value []byte) bool {
		var key string
		if name != nil && json.Unmarshal(name, &key) == nil && strings.EqualFold(key, "id") {
			id = value
		}
		return true
	})
	if len(id) == 0 || (id[0] != '"' && id[0] != '-' && (id[0] < '0' || id[0] > '9')) {
		return nil
	}
	return id
}

// validDeep reports whether msg, which json.Valid refuses, is a JSON
// value nested deeper than encoding/json reads (10,000 levels), valid
// but for that. It costs time linear in msg, and nothing when msg nests
// less deep.
func validDeep(msg []byte) bool {
	if maxNesting(msg) <= 10000 {
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(msg))
	dec.UseNumber()
	depth := 0
	for {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		switch tok {
		case json.Delim('['), json.Delim('{'):
			depth++
		case json.Delim(']'), json.Delim('}'):
			depth--
		}
		if depth == 0 {
			_, err := dec.Token()
			return err == io.EOF // nothing after the value
		}
	}
}

// maxNesting is how deep the brackets of msg nest, outside its strings.
func maxNesting(msg []byte) int {
	depth, deepest := 0, 0
	for i := 0; i < len(msg); i++ {
		switch msg[i] {
		case '"':
			i = skipString(msg, i) - 1
		case '[', '{':
			depth++
			deepest = max(deepest, depth)
		case ']', '}':
			depth--
		}
	}
	return deepest
}

// eachMember calls f with the name and value of each member of data, a
// JSON object, in order, or with a nil name and each element of data, a
// JSON array, until f returns false. It does not recurse: its time is
// linear in data however deep it nests. data is valid JSON.
func eachMember(data []byte, f func(name, value []byte) bool) {
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != '{' && data[i] != '[' {
		return
	}
	object := data[i] == '{'
	for i++; ; i++ { // past the bracket, then past each comma
		i = skipSpace(data, i)
		if i >= len(data) || data[i] == '}' || data[i] == ']' {
			return
		}
		var name []byte
		if object {
			end := skipString(data, i)
			name, i = data[i:end], skipSpace(data, end)+1 // past the colon
			i = skipSpace(data, i)
		}
		if i >= len(data) {
			return
		}
		end := skipValue(data, i)
		if !f(name, data[i:end]) {
			return
		}
		i = skipSpace(data, end)
	}
}

// skipSpace returns the index of the first byte of data from i on that
// is not JSON white space.
func skipSpace(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	return i
}

// skipString returns the index past the JSON string at data[i].
func skipString(data []byte, i int) int {
	for i++; i < len(data); i++ {
		switch data[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(data)
}

// skipValue returns the index past the JSON value at data[i], without
// recursion.
func skipValue(data []byte, i int) int {
	depth := 0
	for i < len(data) {
		switch data[i] {
		case '"':
			i = skipString(data, i)
		case '[', '{':
			depth++
			i++
		case ']', '}':
			depth--
			i++
		case ',', ':', ' ', '\t', '\n', '\r':
			i++
		default: // a number or a literal
			for i < len(data) && strings.IndexByte(",:]} \t\n\r", data[i]) < 0 {
				i++
			}
		}
		if depth == 0 {
			return i
		}
	}
	return i
}

// errorResponse is a JSON-RPC error response.
type errorResponse struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   struct {
		Code    int64  `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// writeError writes a JSON-RPC error response; a nil id is written as null.
func writeError(w io.Writer, id json.RawMessage, code int64, message string) error {
	resp := errorResponse{JSONRPC: "2.0", ID: id}
	if id == nil {
		resp.ID = json.RawMessage("null")
	}
	resp.Error.Code, resp.Error.Message = code, message
	data, err := json.Marshal(resp)
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}

// lockedWriter serializes writes, so that the go-sdk's messages and the
// errors answered here never interleave: each is one Write.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// Close leaves the underlying writer open: it is usually the process's
// stdout, which outlives the session.
func (l *lockedWriter) Close() error { return nil }
