package argtest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// toolNames are the fuzzed tools, in a fixed order for the fuzzer's index.
var toolNames = func() []string {
	var names []string
	for name := range handlers {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}()

// strictTargets are, for the struct-style tools, a fresh value to decode
// accepted arguments into with unknown fields disallowed.
var strictTargets = map[string]func() any{
	"search":      func() any { return new(SearchRequest) },
	"count_nodes": func() any { return new(Tree) },
	"sum":         func() any { return new(SumInput) },
}

// FuzzArgs feeds arbitrary bytes as the arguments of every generated
// handler. No input may panic (the handlers recover panics, so a recovered
// one is a failure too), hang, or get an answer that is not a tool error
// naming the tool; and what the checks accept, encoding/json decodes.
func FuzzArgs(f *testing.F) {
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))
	for _, tc := range badInput {
		if len(tc.args) < 4096 {
			f.Add(uint8(toolIndex(tc.tool)), []byte(tc.args))
		}
	}
	for _, tc := range goodInput {
		f.Add(uint8(toolIndex(tc.tool)), []byte(tc.args))
	}
	f.Fuzz(func(t *testing.T, tool uint8, args []byte) {
		name := toolNames[int(tool)%len(toolNames)]
		if name == "crash" {
			name = "echo" // crash panics on purpose
		}
		start := time.Now()
		req := &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: name, Arguments: args}}
		res, err := handlers[name](context.Background(), req)
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("%s took %v", name, d)
		}
		if err != nil || res == nil {
			t.Fatalf("%s: result %v, error %v", name, res, err)
		}
		text := resultText(res)
		if !res.IsError {
			if st, ok := strictTargets[name]; ok {
				dec := json.NewDecoder(bytes.NewReader(args))
				dec.DisallowUnknownFields()
				if len(bytes.TrimSpace(args)) > 0 && string(bytes.TrimSpace(args)) != "null" {
					if err := dec.Decode(st()); err != nil {
						t.Errorf("%s accepted %q, which encoding/json rejects: %v", name, args, err)
					}
				}
			}
			return
		}
		if strings.Contains(text, "panicked") {
			t.Fatalf("%s panicked on %q", name, args)
		}
		// A message from encoding/json rather than from the checks is a
		// gap in the checks: only numbers too large for their Go type
		// are left to encoding/json on purpose.
		if strings.HasPrefix(text, name+": arguments: ") || strings.Contains(text, "unmarshal") ||
			strings.Contains(text, "json: ") {
			t.Errorf("%s: unchecked input %q: %s", name, args, text)
		}
		if !strings.HasPrefix(text, name+": ") {
			t.Errorf("%s: message %q does not name the tool", name, text)
		}
		if !utf8.ValidString(text) || len(text) > 2000 {
			t.Errorf("%s: message of %d bytes, valid UTF-8 %v: %q", name, len(text), utf8.ValidString(text), text)
		}
		if res.StructuredContent != nil {
			t.Errorf("%s: an error with structuredContent", name)
		}
	})
}

func toolIndex(name string) int {
	for i, n := range toolNames {
		if n == name {
			return i
		}
	}
	panic(name)
}
