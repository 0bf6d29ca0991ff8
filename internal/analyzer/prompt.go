package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"github.com/mcptag/mcptag/internal/argmodel"
	"github.com/mcptag/mcptag/internal/directive"
	"github.com/mcptag/mcptag/internal/finding"
	"github.com/mcptag/mcptag/internal/naming"
)

// A Decl is what a prompt and a resource share: their names, their
// description, and the function that serves them.
type Decl struct {
	Name        string
	Title       string
	Description string
	Pos         token.Pos            // the function's name
	Directive   *directive.Directive // the parsed //mcp: line
	Func        *types.Func          // the function or method
	Handler
	// Arguments are a prompt's arguments or a resource template's
	// variables, each text, as the generated handler checks them.
	Arguments *argmodel.Input
	Error     bool   // the last result is an error
	Icons     []Icon // icon= and icon-dark=
}

// A Prompt is one //mcp:prompt function or method.
type Prompt struct {
	Decl
	Result PromptResult
}

// PromptResult says what a prompt function returns (docs/prompts.md).
type PromptResult int

const (
	PromptText     PromptResult = iota // a string: one message from the user
	PromptMessages                     // []*mcp.PromptMessage
	PromptSDK                          // *mcp.GetPromptResult, as it is
)

// newDecl starts the Decl of fn, declared by fd with directive dir.
func newDecl(fd *ast.FuncDecl, fn *types.Func, dir *directive.Directive) Decl {
	d := Decl{Name: dir.Name, Title: dir.Title, Pos: fd.Name.Pos(), Directive: dir, Func: fn}
	if d.Name == "" {
		d.Name = naming.SnakeCase(fn.Name())
	}
	return d
}

// prompt analyzes the function declaration fd of fn, whose directive is
// dir; nil when it cannot be a prompt.
func (a *analysis) prompt(fd *ast.FuncDecl, fn *types.Func, dir *directive.Directive) *Prompt {
	p := &Prompt{Decl: newDecl(fd, fn, dir)}
	sig := fn.Type().(*types.Signature)
	bad := func(format string, args ...any) bool {
		a.errorf(p.Pos, finding.CatSignature, "%s: "+format+"; want func([ctx context.Context,] [req *mcp.GetPromptRequest,] args...) (string | []*mcp.PromptMessage | *mcp.GetPromptResult[, error])",
			append([]any{p.Name}, args...)...)
		return false
	}
	h, ok := a.handler(sig, "prompt", "GetPromptRequest", bad)
	if !ok || !a.promptResult(p, sig.Results(), bad) {
		return nil
	}
	p.Handler = h
	docs, doc := a.paramDocs(p.Name, p.Args, p.Params, nil, fd.Doc)
	p.Description = describe(fn.Name(), CommentText(doc))
	if !a.textArguments(&p.Decl, "prompt argument", "a prompt's arguments are strings; want a string type, or a pointer to one for an optional argument") {
		return nil
	}
	p.Arguments = a.input(p.Pos, p.Args, p.Params, docs)
	a.noHeaders(p.Arguments, "a prompt's arguments")   // headers.go
	a.noEnumNames(p.Arguments, "a prompt's arguments") // elicit.go
	p.Icons = a.icons(dir)
	for _, f := range p.Arguments.Root.Fields {
		f.Value.Description = withValues(f.Value.Description, f.Value.Enum)
	}
	return p
}

// maxListedValues is how many of an argument's values its description
// lists; completion/complete offers them all.
const maxListedValues = 30

// withValues adds to the description of a prompt argument the values it
// takes, if it has an enum: a client shows the user, and the model, only
// a prompt argument's description, and completion is optional in
// clients. "the city to visit" becomes "the city to visit (one of:
// Cairo, London, Reykjavik)"; a description that ends a sentence gets one
// more: "One of: Cairo, London, Reykjavik."
func withValues(desc string, enum []any) string {
	if len(enum) == 0 {
		return desc
	}
	var values []string
	for i, e := range enum {
		if i == maxListedValues {
			values = append(values, fmt.Sprintf("and %d more", len(enum)-i))
			break
		}
		v := argmodel.EnumText(e)
		if v == "" || strings.ContainsAny(v, ",\"") || strings.TrimSpace(v) != v {
			v = strconv.Quote(v)
		}
		values = append(values, v)
	}
	list := strings.Join(values, ", ")
	switch {
	case desc == "":
		return "One of: " + list + "."
	case strings.HasSuffix(desc, ".") || strings.HasSuffix(desc, "!") || strings.HasSuffix(desc, "?"):
		return desc + " One of: " + list + "."
	}
	return desc + " (one of: " + list + ")"
}

