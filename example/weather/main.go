// Command weather is an MCP server built with mcptag: the weather tools of
// the MCP Python SDK's structured-output guide, written as plain Go
// functions. It serves stdio by default, or streamable HTTP with -http,
// configured as a server open to untrusted clients should be. With
// -read-only it serves the tools that only read; with -http -tokens it
// takes bearer tokens, and asks a caller for the scopes a tool requires
// (forget_city's cities:write) with the OAuth step-up challenge. Every
// tool call is logged to standard error by a hook (logCalls).
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"log"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The limits of the HTTP server.
const (
	// sessionTimeout closes a session that has sent no request for this
	// long, with its goroutines and memory; a client that idles longer
	// keeps its session with pings (the go-sdk's ClientOptions.KeepAlive).
	sessionTimeout = 10 * time.Minute
	// envelopeBytes is the room left in a request body, beyond the
	// largest arguments toolrt accepts, for the JSON-RPC message around
	// them.
	envelopeBytes = 64 << 10
	// shutdownGrace is how long calls under way may take to finish once
	// the server is asked to stop.
	shutdownGrace = 5 * time.Second
)

func main() {
	addr := flag.String("http", "", "serve streamable HTTP on this address (host:port) instead of stdio")
	stateless := flag.Bool("stateless", false, "with -http, serve without sessions: protocol 2026-07-28 and later, and older clients that need no server-to-client requests")
	stateKeyFile := flag.String("state-key-file", "", "with -http -stateless, a file holding the secret key (32 bytes or more) that signs forms' request state: the same file for every replica behind one address (default: a random key per process)")
	readOnly := flag.Bool("read-only", false, "serve only the tools that only read")
	tokensFile := flag.String("tokens", "", "with -http, a file of bearer tokens, one a line: the token, then the OAuth scopes it holds; a request without one of them is refused")
	flag.Parse()
	if *stateKeyFile != "" {
		if err := setStateKey(*stateKeyFile); err != nil {
			log.Fatal(err)
		}
	}

	server := newServerOf(*readOnly, *tokensFile != "")
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var err error
	if *addr != "" {
		log.Printf("weather: serving MCP on http://%s", *addr)
		h := newHTTPHandler(server, sessionTimeout)
		if *stateless {
			h = newStatelessHTTPHandler(server)
		}
		if *tokensFile != "" {
			tokens, err := readTokens(*tokensFile)
			if err != nil {
				log.Fatal(err)
			}
			h = requireTokens(h, tokens)
		}
		err = serveHTTP(ctx, newHTTPServer(*addr, h))
	} else {
		log.Print("weather: serving MCP on stdin and stdout")
		err = server.Run(ctx, &toolrt.StdioTransport{})
	}
	if err != nil && !errors.Is(err, context.Canceled) {
		log.Fatal(err)
	}
}

// setStateKey has the forms' request state signed with the key in file,
// so that replicas that share it take each other's states: a client may
// answer a form to another replica than the one that asked it.
func setStateKey(file string) error {
	key, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	return toolrt.SetStateKey(bytes.TrimSpace(key))
}

// newServer is the MCP server of the weather tools, prompt and
// resources, which completes the cities its prompt and resource template
// take.
func newServer() *mcp.Server { return newServerOf(false, false) }

// newServerOf is newServer, with only the tools that only read when
// readOnly is set: one server per configuration, chosen at start-up. A
// tool's scopes are enforced when tokens is set; without tokens a call
// carries none, and a tool that kept its scopes would refuse every call.
func newServerOf(readOnly, tokens bool) *mcp.Server {
	server := mcp.NewServer(&mcp.Implementation{Name: "weather", Version: "v1.0.0"}, &mcp.ServerOptions{
		CompletionHandler: Complete,
	})
	withSavedCities(server)
	tools := Tools()
	if readOnly {
		tools = toolrt.ReadOnly(tools)
	}
	if !tokens {
		tools = toolrt.Unscoped(tools)
	}
	toolrt.AddTools(server, toolrt.Use(logCalls, toolrt.WithLimits(tools, limits())))
	server.AddReceivingMiddleware(toolrt.LimitsMiddleware(limits()))
	RegisterPromptsAndResources(server)
	return server
}

