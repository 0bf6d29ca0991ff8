package wire

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The cost of checking parameter headers and of signing forms' request
// state, end to end, each side by side with the same call without it and
// with the go-sdk's mcp.AddTool; toolrt's BenchmarkParamHeaders and
// BenchmarkState measure the checks alone.

// actImpls are the ways act is registered: as mcptag generates it (its
// headers checked), the same handler without the check, and the go-sdk's
// mcp.AddTool of the same function.
var actImpls = []struct {
	name     string
	register func(*mcp.Server)
}{
	{"generated", RegisterTools},
	{"generated-unchecked", func(s *mcp.Server) {
		s.AddTool(&mcp.Tool{Name: "act", InputSchema: mcptagDoActInput, OutputSchema: mcptagDoActOutput}, mcptagDoAct)
	}},
	{"addtool", func(s *mcp.Server) {
		// The same schema, headers and all: mcp.AddTool infers none from
		// mcptag's tags.
		mcp.AddTool(s, &mcp.Tool{Name: "act", InputSchema: mcptagDoActInput}, func(_ context.Context, _ *mcp.CallToolRequest, in actArgsPlain) (*mcp.CallToolResult, actArgsPlain, error) {
			return nil, actArgsPlain(DoAct(Act(in))), nil
		})
	}},
}

// actArgsPlain is Act without mcptag's tags, which mcp.AddTool refuses.
type actArgsPlain struct {
	User  string `json:"user"`
	Count int64  `json:"count"`
	Dry   bool   `json:"dry,omitempty"`
}

var actArgs = map[string]any{"user": "alice", "count": 5, "dry": true}

// BenchmarkActHTTP calls act end to end, from a go-sdk client on
// 2026-07-28 over streamable HTTP without sessions on loopback, which
// sends the parameter headers.
func BenchmarkActHTTP(b *testing.B) {
	ctx := context.Background()
	for _, im := range actImpls {
		b.Run("impl="+im.name, func(b *testing.B) {
			s := mcp.NewServer(&mcp.Implementation{Name: "b", Version: "v0"}, nil)
			im.register(s)
			cs, headers := mcptest.HTTPSession(b, mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{Stateless: true}), new(mcptest.User), nil)
			params := &mcp.CallToolParams{Name: "act", Arguments: actArgs}
			b.ReportAllocs()
			for b.Loop() {
				if res, err := cs.CallTool(ctx, params); err != nil || res.IsError {
					b.Fatal(err, res)
				}
				takeActed()
			}
			if headers("act").Get("Mcp-Param-Count") != "5" {
				b.Fatalf("the client sent no parameter headers: %v", headers("act"))
			}
		})
	}
}

// BenchmarkFormCall calls delete_files for one file end to end over
// streamable HTTP without sessions, the client answering the form: two
// rounds, the first signing the request state and the second verifying
// it. Its time per call is what the state's cost (BenchmarkState in
// toolrt) is a part of.
func BenchmarkFormCall(b *testing.B) {
	ctx := context.Background()
	var user mcptest.User
	cs, _ := mcptest.HTTPSession(b, mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return newServer() }, &mcp.StreamableHTTPOptions{Stateless: true}), &user, nil)
	params := &mcp.CallToolParams{Name: "delete_files", Arguments: map[string]any{"names": []string{"a"}}}
	b.ReportAllocs()
	for b.Loop() {
		user.Answer(yes)
		if res, err := cs.CallTool(ctx, params); err != nil || res.IsError {
			b.Fatal(err, res)
		}
		takeDeleted()
	}
}

// BenchmarkCheckHeaders serves a tools/call of act with its three
// parameter headers through toolrt.CheckHeaders to a handler that only
// reads the body, beside that handler alone: the wrapper's cost, which a
// call over HTTP pays on top of the generated handler's own check.
func BenchmarkCheckHeaders(b *testing.B) {
	body := []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"act","arguments":{"user":"alice","count":5,"dry":true}}}`)
	reader := http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) { io.Copy(io.Discard, r.Body) })
	for _, c := range []struct {
		name string
		h    http.Handler
	}{{"alone", reader}, {"checked", toolrt.CheckHeaders(reader, Tools())}} {
		b.Run("handler="+c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				req := httptest.NewRequest("POST", "/", bytes.NewReader(body))
				req.Header["Mcp-Param-User"] = []string{"alice"}
				req.Header["Mcp-Param-Count"] = []string{"5"}
				req.Header["Mcp-Param-Dry"] = []string{"true"}
				rec := httptest.NewRecorder()
				c.h.ServeHTTP(rec, req)
				if rec.Code != http.StatusOK {
					b.Fatalf("HTTP %d: %s", rec.Code, rec.Body)
				}
			}
		})
	}
}
