package toolrt

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/mcptag/mcptag/internal/argspec"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	segjson "github.com/segmentio/encoding/json"
)

// envelopeBytes is the room a request body has, beyond the largest
// arguments a generated handler accepts (Limits.ArgumentBytes), for the
// JSON-RPC message around them.
const envelopeBytes = 64 << 10

// maxBodyBytes is the longest request body RequireScopes and
// CheckHeaders read for tools: the largest ArgumentBytes of their limits
// (WithLimits) and the envelope's 64 KiB, and never less than the
// go-sdk's default limit. A longer body is refused with 413, for a
// go-sdk handler whose MaxRequestBodyBytes allows it would run calls
// these wrappers never read.
func maxBodyBytes(tools []Tool) int64 {
	largest := argspec.DefaultArgumentBytes
	for _, t := range tools {
		largest = max(largest, t.argumentBytes())
	}
	return max(mcp.DefaultMaxRequestBodyBytes, int64(largest)+envelopeBytes)
}

// A toolCall is what a wrapper reads of a JSON-RPC tools/call: its id,
// the tool's name and the arguments.
type toolCall struct {
	ID        json.RawMessage
	Name      string
	Arguments json.RawMessage
}

// A bodyError refuses a request whose body a wrapper cannot read as the
// go-sdk reads it: with the HTTP status and the message the go-sdk's
// streamable handler answers such a body with.
type bodyError struct {
	status int
	msg    string
}

// write answers the request with e.
func (e *bodyError) write(w http.ResponseWriter) { http.Error(w, e.msg, e.status) }

// readToolCalls returns the tools/calls in req's body, read as the
// go-sdk's streamable HTTP handler reads it: a single JSON-RPC message or
// a batch of them (which the go-sdk serves on protocols before
// 2025-06-18), decoded by the go-sdk's own jsonrpc.DecodeMessage, and the
// parameters by the JSON decoder the go-sdk uses, whose keys match only
// as spelled (name, never Name, NAME or a key that folds to it). It leaves
// the body for the next handler to read as it was sent. A body it cannot
// read so is refused, never handed on unread: one longer than
// limit, one that is not JSON-RPC, a tools/call whose parameters
// do not decode.
func readToolCalls(req *http.Request, limit int64) ([]toolCall, *bodyError) {
	body, err := peekBody(req, limit)
	switch {
	case err != nil:
		return nil, &bodyError{http.StatusBadRequest, "failed to read body"}
	case int64(len(body)) > limit:
		return nil, &bodyError{http.StatusRequestEntityTooLarge, fmt.Sprintf("request body exceeds %d bytes", limit)}
	}
	msgs, err := readBatch(body)
	if err != nil {
		return nil, &bodyError{http.StatusBadRequest, fmt.Sprintf("malformed payload: %v", err)}
	}
	var calls []toolCall
	for _, msg := range msgs {
		if r, ok := msg.(*jsonrpc.Request); ok && r.Method == "tools/call" {
			call, err := decodeToolCall(r)
			if err != nil {
				return nil, &bodyError{http.StatusBadRequest, fmt.Sprintf("malformed tools/call: %v", err)}
			}
			calls = append(calls, call)
		}
	}
	return calls, nil
}

// peekBody reads req's body up to one byte past limit, and leaves it for
// the next handler to read as it was sent. A large body that declares its
// length is read into one buffer of that length, not into one that
// doubles as it fills.
func peekBody(req *http.Request, limit int64) ([]byte, error) {
	r := io.LimitReader(req.Body, limit+1)
	var body []byte
	var err error
	if n := req.ContentLength; n <= bytes.MinRead || n > limit {
		body, err = io.ReadAll(r)
	} else {
		buf := bytes.NewBuffer(make([]byte, 0, n+bytes.MinRead))
		_, err = buf.ReadFrom(r)
		body = buf.Bytes()
	}
	req.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(body), req.Body), req.Body}
	return body, err
}

// readBatch reads data as the go-sdk's readBatch (mcp/transport.go)
// does: an array of messages when it decodes as one, else one message.
func readBatch(data []byte) ([]jsonrpc.Message, error) {
	var raw []json.RawMessage
	if unmarshalExact(data, &raw) == nil {
		if len(raw) == 0 {
			return nil, errors.New("empty batch")
		}
		msgs := make([]jsonrpc.Message, len(raw))
		for i, m := range raw {
			var err error
			if msgs[i], err = jsonrpc.DecodeMessage(m); err != nil {
				return nil, err
			}
		}
		return msgs, nil
	}
	msg, err := jsonrpc.DecodeMessage(data)
	return []jsonrpc.Message{msg}, err
}

// decodeToolCall returns the id, name and arguments of the tools/call r.
func decodeToolCall(r *jsonrpc.Request) (toolCall, error) {
	var params struct {
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	}
	if r.Params != nil {
		if err := unmarshalExact(r.Params, &params); err != nil {
			return toolCall{}, err
		}
	}
	id, err := json.Marshal(r.ID.Raw())
	return toolCall{ID: id, Name: params.Name, Arguments: params.Arguments}, err
}

// unmarshalExact decodes data into v as the go-sdk's internal JSON
// package does: the first value of data, by segmentio's decoder, with
// object keys matched to struct fields only as spelled.
func unmarshalExact(data []byte, v any) error {
	dec := segjson.NewDecoder(bytes.NewReader(data))
	dec.DontMatchCaseInsensitiveStructFields()
	return dec.Decode(v)
}
