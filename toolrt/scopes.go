package toolrt

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/mcptag/mcptag/internal/rtlink"
	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// StepUpOptions are the options of RequireScopes.
type StepUpOptions struct {
	// ResourceMetadataURL is the URL of the server's OAuth protected
	// resource metadata (RFC 9728), sent in the challenge as
	// resource_metadata so that a client finds where to ask for the
	// scopes; "" leaves it out.
	ResourceMetadataURL string
}

// RequireScopes returns h, answering a tools/call whose bearer token
// lacks one of the called tool's scopes with the OAuth step-up challenge
// before h sees it: HTTP 403 with
//
//	WWW-Authenticate: Bearer error="insufficient_scope", scope="the tool's scopes"
//
// from which a client asks its authorization server for a token with
// those scopes and calls again. It goes inside the go-sdk's
// auth.RequireBearerToken, which puts the token's TokenInfo in the
// request's context: a request without one, and every request but a
// tools/call of one of tools that declares scopes, goes to h unchanged
// (the handler of a tool with scopes refuses a call without a token).
// The generated handlers refuse the same calls themselves, as a tool
// error, so a server that serves without this wrapper is no less safe;
// it only offers the client no way to step up. It reads the body as the
// go-sdk's streamable handler does, and checks every tools/call in it
// (each of a batch); a body it cannot read so is refused, with 413 past
// the tools' largest Limits.ArgumentBytes (WithLimits) and 64 KiB, with 400 when it is no JSON-RPC
// (docs/security.md).
func RequireScopes(h http.Handler, tools []Tool, opts *StepUpOptions) http.Handler {
	scopes := map[string][]string{}
	for _, t := range tools {
		if len(t.Scopes) > 0 {
			scopes[t.Tool.Name] = t.Scopes
		}
	}
	metadata := ""
	if opts != nil {
		metadata = opts.ResourceMetadataURL
	}
	limit := maxBodyBytes(tools)
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		info := auth.TokenInfoFromContext(req.Context())
		if info == nil || req.Method != http.MethodPost || req.Body == nil || len(scopes) == 0 {
			h.ServeHTTP(w, req)
			return
		}
		calls, bad := readToolCalls(req, limit)
		if bad != nil {
			bad.write(w)
			return
		}
		for _, call := range calls {
			required := scopes[call.Name]
			if missing := MissingScopes(required, info.Scopes); len(missing) > 0 {
				challenge := fmt.Sprintf("Bearer error=%q, scope=%q", "insufficient_scope", strings.Join(required, " "))
				if metadata != "" {
					challenge += fmt.Sprintf(", resource_metadata=%q", metadata)
				}
				w.Header().Set("WWW-Authenticate", challenge)
				http.Error(w, (&InsufficientScope{Tool: call.Name, Missing: missing}).Error(), http.StatusForbidden)
				return
			}
		}
		h.ServeHTTP(w, req)
	})
}

// InsufficientScope refuses a call of a tool by a caller whose bearer
// token lacks some of the tool's scopes, or who sent none: the generated
// handler's tool error, and the body of RequireScopes's 403, say it.
type InsufficientScope struct {
	Tool    string   // the tool called
	Missing []string // the tool's scopes that the token lacks
	// NoToken is set when the call carried no token at all: it came over
	// stdio, SSE or in memory, or over streamable HTTP without
	// auth.RequireBearerToken in front; Missing holds all the scopes.
	NoToken bool
}

func (e *InsufficientScope) Error() string {
	if e.NoToken {
		return fmt.Sprintf("insufficient_scope: tool %s requires the OAuth scopes %q, and the call carries no bearer token: the server serves it only over streamable HTTP behind auth.RequireBearerToken", e.Tool, strings.Join(e.Missing, " "))
	}
	return fmt.Sprintf("insufficient_scope: tool %s requires the OAuth scopes %q, which the token lacks", e.Tool, strings.Join(e.Missing, " "))
}

// scopesRefusal returns why the call req of the tool name may not run,
// nil when it may: a tool with scopes runs only for a token
// (req.Extra.TokenInfo, which the go-sdk's streamable HTTP handler takes
// from auth.RequireBearerToken) that holds them all. A call without one
// is refused, never let through: the go-sdk's SSE transport, stdio and
// in-memory connections carry no token, whatever guards the endpoint.
func scopesRefusal(name string, scopes []string, req *mcp.CallToolRequest) *InsufficientScope {
	if len(scopes) == 0 {
		return nil
	}
	if req.Extra == nil || req.Extra.TokenInfo == nil {
		return &InsufficientScope{Tool: name, Missing: scopes, NoToken: true}
	}
	if missing := MissingScopes(scopes, req.Extra.TokenInfo.Scopes); len(missing) > 0 {
		return &InsufficientScope{Tool: name, Missing: missing}
	}
	return nil
}

// guardScopes returns h, answering a call that scopesRefusal refuses
// with a tool error that says why, without running h.
func guardScopes(name string, scopes []string, h mcp.ToolHandler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if err := scopesRefusal(name, scopes, req); err != nil {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}, IsError: true}, nil
		}
		return h(ctx, req)
	}
}

// scopesCheckedKey marks the context of a call with the name of the tool
// whose scopes AddTools checked, as the Tool held them when registered:
// the check of the generated handler, of the scopes it was generated
// with, then steps aside, so that a server that changed Scopes before
// registering is obeyed, and ScopesHeld and the handler agree.
type scopesCheckedKey struct{}

// registeredHandler returns t's Handler as AddTools registers it:
// checking t.Scopes as they are now.
func registeredHandler(t Tool) mcp.ToolHandler {
	name := t.Tool.Name
	h := t.Handler
	if t.Task != "" {
		h = taskGate(t.Task, t.StartsTask, precheck(t.steps, t.limits), h) // inside the scopes: a caller without them gets no task
	}
	h = guardScopes(name, slices.Clone(t.Scopes), h)
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return h(context.WithValue(ctx, scopesCheckedKey{}, name), req)
	}
}

func init() {
	rtlink.GuardScopes = func(name string, scopes []string, h mcp.ToolHandler) mcp.ToolHandler {
		guarded := guardScopes(name, slices.Clone(scopes), h)
		return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			if checked, _ := ctx.Value(scopesCheckedKey{}).(string); checked == name {
				return h(ctx, req)
			}
			return guarded(ctx, req)
		}
	}
}
