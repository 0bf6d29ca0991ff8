// Package toolrt holds what a server that serves mcptag's generated code
// sets, calls or meets: the limits on one call's arguments, the helpers
// that combine completion handlers, the errors a tool may see
// (InputRequired, ArgError), and the tools as data (Tool), with the
// selections a server makes of them, the check of their OAuth scopes
// over HTTP (RequireScopes), and the pages of the tools shown as MCP
// Apps (AppPage), which AddTools serves with the extension; and the
// error of a generated typed client whose tool failed (ToolError). Its API is covered by the module's
// compatibility promise (docs/compat.md).
//
// What only generated code calls is package toolimpl, whose promise is
// narrower: it keeps existing generated code working, through the
// generated file's version pin, and nothing more.
package toolrt