// limits bound one call's arguments and one resource's URI: the
// defaults, but for nesting, which no weather argument needs deep. The
// HTTP handlers size a request body by them.
func limits() toolrt.Limits {
	l := toolrt.DefaultLimits()
	l.Depth = 16
	return l
}

// newHTTPHandler serves server over streamable HTTP, closing sessions
// idle for sessionTimeout and refusing request bodies larger than any
// call toolrt accepts.
func newHTTPHandler(server *mcp.Server, sessionTimeout time.Duration) http.Handler {
	return checkHeaders(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, &mcp.StreamableHTTPOptions{
		SessionTimeout:      sessionTimeout,
		MaxRequestBodyBytes: int64(limits().ArgumentBytes) + envelopeBytes,
	}))
}

// newStatelessHTTPHandler serves server over streamable HTTP without
// sessions, which the go-sdk requires of protocol 2026-07-28 and later
// (its clients then send parameter headers, and answer forms by calling
// again); an older client is served too, but cannot be asked for a form:
// without a session, the server cannot send it a request. It serves
// tasks (docs/tasks.md), kept in this process's memory: a task lives on
// the replica that made it, unless replicas share a store.
func newStatelessHTTPHandler(server *mcp.Server) http.Handler {
	return checkHeaders(toolrt.TasksHandler(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, &mcp.StreamableHTTPOptions{
		Stateless:           true,
		MaxRequestBodyBytes: int64(limits().ArgumentBytes) + envelopeBytes,
	}), nil))
}

// checkHeaders answers a call whose Mcp-Param-User header disagrees with
// its user argument with HTTP 400, as the protocol asks, in the forms the
// go-sdk's own check leaves to the tool too: the tools refuse such a call
// themselves, but a tool handler cannot set the status.
func checkHeaders(h http.Handler) http.Handler {
	return toolrt.CheckHeaders(h, toolrt.WithLimits(Tools(), limits()))
}

// newHTTPServer bounds the time a client may take to send a request, and
// to keep an idle connection. It sets no WriteTimeout: that would cut
// every response stream (a long tool call, the server-to-client stream)
// at that age. ReadTimeout does not: net/http lifts the read deadline once
// it has read a request's body.
func newHTTPServer(addr string, h http.Handler) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
	}
}

// serveHTTP serves until ctx is done, then lets calls under way finish
// for shutdownGrace and closes what is left: the server-to-client
// streams stay open as long as their sessions.
func serveHTTP(ctx context.Context, srv *http.Server) error {
	errc := make(chan error, 1)
	go func() { errc <- srv.ListenAndServe() }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return srv.Close()
	}
	return nil
}

// readTokens reads a file of bearer tokens, one a line: the token, then
// the scopes it holds, separated by spaces.
func readTokens(file string) (map[string][]string, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	tokens := map[string][]string{}
	for line := range strings.Lines(string(data)) {
		if fields := strings.Fields(line); len(fields) > 0 {
			tokens[fields[0]] = fields[1:]
		}
	}
	return tokens, nil
}

// requireTokens serves h to the requests that carry one of tokens, with
// the go-sdk's bearer token check, and answers a tools/call whose token
// lacks a scope of the tool with the OAuth step-up challenge (HTTP 403);
// the tools themselves refuse such a call too, as a tool error.
func requireTokens(h http.Handler, tokens map[string][]string) http.Handler {
	verify := func(_ context.Context, token string, _ *http.Request) (*auth.TokenInfo, error) {
		scopes, ok := tokens[token]
		if !ok {
			return nil, auth.ErrInvalidToken
		}
		return &auth.TokenInfo{Scopes: scopes, Expiration: time.Now().Add(time.Hour)}, nil
	}
	return auth.RequireBearerToken(verify, nil)(toolrt.RequireScopes(h, Tools(), nil))
}
