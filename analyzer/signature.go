package analyzer

import (
	"go/ast"
	"go/types"
)

const sdkPath = "github.com/modelcontextprotocol/go-sdk/mcp"

// signature fills in t's parameter and result shapes (docs/results.md), reporting
// a finding and returning false for a shape mcptag cannot register.
func (a *analysis) signature(t *Tool, fd *ast.FuncDecl) bool {
	sig := t.Func.Type().(*types.Signature)
	bad := func(format string, args ...any) bool {
		a.errorf(t.Pos, CatSignature, "%s: "+format+"; want func([ctx context.Context,] [req *mcp.CallToolRequest,] args...) ([T,] [error])", append([]any{t.Name}, args...)...)
		return false
	}
	if sig.TypeParams().Len() > 0 || sig.RecvTypeParams().Len() > 0 {
		return bad("a generic function cannot be a tool")
	}
	if sig.Variadic() {
		return bad("a variadic function cannot be a tool")
	}
	if recv := sig.Recv(); recv != nil {
		rt, _ := deref(recv.Type())
		n, ok := rt.(*types.Named)
		if !ok {
			return bad("unsupported receiver type %s", a.typeString(recv.Type()))
		}
		t.Recv = n
	}
	params := sig.Params()
	i := 0
	if i < params.Len() && isNamed(params.At(i).Type(), "context", "Context") {
		t.Context = true
		i++
	}
	if i < params.Len() && isPointerTo(params.At(i).Type(), sdkPath, "CallToolRequest") {
		t.Request = true
		i++
	}
	rest := params.Len() - i
	if rest == 1 && isStruct(params.At(i).Type()) {
		t.Args = ArgsStruct
		t.Params = []Param{{Name: params.At(i).Name(), Type: params.At(i).Type(), Required: true, Pos: params.At(i).Pos()}}
	} else if rest > 0 {
		t.Args = ArgsPlain
		for ; i < params.Len(); i++ {
			p := params.At(i)
			if isNamed(p.Type(), "context", "Context") || isPointerTo(p.Type(), sdkPath, "CallToolRequest") {
				return bad("parameter %s must come first", a.typeString(p.Type()))
			}
			if p.Name() == "" || p.Name() == "_" {
				return bad("every argument parameter needs a name: it is the argument's name")
			}
			_, isPtr := p.Type().Underlying().(*types.Pointer)
			t.Params = append(t.Params, Param{Name: p.Name(), Type: p.Type(), Required: !isPtr, Pos: p.Pos()})
		}
	}
	return a.results(t, sig.Results(), bad)
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
