package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/mcptag/mcptag/internal/argmodel"
	"github.com/mcptag/mcptag/internal/directive"
	"github.com/mcptag/mcptag/internal/finding"
)

// Forms (docs/protocol.md): //mcp:elicit on a struct type declares a
// form, and the generated Elicit<Type> function asks the user of the
// client to fill it in. The protocol restricts a form's schema to a flat
// object of strings, numbers, integers, booleans and enums, which is
// checked here, field by field, rather than first by a client.

// A Form is one //mcp:elicit struct type.
type Form struct {
	Name      string       // the type's name
	Func      string       // the generated function: Elicit<Type>
	Pos       token.Pos    // the type's name
	Type      *types.Named // the struct type
	Directive *directive.Directive
	// Key is key=, the key of every input request of the form on protocol
	// 2026-07-28; "" keys each by its message.
	Key string
	// Fields are the form's fields, as the answer is checked against
	// them: each a property of Fields.Root.
	Fields *argmodel.Input
	// Schema is the requested schema sent to the client: the spec's
	// restricted form of Fields, titled enums included.
	Schema *jsonschema.Schema
}

// formFormats are the string formats a form may ask for.
var formFormats = []string{"email", "uri", "date", "date-time"}

// declareForms adds to p the forms declared in file f: its struct types
// whose doc comment holds //mcp:elicit.
func (a *analysis) declareForms(p *Package, f *ast.File) {
	typeSpecs(f, func(ts *ast.TypeSpec, doc *ast.CommentGroup) {
		c := a.elicitDirective(doc)
		if c == nil {
			return
		}
		dir, findings := directive.Parse(c.Slash, c.Text)
		for _, f := range findings {
			a.report(f)
		}
		a.toolPos = ts.Name.Pos()
		if form := a.form(ts, dir); form != nil {
			a.checkFormKey(p.Forms, form)
			p.Forms = append(p.Forms, form)
		}
		a.toolPos = token.NoPos
	})
}

// typeSpecs calls fn with each type declared in f and its doc comment:
// its own, or its declaration's when that declares it alone.
func typeSpecs(f *ast.File, fn func(ts *ast.TypeSpec, doc *ast.CommentGroup)) {
	for _, decl := range f.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.TYPE {
			continue
		}
		for _, spec := range gd.Specs {
			ts := spec.(*ast.TypeSpec)
			doc := ts.Doc
			if doc == nil && len(gd.Specs) == 1 {
				doc = gd.Doc
			}
			fn(ts, doc)
		}
	}
}

// checkFormKey reports form's key= when one of forms, those of the
// package declared before it, has the same key. A caller answers a form
// with a fixed key by that key, so two forms that one tool may ask under
// one key are two requests it cannot tell apart. Which forms a tool asks
// is known only as it runs (any function of the package may call any
// Elicit<Type>, through helpers and function values), so no two forms of
// a package share a key.
func (a *analysis) checkFormKey(forms []*Form, form *Form) {
	if form.Key == "" {
		return
	}
	for _, prev := range forms {
		if prev.Key == form.Key {
			at := form.Directive.OptionAt("key")
			a.report(finding.Finding{Pos: at.Pos, End: at.End, Category: finding.CatName, Error: true, Message: fmt.Sprintf(
				"form %s: key=%s is the key of form %s too (first at %s): a caller answers a form by its key, and could not tell the two apart; give each form of the package a key of its own",
				form.Name, form.Key, prev.Name, a.fset.Position(prev.Directive.OptionAt("key").Pos))})
			return
		}
	}
}

// elicitDirective returns the //mcp:elicit line of doc, reporting any
// further one.
func (a *analysis) elicitDirective(doc *ast.CommentGroup) *ast.Comment {
	if doc == nil {
		return nil
	}
	var first *ast.Comment
	for _, c := range doc.List {
		if directive.Recognize(c.Text).Kind != directive.Elicit {
			continue
		}
		if first != nil {
			a.report(finding.Finding{Pos: c.Slash, End: c.End(), Category: finding.CatDirective, Error: true, Message: "duplicate //mcp:elicit directive"})
			continue
		}
		first = c
	}
	return first
}

