package toolrt

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/auth"
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
// tools/call of one of tools that declares scopes, goes to h unchanged.
// The generated handlers refuse the same calls themselves, as a tool
// error, so a server that serves without this wrapper is no less safe;
// it only offers the client no way to step up. It reads the body as the
// go-sdk's streamable handler does, and checks every tools/call in it
// (each of a batch); a body it cannot read so is refused, with 413 past
// MaxArgumentBytes and 64 KiB, with 400 when it is no JSON-RPC
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
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		info := auth.TokenInfoFromContext(req.Context())
		if info == nil || req.Method != http.MethodPost || req.Body == nil || len(scopes) == 0 {
			h.ServeHTTP(w, req)
			return
		}
		calls, bad := readToolCalls(req)
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
// token lacks some of the tool's scopes: the generated handler's tool
// error, and the body of RequireScopes's 403, say it.
type InsufficientScope struct {
	Tool    string   // the tool called
	Missing []string // the tool's scopes that the token lacks
}

func (e *InsufficientScope) Error() string {
	return fmt.Sprintf("insufficient_scope: tool %s requires the OAuth scopes %q, which the token lacks", e.Tool, strings.Join(e.Missing, " "))
}
