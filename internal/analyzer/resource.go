package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"net/url"
	"regexp"
	"strings"

	"github.com/yosida95/uritemplate/v3"

	"github.com/mcptag/mcptag/internal/directive"
	"github.com/mcptag/mcptag/internal/finding"
)

// A Resource is one //mcp:resource function or method: a static
// resource, or a resource template when its URI has variables, which are
// the function's parameters.
type Resource struct {
	Decl
	URI      string   // the URI, or the URI template (RFC 6570)
	Template bool     // URI has variables
	Vars     []string // the template's variables, in order
	MIME     string   // the MIME type of its contents
	Result   ResourceResult
	// TTL (ttl=, in milliseconds) and CacheScope (cache=) are what its
	// read results carry for a client's cache; nil and "" when the
	// directive leaves them to the go-sdk.
	TTL        *int
	CacheScope string
}

// ResourceResult says what a resource function returns
// (docs/prompts.md).
type ResourceResult int

const (
	ResourceText ResourceResult = iota // a string: text
	ResourceBlob                       // []byte: a blob, base64 on the wire
	ResourceJSON                       // any other value: its JSON, as text
	ResourceSDK                        // *mcp.ReadResourceResult, as it is
)

// defaultMIME is the MIME type of each result kind, unless the directive
// says mime=.
var defaultMIME = map[ResourceResult]string{
	ResourceText: "text/plain",
	ResourceBlob: "application/octet-stream",
	ResourceJSON: "application/json",
}

// resource analyzes the function declaration fd of fn, whose directive
// is dir; nil when it cannot be a resource.
func (a *analysis) resource(fd *ast.FuncDecl, fn *types.Func, dir *directive.Directive) *Resource {
	if dir.URI == "" {
		return nil // directive.Parse reported it
	}
	r := &Resource{Decl: newDecl(fd, fn, dir), URI: dir.URI}
	sig := fn.Type().(*types.Signature)
	bad := func(format string, args ...any) bool {
		a.errorf(r.Pos, finding.CatSignature, "%s: "+format+"; want func([ctx context.Context,] [req *mcp.ReadResourceRequest,] variables...) (string | []byte | T | *mcp.ReadResourceResult[, error])",
			append([]any{r.Name}, args...)...)
		return false
	}
	h, ok := a.handler(sig, "resource", "ReadResourceRequest", bad)
	if !ok {
		return nil
	}
	if h.Args == ArgsStruct {
		bad("the parameters of a resource are its URI template's variables, one plain parameter each")
		return nil
	}
	r.Handler = h
	if !a.resourceResult(r, sig.Results(), bad) {
		return nil
	}
	r.Description = describeNoun(fn.Name(), CommentText(fd.Doc))
	ok = a.variableTypes(r)
	if !a.uriVariables(r, dir) || !ok {
		return nil
	}
	r.Arguments = a.input(r.Pos, r.Args, r.Params, nil)
	r.MIME = dir.MIME
	if r.MIME == "" {
		r.MIME = defaultMIME[r.Result]
	}
	r.TTL, r.CacheScope = dir.TTL, dir.CacheScope
	r.Icons = a.icons(dir)
	return r
}

// describeNoun turns the doc comment of a resource function into its
// description. A resource is a thing, whose comment says what it is
// ("Readme is the catalog's introduction."): the description says it
// without the Go name and the verb, "The catalog's introduction.". Any
// other comment is describe's.
func describeNoun(funcName, doc string) string {
	for _, verb := range []string{" is ", " are "} {
		if rest, ok := strings.CutPrefix(doc, funcName+verb); ok && rest != "" {
			return describe(funcName, funcName+" "+rest)
		}
	}
	return describe(funcName, doc)
}

// resourceResult reads a resource's results: one value and an optional
// error.
func (a *analysis) resourceResult(r *Resource, res *types.Tuple, bad func(string, ...any) bool) bool {
	t, ok := a.oneResult(&r.Decl, res, bad)
	switch {
	case !ok:
		return false
	case isPointerTo(t, sdkPath, "ReadResourceResult"):
		r.Result = ResourceSDK
	case isString(t):
		r.Result = ResourceText
	case isBytes(t):
		r.Result = ResourceBlob
	case a.resultKind(derefType(t)) == ResultText:
		return bad("result type %s has no JSON form (%s)", a.typeString(t), a.whyUnstructured(derefType(t)))
	default:
		r.Result = ResourceJSON
		// No schema is published for a resource: only what stops
		// encoding/json (a chan, a func) matters here.
		a.errorsOnly(func() { a.newSchemaBuilder(false, r.Pos).root(t) })
	}
	return true
}

// isBytes reports whether t is a byte slice that encoding/json writes as
// base64.
func isBytes(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	return ok && isByteSlice(s)
}

