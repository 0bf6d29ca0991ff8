// Package apps holds the wire tests of MCP Apps: a server of tools with
// pages, registered with toolrt.AddTools, as go-sdk clients with and
// without the extension see it on both protocol eras.
package apps
