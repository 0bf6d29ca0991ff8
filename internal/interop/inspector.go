package interop

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// inspectorToolFailed is the Inspector's (2.x) exit status for a
// tools/call not answered with the result the tool meant: the tool's
// isError result, or a tool the server does not list, which the
// Inspector refuses without asking the server.
const inspectorToolFailed = 5

// Inspector calls Require, then runs the MCP Inspector's command-line mode
// (2.x) against target, as a person trying the server out would:
//
//	mcp-inspector --cli TARGET --method tools/call --tool-name NAME --tool-arg key=value
//
// target is a stdio server's executable, or the URL of a streamable HTTP
// server (then options hold --transport http). options are the
// Inspector's (--method and what the method needs, --protocol-era, ...).
//
// The Inspector gives a stdio server only HOME, PATH, SHELL and TERM of
// its environment, and waits 15 s for it to connect: a built binary, not
// go run, is what a test gives it.
//
// Inspector returns the Inspector's standard output, the JSON result of
// its one request. A tool call answered with isError is such a result,
// not an error, although the Inspector exits 5 for it. Any other failure
// (the server did not start, answered a JSON-RPC error, the Inspector
// refused the request) is an *InspectorError.
func Inspector(t testing.TB, target string, options ...string) (result []byte, err error) {
	t.Helper()
	Require(t)
	d, err := dir()
	if err != nil {
		t.Fatalf("interop.Inspector: %v", err)
	}
	if !strings.HasPrefix(target, "http://") && !strings.HasPrefix(target, "https://") {
		if target, err = absCommand(target); err != nil {
			t.Fatalf("interop.Inspector: %v", err)
		}
	}

	ctx, cancel := context.WithTimeout(t.Context(), runTimeout)
	defer cancel()
	bin := filepath.Join(d, "node_modules", ".bin", "mcp-inspector")
	cmd := exec.CommandContext(ctx, bin, append([]string{"--cli", target}, options...)...)
	cmd.Dir = t.TempDir() // the stdio server's working directory too
	cmd.WaitDelay = 10 * time.Second
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	result, err = cmd.Output()
	if err == nil {
		return result, nil
	}
	ierr := newInspectorError(target, options, err, stderr.String())
	if ctx.Err() != nil {
		ierr.Message = fmt.Sprintf("timed out after %v", runTimeout)
	} else if ierr.Exit == inspectorToolFailed && isErrorResult(result) {
		return result, nil
	}
	return result, ierr
}

// An InspectorError is a run of the Inspector that failed.
type InspectorError struct {
	// Command is the command line, for the message.
	Command string
	// Exit is the Inspector's exit status, -1 if it did not exit.
	Exit int
	// Code and Message are what the Inspector printed last on stderr,
	// {"error":{"code":CODE,"message":MESSAGE}}: the code "error" and the
	// server's message for a JSON-RPC error, "tool_not_found" for a tool
	// the server does not list; both empty if it printed none.
	Code, Message string
	// Stderr is all the Inspector and the server wrote on stderr.
	Stderr string
}

func (e *InspectorError) Error() string {
	return fmt.Sprintf("%s: exit status %d: %s: %s\n%s", e.Command, e.Exit, e.Code, e.Message, e.Stderr)
}

// newInspectorError describes the failed run of the Inspector with
// options against target, which ended with err and wrote stderr.
func newInspectorError(target string, options []string, err error, stderr string) *InspectorError {
	ierr := &InspectorError{
		Command: "mcp-inspector --cli " + target + " " + strings.Join(options, " "),
		Exit:    -1,
		Stderr:  stderr,
	}
	if exit, ok := errors.AsType[*exec.ExitError](err); ok {
		ierr.Exit = exit.ExitCode()
	}
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	var printed struct {
		Error struct{ Code, Message string }
	}
	if json.Unmarshal([]byte(lines[len(lines)-1]), &printed) == nil {
		ierr.Code, ierr.Message = printed.Error.Code, printed.Error.Message
	} else {
		ierr.Message = err.Error()
	}
	return ierr
}

// isErrorResult reports whether out is a tools/call result with isError set.
func isErrorResult(out []byte) bool {
	var res struct{ IsError bool }
	return json.Unmarshal(out, &res) == nil && res.IsError
}
