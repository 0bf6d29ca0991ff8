package toolimpl

import (
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Content is the result of a tool whose value is one of the go-sdk's
// content blocks (an image, audio, a resource link, an embedded
// resource, text): the block as it is, with no structuredContent. A nil
// block is no content, an empty list, which every client takes as a
// result with nothing to show.
func Content(tool string, block mcp.Content) *mcp.CallToolResult {
	return Contents(tool, []mcp.Content{block})
}

// Contents is the result of a tool whose value is a list of content
// blocks (a []mcp.Content, a []*mcp.ImageContent): the blocks in order,
// each as it is, without the nil ones, which would be null on the wire.
// An embedded resource with no contents, which no client can read, and a
// block that only sampling messages carry are a tool error.
func Contents[C mcp.Content](tool string, blocks []C) *mcp.CallToolResult {
	content := make([]mcp.Content, 0, len(blocks))
	for i, b := range blocks {
		if isNilBlock(b) {
			continue
		}
		switch b := mcp.Content(b).(type) {
		case *mcp.EmbeddedResource:
			if b.Resource == nil {
				return Error(fmt.Errorf("%s: result: content block %d is an embedded resource with no Resource", tool, i))
			}
		case *mcp.ToolUseContent, *mcp.ToolResultContent:
			return Error(fmt.Errorf("%s: result: content block %d is %T, which only sampling messages carry", tool, i, b))
		}
		content = append(content, b)
	}
	return &mcp.CallToolResult{Content: content}
}

// ContentValues is the result of a tool whose value is a list of the
// go-sdk's content blocks by value ([]mcp.ResourceLink): each block is
// its element's address, as in Contents.
func ContentValues[T any, P interface {
	*T
	mcp.Content
}](tool string, blocks []T) *mcp.CallToolResult {
	ptrs := make([]P, len(blocks))
	for i := range blocks {
		ptrs[i] = &blocks[i]
	}
	return Contents(tool, ptrs)
}

// isNilBlock reports whether b is nil or a nil pointer of one of the
// go-sdk's content types: only those implement mcp.Content, whose method
// set is unexported, so the switch sees every kind without reflection.
func isNilBlock(b mcp.Content) bool {
	switch b := b.(type) {
	case nil:
		return true
	case *mcp.TextContent:
		return b == nil
	case *mcp.ImageContent:
		return b == nil
	case *mcp.AudioContent:
		return b == nil
	case *mcp.ResourceLink:
		return b == nil
	case *mcp.EmbeddedResource:
		return b == nil
	case *mcp.ToolUseContent:
		return b == nil
	case *mcp.ToolResultContent:
		return b == nil
	}
	return false
}
