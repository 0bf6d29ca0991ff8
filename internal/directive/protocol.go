package directive

import (
	"fmt"
	"go/ast"
	"go/token"
	"math"
	"strings"
	"time"
)

// The directive options of the protocol's declarative features
// (docs/protocol.md): icons on tools, prompts and resources, the caching
// of a resource's reads, and the //mcp:elicit directive of a form.

// iconOption and iconDarkOption take the icon of a tool, prompt or
// resource, and the one for a dark theme: an https URL, a data: URI or a
// file in the package directory. Their values are read by the analysis,
// which knows the package directory.
var (
	iconOption     = option{"icon", text(func(d *Directive, v string) { d.Icon = v })}
	iconDarkOption = option{"icon-dark", text(func(d *Directive, v string) { d.IconDark = v })}
)

// ttlOption takes how long a client may cache a resource's reads, as a Go
// duration ("5m"), which the read result carries as ttlMs.
var ttlOption = option{"ttl", func(d *Directive, key, value string, hasValue bool) string {
	if !hasValue {
		return key + " needs a duration: " + key + "=5m, " + key + "=30s"
	}
	ms, err := ttlMillis(value)
	if err != nil {
		return key + "=" + value + ": " + err.Error()
	}
	d.TTL = &ms
	return ""
}}

// ttlMillis reads a ttl= duration as whole milliseconds, which is what
// the protocol's ttlMs holds.
func ttlMillis(value string) (int, error) {
	dur, err := time.ParseDuration(value)
	switch {
	case err != nil:
		return 0, fmt.Errorf("want a Go duration, such as 90s, 5m or 1h30m")
	case dur < 0:
		return 0, fmt.Errorf("a negative duration: want 0 (never cache) or more")
	case dur%time.Millisecond != 0:
		return 0, fmt.Errorf("want whole milliseconds: ttlMs holds milliseconds")
	case dur.Milliseconds() > math.MaxInt32*1000:
		// Beyond what every JSON number reader holds exactly, and decades.
		return 0, fmt.Errorf("want at most %dh", math.MaxInt32/3600)
	}
	return int(dur.Milliseconds()), nil
}

// cacheOption takes who may cache a resource's reads: any client or
// intermediary (public), or only the requesting user's client (private).
var cacheOption = option{"cache", oneOf([]string{"public", "private"}, func(d *Directive, v string) { d.CacheScope = v })}

// elicitKind is //mcp:elicit's, on a struct type: the form that the
// generated Elicit<Type> function asks a user to fill.
var elicitKind = &directiveKind{name: Elicit, options: []option{formKeyOption}}

// sharedKind is //mcp:shared's, on a struct type: the arguments every
// tool of the package takes besides its own. It has no options.
var sharedKind = &directiveKind{name: Shared}

// formKeyOption is key=, the key of every input request of a form on
// protocol 2026-07-28, in place of one per message: the name a caller
// answers it by. It holds letters, digits, _ and -, and no dot, so that
// it is never the key a message gives (<Type>.<SHA-256>).
var formKeyOption = option{"key", func(d *Directive, key, value string, hasValue bool) string {
	switch {
	case !hasValue || value == "":
		return key + " needs a value: " + key + "=user_name"
	case len(value) > maxFormKey:
		return fmt.Sprintf("%s=%s: want at most %d characters", key, value, maxFormKey)
	case strings.TrimLeft(value, formKeyChars) != "":
		return fmt.Sprintf("%s=%s: a form's key holds letters, digits, _ and - only", key, value)
	}
	d.FormKey = value
	return ""
}}

// The characters of a form's key, and its longest length.
const (
	formKeyChars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-"
	maxFormKey   = 64
)

// OptionAt returns where the option key is, or the directive's position
// when it has none.
func (d *Directive) OptionAt(key string) Span {
	if p, ok := d.Spans[key]; ok {
		return p
	}
	return Span{Pos: d.Pos}
}

// directiveHomes maps the doc comments of file f that may hold a
// directive to the kind of declaration they document: "func" for a
// function or method, "type" for a type. A type's doc comment is its
// spec's, or its declaration's when that declares one type alone.
func directiveHomes(decls []ast.Decl) map[*ast.CommentGroup]string {
	homes := map[*ast.CommentGroup]string{}
	for _, decl := range decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			if d.Doc != nil {
				homes[d.Doc] = "func"
			}
		case *ast.GenDecl:
			if d.Tok != token.TYPE {
				continue
			}
			if d.Doc != nil && len(d.Specs) == 1 {
				homes[d.Doc] = "type"
			}
			for _, spec := range d.Specs {
				if ts := spec.(*ast.TypeSpec); ts.Doc != nil {
					homes[ts.Doc] = "type"
				}
			}
		}
	}
	return homes
}

// misplaced says why a directive of kind cannot be where it is, in a
// comment that documents home ("func", "type" or "" for anything else),
// or "".
func misplaced(kind, home string) string {
	switch {
	case (kind == elicitKind.name || kind == sharedKind.name) && home != "type":
		return "//mcp:" + kind + " must be in the doc comment of a struct type; here it declares nothing"
	case kind != elicitKind.name && kind != sharedKind.name && home != "func":
		return fmt.Sprintf("//mcp:%s must be in the doc comment of a function or method; here it declares nothing", kind)
	}
	return ""
}
