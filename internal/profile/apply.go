package profile

import (
	"fmt"
	"go/token"
	"reflect"
	"slices"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/mcptag/mcptag/internal/argmodel"
)

// A Problem is one place where a tool's input schema breaks a provider's
// rules: a keyword the provider refuses or drops, an optional property
// its strict mode cannot leave out, or a construct it cannot express.
type Problem struct {
	// Pos is the declaration of the value: its Go field or parameter,
	// else the tool's.
	Pos token.Pos
	// Path names the argument ("filters.tags[]"); "" is the arguments'
	// object itself.
	Path string
	// Keyword is the JSON Schema keyword at fault, or what the
	// construct is ("a map").
	Keyword   string
	Providers []Provider
	// Fatal says that no schema the providers accept describes the
	// value: the declaration has to change, or the providers go.
	Fatal bool
	// Message says what the providers do with it and, when Fatal, the
	// fix.
	Message string
}

func (p Problem) String() string {
	if p.Path == "" {
		return p.Message
	}
	return fmt.Sprintf("argument %q: %s", p.Path, p.Message)
}

// Apply fits s, the input schema of a tool whose arguments in describes
// and whose declaration is at root, to every provider of set, in place:
// a keyword a provider cannot carry moves into the description in words;
// under OpenAI every object lists every property as required, an
// optional one nullable. It returns every change it made, and every
// construct it could not express (Fatal), which it leaves as it was.
// Applied again, it changes nothing. in may be nil: every problem is
// then at root.
func Apply(s *jsonschema.Schema, in *argmodel.Input, root token.Pos, set Set) []Problem {
	if set.IsZero() || s == nil {
		return nil
	}
	w := &walker{set: set, in: in, unions: holdsHeader(s)}
	var rootValue *argmodel.Value
	if in != nil {
		rootValue = in.Root
	}
	w.schema(s, rootValue, root, "")
	w.root(s, root)
	names := make([]string, 0, len(s.Defs))
	for name := range s.Defs {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		w.schema(s.Defs[name], w.def(name), root, "$defs."+name)
	}
	return w.problems
}

// Check returns the problems Apply would find in s, leaving s as it is:
// what a provider would refuse, or drop without a word.
func Check(s *jsonschema.Schema, in *argmodel.Input, root token.Pos, set Set) []Problem {
	if s == nil {
		return nil
	}
	return Apply(s.CloneSchemas(), in, root, set)
}

// Fatal returns the problems of ps that are fatal.
func Fatal(ps []Problem) []Problem {
	var fatal []Problem
	for _, p := range ps {
		if p.Fatal {
			fatal = append(fatal, p)
		}
	}
	return fatal
}

type walker struct {
	set Set
	in  *argmodel.Input
	// unions says that a nullable property is a union with null, never a
	// type array: the schema has x-mcp-header properties, which clients
	// find only when every property's type is one string (the go-sdk's
	// client reads it as one, and finds no header at all otherwise).
	unions   bool
	problems []Problem
}

// refusing returns the providers of the set that carry is false for.
func (w *walker) refusing(carries func(Provider) bool) []Provider {
	var ps []Provider
	for _, p := range w.set.list {
		if !carries(p) {
			ps = append(ps, p)
		}
	}
	return ps
}

func (w *walker) def(name string) *argmodel.Value {
	if w.in == nil {
		return nil
	}
	return w.in.Defs[name]
}

// resolve follows v to the definition it refers to.
func (w *walker) resolve(v *argmodel.Value) *argmodel.Value {
	for hops := 0; v != nil && v.Ref != "" && hops < 100; hops++ {
		v = w.def(v.Ref)
	}
	return v
}

func (w *walker) report(p Problem) { w.problems = append(w.problems, p) }

// root checks the rule Anthropic has, which every mcptag input schema
// meets: the root is an object, not a union.
func (w *walker) root(s *jsonschema.Schema, pos token.Pos) {
	if !w.set.Has(Anthropic) {
		return
	}
	if len(s.AnyOf) > 0 || len(s.OneOf) > 0 || len(s.AllOf) > 0 || s.Type != "object" {
		w.report(Problem{Pos: pos, Keyword: "type", Providers: []Provider{Anthropic}, Fatal: true,
			Message: "Anthropic input_schema takes an object at the root, without oneOf, anyOf or allOf"})
	}
}

