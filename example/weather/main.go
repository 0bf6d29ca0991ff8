// Command weather is an MCP server built with mcptag: the weather tools of
// the MCP Python SDK's structured-output guide, written as plain Go
// functions. It serves stdio by default, or streamable HTTP with -http.
package main

import (
	"context"
	"flag"
	"log"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	addr := flag.String("http", "", "serve streamable HTTP on this address (host:port) instead of stdio")
	flag.Parse()

	server := mcp.NewServer(&mcp.Implementation{Name: "weather", Version: "v1.0.0"}, nil)
	RegisterTools(server)

	if *addr != "" {
		handler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, nil)
		log.Printf("weather: serving MCP on http://%s", *addr)
		log.Fatal(http.ListenAndServe(*addr, handler))
	}
	log.Print("weather: serving MCP on stdin and stdout")
	if err := server.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
