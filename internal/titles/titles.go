// Package titles gives JSON Schemas the titles that pydantic gives a
// Python FastMCP server's, so that a server ported from it lists the same
// schemas (the -titles option).
package titles

import (
	"strings"
	"unicode"

	"github.com/google/jsonschema-go/jsonschema"
)

// Add gives s the title, and its properties and $defs the titles,
// that pydantic gives a model's schema: s gets title, a property its
// title-cased name (but a reference to a model, which has its own), a
// $defs entry its name.
func Add(s *jsonschema.Schema, title string) {
	s.Title = title
	titleProperties(s)
	for name, def := range s.Defs {
		if def.Title == "" {
			def.Title = name
		}
		titleProperties(def)
	}
}

func titleProperties(s *jsonschema.Schema) {
	for name, p := range s.Properties {
		if !isModelRef(p) && p.Title == "" {
			p.Title = pydanticTitle(name)
		}
		titleProperties(p)
	}
}

// isModelRef reports whether s refers to a model, perhaps nullable:
// pydantic titles no such field (field_title_should_be_set), since the
// model has a title of its own.
func isModelRef(s *jsonschema.Schema) bool {
	if s.Ref != "" {
		return true
	}
	if len(s.AnyOf) == 2 && s.Type == "" && s.Types == nil {
		for i, alt := range s.AnyOf {
			if alt.Type == "null" {
				return s.AnyOf[1-i].Ref != ""
			}
		}
	}
	return false
}

// pydanticTitle copies pydantic's default field title:
// field_name.title().replace("_", " ").
func pydanticTitle(name string) string {
	var b strings.Builder
	startOfWord := true
	for _, r := range name {
		switch {
		case r == '_':
			b.WriteRune(' ')
			startOfWord = true
		case unicode.IsLetter(r):
			if startOfWord {
				b.WriteRune(unicode.ToUpper(r))
			} else {
				b.WriteRune(unicode.ToLower(r))
			}
			startOfWord = false
		default:
			b.WriteRune(r)
			startOfWord = true
		}
	}
	return b.String()
}
