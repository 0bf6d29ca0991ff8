// Command thirdparty is an MCP server built with mcptag whose tools return
// API objects declared in other modules: go-github's repositories, issues
// and pull requests, and Kubernetes' Pods and Deployments. It serves canned
// API responses from a directory of JSON files (-data), so it needs neither
// a GitHub token nor a cluster.
//
// It is a module of its own so that mcptag's users never inherit go-github
// or k8s.io/api as dependencies.
package main

import (
	"context"
	"flag"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	data := flag.String("data", "testdata", "directory of canned API responses")
	flag.Parse()

	store, err := Open(*data)
	if err != nil {
		log.Fatal(err)
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "thirdparty", Version: "v1.0.0"}, nil)
	RegisterStoreTools(server, store)
	if err := server.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
