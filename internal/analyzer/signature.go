package analyzer

import (
	"go/ast"
	"go/types"

	"github.com/mcptag/mcptag/internal/finding"
)

const sdkPath = "github.com/modelcontextprotocol/go-sdk/mcp"

// signature fills in t's parameter and result shapes (docs/results.md), reporting
// a finding and returning false for a shape mcptag cannot register.
func (a *analysis) signature(t *Tool, fd *ast.FuncDecl) bool {
	sig := t.Func.Type().(*types.Signature)
	bad := func(format string, args ...any) bool {
		a.errorf(t.Pos, finding.CatSignature, "%s: "+format+"; want func([ctx context.Context,] [req *mcp.CallToolRequest,] args...) ([T,] [error]), or the go-sdk's (*mcp.CallToolResult, T, error)", append([]any{t.Name}, args...)...)
		return false
	}
	h, ok := a.handler(sig, "tool", "CallToolRequest", bad)
	if !ok {
		return false
	}
	t.Recv, t.Context, t.Request, t.Args, t.Params = h.Recv, h.Context, h.Request, h.Args, h.Params
	t.Shared, t.SharedPtr = h.Shared, h.SharedPtr
	return a.results(t, sig.Results(), bad)
}

// A Handler is how the go-sdk's handler of a declaration calls its
// function: the receiver it is bound to, and what fills its parameters.
type Handler struct {
	Recv    *types.Named // the receiver's named type for a method, else nil
	Context bool         // the first parameter is a context.Context
	Request bool         // the go-sdk's request follows
	// Shared says that the package's shared arguments (//mcp:shared)
	// follow, as their struct type, or a pointer to it when SharedPtr.
	Shared, SharedPtr bool
	Args              ArgStyle
	Params            []Param
}

// handler reads the receiver and parameters of sig, the function of
// a declaration of kind what: an optional context.Context, an optional
// *mcp.<request>, then one struct or plain parameters (docs/results.md).
// bad reports what is wrong.
func (a *analysis) handler(sig *types.Signature, what, request string, bad func(string, ...any) bool) (h Handler, ok bool) {
	if sig.TypeParams().Len() > 0 || sig.RecvTypeParams().Len() > 0 {
		return h, bad("a generic function cannot be a %s", what)
	}
	if sig.Variadic() {
		return h, bad("a variadic function cannot be a %s", what)
	}
	if recv := sig.Recv(); recv != nil {
		rt, _ := deref(recv.Type())
		n, ok := rt.(*types.Named)
		if !ok {
			return h, bad("unsupported receiver type %s", a.typeString(recv.Type()))
		}
		h.Recv = n
	}
	params := sig.Params()
	for i := range params.Len() {
		if t := params.At(i).Type(); isPointerTo(types.NewPointer(t), sdkPath, request) {
			return h, bad("the request parameter must be a pointer: write %s *mcp.%s", paramName(params.At(i)), request)
		}
	}
	i := 0
	if i < params.Len() && isNamed(params.At(i).Type(), "context", "Context") {
		h.Context = true
		i++
	}
	if i < params.Len() && isPointerTo(params.At(i).Type(), sdkPath, request) {
		h.Request = true
		i++
	}
	if i < params.Len() && what == "tool" && a.shared != nil {
		if t, ptr := deref(params.At(i).Type()); types.Identical(t, a.shared.Type) {
			h.Shared, h.SharedPtr = true, ptr
			i++
		}
	}
	rest := params.Len() - i
	if rest == 1 && isStruct(params.At(i).Type()) {
		h.Args = ArgsStruct
		h.Params = []Param{{Name: params.At(i).Name(), Type: params.At(i).Type(), Required: true, Pos: params.At(i).Pos()}}
		return h, true
	}
	if rest > 0 {
		h.Args = ArgsPlain
	}
	for ; i < params.Len(); i++ {
		p := params.At(i)
		if isNamed(p.Type(), "context", "Context") || isPointerTo(p.Type(), sdkPath, request) {
			return h, bad("parameter %s must come first", a.typeString(p.Type()))
		}
		if p.Name() == "" || p.Name() == "_" {
			return h, bad("every argument parameter needs a name: it is the argument's name")
		}
		_, isPtr := p.Type().Underlying().(*types.Pointer)
		h.Params = append(h.Params, Param{Name: p.Name(), Type: p.Type(), Required: !isPtr, Pos: p.Pos()})
	}
	return h, true
}

// results reads the result shapes: (), (error), (T), (T, error) and the
// go-sdk handler's (*mcp.CallToolResult, T, error).
func (a *analysis) results(t *Tool, res *types.Tuple, bad func(string, ...any) bool) bool {
	n := res.Len()
	r := &t.Result
	if n > 0 && isError(res.At(n-1).Type()) {
		r.Error = true
		n--
	}
	switch {
	case n == 0:
		r.Kind = ResultNone
		return true
	case n == 2 && r.Error && isPointerTo(res.At(0).Type(), sdkPath, "CallToolResult"):
		r.SDK = true
		r.Type = res.At(1).Type()
	case n == 1:
		r.Type = res.At(0).Type()
	default:
		return bad("unsupported results %s", a.typeString(res))
	}
	if isPointerTo(r.Type, sdkPath, "CallToolResult") && !r.SDK {
		return bad("unsupported results (*mcp.CallToolResult%s): the go-sdk's shape has the structured result T between them, with T any and structured=false for none", map[bool]string{true: ", error"}[r.Error])
	}
	if isContent, ok := a.contentResult(t, r, r.Type, res.At(n-1).Pos()); isContent {
		return ok
	}
	if isError(r.Type) || isPointerTo(r.Type, sdkPath, "CallToolResult") {
		return bad("unsupported results %s", a.typeString(res))
	}
	r.Elem, r.Pointer = r.Type, false
	if p, ok := r.Type.(*types.Pointer); ok {
		r.Elem, r.Pointer = p.Elem(), true
	}
	switch u := r.Elem.Underlying().(type) {
	case *types.Slice:
		r.Slice = !isByteSlice(u)
	case *types.Array:
		r.Slice = true
	}
	r.Kind = ResultWrapped // refined once schemas are built
	return true
}

// paramName is how a message names parameter p: its name, or "req".
func paramName(p *types.Var) string {
	if p.Name() == "" || p.Name() == "_" {
		return "req"
	}
	return p.Name()
}

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// isNamed reports whether t is the named type or alias pkgPath.name.
func isNamed(t types.Type, pkgPath, name string) bool {
	var obj *types.TypeName
	switch t := t.(type) {
	case *types.Named:
		obj = t.Obj()
	case *types.Alias:
		obj = t.Obj()
	default:
		return false
	}
	return obj.Name() == name && obj.Pkg() != nil && obj.Pkg().Path() == pkgPath
}

// isPointerTo reports whether t is *pkgPath.name. The go-sdk declares
// CallToolRequest as an alias of ServerRequest[*CallToolParamsRaw], so
// the alias is resolved when the name does not match directly.
func isPointerTo(t types.Type, pkgPath, name string) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	if isNamed(p.Elem(), pkgPath, name) {
		return true
	}
	if n, ok := types.Unalias(p.Elem()).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkgPath {
		if a, ok := n.Obj().Pkg().Scope().Lookup(name).(*types.TypeName); ok {
			return types.Identical(a.Type(), n)
		}
	}
	return false
}
