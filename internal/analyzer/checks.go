package analyzer

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/mcptag/mcptag/internal/argmodel"
	"github.com/mcptag/mcptag/internal/directive"
	"github.com/mcptag/mcptag/internal/finding"
	"github.com/mcptag/mcptag/internal/naming"
)

// checks adds the findings that matter to a reader of the code rather than
// to the generator: missing descriptions, closed schemas that are not
// closed all the way down, and tool names that look like typos. They run
// after the tools are analyzed and change nothing about them.
func (a *analysis) checks(tools []*Tool) {
	for _, t := range tools {
		a.toolPos = t.Pos
		d := t.Directive
		a.checkName(t, d)
		if t.Description == "" {
			a.warnf(t.Pos, finding.CatUndocumented, "%s has no description: a model sees only its name; add a doc comment", t.Name)
		}
		a.undocumentedArguments(t)
		a.lenientDestructive(t)
		a.taskWithoutContext(t)
		if t.Output == nil {
			continue
		}
		a.undocumentedFields(t.Result.Elem, map[types.Type]bool{})
		if a.opts.Closed || (d != nil && d.Closed) {
			a.closedExtra(t)
		}
	}
	a.toolPos = token.NoPos
}

// checkName reports default names that break the MCP name grammar (a
// function named in Unicode letters, say) and explicit names that look
// like a misspelled option.
func (a *analysis) checkName(t *Tool, d *directive.Directive) {
	if d == nil {
		return
	}
	if d.Name == "" {
		if !naming.Valid.MatchString(t.Name) {
			a.errorf(t.Pos, finding.CatName, "default tool name %q (from %s) is not valid: must match %s (%s); name the tool in the directive",
				t.Name, t.Func.Name(), naming.Valid, naming.Fault(t.Name))
		}
		return
	}
	a.checkOptionName(d)
}

// checkOptionName reports, as an error, the explicit name of directive d
// that is taken for an option (directive.OptionLike): "//mcp:tool
// readonyl" names the tool "readonyl" and leaves it writable, and
// "//mcp:prompt readonly" renames the prompt. A quoted name is meant as
// one.
func (a *analysis) checkOptionName(d *directive.Directive) {
	if d.Name == "" || d.NameQuoted {
		return
	}
	switch o, owner := directive.OptionLike(d.Kind, d.Name); {
	case o == "":
	case owner != d.Kind:
		a.errorf(d.NamePos, finding.CatName, "%[1]s name %[2]q looks like the %[3]s option %[4]s; a %[1]s takes %[5]s, and its name is its first word: quote the name to keep it: //mcp:%[1]s %[2]q",
			d.Kind, d.Name, owner, o, directive.OptionsOf(d.Kind))
	default:
		a.errorf(d.NamePos, finding.CatName, "%s name %q looks like a misspelled option %q; a name is only taken from the first word, so write the option as %s, or quote the name to keep it: //mcp:%s %q",
			d.Kind, d.Name, o, o, d.Kind, d.Name)
	}
}

// undocumentedFields reports the output properties of t, at any depth,
// whose schema gets no description: no doc or line comment on the field,
// no jsonschema tag, and no doc comment on the field's named type.
func (a *analysis) undocumentedFields(t types.Type, seen map[types.Type]bool) {
	a.outputFields(t, seen, func(owner string, f jsonField) {
		if !a.documented(f) && a.inModule(f.Var.Pkg()) {
			a.warnf(f.Var.Pos(), finding.CatUndocumented, "output field %s.%s (%q) has no description; add a doc or line comment",
				owner, f.Var.Name(), f.Name)
		}
	})
}

// outputFields calls visit with each JSON property of a struct that a
// value of t holds, at any depth, and the name of the struct that has it;
// seen holds the types already walked.
func (a *analysis) outputFields(t types.Type, seen map[types.Type]bool, visit func(owner string, f jsonField)) {
	if seen[t] {
		return
	}
	seen[t] = true
	probe := a.newSchemaBuilder(false, token.NoPos)
	if _, ok := probe.knownSchema(t); ok || probe.marshalMethod(t) != nil {
		return
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		a.outputFields(u.Elem(), seen, visit)
	case *types.Slice:
		a.outputFields(u.Elem(), seen, visit)
	case *types.Array:
		a.outputFields(u.Elem(), seen, visit)
	case *types.Map:
		a.outputFields(u.Elem(), seen, visit)
	case *types.Struct:
		owner := "an anonymous struct"
		if n, ok := t.(*types.Named); ok {
			owner = a.typeString(n)
		}
		for _, f := range a.jsonFields(u) {
			visit(owner, f)
			a.outputFields(f.Type, seen, visit)
		}
	}
}

