package analyzer

import (
	"go/types"
	"strings"
	"unicode"

	"github.com/google/jsonschema-go/jsonschema"
)

// addTitles gives t's schemas the titles pydantic gives a FastMCP tool:
// the root is "<tool>Arguments" for input, the model's name for an object
// result, "<tool>Output" for a wrapped one and "<tool>DictOutput" for a
// map; properties get their title-cased names, $defs their names.
func addTitles(t *Tool) {
	titleObject(t.Input, t.Name+"Arguments")
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
	titleObject(t.Output, root)
}

func titleObject(s *jsonschema.Schema, title string) {
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
