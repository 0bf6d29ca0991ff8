// Command trimmedserver serves the tools of emit's endtoend package
// trimmed over stdio (text-only views, keep=, the fields description,
// toolrt.Fields, text=json lists), for the strict TypeScript client.
package main

import (
	"context"
	"log"

	"github.com/mcptag/mcptag/internal/emit/testdata/endtoend/trimmed"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "trimmed", Version: "v0"}, nil)
	trimmed.RegisterTools(s)
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
