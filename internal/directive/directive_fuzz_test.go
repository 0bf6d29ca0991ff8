package directive

import (
	"go/token"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mcptag/mcptag/internal/finding"
	"github.com/mcptag/mcptag/internal/naming"
)

// FuzzParseDirective checks that any directive text parses without a
// panic, that every finding points inside the comment, and that a
// directive parsed without findings means what it says: rendered back
// canonically, it parses to the same directive, its name is valid, and a
// title from valid UTF-8 text is valid UTF-8.
func FuzzParseDirective(f *testing.F) {
	for _, s := range []string{
		"",
		" readonly",
		" get_weather readonly idempotent",
		` title="Get the weather" structured=true`,
		` title="a \"quoted\" title" closed destructive=false openworld=true`,
		" structured",
		" readonyl",
		` title="unterminated`,
		` title="bad \q escape"`,
		" name.with-dots_1 closed=false",
		" closed closed",
		"\tget\u00a0weather title=Å",
		" title=Å readonly",
		` title=caf"é"`,
		" " + strings.Repeat("x", 129),
		` view="metadata.name, status.phase" fields`,
		` view= fields=false`,
		` ui=page.html ui-visibility=app ui-connect="https://a.example.com wss://b.example.com:8443" ui-resources=https://cdn.example.com ui-border=false`,
		` ui-border=true`,
		` ""`,
		` name=""`,
		` ui=p.html ui-connect=https://A.example.com/x`,
		` scopes=ci:write,ci:admin`,
	} {
		f.Add(s)
	}
	const base = token.Pos(1000)
	f.Fuzz(func(t *testing.T, rest string) {
		text := "//mcp:tool" + rest
		d, findings := Parse(base, text)
		if d == nil {
			t.Fatal("nil directive")
		}
		for _, fd := range findings {
			if fd.Pos < base || fd.Pos > base+token.Pos(len(text)) {
				t.Errorf("finding %q at offset %d, outside the comment of %d bytes", fd.Message, fd.Pos-base, len(text))
			}
			if fd.Message == "" || !fd.Error && !fd.GoesOn {
				t.Errorf("finding %+v: want an error, or a warning that generation goes on with, with a message", fd)
			}
		}
		if len(errorsOf(findings)) > 0 {
			return
		}
		if d.Name != "" && !naming.Valid.MatchString(d.Name) {
			t.Errorf("invalid name %q accepted", d.Name)
		}
		if utf8.ValidString(text) && !utf8.ValidString(d.Title) {
			t.Errorf("title %q from valid UTF-8 text %q is not valid UTF-8", d.Title, text)
		}
		again, findings := Parse(base, render(d))
		if findings = errorsOf(findings); len(findings) > 0 {
			t.Fatalf("%q rendered as %q: %v", text, render(d), findings)
		}
		again.Pos, again.NamePos = d.Pos, d.NamePos
		again.Spans = d.Spans // where options are written differs
		if !reflect.DeepEqual(d, again) {
			t.Errorf("%q rendered as %q parses differently:\n%+v\n%+v", text, render(d), d, again)
		}
	})
}

// render writes d back as a canonical directive.
func render(d *Directive) string {
	parts := []string{"//mcp:tool"}
	if d.Name != "" {
		parts = append(parts, d.Name)
	}
	if d.Title != "" {
		parts = append(parts, "title="+strconv.Quote(d.Title))
	}
	flag := func(name string, b *bool) {
		if b != nil {
			parts = append(parts, name+"="+strconv.FormatBool(*b))
		}
	}
	flag("structured", d.Structured)
	if d.Closed {
		parts = append(parts, "closed")
	}
	flag("readonly", d.Annotations.ReadOnly)
	flag("destructive", d.Annotations.Destructive)
	flag("idempotent", d.Annotations.Idempotent)
	flag("openworld", d.Annotations.OpenWorld)
	if d.View != "" {
		parts = append(parts, "view="+strconv.Quote(d.View))
	}
	if d.Fields {
		parts = append(parts, "fields")
	}
	if d.UI != "" {
		parts = append(parts, "ui="+strconv.Quote(d.UI))
	}
	if d.UIVisibility != "" {
		parts = append(parts, "ui-visibility="+d.UIVisibility)
	}
	for key, origins := range map[string][]string{"ui-connect": d.UIConnect, "ui-resources": d.UIResources} {
		if origins != nil {
			parts = append(parts, key+"="+strconv.Quote(strings.Join(origins, " ")))
		}
	}
	flag("ui-border", d.UIBorder)
	if d.Scopes != nil {
		parts = append(parts, "scopes="+strconv.Quote(strings.Join(d.Scopes, " ")))
	}
	return strings.Join(parts, " ")
}

// FuzzParseResourceDirective checks that any //mcp:resource text parses
// without a panic, that every finding points inside the comment, and
// that a directive parsed without findings has a URI, whose position, for
// a URI written as it is, is where the comment has it.
func FuzzParseResourceDirective(f *testing.F) {
	for _, s := range []string{
		"",
		" weather://cities",
		" weather://{city}/current mime=application/json title=\"Now\"",
		" config://app?format=json name=config",
		` "weather://a b" mime=text`,
		" name=x",
		" weather://x name=\"bad name\" name=y",
		" weather://{city mime=",
		" weather://cities ttl=1h30m cache=private icon=sun.png icon-dark=\"https://x.example/d.svg\"",
		" weather://x ttl=-1s cache=everyone",
	} {
		f.Add(s)
	}
	const base = token.Pos(1000)
	f.Fuzz(func(t *testing.T, rest string) {
		text := "//mcp:resource" + rest
		if Recognize(text).Kind != "resource" {
			return // not a directive: it never reaches Parse
		}
		d, findings := Parse(base, text)
		for _, fd := range findings {
			if fd.Pos < base || fd.Pos > base+token.Pos(len(text)) || (fd.End.IsValid() && fd.End > base+token.Pos(len(text))) {
				t.Errorf("finding %q at offset %d, outside the comment of %d bytes", fd.Message, fd.Pos-base, len(text))
			}
		}
		if len(findings) > 0 {
			return
		}
		if d.URI == "" {
			t.Fatalf("%q: no URI and no finding", text)
		}
		if off := int(d.URIPos - base); d.URIExact && text[off:off+len(d.URI)] != d.URI {
			t.Errorf("%q: URI %q is not at offset %d", text, d.URI, off)
		}
	})
}

// errorsOf returns the errors among findings, leaving out the warnings.
func errorsOf(findings []finding.Finding) []finding.Finding {
	var errs []finding.Finding
	for _, f := range findings {
		if f.Error {
			errs = append(errs, f)
		}
	}
	return errs
}
