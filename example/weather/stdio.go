package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// lineCheckedStdio is the go-sdk's newline-delimited stdio transport over
// in and out, with each line checked before the go-sdk reads it, and no
// line longer than maxLine bytes read. The
// go-sdk (v1.8.0) ends the session, without a reply, on a line that is
// not JSON or not a JSON-RPC message, or that nests deeper than it
// decodes; here such a line is answered with a JSON-RPC error (with the
// message's id when it has one, so that the caller is not left waiting)
// and the session goes on. Batches (a line that is a JSON array) are
// left to the go-sdk.
func lineCheckedStdio(in io.Reader, out io.Writer, maxLine int) mcp.Transport {
	w := &lockedWriter{w: out}
	pr, pw := io.Pipe()
	go func() { pw.CloseWithError(checkLines(in, pw, w, maxLine)) }()
	// The go-sdk's own bound counts what its decoder reads ahead of a
	// message too; the lines are bounded here.
	return &mcp.IOTransport{Reader: pr, Writer: w, MaxLineLength: 2 * maxLine}
}

// checkLines copies the lines of in that are JSON-RPC messages to
// forward, and answers the others on reply, until in ends.
func checkLines(in io.Reader, forward, reply io.Writer, maxLine int) error {
	r := bufio.NewReaderSize(in, 64<<10)
	var line []byte
	tooLong := false
	for {
		chunk, err := r.ReadSlice('\n')
		if len(line)+len(chunk) > maxLine {
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
	case msg[0] == '[':
		// A batch: whether one is allowed depends on the protocol version.
	case !json.Valid(msg):
		return writeError(reply, nil, jsonrpc.CodeParseError, "parse error: not a JSON value")
	default:
		if _, err := jsonrpc.DecodeMessage(msg); err != nil {
			return writeError(reply, messageID(msg), jsonrpc.CodeInvalidRequest, "invalid request: "+err.Error())
		}
	}
	_, err := forward.Write(append(msg, '\n'))
	return err
}

// messageID is the id of a message that is not a valid JSON-RPC message,
// if it has a string or number one; nil otherwise.
func messageID(msg []byte) json.RawMessage {
	var m struct{ ID json.RawMessage }
	if json.Unmarshal(msg, &m) != nil || len(m.ID) == 0 || (m.ID[0] != '"' && m.ID[0] != '-' && (m.ID[0] < '0' || m.ID[0] > '9')) {
		return nil
	}
	return m.ID
}

// errorResponse is a JSON-RPC error response.
type errorResponse struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// writeError writes a JSON-RPC error response; a nil id is written as null.
func writeError(w io.Writer, id json.RawMessage, code int, message string) error {
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

// Close leaves the underlying writer open: it is the process's stdout.
func (l *lockedWriter) Close() error { return nil }
