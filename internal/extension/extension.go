// Package extension advertises an MCP extension on a go-sdk server. The
// go-sdk fixes a server's capabilities when it is made, and a server
// that registers generated tools is made by its own code, so the
// extensions mcptag serves (MCP Apps, tasks) are added afterwards, by
// receiving middleware.
package extension

import (
	"context"
	"maps"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Middleware is receiving middleware that declares the extension name,
// with the settings settings returns, in the capabilities a server
// answers initialize and server/discover with (Advertised).
func Middleware(name string, settings func() map[string]any) mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			res, err := next(ctx, method, req)
			switch res := res.(type) {
			case *mcp.InitializeResult:
				res.Capabilities = Advertised(res.Capabilities, name, settings)
			case *mcp.DiscoverResult:
				res.Capabilities = Advertised(res.Capabilities, name, settings)
			}
			return res, err
		}
	}
}

// Advertised returns a copy of caps that declares the extension name
// with settings(), unless the server's own options already declare it,
// with settings of their own; caps itself, which may be shared, is left
// as it is.
func Advertised(caps *mcp.ServerCapabilities, name string, settings func() map[string]any) *mcp.ServerCapabilities {
	var out mcp.ServerCapabilities
	if caps != nil {
		out = *caps
	}
	if _, ok := out.Extensions[name]; ok {
		return &out
	}
	out.Extensions = maps.Clone(out.Extensions)
	out.AddExtension(name, settings())
	return &out
}
