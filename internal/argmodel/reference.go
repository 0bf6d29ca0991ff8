package argmodel

import (
	"fmt"
	"strings"
)

// tagKeyDocs documents each key and flag of a structured tag (a
// jsonschema tag, or the parentheses of a doc list item) in a line, for
// the directive reference, docs/reference.md, which is written from
// tagKeys and tagFlags with these lines.
var tagKeyDocs = map[string]string{
	"minimum":          "The least value.",
	"maximum":          "The greatest value.",
	"exclusiveMinimum": "A bound the value must be above.",
	"exclusiveMaximum": "A bound the value must be below.",
	"multipleOf":       "The value is a whole multiple of it.",
	"minLength":        "The fewest characters.",
	"maxLength":        "The most characters.",
	"pattern":          "A regular expression the value matches, one that ECMA-262 and Go both accept (no lookaround, backreferences or `(?i)`).",
	"format":           "One of `date-time`, `date`, `time`, `email`, `uri`, `uuid`, `ipv4`, `ipv6`, `hostname`.",
	"minItems":         "The fewest items.",
	"maxItems":         "The most items.",
	"uniqueItems":      "`uniqueItems=true`: no item twice, compared as decoded.",
	"enum":             "One allowed value; repeat the key for each.",
	"default":          "The value an absent argument takes, which makes it optional.",
	"example":          "An example value; repeat the key for more.",
	"description":      "The description, for one that must begin like `key=value`.",
	"title":            "The property's title.",
	"header":           "The argument also travels in the HTTP header `Mcp-Param-NAME` (protocol 2026-07-28).",
	"required":         "A flag: the argument is required although its field has `omitempty` or is a pointer.",
	"enumNames":        "A flag, on a form's titled enum: also written in the deprecated form, `enum` beside `enumNames`.",
}

// tagKeyApplies says what a key applies to where its kinds do not say it:
// header takes any kind, and refuses those a header cannot carry.
var tagKeyApplies = map[string]string{
	"header": "strings, integers and booleans",
}

// TagReference returns the section of docs/reference.md on the keys of a
// structured tag: each key, the values it applies to, and its line of
// tagKeyDocs, in the order of tagKeys, then the flags.
func TagReference() string {
	var b strings.Builder
	b.WriteString("\n## Constraint keys\n\n" +
		"The keys of a `jsonschema` struct tag (`jsonschema:\"minimum=1,maximum=12\"`) and of the parentheses of a doc\n" +
		"list item (`//   - days (minimum=1,maximum=7): ...`), read with invopop/jsonschema's grammar: pairs\n" +
		"separated by commas, no spaces, a comma inside a value written `\\,`. A tag that begins with none of\n" +
		"these is a description. Every rule: [arguments.md](arguments.md).\n\n" +
		"| key | applies to | what |\n|---|---|---|\n")
	for _, k := range tagKeys {
		on := k.noun
		if on == "" {
			on = "any value"
		}
		if k.text != nil {
			on = "the property"
		}
		if s, ok := tagKeyApplies[k.name]; ok {
			on = s
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", k.name, on, tagKeyDocs[k.name])
	}
	for _, f := range tagFlags {
		fmt.Fprintf(&b, "| `%s` | the property | %s |\n", f, tagKeyDocs[f])
	}
	return b.String()
}
