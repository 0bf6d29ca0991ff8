package toolrt

import (
	"encoding/json"
	"net/http"
	"strings"

	"github.com/mcptag/mcptag/internal/paramheader"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// CheckHeaders returns h, answering a tools/call whose parameter headers
// (Mcp-Param-NAME) disagree with its arguments with HTTP 400 Bad Request
// and the protocol's header mismatch error (-32020) before h sees it, as
// the protocol asks of an HTTP server. It checks what the generated
// handlers check, by the same rules and whatever protocol version the
// request declares: those refuse the same calls themselves, so a server
// without this wrapper is no less safe, but a handler cannot set the
// HTTP status, and its refusal is sent with 200. A request with a
// parameter header is read as the go-sdk's streamable handler reads it,
// every tools/call in it checked, and refused when it cannot be read so,
// as RequireScopes refuses it; every other request goes to h unchanged.
func CheckHeaders(h http.Handler, tools []Tool) http.Handler {
	headers := map[string][]paramheader.Header{}
	for _, t := range tools {
		if found := paramheader.Find(t.Tool.InputSchema); len(found) > 0 {
			headers[t.Tool.Name] = found
		}
	}
	limit := maxBodyBytes(tools)
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if len(headers) == 0 || req.Method != http.MethodPost || req.Body == nil || !hasParamHeader(req.Header) {
			h.ServeHTTP(w, req)
			return
		}
		calls, bad := readToolCalls(req, limit)
		if bad != nil {
			bad.write(w)
			return
		}
		for _, call := range calls {
			if err := paramheader.Check(req.Header, call.Arguments, headers[call.Name]); err != nil {
				writeRPCError(w, http.StatusBadRequest, call.ID, err)
				return
			}
		}
		h.ServeHTTP(w, req)
	})
}

// hasParamHeader reports whether h has a parameter header, without which
// there is nothing to check and the body need not be read.
func hasParamHeader(h http.Header) bool {
	for name := range h {
		if strings.HasPrefix(name, paramheader.Prefix) {
			return true
		}
	}
	return false
}

// asRPCError is err as a JSON-RPC error: itself if it is one, else an
// internal error with its message.
func asRPCError(err error) *jsonrpc.Error {
	if rpcErr, ok := err.(*jsonrpc.Error); ok {
		return rpcErr
	}
	return &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: err.Error()}
}

// writeRPCError answers with status and the JSON-RPC error response to
// the request id: err's code and message, or an internal error's.
func writeRPCError(w http.ResponseWriter, status int, id json.RawMessage, err error) {
	rpcErr := asRPCError(err)
	data, _ := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id,omitempty"`
		Error   *jsonrpc.Error  `json:"error"`
	}{"2.0", id, rpcErr})
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(data)
}