// form analyzes the type declared by ts, whose directive is dir; nil when
// it cannot be a form.
func (a *analysis) form(ts *ast.TypeSpec, dir *directive.Directive) *Form {
	obj, _ := a.info.Defs[ts.Name].(*types.TypeName)
	if obj == nil {
		return nil
	}
	n, isNamed := obj.Type().(*types.Named)
	st, isStruct := obj.Type().Underlying().(*types.Struct)
	switch {
	case ts.TypeParams != nil:
		a.errorf(ts.Name.Pos(), finding.CatSignature, "%s: a generic type cannot be a form: Elicit%s could not name its instance", obj.Name(), exported(obj.Name()))
		return nil
	case !isNamed || !isStruct:
		a.errorf(ts.Name.Pos(), finding.CatSignature, "%s: //mcp:elicit needs a struct type, whose fields are the form's; %s is %s",
			obj.Name(), obj.Name(), a.typeString(obj.Type().Underlying()))
		return nil
	}
	f := &Form{Name: obj.Name(), Func: "Elicit" + exported(obj.Name()), Pos: ts.Name.Pos(), Type: n, Directive: dir, Key: dir.FormKey}
	f.Fields = a.input(f.Pos, ArgsStruct, []Param{{Name: f.Name, Type: n, Required: true, Pos: f.Pos}}, nil)
	a.noHeaders(f.Fields, "a form's fields")
	if f.Fields.Root.Ref != "" || len(f.Fields.Defs) > 0 {
		a.errorf(f.Pos, finding.CatUnsupported, "form %s: a form is flat; a recursive type nests objects", f.Name)
		return nil
	}
	ok := true
	fields := a.jsonFields(st)
	titles := make([]map[string]string, len(fields))
	for i, fld := range f.Fields.Root.Fields {
		if msg := formFieldProblem(fld.Value); msg != "" {
			a.errorf(fld.Pos, finding.CatUnsupported, "form %s: field %s: %s", f.Name, fld.Name, msg)
			ok = false
			continue
		}
		titles[i] = a.enumTitles(fields[i].Type)
		if msg := enumNamesProblem(fld.Value, titles[i]); msg != "" {
			a.errorf(fld.Value.EnumNamesPos, finding.CatJSONTag, "form %s: field %s: %s", f.Name, fld.Name, msg)
			ok = false
			continue
		}
		if word := sensitiveWord(fld.Name, fields[i].Var.Name(), fld.Value.Title); word != "" {
			a.warnf(fld.Pos, finding.CatSensitive, "form %s: field %s looks like it collects a secret (%q): the protocol forbids asking for one in a form; send the user to a URL instead (URL mode elicitation)",
				f.Name, fld.Name, word)
		}
	}
	if !ok {
		return nil
	}
	f.Schema = formSchema(f.Fields.Root, titles)
	return f
}

// formFieldProblem says why the property v cannot be a field of a form,
// whose fields the protocol restricts to strings, numbers, integers,
// booleans, enums of strings and multi-select arrays of them, or "".
func formFieldProblem(v *argmodel.Value) string {
	switch {
	case v.Ref != "":
		return "a form is flat: no nested objects"
	case v.Kind == argmodel.KindAny || v.OrString:
		return "a form field has one type: a string, a number, an integer, a boolean or an enum"
	case v.Kind == argmodel.KindObject && v.Values != nil:
		return "a form is flat: no maps"
	case v.Kind == argmodel.KindObject:
		return "a form is flat: no nested objects"
	case v.Kind == argmodel.KindArray:
		return multiSelectProblem(v)
	case len(v.Examples) > 0:
		return "example= is not part of a form's schema"
	}
	switch v.Kind {
	case argmodel.KindString:
		return formStringProblem(v)
	case argmodel.KindInteger, argmodel.KindNumber:
		switch {
		case len(v.Enum) > 0:
			return "a form's enums are strings; use a string type with constants"
		case v.ExclusiveMinimum != nil || v.ExclusiveMaximum != nil || v.MultipleOf != 0:
			return "a form's numbers take minimum and maximum only, not exclusiveMinimum, exclusiveMaximum or multipleOf"
		}
	}
	return ""
}

// formStringProblem says why the string property v cannot be a field of
// a form, or "": the protocol's string fields take a format of
// formFormats, lengths and enums, no pattern.
func formStringProblem(v *argmodel.Value) string {
	switch {
	case v.Base64:
		return "a form's strings are text, not base64 bytes ([]byte)"
	case v.Decimal != 0:
		return `a form's numbers are numbers, not strings holding them (",string")`
	case v.Format != "" && !slices.Contains(formFormats, v.Format):
		return fmt.Sprintf("format %s: a form's strings take the formats %s only", v.Format, strings.Join(formFormats, ", "))
	case v.Pattern != "":
		return "pattern= is not part of a form's schema: a client's form would not check it"
	}
	return ""
}

// multiSelectProblem says why the array property v is not a multi-select
// enum, the one array a form may hold, or "".
func multiSelectProblem(v *argmodel.Value) string {
	items := v.Items
	switch {
	case v.Fixed:
		return "a form's arrays are multi-select enums, slices, not Go arrays"
	case items == nil || items.Kind != argmodel.KindString || len(items.Enum) == 0 || items.Ref != "":
		return "a form's arrays are multi-select enums: a slice of a string type with constants, or with enum= in the tag"
	case v.UniqueItems:
		return "uniqueItems is not part of a form's schema: a multi-select holds each value once"
	case formStringProblem(items) != "":
		return formStringProblem(items)
	}
	return ""
}

