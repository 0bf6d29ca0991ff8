package main

import (
	"context"
	"encoding/json"
	"errors"
	"log"
	"os"
	"strings"
	"time"

	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// callLog is where logCalls writes: standard error, which stdio leaves
// free of the protocol.
var callLog = log.New(os.Stderr, "weather: ", log.LstdFlags)

// logCalls is a hook (toolrt.Use, docs/middleware.md) that logs every
// tool call: the tool, its decoded arguments, how it ended and how long
// it took. It changes nothing the client gets.
func logCalls(ctx context.Context, call *toolrt.Call, next toolrt.Next) (*mcp.CallToolResult, error) {
	start := time.Now()
	res, err := next(ctx)
	args, _ := json.Marshal(call.Args) // null when refused, or without arguments
	callLog.Printf("call %s %s: %s in %v", call.Tool.Name, clip(string(args)), clip(outcome(res, err)), time.Since(start).Round(time.Microsecond))
	return res, err
}

// maxLogged is the most of a call's arguments, and of how it ended, that
// a log line shows: a caller may send megabytes, which an error may quote.
const maxLogged = 200

// clip is s, cut to maxLogged bytes.
func clip(s string) string {
	if len(s) <= maxLogged {
		return s
	}
	return strings.ToValidUTF8(s[:maxLogged], "") + "..."
}

// outcome says how a call ended, from what next returned.
func outcome(res *mcp.CallToolResult, err error) string {
	var refused *toolrt.ArgError
	switch {
	case errors.As(err, &refused):
		return "refused (" + string(refused.Kind) + " " + refused.Path + ")"
	case err != nil:
		return "failed: " + err.Error()
	case res != nil && res.IsError:
		return "error result"
	}
	return "ok"
}