func (a *analysis) documented(f jsonField) bool {
	if desc, _ := a.tagText(f); desc != "" || a.fieldDoc(f.Var) != "" {
		return true
	}
	t, _ := deref(f.Type)
	if n, ok := t.(*types.Named); ok {
		return a.typeDoc(n.Obj()) != ""
	}
	return false
}

// closedExtra reports a closed tool whose output schema has an
// unconstrained part ({}, from any, json.RawMessage or a MarshalJSON
// method): what the tool writes there can hold properties no schema
// declares, so "closed" promises more than it keeps.
func (a *analysis) closedExtra(t *Tool) {
	var paths []string
	seen := map[*jsonschema.Schema]bool{}
	var walk func(s *jsonschema.Schema, path string)
	walk = func(s *jsonschema.Schema, path string) {
		if s == nil || seen[s] {
			return
		}
		seen[s] = true
		if isEmpty(s) {
			paths = append(paths, path)
			return
		}
		if name, ok := refName(s); ok {
			walk(t.Output.Defs[name], path)
			return
		}
		for _, name := range propertyNames(s) {
			walk(s.Properties[name], joinPath(path, name))
		}
		walk(s.Items, path+"[]")
		if ap := s.AdditionalProperties; ap != nil && ap.Not == nil {
			walk(ap, path+"[key]")
		}
		for _, sub := range s.AnyOf {
			walk(sub, path)
		}
	}
	walk(t.Output, "")
	if len(paths) == 0 {
		return
	}
	for i, p := range paths {
		if p == "" {
			paths[i] = "the result"
		}
	}
	a.warnf(t.Pos, finding.CatClosedExtra, "%s is closed, but its output has an unconstrained schema {} at %s (any, json.RawMessage or a MarshalJSON method): it can emit properties no schema declares",
		t.Name, strings.Join(paths, ", "))
}

func propertyNames(s *jsonschema.Schema) []string {
	if len(s.PropertyOrder) == len(s.Properties) {
		return s.PropertyOrder
	}
	var names []string
	for name := range s.Properties {
		names = append(names, name)
	}
	return names
}

