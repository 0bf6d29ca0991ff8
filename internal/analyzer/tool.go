package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/mcptag/mcptag/internal/directive"
	"github.com/mcptag/mcptag/internal/finding"
	"github.com/mcptag/mcptag/internal/titles"
)

// A Tool is one //mcp:tool function or method: a declaration, as a
// prompt or a resource is one (its name, function, arguments, icons),
// plus what only tools have: annotations, a structured result and its
// schemas, a view.
type Tool struct {
	Decl
	Annotations directive.Annotations
	// Text is how a structured result is mirrored as text: "json"
	// (indented), "none", or "" for compact JSON.
	Text   string
	Result Result
	// Input is the JSON Schema of Decl.Arguments, always an object.
	Input  *jsonschema.Schema
	Output *jsonschema.Schema // nil when the result is unstructured
	// View is the part of the result the tool serves (view= and fields),
	// nil for all of it.
	View *View
	// Toolset, Scopes and Flag are the tool's place in a server's
	// inventory (toolset=, scopes=, flag=): what a server selects by and
	// the scopes the generated handler checks a caller's token for.
	Toolset string
	Scopes  []string
	Flag    string
	// Task is how the tool runs as a task (task=): directive.TaskOptional,
	// directive.TaskRequired, or "" for never.
	Task string
	// StartsTask says that the tool's function calls toolrt.StartTask: a
	// call becomes a task there, not at its start.
	StartsTask bool
	// App is the tool's MCP App (ui=), nil for none.
	App *App
	// Strict turns off the leniency toward its arguments: the directive's
	// strict, or the package's -strict.
	Strict bool
}

// ArgStyle says how a tool's parameters carry its arguments.
type ArgStyle int

const (
	ArgsNone   ArgStyle = iota // no arguments
	ArgsStruct                 // one struct parameter; its fields are the arguments
	ArgsPlain                  // each parameter is one argument
)

// A Param is one argument parameter.
type Param struct {
	Name string // the parameter's name in the source
	// Wire is the argument's name on the wire, when it is not Name: a
	// tool's plain parameter under args=snake (see WireName).
	Wire     string
	Type     types.Type
	Required bool
	Pos      token.Pos
}

// WireName returns the argument's name on the wire: Wire, or else Name.
func (p Param) WireName() string {
	if p.Wire != "" {
		return p.Wire
	}
	return p.Name
}

// ResultKind says how a tool's result fills a CallToolResult (docs/results.md).
type ResultKind int

const (
	ResultNone    ResultKind = iota // no value: () or (error)
	ResultObject                    // a struct: structuredContent is the value
	ResultMap                       // a map: an object; a nil map is sent as {}
	ResultWrapped                   // anything else with a schema: {"result": v}
	ResultText                      // unstructured: text only
	ResultContent                   // go-sdk content blocks, sent as they are, with no schema
)

// Result is the shape of a tool's results.
type Result struct {
	Kind ResultKind
	// Type is the value's Go type (nil for ResultNone); Elem is the type
	// pointed to when Type is a pointer, else Type.
	Type, Elem types.Type
	Pointer    bool
	Slice      bool // a slice or array, whose elements become one content each
	// BlockByValue says a ResultContent's blocks are go-sdk content
	// values (mcp.ResourceLink), whose pointers are the blocks.
	BlockByValue bool
	Error        bool // the last result is an error
	SDK          bool // the go-sdk shape (*mcp.CallToolResult, T, error)
	OptOut       bool // structured=false: text only, by the developer's choice
}

// tool analyzes the function declaration fd of fn, whose directive is
// dir; nil when it cannot be a tool.
func (a *analysis) tool(fd *ast.FuncDecl, fn *types.Func, dir *directive.Directive) *Tool {
	t := &Tool{Decl: newDecl(fd, fn, dir), Annotations: dir.Annotations, Text: dir.Text,
		Toolset: dir.Toolset, Scopes: dir.Scopes, Flag: dir.Flag, Task: dir.Task, Strict: dir.Strict || a.opts.Strict}
	if !a.signature(t, fd) || !a.wireNames(t, dir) {
		return nil
	}
	a.startsTask(t, fd) // starttask.go
	t.Error = t.Result.Error
	var extra []string
	if dir.Fields {
		extra = []string{"fields"}
	}
	params, doc := a.paramDocs(t.Name, t.Args, t.Params, extra, fd.Doc)
	t.Description = describe(fn.Name(), CommentText(doc))
	a.placeholders(t.Name, doc, dir) // placeholders.go
	t.Arguments = a.input(t.Pos, t.Args, t.Params, params)
	a.noEnumNames(t.Arguments, "a tool's arguments") // elicit.go
	a.outputSchema(t, dir)
	a.viewTool(t, dir, params["fields"].Text) // view.go: prunes t.Output, adds an argument
	textOnlyView(t)
	a.addShared(t) // shared.go
	t.Input = t.Arguments.Schema()
	if t.Output != nil && a.opts.Titles {
		addTitles(t)
	}
	t.Icons = a.icons(dir)
	t.App = a.app(t, dir) // apps.go
	// The handler checks the full arguments whatever the input schema
	// shows: shrinking either schema keeps the tool sound.
	cut := a.opts.Shrink.Over(dir.Shrink)
	cut.Apply(t.Input, true)
	cut.Apply(t.Output, false)
	if t.View != nil {
		cut.Apply(t.View.Full, false)
	}
	a.profile(t)      // profile.go: the handler checks the arguments whatever the schema says
	a.checkHeaders(t) // headers.go, on the input schema as served
	return t
}