// enumNamesProblem says why the form field v, whose enum values have
// titles (nil for none), cannot take the enumNames flag it has, or "".
// The deprecated form titles a single-select only; a multi-select's
// titled form is anyOf, whatever the client.
func enumNamesProblem(v *argmodel.Value, titles map[string]string) string {
	switch {
	case !v.EnumNamesPos.IsValid():
		return ""
	case v.Kind == argmodel.KindArray:
		return "enumNames titles a single-select enum; a multi-select has no such form (its titled form is anyOf)"
	case titles == nil:
		return "enumNames writes a titled enum as enum and enumNames: give the constants of its type doc or line comments, their titles"
	}
	return ""
}

// noEnumNames reports every enumNames flag among in's arguments, which
// are what: only a form's titled enums have that form.
func (a *analysis) noEnumNames(in *argmodel.Input, what string) {
	var walk func(v *argmodel.Value, path string)
	walk = func(v *argmodel.Value, path string) {
		if v.EnumNamesPos.IsValid() {
			a.errorf(v.EnumNamesPos, finding.CatJSONTag, "enumNames on %s: only a form's titled enums take it, not %s", path, what)
		}
		for _, f := range v.Fields {
			walk(f.Value, joinPath(path, f.Name))
		}
		if v.Items != nil {
			walk(v.Items, path+"[]")
		}
		if v.Values != nil {
			walk(v.Values, path+"{}")
		}
	}
	walk(in.Root, "")
	for name, d := range in.Defs {
		if d != in.Root {
			walk(d, name)
		}
	}
}

// enumTitles returns the titles of the values of the enum type behind t
// (through pointers and slices): the doc or line comments of its
// constants, by value, or the value itself for one without. It returns
// nil when no constant of the type has a comment, or the type is not an
// enum of this package.
func (a *analysis) enumTitles(t types.Type) map[string]string {
	t = derefType(t)
	if s, ok := t.Underlying().(*types.Slice); ok {
		t = derefType(s.Elem())
	}
	n, ok := t.(*types.Named)
	if !ok || a.closedEnum(n) == nil || n.Obj().Pkg() != a.pkg {
		return nil
	}
	docs := a.constDocs()
	titles := map[string]string{}
	documented := false
	for _, c := range a.constsOf(a.pkg)[n.Obj()] {
		values := enumOf([]*types.Const{c})
		if len(values) != 1 {
			continue
		}
		value := argmodel.EnumText(values[0])
		if _, dup := titles[value]; dup {
			continue
		}
		titles[value] = value
		if doc := docs[c]; doc != "" {
			titles[value], documented = doc, true
		}
	}
	if !documented {
		return nil
	}
	return titles
}

// constDocs maps the constants declared in the files analyzed to their
// doc comments, else their line comments, on one line.
func (a *analysis) constDocs() map[*types.Const]string {
	docs := map[*types.Const]string{}
	for _, f := range a.files {
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				text := strings.Join(strings.Fields(CommentText(firstDoc(vs.Doc, vs.Comment))), " ")
				for _, name := range vs.Names {
					if c, ok := a.info.Defs[name].(*types.Const); ok && text != "" {
						docs[c] = text
					}
				}
			}
		}
	}
	return docs
}

// formSchema renders the requested schema of a form whose fields are
// root's: the restricted form of the protocol, a flat object whose enums
// are titled where titles (by field) say so.
func formSchema(root *argmodel.Value, titles []map[string]string) *jsonschema.Schema {
	s := root.Schema()
	s.AdditionalProperties = nil // not part of the restricted schema; the answer is checked closed all the same
	s.Description, s.Title = "", ""
	for i, f := range root.Fields {
		switch {
		case titles[i] == nil:
		case f.Value.EnumNamesPos.IsValid():
			legacyTitles(s.Properties[f.Name], titles[i])
		default:
			titleEnum(s.Properties[f.Name], titles[i])
		}
	}
	return s
}

// legacyTitles titles the enum of p, a string, in the deprecated form
// that the enumNames flag asks for: the enum as it is, and enumNames
// beside it, a title for each value in its order.
func legacyTitles(p *jsonschema.Schema, titles map[string]string) {
	names := make([]any, len(p.Enum))
	for i, e := range p.Enum {
		names[i] = titles[argmodel.EnumText(e)]
	}
	if p.Extra == nil {
		p.Extra = map[string]any{}
	}
	p.Extra["enumNames"] = names
}

// titleEnum turns the enum of p, a string or an array of strings, into
// the protocol's titled enum: oneOf (or, for the items of a
// multi-select, anyOf) entries of a const and its title.
func titleEnum(p *jsonschema.Schema, titles map[string]string) {
	target := p
	if p.Type == "array" {
		target = p.Items
	}
	var entries []*jsonschema.Schema
	for _, e := range target.Enum {
		value := argmodel.EnumText(e)
		var c any = value
		entries = append(entries, &jsonschema.Schema{Const: &c, Title: titles[value]})
	}
	if p.Type == "array" {
		p.Items = &jsonschema.Schema{AnyOf: entries}
		return
	}
	p.Enum, p.OneOf = nil, entries
}