func joinPath(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// duplicateNames reports JSON names that encoding/json drops from struct
// st because two fields at the same depth claim them: both vanish when
// neither or both are tagged, the untagged one when only one is. (A
// shallower field hiding a deeper one is ordinary Go shadowing and is not
// reported.) The finding sits at the field of st that brings the losing
// field in. fields are the candidates jsonFields gives dominantFields.
func (a *analysis) duplicateNames(st *types.Struct, fields []jsonField) {
	order, groups := groupByName(fields)
	for _, name := range order {
		atDepth, tagged := shallowest(groups[name])
		if len(atDepth) < 2 {
			continue
		}
		label := func(f jsonField) string {
			top := st.Field(f.index[0])
			if len(f.index) == 1 {
				return top.Name()
			}
			return top.Name() + "." + f.Var.Name()
		}
		var names []string
		for _, f := range atDepth {
			names = append(names, label(f))
		}
		at := st.Field(atDepth[len(atDepth)-1].index[0])
		switch {
		case atDepth[0].Var == atDepth[1].Var:
			a.collision(at, fmt.Sprintf("json name %q (%s) comes from a struct embedded more than once at the same depth: encoding/json leaves it out",
				name, label(atDepth[0])))
		case len(tagged) == 1:
			for _, f := range atDepth {
				if f.Var != tagged[0].Var {
					a.collision(st.Field(f.index[0]), fmt.Sprintf("json name %q of %s is taken by the tag of %s at the same depth: encoding/json leaves %s out",
						name, label(f), label(tagged[0]), label(f)))
				}
			}
		default:
			a.collision(at, fmt.Sprintf("json name %q is claimed by %s at the same depth: encoding/json leaves out all of them",
				name, strings.Join(names, " and ")))
		}
	}
}

// undocumentedArguments reports the arguments of t, declared in the
// files analyzed, that have no description: a model reads the input
// schema to fill them.
func (a *analysis) undocumentedArguments(t *Tool) {
	a.undocumentedArgs(t.Arguments, t.Args, t.Name, "tool")
}

// undocumentedArgs reports the arguments in of the kind's declaration
// called name (its label in messages) that have no description. Plain
// parameters are described in the doc comment; fields by their own.
func (a *analysis) undocumentedArgs(in *argmodel.Input, style ArgStyle, name, kind string) {
	for _, f := range in.Root.Fields {
		if f.Value.Description != "" || !a.declaredHere(f.Pos) {
			continue
		}
		if style == ArgsPlain {
			a.warnf(f.Pos, finding.CatUndocumented, "argument %q of %s has no description; describe it in the %s's doc comment: //   - %s: ...",
				f.Name, name, kind, f.Name)
		} else {
			a.warnf(f.Pos, finding.CatUndocumented, "argument %q of %s has no description; add a doc or line comment", f.Name, name)
		}
	}
}

// declaredHere reports whether pos is in one of the files analyzed.
func (a *analysis) declaredHere(pos token.Pos) bool {
	for _, f := range a.files {
		if f.FileStart <= pos && pos < f.FileEnd {
			return true
		}
	}
	return false
}

// lenientDestructive advises on a destructive tool that is not strict and
// takes a number: a number sent as a string is taken for it, so a string
// a model meant for something else ("0" for a grace period, "-1") runs
// the tool, where a strict one refuses the call.
func (a *analysis) lenientDestructive(t *Tool) {
	d := t.Annotations.Destructive
	if t.Strict || d == nil || !*d || t.Arguments == nil {
		return
	}
	path := numberPath(t.Arguments, t.Arguments.Root, "", map[string]bool{})
	if path == "" {
		return
	}
	a.warnf(t.Pos, finding.CatLenient, "%s is destructive and takes a number sent as a string for argument %q (\"0\" for 0); mark it strict, or generate the package with -strict, to refuse such a call",
		t.Name, path)
}

// numberPath is the path of the first number or integer in v, the value
// at path of the arguments in, "" for none; seen are the $defs entered.
func numberPath(in *argmodel.Input, v *argmodel.Value, path string, seen map[string]bool) string {
	if v.Ref != "" {
		if seen[v.Ref] || in.Defs[v.Ref] == nil {
			return ""
		}
		seen[v.Ref] = true
		return numberPath(in, in.Defs[v.Ref], path, seen)
	}
	switch {
	case v.Kind == argmodel.KindInteger || v.Kind == argmodel.KindNumber:
		return path
	case v.Items != nil:
		return numberPath(in, v.Items, path+"[]", seen)
	case v.Values != nil:
		return numberPath(in, v.Values, path+"{}", seen)
	}
	for _, f := range v.Fields {
		p := f.Name
		if path != "" {
			p = path + "." + f.Name
		}
		if found := numberPath(in, f.Value, p, seen); found != "" {
			return found
		}
	}
	return ""
}

// taskWithoutContext advises on a tool that runs as a task (task=) and
// takes no context.Context: tasks/cancel cancels the context of the call
// that runs the task, which such a tool cannot notice, so a cancelled task
// runs to its end. The finding sits at task=, where the choice was made.
func (a *analysis) taskWithoutContext(t *Tool) {
	if t.Task == "" || t.Context || t.Directive == nil {
		return
	}
	s := t.Directive.Spans["task"]
	a.report(finding.Finding{Pos: s.Pos, End: s.End, Category: finding.CatTaskContext,
		Message: fmt.Sprintf("%s runs as a task (task=%s) but takes no context.Context, so tasks/cancel cannot stop it: the tool runs on to its end after its task is cancelled; take ctx context.Context first and return when it is done",
			t.Name, t.Task)})
}