// promptResult reads a prompt's results: one value, a string, messages
// or the go-sdk's result, and an optional error.
func (a *analysis) promptResult(p *Prompt, res *types.Tuple, bad func(string, ...any) bool) bool {
	t, ok := a.oneResult(&p.Decl, res, bad)
	switch {
	case !ok:
		return false
	case isString(t):
		p.Result = PromptText
	case isPointerTo(t, sdkPath, "GetPromptResult"):
		p.Result = PromptSDK
	case isSliceOf(t, sdkPath, "PromptMessage"):
		p.Result = PromptMessages
	default:
		return bad("unsupported result type %s", a.typeString(t))
	}
	return true
}

// oneResult reads the results of a prompt or resource function, one
// value and an optional error, and returns the value's type.
func (a *analysis) oneResult(d *Decl, res *types.Tuple, bad func(string, ...any) bool) (types.Type, bool) {
	n := res.Len()
	if n > 0 && isError(res.At(n-1).Type()) {
		d.Error = true
		n--
	}
	if n != 1 {
		return nil, bad("unsupported results %s", a.typeString(res))
	}
	return res.At(0).Type(), true
}

// A textParam is one argument of a prompt or variable of a resource, as
// its Go declaration has it: a plain parameter or a field of the struct
// parameter.
type textParam struct {
	name   string
	typ    types.Type
	pos    token.Pos
	quoted bool // a ",string" field, whose text is JSON
}

// textParams lists the arguments of d's function.
func (a *analysis) textParams(d *Decl) []textParam {
	if d.Args != ArgsStruct {
		var out []textParam
		for _, p := range d.Params {
			out = append(out, textParam{p.Name, p.Type, p.Pos, false})
		}
		return out
	}
	var out []textParam
	st, _ := deref(d.Params[0].Type)
	for _, f := range a.jsonFields(st.Underlying().(*types.Struct)) {
		out = append(out, textParam{f.Name, f.Type, f.Var.Pos(), f.Quoted})
	}
	return out
}

// textArguments reports, as signature errors at each, the arguments of
// d's function that are not strings (or pointers to strings): MCP sends
// a prompt's arguments as strings. what names an argument; want says
// what is wanted.
func (a *analysis) textArguments(d *Decl, what, want string) bool {
	ok := true
	for _, p := range a.textParams(d) {
		switch {
		case p.quoted:
			a.errorf(p.pos, finding.CatSignature, "%s: %s %q is a \",string\" field, which reads JSON inside the string: %s", d.Name, what, p.name, want)
		case !isString(derefType(p.typ)):
			a.errorf(p.pos, finding.CatSignature, "%s: %s %q has type %s: %s", d.Name, what, p.name, a.typeString(p.typ), want)
		default:
			continue
		}
		ok = false
	}
	return ok
}

// isString reports whether t is a Go string type.
func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// isInteger reports whether t is a Go integer type.
func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// derefType returns the type t points to, or t.
func derefType(t types.Type) types.Type {
	e, _ := deref(t)
	return e
}

// isSliceOf reports whether t is []*pkgPath.name.
func isSliceOf(t types.Type, pkgPath, name string) bool {
	s, ok := types.Unalias(t).(*types.Slice)
	return ok && isPointerTo(s.Elem(), pkgPath, name)
}

// A Completion is the values an argument of a prompt, or a variable of a
// resource template, may take: its enum, from the constants of its type
// or from a tag, as text.
type Completion struct {
	Arg    string
	Values []string
}

// Completions lists the arguments of d that have an enum, in order.
func (d *Decl) Completions() []Completion {
	var out []Completion
	for _, f := range d.Arguments.Root.Fields {
		if len(f.Value.Enum) == 0 {
			continue
		}
		c := Completion{Arg: f.Name}
		for _, e := range f.Value.Enum {
			c.Values = append(c.Values, argmodel.EnumText(e))
		}
		out = append(out, c)
	}
	return out
}
