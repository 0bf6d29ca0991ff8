package analyzer

import (
	"go/token"
	"sort"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/mcptag/mcptag/internal/argmodel"
	"github.com/mcptag/mcptag/internal/finding"
)

// Parameter headers (docs/protocol.md): header=NAME on a tool argument,
// a jsonschema tag key or a doc list item's, puts "x-mcp-header": NAME on
// its property, and a client on protocol 2026-07-28 or later sends the
// argument's value in the HTTP header Mcp-Param-NAME too, which the
// go-sdk checks against the body. The go-sdk's rules
// (mcp/streamable_headers.go) are checked at generation: its
// Server.AddTool panics on a tool that breaks them, and its client drops
// such a tool from tools/list. Those of one property are checked as its
// tag is read (argmodel's header.go); those across a tool's arguments,
// here.

// A headerUse is one header= among a declaration's arguments.
type headerUse struct {
	header string
	path   string    // the argument's path, "filter.tenant"
	field  string    // the argument's own name, "tenant"
	pos    token.Pos // where header= is
	// nested says that the argument is inside an array, a map or a
	// recursive type, where the go-sdk does not look for headers: it
	// follows properties only.
	nested bool
}

// headerUses lists the header= of in's arguments: the properties first,
// depth first in order, then those inside recursive types.
func headerUses(in *argmodel.Input) []headerUse {
	var uses []headerUse
	var walk func(v *argmodel.Value, path, field string, nested bool)
	walk = func(v *argmodel.Value, path, field string, nested bool) {
		if v.Header != "" {
			uses = append(uses, headerUse{v.Header, path, field, v.HeaderPos, nested})
		}
		for _, f := range v.Fields {
			walk(f.Value, joinPath(path, f.Name), f.Name, nested)
		}
		if v.Items != nil {
			walk(v.Items, path+"[]", field, true)
		}
		if v.Values != nil {
			walk(v.Values, path+"{}", field, true)
		}
	}
	walk(in.Root, "", "", false)
	names := make([]string, 0, len(in.Defs))
	for name := range in.Defs {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if d := in.Defs[name]; d != in.Root {
			walk(d, name, "", true)
		}
	}
	return uses
}

// checkHeaders reports the header= of tool t's arguments that the go-sdk
// would refuse or ignore: two of one name (compared case-insensitively,
// as HTTP compares them), one where the go-sdk does not look, one that
// depth= cut from the input schema; and warns about one that carries a
// secret, since proxies and servers log headers.
func (a *analysis) checkHeaders(t *Tool) {
	served := servedHeaders(t.Input)
	first := map[string]headerUse{}
	for _, u := range headerUses(t.Arguments) {
		key := strings.ToLower(u.header)
		prev, dup := first[key]
		switch {
		case u.nested:
			a.errorf(u.pos, finding.CatJSONTag, "%s: header=%s on %s: the go-sdk reads headers of properties reached through properties only, not inside an array, a map or a recursive type",
				t.Name, u.header, u.path)
		case dup:
			a.errorf(u.pos, finding.CatJSONTag, "%s: header %q of %s is taken by %s already (header names compare case-insensitively)",
				t.Name, u.header, u.path, prev.path)
		case !served[key]:
			a.errorf(u.pos, finding.CatJSONTag, "%s: header=%s on %s: the input schema, cut by depth=, no longer holds %s, so no client sends the header",
				t.Name, u.header, u.path, u.path)
		default:
			first[key] = u
		}
		if word := sensitiveWord(u.field, u.header); word != "" {
			a.warnf(u.pos, finding.CatSensitive, "%s: argument %s looks like a secret (%q) and header=%s sends it in an HTTP header too, which proxies and servers log",
				t.Name, u.path, word, u.header)
		}
	}
}

// servedHeaders returns the headers of schema s as the go-sdk finds them:
// on properties reached through properties, lower-cased.
func servedHeaders(s *jsonschema.Schema) map[string]bool {
	found := map[string]bool{}
	var walk func(props map[string]*jsonschema.Schema)
	walk = func(props map[string]*jsonschema.Schema) {
		for _, p := range props {
			if p == nil {
				continue
			}
			if h, ok := p.Extra[argmodel.HeaderKeyword].(string); ok {
				found[strings.ToLower(h)] = true
			}
			walk(p.Properties)
		}
	}
	walk(s.Properties)
	return found
}

// noHeaders reports every header= among in's arguments, which are what:
// only a tool call carries parameter headers.
func (a *analysis) noHeaders(in *argmodel.Input, what string) {
	for _, u := range headerUses(in) {
		a.errorf(u.pos, finding.CatJSONTag, "header=%s on %s: only a tool's arguments travel in headers, not %s", u.header, u.path, what)
	}
}
