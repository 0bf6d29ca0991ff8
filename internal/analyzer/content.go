package analyzer

import (
	"go/token"
	"go/types"

	"github.com/mcptag/mcptag/internal/finding"
)

// contentResult reports a finding, at pos, and returns true if the tool
// t's result type is one of the go-sdk's content blocks (*mcp.ImageContent,
// *mcp.AudioContent, *mcp.ResourceLink, *mcp.EmbeddedResource, ...), the
// mcp.Content interface, or a slice or array of them. Served as a value,
// such a result would reach the client as text holding the block's JSON,
// not as the image or link it is; the shape that sends blocks is the
// go-sdk's, with the blocks in the result's Content.
func (a *analysis) contentResult(t *Tool, typ types.Type, pos token.Pos) bool {
	block, many := contentBlock(typ)
	if block == nil {
		return false
	}
	what := "a content block"
	if many {
		what = "content blocks"
	}
	a.errorf(pos, finding.CatSignature, "%s: result %s would reach the client as text, its JSON, not as %s; "+
		"put the blocks in a result's Content instead: func(...) (*mcp.CallToolResult, any, error) with structured=false on the directive",
		t.Name, a.shortTypeString(typ), what)
	return true
}

// shortTypeString is t as Go code that imports its packages by their
// names would write it: *mcp.ImageContent.
func (a *analysis) shortTypeString(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string {
		if p == a.pkg {
			return ""
		}
		return p.Name()
	})
}

// contentBlock returns the content block type that typ is, points to, or
// holds as a slice or array (many), or nil if typ is no content.
func contentBlock(typ types.Type) (block types.Type, many bool) {
	elem := types.Unalias(typ)
	switch u := elem.Underlying().(type) {
	case *types.Slice:
		elem, many = u.Elem(), true
	case *types.Array:
		elem, many = u.Elem(), true
	}
	if isContent(elem) {
		return elem, many
	}
	return nil, false
}

// isContent reports whether t is the go-sdk's mcp.Content interface, or
// implements it directly or through a pointer (the go-sdk's content types
// have pointer receivers): only the go-sdk's own types can, since the
// interface has an unexported method.
func isContent(t types.Type) bool {
	if _, isPtr := types.Unalias(t).(*types.Pointer); !isPtr && implementsContent(types.NewPointer(t)) {
		return true
	}
	return implementsContent(t)
}

// implementsContent reports whether t is or implements mcp.Content.
func implementsContent(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if p, isPtr := types.Unalias(t).(*types.Pointer); isPtr {
		n, ok = types.Unalias(p.Elem()).(*types.Named)
	}
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != sdkPath {
		return false
	}
	content, _ := n.Obj().Pkg().Scope().Lookup("Content").(*types.TypeName)
	if content == nil {
		return false
	}
	iface, _ := content.Type().Underlying().(*types.Interface)
	return iface != nil && (types.Identical(t, content.Type()) || types.Implements(t, iface))
}
