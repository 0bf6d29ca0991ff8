package lint

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/finding"
)

// elicitFindings reports the calls of the package's generated
// Elicit<Type> functions whose error cannot reach a return of the tool as
// it is, or wrapped with %w: on protocol 2026-07-28 that error is how the
// form is asked (an *toolrt.InputRequired, which the generated handler
// finds with errors.As), and its text alone asks nothing. It reads the
// bodies of src with info, one walk a function, and only in a package
// that declares a form.
func elicitFindings(src []*ast.File, info *types.Info, pkg *analyzer.Package) []finding.Finding {
	forms := map[types.Object]string{}
	for _, f := range pkg.Forms {
		if obj := pkg.Types.Scope().Lookup(f.Func); obj != nil {
			forms[obj] = f.Func
		}
	}
	if len(forms) == 0 {
		return nil
	}
	e := &elicitCheck{info: info, forms: forms}
	for _, file := range src {
		for _, decl := range file.Decls {
			if fd, ok := decl.(*ast.FuncDecl); ok && fd.Body != nil {
				e.function(fd.Body)
			}
		}
	}
	return e.findings
}

type elicitCheck struct {
	info     *types.Info
	forms    map[types.Object]string // the Elicit<Type> functions, by object
	findings []finding.Finding
}

// function checks the calls of Elicit<Type> in one function body.
func (e *elicitCheck) function(body *ast.BlockStmt) {
	ast.Inspect(body, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.AssignStmt:
			if name, call := e.elicitCall(s.Rhs); name != "" && len(s.Lhs) == 3 {
				e.errorOf(body, name, call, s.Lhs[2])
			}
		case *ast.ExprStmt:
			if name, call := e.elicitCall([]ast.Expr{s.X}); name != "" {
				e.report(call, name+"'s results are dropped, its error with them: on protocol 2026-07-28 that error is how the form is asked; return it")
			}
		}
		return true
	})
}

// elicitCall returns the name of the Elicit<Type> function that rhs, one
// call, calls, and the call; "" if it is none.
func (e *elicitCheck) elicitCall(rhs []ast.Expr) (string, *ast.CallExpr) {
	if len(rhs) != 1 {
		return "", nil
	}
	call, ok := ast.Unparen(rhs[0]).(*ast.CallExpr)
	if !ok {
		return "", nil
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return "", nil
	}
	return e.forms[e.info.Uses[id]], call
}

// errorOf checks what body does with the error of the call of name,
// assigned to lhs: each use that keeps only its text is a finding; so is
// no use that can carry it to a return.
func (e *elicitCheck) errorOf(body *ast.BlockStmt, name string, call *ast.CallExpr, lhs ast.Expr) {
	id, ok := lhs.(*ast.Ident)
	if !ok {
		return // a field or an element: where it goes is not followed
	}
	v := e.info.ObjectOf(id)
	if v == nil || id.Name == "_" {
		e.report(call, "the error of "+name+" is discarded: on protocol 2026-07-28 that error is how the form is asked; return it")
		return
	}
	carried, lost := false, false
	walkWithParent(body, func(n, parent ast.Node) {
		use, ok := n.(*ast.Ident)
		if !ok || use == id || e.info.Uses[use] != v {
			return
		}
		switch how := e.use(use, parent); how {
		case useCarries:
			carried = true
		case useNeutral:
		default:
			lost = true
			e.report(parent, fmt.Sprintf("%s keeps only the text of the error of %s: on protocol 2026-07-28 the form is asked only when that error reaches the tool's return as it is or wrapped with %%w", how, name))
			e.findings[len(e.findings)-1].Fix = wrapFix(parent)
		}
	})
	if !carried && !lost {
		e.report(call, "the error of "+name+" never reaches a return: on protocol 2026-07-28 that error is how the form is asked; return it, as it is or wrapped with %w")
	}
}

// What a use of the error does with it: carries it on (a return, a %w,
// anything not followed), looks at it (err != nil, errors.Is), or, in a
// use's own words, keeps only its text.
const (
	useCarries = ""
	useNeutral = "-"
)

// use classifies one use of the error, whose parent node is parent.
func (e *elicitCheck) use(use *ast.Ident, parent ast.Node) string {
	switch p := parent.(type) {
	case *ast.BinaryExpr:
		return useNeutral // err != nil
	case *ast.SelectorExpr:
		if p.Sel.Name == "Error" {
			return "err.Error()"
		}
	case *ast.CallExpr:
		return e.callUse(p)
	}
	return useCarries
}

// callUse classifies the error passed to call.
func (e *elicitCheck) callUse(call *ast.CallExpr) string {
	switch fn := calledFunc(e.info, call); fn {
	case "errors.Is", "errors.As":
		return useNeutral
	case "fmt.Errorf":
		if format, ok := constantString(e.info, call.Args[0]); ok && !strings.Contains(format, "%w") {
			return "fmt.Errorf without %w"
		}
	case "fmt.Sprintf", "fmt.Sprint", "fmt.Sprintln", "errors.New":
		return fn
	}
	return useCarries
}

// wrapFix writes %w for the one verb of a fmt.Errorf call, use, whose
// format is a literal with one verb (%v or %s) for its one argument.
func wrapFix(use ast.Node) *finding.Fix {
	call, ok := use.(*ast.CallExpr)
	if !ok || len(call.Args) != 2 {
		return nil
	}
	lit, ok := call.Args[0].(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING || strings.Count(strings.ReplaceAll(lit.Value, "%%", ""), "%") != 1 {
		return nil
	}
	for _, verb := range []string{"%v", "%s"} {
		if strings.Contains(lit.Value, verb) {
			return &finding.Fix{Message: "wrap the error with %w", Pos: lit.Pos(), End: lit.End(), NewText: strings.Replace(lit.Value, verb, "%w", 1)}
		}
	}
	return nil
}

// calledFunc names the package-level function that call calls,
// "pkg.Name", or "".
func calledFunc(info *types.Info, call *ast.CallExpr) string {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	fn, ok := info.Uses[sel.Sel].(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return ""
	}
	return fn.Pkg().Path() + "." + fn.Name()
}

// constantString returns the value of x when it is a constant string.
func constantString(info *types.Info, x ast.Expr) (string, bool) {
	tv, ok := info.Types[x]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

func (e *elicitCheck) report(at ast.Node, msg string) {
	e.findings = append(e.findings, finding.Finding{Pos: at.Pos(), End: at.End(), Category: finding.CatElicit, Message: msg})
}

// walkWithParent calls visit with every node below root and its parent.
func walkWithParent(root ast.Node, visit func(n, parent ast.Node)) {
	var stack []ast.Node
	ast.Inspect(root, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if len(stack) > 0 {
			visit(n, stack[len(stack)-1])
		}
		stack = append(stack, n)
		return true
	})
}
