package main

import (
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// StaticText is a static text resource for testing.
//
//mcp:resource test://static-text name=static-text
func StaticText() string {
	return "This is the content of the static text resource."
}

// StaticBinary is a static binary resource (an image) for testing.
//
//mcp:resource test://static-binary name=static-binary mime=image/png
func StaticBinary() []byte {
	return pixelPNG
}

// TemplateData is what the resource template reads for an ID.
type TemplateData struct {
	ID           string `json:"id"`
	TemplateTest bool   `json:"templateTest"`
	Data         string `json:"data"`
}

// Template is a resource template with parameter substitution: the data
// of the record id.
//
//mcp:resource test://template/{id}/data name=template
func Template(id string) TemplateData {
	return TemplateData{ID: id, TemplateTest: true, Data: "Data for ID: " + id}
}

// WatchedResource is a resource that clients subscribe to.
//
//mcp:resource test://watched-resource name=watched-resource
func WatchedResource() string {
	return "Watched resource content"
}

// SimplePrompt tests a simple prompt without arguments.
//
//mcp:prompt test_simple_prompt title="Simple Test Prompt"
func SimplePrompt() string {
	return "This is a simple prompt for testing."
}

// PromptWithArguments tests a prompt with required arguments.
//   - arg1: First test argument
//   - arg2: Second test argument
//
//mcp:prompt test_prompt_with_arguments title="Prompt With Arguments"
func PromptWithArguments(arg1, arg2 string) string {
	return fmt.Sprintf("Prompt with arguments: arg1='%s', arg2='%s'", arg1, arg2)
}

// EmbeddedResourceArgs are the arguments of the prompt that embeds a
// resource.
type EmbeddedResourceArgs struct {
	// URI of the resource to embed
	ResourceURI string `json:"resourceUri"`
}

// PromptWithEmbeddedResource tests a prompt that includes an embedded
// resource.
//
//mcp:prompt test_prompt_with_embedded_resource title="Prompt With Embedded Resource"
func PromptWithEmbeddedResource(in EmbeddedResourceArgs) []*mcp.PromptMessage {
	return []*mcp.PromptMessage{
		{Role: "user", Content: &mcp.EmbeddedResource{Resource: &mcp.ResourceContents{
			URI: in.ResourceURI, MIMEType: "text/plain", Text: "Embedded resource content for testing.",
		}}},
		{Role: "user", Content: &mcp.TextContent{Text: "Please process the embedded resource above."}},
	}
}

// PromptWithImage tests a prompt that includes image content.
//
//mcp:prompt test_prompt_with_image title="Prompt With Image"
func PromptWithImage() []*mcp.PromptMessage {
	return []*mcp.PromptMessage{
		{Role: "user", Content: &mcp.ImageContent{Data: pixelPNG, MIMEType: "image/png"}},
		{Role: "user", Content: &mcp.TextContent{Text: "Please analyze the image above."}},
	}
}