// errorsOnly runs f, keeping only the errors it reports.
func (a *analysis) errorsOnly(f func()) {
	n := len(a.findings)
	f()
	kept := a.findings[:n]
	for _, fd := range a.findings[n:] {
		if fd.Error {
			kept = append(kept, fd)
		} else {
			delete(a.reported, findingKey(fd))
		}
	}
	a.findings = kept
}

// variableTypes reports, as signature errors at each, the parameters of a
// resource that cannot hold the text of a URI variable.
func (a *analysis) variableTypes(r *Resource) bool {
	ok := true
	for _, p := range r.Params {
		if t := derefType(p.Type); isString(t) || isInteger(t) {
			continue
		}
		a.errorf(p.Pos, finding.CatSignature, "%s: URI variable %q has type %s: want a string or integer type, or a pointer to one for an optional variable",
			r.Name, p.Name, a.typeString(p.Type))
		ok = false
	}
	return ok
}

// scheme matches the scheme that starts an absolute URI (RFC 3986).
var scheme = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*:`)

// uriVariables checks the URI of r: a valid RFC 6570 template with a
// scheme, whose variables are exactly the function's parameters, by
// name. Each problem is a directive error at its place in the URI, or at
// the parameter that no variable names.
func (a *analysis) uriVariables(r *Resource, dir *directive.Directive) bool {
	at := func(off int) token.Pos {
		if dir.URIExact {
			return dir.URIPos + token.Pos(off)
		}
		return dir.URIPos
	}
	fail := func(off, end int, format string, args ...any) {
		a.report(finding.Finding{Pos: at(off), End: at(end), Category: finding.CatDirective, Error: true,
			Message: r.Name + ": " + fmt.Sprintf(format, args...)})
	}
	if _, err := uritemplate.New(r.URI); err != nil {
		msg, _, _ := strings.Cut(err.Error(), ": ")
		fail(0, len(r.URI), "invalid URI template %q: %s", r.URI, msg)
		return false
	}
	vars := templateVars(r.URI)
	r.Template = len(vars) > 0
	if !scheme.MatchString(r.URI) {
		fail(0, len(r.URI), "URI %q has no scheme: want an absolute URI, such as weather://cities", r.URI)
		return false
	}
	if _, err := url.Parse(r.URI); err != nil && !r.Template {
		if ue, ok := err.(*url.Error); ok {
			err = ue.Err
		}
		fail(0, len(r.URI), "invalid URI %q: %v", r.URI, err)
		return false
	}
	params := map[string]bool{}
	for _, p := range r.Params {
		params[p.Name] = true
	}
	ok := true
	seen := map[string]bool{}
	for _, v := range vars {
		end := v.off + len(v.name)
		switch {
		case v.explode:
			fail(v.off, end, "variable %q is exploded (*), but a parameter holds one value", v.name)
		case v.prefix:
			fail(v.off, end, "variable %q has a prefix modifier (:N), which the go-sdk's template matching does not support", v.name)
		case seen[v.name]:
			fail(v.off, end, "variable %q appears twice in %s", v.name, r.URI)
		case !params[v.name]:
			fail(v.off, end, "variable %q of %s has no parameter: add a parameter %s to %s", v.name, r.URI, v.name, r.Func.Name())
		default:
			seen[v.name] = true
			r.Vars = append(r.Vars, v.name)
			continue
		}
		seen[v.name] = true
		ok = false
	}
	for _, p := range r.Params {
		if !seen[p.Name] {
			a.errorf(p.Pos, finding.CatDirective, "%s: parameter %s has no variable in the URI %s: add {%s} to it, or remove the parameter",
				r.Name, p.Name, r.URI, p.Name)
			ok = false
		}
	}
	return ok
}

// A uriVar is one variable of a URI template, where the URI has it.
type uriVar struct {
	name    string
	off     int  // the offset of its name in the URI
	explode bool // {name*}
	prefix  bool // {name:3}
}

// templateVars lists the variables of a URI template that parses, in
// order: each expression is "{", an optional operator, then variable
// specifications separated by commas, then "}".
func templateVars(uri string) []uriVar {
	var vars []uriVar
	for start := 0; ; {
		open := strings.IndexByte(uri[start:], '{')
		if open < 0 {
			return vars
		}
		open += start
		end := open + strings.IndexByte(uri[open:], '}')
		j := open + 1
		if j < end && strings.IndexByte("+#./;?&", uri[j]) >= 0 {
			j++
		}
		for _, spec := range strings.Split(uri[j:end], ",") {
			v := uriVar{name: spec, off: j}
			if name, ok := strings.CutSuffix(v.name, "*"); ok {
				v.name, v.explode = name, true
			}
			if name, _, ok := strings.Cut(v.name, ":"); ok {
				v.name, v.prefix = name, true
			}
			vars = append(vars, v)
			j += len(spec) + 1
		}
		start = end + 1
	}
}
