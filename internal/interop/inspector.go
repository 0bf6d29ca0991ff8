package interop

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Inspector calls Require, then runs the MCP Inspector's command-line mode
// against the stdio server executable server, as a person trying the
// server out would:
//
//	mcp-inspector --cli server --method tools/call --tool-name NAME --tool-arg key=value
//
// options are the Inspector's (--method and what the method needs).
// Inspector returns the Inspector's standard output, the JSON result of
// its one request. A tool call answered with isError is such a result, not
// an error; err is non-nil if the Inspector exits non-zero (the server did
// not start, the request failed, ...), and its message includes the
// Inspector's stderr.
func Inspector(t testing.TB, server string, options ...string) (result []byte, err error) {
	t.Helper()
	Require(t)
	d, err := dir()
	if err != nil {
		t.Fatalf("interop.Inspector: %v", err)
	}
	if server, err = absCommand(server); err != nil {
		t.Fatalf("interop.Inspector: %v", err)
	}

	ctx, cancel := context.WithTimeout(t.Context(), runTimeout)
	defer cancel()
	bin := filepath.Join(d, "node_modules", ".bin", "mcp-inspector")
	cmd := exec.CommandContext(ctx, bin, append([]string{"--cli", server}, options...)...)
	// The Inspector names itself to the server from a package.json it picks
	// by whether ../package.json exists relative to the working directory:
	// where one does, it imports a file it does not ship and fails. An
	// empty temporary directory has no package.json above it.
	cmd.Dir = t.TempDir()
	cmd.WaitDelay = 10 * time.Second
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	result, err = cmd.Output()
	if err != nil {
		if ctx.Err() != nil {
			err = fmt.Errorf("%v (timed out after %v)", err, runTimeout)
		}
		return result, fmt.Errorf("mcp-inspector --cli %s %s: %v\n%s", server, strings.Join(options, " "), err, stderr.String())
	}
	return result, nil
}