// schema fits s, the schema of v (nil when unknown), declared at pos.
func (w *walker) schema(s *jsonschema.Schema, v *argmodel.Value, pos token.Pos, path string) {
	if s == nil {
		return
	}
	v = w.resolve(v)
	if inner := nullBranch(s); inner != nil { // a nullable property, as Apply writes it
		w.schema(inner, v, pos, path)
		return
	}
	var words []string
	words = append(words, w.keywords(s, pos, path)...)
	words = append(words, w.special(s, pos, path)...)
	if len(words) > 0 {
		s.Description = withWords(s.Description, words)
	}
	w.unexpressed(s, pos, path)
	for _, b := range s.AnyOf {
		w.schema(b, v, pos, path)
	}
	if s.Items != nil {
		var items *argmodel.Value
		if v != nil {
			items = v.Items
		}
		w.schema(s.Items, items, pos, path+"[]")
	}
	w.object(s, v, pos, path)
}

// keywords moves the keywords of the table that a provider cannot carry
// into words.
func (w *walker) keywords(s *jsonschema.Schema, pos token.Pos, path string) []string {
	var words []string
	for _, k := range keywords {
		if !k.has(s) {
			continue
		}
		ps := w.refusing(func(p Provider) bool { return slices.Contains(k.carried, p) })
		if len(ps) == 0 {
			continue
		}
		words = append(words, k.words(s))
		k.drop(s)
		w.report(Problem{Pos: pos, Path: path, Keyword: k.name, Providers: ps, Message: moved(ps, k.name, k.handler)})
	}
	return words
}

// special moves format and enum into words where a provider carries
// only some of their values.
func (w *walker) special(s *jsonschema.Schema, pos token.Pos, path string) []string {
	var words []string
	if f := s.Format; f != "" {
		if ps := w.refusing(func(p Provider) bool { return carriesFormat(p, f) }); len(ps) > 0 {
			words = append(words, "Format: "+f+".")
			s.Format = ""
			w.report(Problem{Pos: pos, Path: path, Keyword: "format", Providers: ps, Message: moved(ps, "format "+f, "checks it")})
		}
	}
	if len(s.Enum) > 0 {
		if ps := w.refusing(func(p Provider) bool { return carriesEnum(p, s) }); len(ps) > 0 {
			words = append(words, "One of "+jsonList(s.Enum, ", ")+".")
			s.Enum = nil
			w.report(Problem{Pos: pos, Path: path, Keyword: "enum", Providers: ps, Message: moved(ps, "an enum of "+s.Type+"s", "checks it")})
		}
	}
	return words
}

// moved says that providers ps cannot carry what, which -profile moves
// into the description, and what the handler does with it (handler).
func moved(ps []Provider, what, handler string) string {
	msg := fmt.Sprintf("%s cannot carry %s: -profile says it in the description instead", names(ps), what)
	if handler != "" {
		msg += ", and the handler " + handler + " either way"
	}
	return msg
}

// names lists the providers' interfaces for a message.
func names(ps []Provider) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = p.what()
	}
	return strings.Join(parts, " and ")
}

// unexpressed reports the constructs a provider cannot express at all:
// a value of any type, a reference to a recursive type.
func (w *walker) unexpressed(s *jsonschema.Schema, pos token.Pos, path string) {
	typeless := s.Type == "" && len(s.Types) == 0 && s.Ref == "" && len(s.AnyOf) == 0
	if ps := w.refusing(func(p Provider) bool { return p == Anthropic }); typeless && len(ps) > 0 {
		w.report(Problem{Pos: pos, Path: path, Keyword: "type", Providers: ps, Fatal: true,
			Message: names(ps) + " need a type for every value, and this one takes any JSON value (any, an interface or json.RawMessage): declare a concrete type, or leave " + providerFlags(ps) + " out of -profile"})
	}
	if ps := w.refusing(func(p Provider) bool { return p != Gemini }); s.Ref != "" && len(ps) > 0 {
		w.report(Problem{Pos: pos, Path: path, Keyword: "$ref", Providers: ps, Fatal: true,
			Message: "Gemini function parameters cannot refer to a definition ($ref), and the type " + strings.TrimPrefix(s.Ref, "#/$defs/") + " is recursive: declare a type that ends (a fixed depth of nesting), or leave gemini out of -profile"})
	}
}

// providerFlags lists providers as -profile names them.
func providerFlags(ps []Provider) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = string(p)
	}
	return strings.Join(parts, " and ")
}

