package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"
	"strconv"

	"github.com/mcptag/mcptag/internal/finding"
)

// startTaskPath and startTaskName name toolrt.StartTask, by which a tool
// with task support becomes a task where its code says, rather than at
// its start.
const (
	startTaskPath = "github.com/mcptag/mcptag/toolrt"
	startTaskName = "StartTask"
)

// startsTask finds the calls of toolrt.StartTask in the body of fd, the
// tool t's function, and sets t.StartsTask when there is one. A tool
// without task= that calls it is an error at the call: the call never
// becomes a task there, and StartTask returns nil in silence. A call in
// a function the tool calls is not seen; the tool is then a task from
// its start, which docs/tasks.md says.
func (a *analysis) startsTask(t *Tool, fd *ast.FuncDecl) {
	f := a.fileOf(fd.Pos())
	if fd.Body == nil || f == nil {
		return
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || !isStartTask(f, call.Fun) {
			return true
		}
		if t.Task == "" {
			a.report(finding.Finding{Pos: call.Pos(), End: call.End(), Category: finding.CatDirective, Error: true, Message: fmt.Sprintf("%s calls toolrt.StartTask but does not run as a task: add task=optional or task=required to its //mcp:tool, or leave the call out", t.Name)})
		}
		t.StartsTask = true
		return true
	})
}

// isStartTask reports whether fun, a call's function in the file f, is
// toolrt.StartTask. It goes by the file's imports, not by types: function
// bodies are not type-checked when mcptag loads a package.
func isStartTask(f *ast.File, fun ast.Expr) bool {
	sel, ok := ast.Unparen(fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != startTaskName {
		return false
	}
	x, ok := sel.X.(*ast.Ident)
	if !ok {
		return false
	}
	for _, imp := range f.Imports {
		path, err := strconv.Unquote(imp.Path.Value)
		if err != nil || path != startTaskPath {
			continue
		}
		name := "toolrt"
		if imp.Name != nil {
			name = imp.Name.Name
		}
		if name == x.Name && x.Obj == nil {
			return true
		}
	}
	return false
}

// fileOf returns the file of the package that holds pos.
func (a *analysis) fileOf(pos token.Pos) *ast.File {
	for _, f := range a.files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return f
		}
	}
	return nil
}