// addTitles gives t's schemas the titles pydantic gives a FastMCP tool:
// the root is "<tool>Arguments" for input, the model's name for an object
// result, "<tool>Output" for a wrapped one and "<tool>DictOutput" for a
// map; properties get their title-cased names, $defs their names.
func addTitles(t *Tool) {
	titles.Add(t.Input, t.Name+"Arguments")
	if t.Output == nil {
		return
	}
	root := t.Name + "Output"
	switch t.Result.Kind {
	case ResultMap:
		root = t.Name + "DictOutput"
	case ResultObject:
		if n, ok := t.Result.Elem.(*types.Named); ok {
			root = n.Obj().Name()
		}
	}
	titles.Add(t.Output, root)
}

// textOnlyView drops the output schema of a tool whose view is sent as
// text only (structured=false): its text is the view's JSON, and no
// structuredContent is sent for a schema to describe. The view keeps the
// full schema, which the view's paths were checked against.
func textOnlyView(t *Tool) {
	if t.Result.OptOut && t.Output != nil {
		t.Output = nil
		if t.View != nil {
			t.View.TextOnly = true
		}
	}
}

// outputSchema derives the output schema of t.
func (a *analysis) outputSchema(t *Tool, dir *directive.Directive) {
	r := &t.Result
	if r.Kind == ResultNone {
		return
	}
	structured := dir.Structured
	if r.Kind == ResultContent {
		a.contentOptions(t, dir)
		return
	}
	if structured != nil && !*structured {
		r.OptOut = true
		if dir.View == "" && !dir.Fields {
			r.Kind = ResultText
			return
		}
		// A view sent as text only is resolved over the schema it would
		// have had; textOnlyView drops the schema once it has.
		structured = nil
	}
	closed := dir.Closed || a.opts.Closed
	b := a.newSchemaBuilder(closed, t.Pos)
	switch r.Kind = a.resultKind(r.Elem); r.Kind {
	case ResultText:
		switch {
		case r.OptOut: // the view says why it has nothing to view
		case structured != nil:
			a.errorf(t.Pos, finding.CatUnstructured, "%s: structured=true, but result type %s has no JSON schema (%s)",
				t.Name, a.typeString(r.Type), a.whyUnstructured(r.Elem))
		default:
			a.warnf(t.Pos, finding.CatUnstructured, "%s: result type %s degrades to unstructured text: %s%s",
				t.Name, a.typeString(r.Type), a.whyUnstructured(r.Elem), textOnPurpose(r.Elem))
		}
	case ResultObject, ResultMap:
		// toolimpl marshals the pointer a tool returns, else a copy.
		b.addressable = r.Pointer
		t.Output = b.root(r.Elem)
	case ResultWrapped:
		// toolimpl marshals a copy, and a slice's elements one by one.
		b.addressable, b.elemsByValue = false, r.Slice
		b.path = []string{"result"}
		s, nullable := b.typeSchema(r.Elem)
		if nullable && !r.Slice { // a nil slice is sent as []
			s = withNull(s)
		}
		b.path = nil
		t.Output = b.finish(b.object([]string{"result"}, []*jsonschema.Schema{s}, []string{"result"}))
	}
}

// resultKind classifies a result type by the rules of docs/results.md.
func (a *analysis) resultKind(t types.Type) ResultKind {
	probe := a.newSchemaBuilder(false, token.NoPos)
	if _, ok := probe.knownSchema(t); ok {
		return ResultWrapped
	}
	if probe.marshalMethod(t) != nil {
		return ResultWrapped
	}
	switch u := t.Underlying().(type) {
	case *types.Struct:
		if len(a.jsonFields(u)) == 0 {
			return ResultText
		}
		return ResultObject
	case *types.Map:
		return ResultMap
	case *types.Interface:
		return ResultText
	}
	return ResultWrapped
}

func (a *analysis) whyUnstructured(t types.Type) string {
	if _, ok := t.Underlying().(*types.Interface); ok {
		return "an interface type has no static JSON shape"
	}
	return "it has no exported JSON fields"
}

// textOnPurpose tells how to declare that a result of type t is text on
// purpose, where that is likely: an interface, such as the any of the
// go-sdk's (*mcp.CallToolResult, any, error), is there for no schema.
func textOnPurpose(t types.Type) string {
	if _, ok := t.Underlying().(*types.Interface); ok {
		return "; structured=false on the directive declares a text result"
	}
	return ""
}

// describe turns a Go doc comment into a tool description. Go comments
// start with the function's name ("GetWeather reports ..."), which means
// nothing to a model that knows the tool as get_weather, so it goes:
// "Reports ...". A name that is one of several subjects ("Dir and File
// refer to each other") stays. A first word that is a name as code
// writes it ("get_thing's arguments", "gRPC", "`id`") keeps its case.
func describe(funcName, doc string) string {
	rest, ok := strings.CutPrefix(doc, funcName+" ")
	if !ok || rest == "" || strings.HasPrefix(rest, "and ") || strings.HasPrefix(rest, "or ") {
		return doc
	}
	if first, _, _ := strings.Cut(rest, " "); codeName(first) {
		return rest
	}
	r, size := utf8.DecodeRuneInString(rest)
	return string(unicode.ToUpper(r)) + rest[size:]
}

// codeName reports whether word is spelled as code, not as English: it
// holds an underscore, a dot inside it, a backquote or an upper-case
// letter after its first, which a capital would garble.
func codeName(word string) bool {
	word = strings.TrimRight(word, ".,;:")
	if strings.ContainsAny(word, "_`") || strings.Contains(word, ".") {
		return true
	}
	for i, r := range word {
		if i > 0 && unicode.IsUpper(r) {
			return true
		}
	}
	return false
}
