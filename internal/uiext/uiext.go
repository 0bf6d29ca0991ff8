// Package uiext serves the MCP Apps extension (io.modelcontextprotocol/ui)
// on a go-sdk server: the capability in every handshake, the tools'
// UI metadata only to a client that declares the extension, and the
// pages, ui:// resources, as their reads return them.
//
// The go-sdk fixes a server's capabilities when it is made; a server
// that registers generated tools is made by its own code, so Serve adds
// the extension afterwards, by receiving middleware (docs/apps.md).
package uiext

import (
	"context"
	"maps"
	"mime"
	"slices"
	"sync"

	"github.com/mcptag/mcptag/internal/extension"
	"github.com/mcptag/mcptag/internal/perserver"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Extension is the identifier of the MCP Apps extension, the key of its
// entry in a client's and a server's capabilities.extensions.
const Extension = "io.modelcontextprotocol/ui"

// MIMEType is the MIME type of an MCP App's page, as its resource lists
// it and its read returns it.
const MIMEType = "text/html;profile=mcp-app"

// Metadata keys of a tool that the extension defines: the ui object
// (resourceUri, visibility) and the flat key that hosts of the
// extension's drafts still read.
const (
	MetaKey     = "ui"
	FlatMetaKey = "ui/resourceUri"
)

// settings is the extension's entry in the server's capabilities: the
// page types the server serves.
func settings() map[string]any {
	return map[string]any{"mimeTypes": []string{MIMEType}}
}

// served holds the servers Serve has set up, weakly: a stateless HTTP
// handler may build a server per request, and remembering one must not
// keep it alive.
var served perserver.Once

// Serve sets up the extension on s: every initialize and server/discover
// result advertises it, and tools/list leaves the tools' UI metadata out
// for a client whose capabilities do not declare it. Calling it again
// for the same server does nothing.
func Serve(s *mcp.Server) { served.Do(s, install) }

// owners holds, per server, weakly as served does, the tool whose page
// each ui:// URI AddPages registered is.
var owners perserver.Map[*pageOwners]

type pageOwners struct {
	mu    sync.Mutex
	byURI map[string]string
}

// A Clash is two tools whose pages have one URI.
type Clash struct{ URI, Tool, Other string }

// ClaimPages records that the page at uris[i] on s is the page of
// tools[i], unless one of the URIs is already the page of another tool,
// on s or among tools: then it records nothing and returns the first
// such clash. A tool's page claimed again, as a server that adds its
// tools twice does, is no clash.
func ClaimPages(s *mcp.Server, uris, tools []string) *Clash {
	if len(uris) == 0 {
		return nil
	}
	o, _ := owners.LoadOrStore(s, &pageOwners{byURI: map[string]string{}})
	o.mu.Lock()
	defer o.mu.Unlock()
	claimed := map[string]string{}
	for i, uri := range uris {
		owner, ok := claimed[uri]
		if !ok {
			owner, ok = o.byURI[uri]
		}
		if ok && owner != tools[i] {
			return &Clash{URI: uri, Tool: owner, Other: tools[i]}
		}
		claimed[uri] = tools[i]
	}
	maps.Copy(o.byURI, claimed)
	return nil
}

// install adds the extension's middleware to s; a variable, so that a
// test counts how often Serve installs it.
var install = func(s *mcp.Server) {
	s.AddReceivingMiddleware(extension.Middleware(Extension, settings), stripUnlessDeclared)
}

// stripUnlessDeclared is receiving middleware that leaves the tools' UI
// metadata out of tools/list for a client that does not declare the
// extension.
func stripUnlessDeclared(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		if list, ok := res.(*mcp.ListToolsResult); ok && err == nil {
			if r, ok := req.(*mcp.ListToolsRequest); ok && !Declared(r.ClientCapabilities()) {
				list.Tools = stripped(list.Tools)
			}
		}
		return res, err
	}
}

// Declared reports whether caps, a client's capabilities, declare the
// extension with support for MIMEType: an entry under Extension whose
// mimeTypes, when it lists any, include MIMEType (IsPageType).
func Declared(caps *mcp.ClientCapabilities) bool {
	if caps == nil {
		return false
	}
	entry, ok := caps.Extensions[Extension]
	if !ok {
		return false
	}
	types, listed := mimeTypes(entry)
	return !listed || slices.ContainsFunc(types, IsPageType)
}

// pageType and pageParams are MIMEType parsed.
var pageType, pageParams, _ = mime.ParseMediaType(MIMEType)

// IsPageType reports whether t is MIMEType as RFC 2045 compares MIME
// types: its type, subtype and parameter names in any case, white space
// around its parameters, a value quoted or not; the parameters the same,
// with the same values, as spelled.
func IsPageType(t string) bool {
	typ, params, err := mime.ParseMediaType(t)
	return err == nil && typ == pageType && maps.Equal(params, pageParams)
}

// mimeTypes returns the mimeTypes of an extension's settings, as a Go
// client builds them or as JSON decodes them, and whether it lists any.
func mimeTypes(entry any) ([]string, bool) {
	m, ok := entry.(map[string]any)
	if !ok {
		return nil, false
	}
	switch v := m["mimeTypes"].(type) {
	case []string:
		return v, true
	case []any:
		var types []string
		for _, t := range v {
			if s, ok := t.(string); ok {
				types = append(types, s)
			}
		}
		return types, true
	}
	return nil, false
}

// stripped returns tools with each tool that carries UI metadata
// replaced by a copy without it; the tools themselves, which the server
// stores and lists to every client, are not changed.
func stripped(tools []*mcp.Tool) []*mcp.Tool {
	out := make([]*mcp.Tool, len(tools))
	for i, t := range tools {
		out[i] = t
		if !hasUI(t.Meta) {
			continue
		}
		cp := *t
		cp.Meta = maps.Clone(t.Meta)
		if DeleteUI(cp.Meta) {
			cp.Meta = nil
		}
		out[i] = &cp
	}
	return out
}

// hasUI reports whether meta holds a key of the extension.
func hasUI(meta mcp.Meta) bool {
	_, ui := meta[MetaKey]
	_, flat := meta[FlatMetaKey]
	return ui || flat
}

// DeleteUI deletes the extension's keys from meta, a tool's _meta, and
// reports whether nothing is left of it.
func DeleteUI(meta map[string]any) (empty bool) {
	delete(meta, MetaKey)
	delete(meta, FlatMetaKey)
	return len(meta) == 0
}

// Page returns the handler of res, a page's resource: its read returns
// one content, the page's exact text html with MIMEType and the
// resource's _meta (the page's CSP and border), as the extension asks of
// the content a host renders.
func Page(res *mcp.Resource, html string) mcp.ResourceHandler {
	return func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{
			URI:      res.URI,
			MIMEType: MIMEType,
			Text:     html,
			Meta:     maps.Clone(res.Meta),
		}}}, nil
	}
}
