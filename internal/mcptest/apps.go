package mcptest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"testing"

	"github.com/mcptag/mcptag/internal/uiext"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// AppSession is Session with a client that declares the MCP Apps
// extension, to which a server lists its tools' _meta.ui.
func AppSession(t *testing.T, register func(*mcp.Server)) *mcp.ClientSession {
	t.Helper()
	caps := &mcp.ClientCapabilities{}
	caps.AddExtension(uiext.Extension, map[string]any{"mimeTypes": []string{uiext.MIMEType}})
	return session(t, nil, &mcp.ClientOptions{Capabilities: caps}, register)
}

// servedApps checks each app of a snapshot's "apps" against what the
// server of cs serves: its page's resource reads as one text content of
// the app's MIME type, whose SHA-256 is the record's.
func servedApps(t *testing.T, cs *mcp.ClientSession, apps map[string]any) {
	t.Helper()
	for tool, v := range apps {
		app, _ := v.(map[string]any)
		uri, _ := app["resourceUri"].(string)
		res, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: uri})
		if err != nil {
			t.Errorf("%s: reading its page %s: %v", tool, uri, err)
			continue
		}
		if len(res.Contents) != 1 || res.Contents[0].MIMEType != uiext.MIMEType {
			t.Errorf("%s: %s reads as %+v, want one text/html;profile=mcp-app content", tool, uri, res.Contents)
			continue
		}
		sum := sha256.Sum256([]byte(res.Contents[0].Text))
		if got := hex.EncodeToString(sum[:]); got != app["sha256"] {
			t.Errorf("%s: its page reads with sha256 %s, the snapshot says %v", tool, got, app["sha256"])
		}
	}
}
