// Command badserver is a tiny MCP server, built on the official Go SDK, used
// by the interop tests to prove that the strict TypeScript client (and thus
// the interop harness, client.mjs) fails loudly on schema problems.
//
// Usage: badserver -mode MODE, where MODE is one of:
//
//	integer-output      tool "bad" has outputSchema {"type":"integer"} (root not an object)
//	true-property       tool "bad" has an object outputSchema with a property schema `true`
//	invalid-structured  tool "bad" has a valid object outputSchema but returns
//	                    structuredContent that lacks a required property
//	valid               everything is valid: tool "echo" (structured output) and
//	                    tool "fail" (returns isError: true)
//	features            no tools; prompt "hello", resource x://hello (text "hi")
//	                    and x://empty (text ""), resource template x://{name}
//	large               no tools; resource x://large, a text of 1 MiB
//	elicit              tool "ask" asks the client for a form with a string
//	                    "name" and answers with the client's answer, as text
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var objectInput = json.RawMessage(`{"type":"object"}`)

func textResult(text string, structured any) *mcp.CallToolResult {
	return &mcp.CallToolResult{
		Content:           []mcp.Content{&mcp.TextContent{Text: text}},
		StructuredContent: structured,
	}
}

func main() {
	mode := flag.String("mode", "", "integer-output | true-property | invalid-structured | valid | features | elicit")
	flag.Parse()

	s := mcp.NewServer(&mcp.Implementation{Name: "bad", Version: "v0.0.1"}, nil)

	switch *mode {
	case "integer-output":
		s.AddTool(&mcp.Tool{
			Name:         "bad",
			InputSchema:  objectInput,
			OutputSchema: json.RawMessage(`{"type":"integer"}`),
		}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return textResult("x", map[string]any{"n": 1}), nil
		})

	case "true-property":
		s.AddTool(&mcp.Tool{
			Name:         "bad",
			InputSchema:  objectInput,
			OutputSchema: json.RawMessage(`{"type":"object","properties":{"anything":true}}`),
		}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return textResult("x", map[string]any{"anything": 1}), nil
		})

	case "invalid-structured":
		s.AddTool(&mcp.Tool{
			Name:         "bad",
			InputSchema:  objectInput,
			OutputSchema: json.RawMessage(`{"type":"object","properties":{"temperature":{"type":"number"}},"required":["temperature"]}`),
		}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			// "temperature" is required but missing.
			return textResult("x", map[string]any{"city": "London"}), nil
		})

	case "valid":
		s.AddTool(&mcp.Tool{
			Name: "echo",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"name":{"type":"string"}},` +
				`"required":["name"],"additionalProperties":false}`),
			OutputSchema: json.RawMessage(`{"type":"object","properties":{"greeting":{"type":"string"}},` +
				`"required":["greeting"],"additionalProperties":false}`),
		}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var in struct {
				Name string `json:"name"`
			}
			if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
				return nil, err
			}
			greeting := "hello, " + in.Name
			return textResult(greeting, map[string]any{"greeting": greeting}), nil
		})
		s.AddTool(&mcp.Tool{
			Name:        "fail",
			InputSchema: objectInput,
		}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{
				IsError: true,
				Content: []mcp.Content{&mcp.TextContent{Text: "failed on purpose"}},
			}, nil
		})

	case "features":
		s.AddPrompt(&mcp.Prompt{Name: "hello"}, func(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: "Say hello."}}}}, nil
		})
		text := func(text string) mcp.ResourceHandler {
			return func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
				return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, Text: text}}}, nil
			}
		}
		s.AddResource(&mcp.Resource{URI: "x://hello", Name: "hello"}, text("hi"))
		s.AddResource(&mcp.Resource{URI: "x://empty", Name: "empty"}, text(""))
		s.AddResource(&mcp.Resource{URI: "x://blob", Name: "blob"}, func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, Blob: []byte{}}}}, nil
		})
		s.AddResourceTemplate(&mcp.ResourceTemplate{URITemplate: "x://{name}", Name: "named"}, text("named"))

	case "large":
		// A page shown as an MCP App inlines a bundle of some 0.6 MiB.
		large := strings.Repeat("0123456789abcdef", 1<<16)
		s.AddResource(&mcp.Resource{URI: "x://large", Name: "large"}, func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, Text: large}}}, nil
		})

	case "elicit":
		s.AddTool(&mcp.Tool{Name: "ask", InputSchema: objectInput}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
				Message:         "Who are you?",
				RequestedSchema: json.RawMessage(`{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}`),
			})
			if err != nil {
				return nil, err
			}
			answer, _ := json.Marshal(res)
			return textResult(string(answer), nil), nil
		})

	default:
		fmt.Fprintf(os.Stderr, "badserver: unknown -mode %q\n", *mode)
		os.Exit(2)
	}

	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
