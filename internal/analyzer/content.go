package analyzer

import (
	"go/token"
	"go/types"

	"github.com/mcptag/mcptag/internal/directive"
	"github.com/mcptag/mcptag/internal/finding"
)

// contentResult reports whether typ, the result type of the tool t, is
// one of the go-sdk's content blocks (*mcp.ImageContent,
// *mcp.AudioContent, *mcp.ResourceLink, *mcp.EmbeddedResource,
// *mcp.TextContent, or any of them by value), the mcp.Content interface,
// or a slice or array of them; if so, it fills r for a result whose
// blocks are the content, with no schema (docs/results.md). A block that
// only sampling messages may carry (tool use, tool results) is a
// finding at pos, and ok false.
func (a *analysis) contentResult(t *Tool, r *Result, typ types.Type, pos token.Pos) (isContent, ok bool) {
	block, many := contentBlock(typ)
	if block == nil {
		return false, true
	}
	if name := samplingOnly(block); name != "" {
		a.errorf(pos, finding.CatSignature, "%s: result %s: a tool result cannot hold mcp.%s, which only sampling messages carry; "+
			"return text, images, audio, resource links or embedded resources", t.Name, a.shortTypeString(typ), name)
		return true, false
	}
	r.Kind, r.Elem, r.Slice = ResultContent, typ, many
	_, isPtr := types.Unalias(block).(*types.Pointer)
	_, isIface := block.Underlying().(*types.Interface)
	r.BlockByValue = !isPtr && !isIface
	return true, true
}

// samplingOnly is the name of the go-sdk's content type that block is or
// points to if only sampling messages may carry it, else "".
func samplingOnly(block types.Type) string {
	if p, ok := types.Unalias(block).(*types.Pointer); ok {
		block = p.Elem()
	}
	for _, name := range []string{"ToolUseContent", "ToolResultContent"} {
		if isNamed(block, sdkPath, name) {
			return name
		}
	}
	return ""
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

// contentOptions reports the directive options of t that say how a
// structured result is sent, which content blocks, sent as they are, do
// not have: structured=true and text=.
func (a *analysis) contentOptions(t *Tool, dir *directive.Directive) {
	if dir.Structured != nil && *dir.Structured {
		a.errorf(dir.Spans["structured"].Pos, finding.CatDirective, "%s: structured=true, but content blocks have no JSON schema: they are sent as they are", t.Name)
	}
	if dir.Text != "" {
		a.errorf(dir.Spans["text"].Pos, finding.CatDirective, "%s: text=%s says how a structured result is mirrored as text; content blocks are sent as they are", t.Name, dir.Text)
	}
}
