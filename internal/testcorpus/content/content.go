// Package content holds tools whose results are the go-sdk's content
// blocks, of every kind and shape mcptag sends as they are, and tools, a
// prompt and a resource template whose enum arguments a call may send in
// another case. Its tests call them through a go-sdk client and through
// the strict TypeScript client.
package content

//go:generate go run github.com/mcptag/mcptag/cmd/mcptag

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcptag/mcptag/toolrt"
)

// PNG is a 1×1 PNG image, the chart every image tool draws.
var PNG = func() []byte {
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, 1, 1))); err != nil {
		panic(err)
	}
	return buf.Bytes()
}()

// WAV is the start of a WAV file, the clip the audio tools play.
var WAV = []byte("RIFF\x24\x00\x00\x00WAVEfmt ")

// Chart draws the latency chart, or nothing.
//
//   - empty: draw nothing: the result is a nil image
//
//mcp:tool readonly
func Chart(ctx context.Context, empty bool) (*mcp.ImageContent, error) {
	if empty {
		return nil, nil
	}
	return toolrt.Image(PNG), nil
}

// Clip plays the alert's sound.
//
//mcp:tool readonly
func Clip() *mcp.AudioContent { return &mcp.AudioContent{Data: WAV, MIMEType: "audio/wav"} }

// Link links to the latest report.
//
//mcp:tool readonly
func Link() (mcp.ResourceLink, error) {
	return mcp.ResourceLink{URI: "file:///reports/latest.md", Name: "latest", MIMEType: "text/markdown"}, nil
}

// Links links to the two latest reports.
//
//mcp:tool readonly
func Links() []mcp.ResourceLink {
	return []mcp.ResourceLink{{URI: "file:///reports/1.md", Name: "one"}, {URI: "file:///reports/2.md", Name: "two"}}
}

// Attach attaches the report itself.
//
//mcp:tool readonly
func Attach() (*mcp.EmbeddedResource, error) {
	return &mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: "file:///reports/latest.md", MIMEType: "text/markdown", Text: "# All is well"}}, nil
}

// Caption says what the chart shows.
//
//mcp:tool readonly
func Caption() mcp.Content { return &mcp.TextContent{Text: "p99 latency, last hour"} }

// Report sends a caption, the chart, the sound, a link and the report, in
// that order, skipping what is nil.
//
//mcp:tool readonly
func Report() []mcp.Content {
	return []mcp.Content{
		&mcp.TextContent{Text: "p99 latency, last hour"},
		toolrt.Image(PNG),
		(*mcp.ImageContent)(nil),
		&mcp.AudioContent{Data: WAV, MIMEType: "audio/wav"},
		&mcp.ResourceLink{URI: "file:///reports/latest.md", Name: "latest"},
		&mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: "file:///reports/latest.md", Blob: []byte("# All is well")}},
		nil,
	}
}

// Thumbnails is a go-sdk handler whose value is images: they fill the
// content it leaves unset.
//
//   - count: how many thumbnails
//
//mcp:tool readonly
func Thumbnails(ctx context.Context, req *mcp.CallToolRequest, count int) (*mcp.CallToolResult, []*mcp.ImageContent, error) {
	var images []*mcp.ImageContent
	for range count {
		images = append(images, toolrt.Image(PNG))
	}
	return &mcp.CallToolResult{Meta: mcp.Meta{"count": count}}, images, nil
}

// State is the state of an issue.
type State string

const (
	Open   State = "OPEN"
	Closed State = "CLOSED"
)

// Kind is the kind of an issue: two of its values differ only in case.
type Kind string

const (
	Draft      Kind = "Draft"
	DraftUpper Kind = "DRAFT"
	Bug        Kind = "bug"
)

// Filter chooses issues.
type Filter struct {
	// State is the state of the issues.
	State State `json:"state"`
	// Also are more states to list.
	Also []State `json:"also,omitempty"`
	// Kind is the kind of the issues.
	Kind Kind `json:"kind,omitempty"`
}

// ListIssues says which issues it would list: the enum values it received.
//
//mcp:tool readonly structured=false
func ListIssues(f Filter) string { return describe(f) }

// ListIssuesStrict says which issues it would list, taking enum values
// only as spelled.
//
//mcp:tool readonly strict structured=false
func ListIssuesStrict(f Filter) string { return describe(f) }

func describe(f Filter) string {
	return fmt.Sprintf("state=%s also=%v kind=%s", f.State, f.Also, f.Kind)
}

// Triage asks to triage the issues of a state, which a call may send in
// another case.
//
//mcp:prompt
func Triage(state State) string { return "Triage the " + string(state) + " issues." }

// IssueCount counts the issues of a state, which a URI may name in
// another case.
//
//mcp:resource issues://{state}/count
func IssueCount(state State) (string, error) { return "12 issues are " + string(state), nil }
