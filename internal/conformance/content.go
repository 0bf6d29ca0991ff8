package main

//go:generate go run github.com/mcptag/mcptag/cmd/mcptag

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The suite's media: a 1x1 red PNG and a silent WAV.
var (
	pixelPNG  = mustDecode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==")
	silentWAV = mustDecode("UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=")
)

func mustDecode(s string) []byte {
	data, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return data
}

// SimpleText tests a simple text content response.
//
//mcp:tool test_simple_text structured=false
func SimpleText() string {
	return "This is a simple text response for testing."
}

// The content tools below answer with content blocks other than text,
// which a tool's value does not give: they return the go-sdk handler's
// result, as a go-sdk handler would.

// ImageContent tests an image content response.
//
//mcp:tool test_image_content structured=false
func ImageContent(ctx context.Context) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.ImageContent{Data: pixelPNG, MIMEType: "image/png"}}}, nil, nil
}

// AudioContent tests an audio content response.
//
//mcp:tool test_audio_content structured=false
func AudioContent(ctx context.Context) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.AudioContent{Data: silentWAV, MIMEType: "audio/wav"}}}, nil, nil
}

// EmbeddedResource tests an embedded resource content response.
//
//mcp:tool test_embedded_resource structured=false
func EmbeddedResource(ctx context.Context) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.EmbeddedResource{Resource: &mcp.ResourceContents{
		URI: "test://embedded-resource", MIMEType: "text/plain", Text: "This is an embedded resource content.",
	}}}}, nil, nil
}

// MultipleContentTypes tests a response with multiple content types
// (text, image, resource).
//
//mcp:tool test_multiple_content_types structured=false
func MultipleContentTypes(ctx context.Context) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{
		&mcp.TextContent{Text: "Multiple content types test:"},
		&mcp.ImageContent{Data: pixelPNG, MIMEType: "image/png"},
		&mcp.EmbeddedResource{Resource: &mcp.ResourceContents{
			URI: "test://mixed-content-resource", MIMEType: "application/json", Text: `{"test":"data","value":123}`,
		}},
	}}, nil, nil
}

// step is the pause between the notifications of the logging and
// progress tools, as the suite's fixtures pause.
const step = 50 * time.Millisecond

// ToolWithLogging tests a tool that emits log messages during execution.
//
//mcp:tool test_tool_with_logging structured=false
func ToolWithLogging(ctx context.Context, req *mcp.CallToolRequest) string {
	for i, msg := range []string{"Tool execution started", "Tool processing data", "Tool execution completed"} {
		if i > 0 {
			time.Sleep(step)
		}
		_ = req.Session.Log(ctx, &mcp.LoggingMessageParams{Level: "info", Data: msg})
	}
	return "Tool with logging executed successfully"
}

// ToolWithProgress tests a tool that reports progress notifications, and
// answers with its progress token.
//
//mcp:tool test_tool_with_progress structured=false
func ToolWithProgress(ctx context.Context, req *mcp.CallToolRequest) string {
	token := req.Params.GetProgressToken()
	for i, done := range []float64{0, 50, 100} {
		if i > 0 {
			time.Sleep(step)
		}
		_ = req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{
			ProgressToken: token, Progress: done, Total: 100, Message: fmt.Sprintf("Completed step %.0f of 100", done),
		})
	}
	return fmt.Sprint(token)
}

// ErrorHandling tests error response handling.
//
//mcp:tool test_error_handling
func ErrorHandling() error {
	return errors.New("This tool intentionally returns an error for testing")
}

// Sampling tests server-initiated sampling (an LLM completion request).
//   - prompt: the prompt to send to the LLM
//
//mcp:tool test_sampling structured=false
func Sampling(ctx context.Context, req *mcp.CallToolRequest, prompt string) (string, error) {
	res, err := req.Session.CreateMessage(ctx, &mcp.CreateMessageParams{
		Messages:  []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: prompt}}},
		MaxTokens: 100,
	})
	if err != nil {
		return "", fmt.Errorf("sampling failed: %w", err)
	}
	if text, ok := res.Content.(*mcp.TextContent); ok {
		return "LLM response: " + text.Text, nil
	}
	return "LLM response: (not text)", nil
}

// Reconnection tests SSE stream disconnection and client reconnection:
// the server closes the stream mid-call and sends the result once the
// client has reconnected.
//
//mcp:tool test_reconnection structured=false
func Reconnection(ctx context.Context, req *mcp.CallToolRequest) string {
	if req.Extra != nil && req.Extra.CloseSSEStream != nil {
		req.Extra.CloseSSEStream(mcp.CloseSSEStreamArgs{RetryAfter: 10 * time.Millisecond})
	}
	time.Sleep(100 * time.Millisecond)
	return "Reconnection test completed successfully."
}
