// Command conformance is the server that the official MCP conformance
// suite (@modelcontextprotocol/conformance) tests: every fixture its
// server scenarios call, declared with mcptag directives as a user would
// write them. It serves streamable HTTP on -http, with sessions for
// protocol 2025-11-25 and before, or with -stateless without them, as
// protocol 2026-07-28 asks. docs/protocol.md lists the scenarios it does
// not pass, and why.
package main

import (
	"context"
	"flag"
	"log"
	"net/http"

	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	addr := flag.String("http", "localhost:3000", "serve streamable HTTP on this address (host:port)")
	stateless := flag.Bool("stateless", false, "serve without sessions: protocol 2026-07-28")
	flag.Parse()
	log.Printf("conformance: serving MCP on http://%s/mcp", *addr)
	mux := http.NewServeMux()
	mux.Handle("/mcp", newHandler(*stateless))
	log.Fatal(http.ListenAndServe(*addr, mux))
}

// newHandler serves a new conformance server over streamable HTTP, with
// sessions or, stateless, without; a parameter header that disagrees
// with its argument gets HTTP 400, as the protocol asks.
func newHandler(stateless bool) http.Handler {
	server := newServer()
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server },
		&mcp.StreamableHTTPOptions{Stateless: stateless})
	return toolrt.CheckHeaders(toolrt.TasksHandler(h, nil), Tools())
}

// newServer is the server of the suite's fixtures: the package's tools,
// prompts and resources, the list-changing tools, and the subscriptions
// and completions the suite asks for, which mcptag has no directive for.
func newServer() *mcp.Server {
	server := mcp.NewServer(&mcp.Implementation{Name: "mcp-conformance-test-server", Version: "1.0.0"}, &mcp.ServerOptions{
		// No argument here takes one of a type's constants, so there is
		// nothing to complete; the suite asks that completions answer.
		CompletionHandler:  toolrt.FirstCompletion(),
		SubscribeHandler:   func(context.Context, *mcp.SubscribeRequest) error { return nil },
		UnsubscribeHandler: func(context.Context, *mcp.UnsubscribeRequest) error { return nil },
	})
	Register(server, &Lists{server: server})
	return server
}