// object fits the properties of s, and under OpenAI requires each.
func (w *walker) object(s *jsonschema.Schema, v *argmodel.Value, pos token.Pos, path string) {
	if s.Type != "object" && !slices.Contains(s.Types, "object") {
		return
	}
	if open := s.AdditionalProperties == nil || !isFalse(s.AdditionalProperties); open {
		if ps := w.refusing(func(p Provider) bool { return p == Anthropic }); len(ps) > 0 {
			w.report(Problem{Pos: pos, Path: path, Keyword: "additionalProperties", Providers: ps, Fatal: true,
				Message: names(ps) + " cannot express an object of any property names (a map, or an object cut by -depth): " + openReasons(ps) + "; declare a struct, or a slice of structs with a key field and a value field, or leave " + providerFlags(ps) + " out of -profile"})
		}
	}
	order := s.PropertyOrder
	if len(order) != len(s.Properties) {
		order = sortedKeys(s.Properties)
	}
	for _, name := range order {
		field := fieldOf(v, name)
		at, fv := pos, (*argmodel.Value)(nil)
		if field != nil {
			at, fv = field.Pos, field.Value
		}
		w.schema(s.Properties[name], fv, at, join(path, name))
		if w.set.Has(OpenAI) && !slices.Contains(s.Required, name) {
			w.require(s, name, at, join(path, name))
		}
	}
	if w.set.Has(OpenAI) && !slices.Equal(s.Required, order) && len(order) > 0 {
		s.Required = slices.Clone(order)
	}
}

// openReasons says why providers ps cannot express an open object.
func openReasons(ps []Provider) string {
	var reasons []string
	for _, p := range ps {
		switch p {
		case OpenAI:
			reasons = append(reasons, "OpenAI's strict mode takes only closed objects, with every property listed")
		case Gemini:
			reasons = append(reasons, "Gemini's OBJECT lists its properties, and @google/genai drops a map's value schema")
		}
	}
	return strings.Join(reasons, "; ")
}

// require lists the optional property name of s as required and
// nullable, as OpenAI's strict mode has it.
func (w *walker) require(s *jsonschema.Schema, name string, at token.Pos, path string) {
	p := s.Properties[name]
	if _, header := p.Extra[argmodel.HeaderKeyword]; header && nullBranch(p) == nil {
		w.report(Problem{Pos: at, Path: path, Keyword: "required", Providers: []Provider{OpenAI}, Fatal: true,
			Message: "OpenAI strict function calling requires every property, an optional one nullable, and a header= argument cannot be: the protocol puts x-mcp-header only on a property of one primitive type, which the go-sdk holds to; make the argument required, or leave openai out of -profile"})
		return
	}
	if w.unions && nullBranch(p) == nil && len(p.Properties) > 0 && holdsHeader(p) {
		w.report(Problem{Pos: at, Path: path, Keyword: "required", Providers: []Provider{OpenAI}, Fatal: true,
			Message: "OpenAI strict function calling requires every property, and this optional object, made nullable, would hide the header= inside it from clients, which look for headers through properties only: make the object required (no omitempty, not a pointer), or leave openai out of -profile"})
		return
	}
	s.Properties[name] = nullable(p, w.unions)
	w.report(Problem{Pos: at, Path: path, Keyword: "required", Providers: []Provider{OpenAI},
		Message: "OpenAI strict function calling requires every property: -profile lists the optional argument as required and nullable, and the handler takes null as absent"})
}

// holdsHeader reports whether s has a property with x-mcp-header, found
// through properties as clients look for them.
func holdsHeader(s *jsonschema.Schema) bool {
	for _, p := range s.Properties {
		if _, ok := p.Extra[argmodel.HeaderKeyword]; ok || holdsHeader(p) {
			return true
		}
	}
	return false
}

func fieldOf(v *argmodel.Value, name string) *argmodel.Field {
	if v == nil {
		return nil
	}
	for i := range v.Fields {
		if v.Fields[i].Name == name {
			return &v.Fields[i]
		}
	}
	return nil
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

func sortedKeys(m map[string]*jsonschema.Schema) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// isFalse reports whether s is the schema false, as mcptag writes it:
// {"not": {}}.
func isFalse(s *jsonschema.Schema) bool {
	return reflect.DeepEqual(s, &jsonschema.Schema{Not: &jsonschema.Schema{}})
}

var nullSchema = &jsonschema.Schema{Type: "null"}

// nullBranch returns the schema of a nullable property as nullable
// writes it, {"anyOf": [s, {"type": "null"}]}, or nil for another.
func nullBranch(s *jsonschema.Schema) *jsonschema.Schema {
	if len(s.AnyOf) == 2 && reflect.DeepEqual(s.AnyOf[1], nullSchema) {
		return s.AnyOf[0]
	}
	return nil
}

// nullable returns s accepting null too: one more type of its type
// array, or a union with null for a schema whose enum or reference a
// type array cannot widen, or for every schema when union is set. The
// union keeps s whole in its first branch, where Gemini's converter,
// which unwraps it, looks.
func nullable(s *jsonschema.Schema, union bool) *jsonschema.Schema {
	switch {
	case slices.Contains(s.Types, "null") || nullBranch(s) != nil:
		return s
	case !union && s.Type != "" && s.Type != "null" && len(s.Enum) == 0:
		s.Types, s.Type = []string{s.Type, "null"}, ""
		return s
	}
	return &jsonschema.Schema{AnyOf: []*jsonschema.Schema{s, nullSchema.CloneSchemas()}}
}
