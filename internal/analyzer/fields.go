package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/fatih/structtag"

	"github.com/mcptag/mcptag/internal/finding"
	"github.com/mcptag/mcptag/internal/suggest"
)

// A jsonField is one property of a struct as encoding/json sees it, after
// embedding, tags and name conflicts are resolved.
type jsonField struct {
	Name      string
	Var       *types.Var // the Go field
	Type      types.Type
	Tagged    bool // the name came from a json tag
	OmitEmpty bool
	OmitZero  bool
	Quoted    bool // ",string": the value is a JSON string
	// ViaPointer is set when the field is promoted through an embedded
	// pointer: a nil pointer drops it from the output, so it is optional.
	ViaPointer bool
	SchemaTag  string // the jsonschema tag's value: see argmodel.ParseTag
	index      []int
}

// jsonFields lists the JSON properties of struct st in encoding/json order,
// following encoding/json's typeFields: embedded structs without a name in
// their tag are promoted breadth first, the shallowest field wins a name, a
// tie at one depth is broken by a tag and otherwise drops the name.
func (a *analysis) jsonFields(st *types.Struct) []jsonField {
	type queued struct {
		st         *types.Struct
		index      []int
		viaPointer bool
	}
	current := []queued{}
	next := []queued{{st: st}}
	// count and nextCount count the embeddings of each struct type at the
	// current and next depth: encoding/json explores a type once, but a
	// type embedded twice at one depth gets its fields doubled, so that
	// both copies of each name vanish.
	var count map[*types.Struct]int
	nextCount := map[*types.Struct]int{}
	visited := map[*types.Struct]bool{}
	var fields []jsonField
	for len(next) > 0 {
		current, next = next, current[:0]
		count, nextCount = nextCount, map[*types.Struct]int{}
		for _, q := range current {
			if visited[q.st] {
				continue
			}
			visited[q.st] = true
			for i := 0; i < q.st.NumFields(); i++ {
				f := q.st.Field(i)
				index := append(append([]int(nil), q.index...), i)
				tag := a.parseJSONTag(f, q.st.Tag(i))
				if tag.skip {
					continue
				}
				ft := f.Type()
				if f.Embedded() {
					elem, isPtr := deref(ft)
					if !f.Exported() && !isStruct(elem) {
						continue // unexported embedded non-struct: ignored
					}
					if tag.name == "" {
						if est, ok := elem.Underlying().(*types.Struct); ok {
							nextCount[est]++
							if nextCount[est] == 1 {
								next = append(next, queued{est, index, q.viaPointer || isPtr})
							}
							continue
						}
					}
				} else if !f.Exported() {
					continue
				}
				name := tag.name
				if name == "" {
					name = f.Name()
				}
				field := jsonField{
					Name: name, Var: f, Type: ft, Tagged: tag.name != "",
					OmitEmpty: tag.omitEmpty, OmitZero: tag.omitZero,
					Quoted:     tag.quoted && quotable(ft),
					ViaPointer: q.viaPointer, SchemaTag: tag.schema,
					index: index,
				}
				fields = append(fields, field)
				if count[q.st] > 1 {
					fields = append(fields, field) // a duplicate: the name vanishes
				}
			}
		}
	}
	a.duplicateNames(st, fields) // checks.go
	return dominantFields(fields)
}

// dominantFields applies encoding/json's rule for fields sharing a name:
// the shallowest wins; at equal depth a single tagged one wins; else none.
func dominantFields(fields []jsonField) []jsonField {
	var out []jsonField
	order, groups := groupByName(fields)
	for _, name := range order {
		atDepth, tagged := shallowest(groups[name])
		switch {
		case len(atDepth) == 1:
			out = append(out, atDepth[0])
		case len(tagged) == 1:
			out = append(out, tagged[0])
		}
	}
	// encoding/json orders fields by their index sequence.
	sort.SliceStable(out, func(i, j int) bool { return lessIndex(out[i].index, out[j].index) })
	return out
}

// groupByName groups fields by JSON name; order lists the names in the
// order they first appear.
func groupByName(fields []jsonField) (order []string, groups map[string][]jsonField) {
	groups = map[string][]jsonField{}
	for _, f := range fields {
		if _, ok := groups[f.Name]; !ok {
			order = append(order, f.Name)
		}
		groups[f.Name] = append(groups[f.Name], f)
	}
	return order, groups
}

// shallowest returns the fields of fs at the least depth, and those of
// them with a name from a tag.
func shallowest(fs []jsonField) (atDepth, tagged []jsonField) {
	depth := len(fs[0].index)
	for _, f := range fs {
		depth = min(depth, len(f.index))
	}
	for _, f := range fs {
		if len(f.index) == depth {
			atDepth = append(atDepth, f)
			if f.Tagged {
				tagged = append(tagged, f)
			}
		}
	}
	return atDepth, tagged
}

func lessIndex(a, b []int) bool {
	for k := 0; k < len(a) && k < len(b); k++ {
		if a[k] != b[k] {
			return a[k] < b[k]
		}
	}
	return len(a) < len(b)
}

type jsonTag struct {
	name                        string
	skip                        bool
	omitEmpty, omitZero, quoted bool
	schema                      string // the jsonschema tag
}

// parseJSONTag reads a field's json and jsonschema tags as encoding/json
// does (reflect.StructTag.Lookup, which reads up to the first malformed
// pair), reporting a malformed tag as a finding: encoding/json would
// silently read only part of it.
func (a *analysis) parseJSONTag(f *types.Var, raw string) jsonTag {
	var t jsonTag
	if raw == "" {
		return t
	}
	if tags, err := structtag.Parse(raw); err != nil {
		a.tagWarning(f, "malformed struct tag `"+raw+"`: "+err.Error())
	} else {
		a.misspelledTagKeys(f, tags.Keys())
	}
	tag := reflect.StructTag(raw)
	if js, ok := tag.Lookup("jsonschema"); ok {
		t.schema = js
	}
	value, ok := tag.Lookup("json")
	if !ok {
		return t
	}
	if value == "-" {
		t.skip = true
		return t
	}
	name, opts, hasOpts := strings.Cut(value, ",")
	var options []string
	if hasOpts {
		options = strings.Split(opts, ",")
	}
	t.name = name
	if t.name != "" && !validJSONName(t.name) {
		a.tagWarning(f, "json name "+strconv.Quote(t.name)+" is not valid: encoding/json ignores it and uses "+strconv.Quote(f.Name()))
		t.name = ""
	}
	for _, o := range options {
		switch o {
		case "":
			// `json:"-,"` names a field "-"; a trailing comma means nothing.
		case "omitempty":
			t.omitEmpty = true
		case "omitzero":
			t.omitZero = true
		case "string":
			t.quoted = true
		case "inline":
			// Kubernetes' convention; encoding/json ignores it.
		default:
			a.tagWarning(f, "unknown json tag option "+strconv.Quote(o)+": encoding/json ignores it")
		}
	}
	return t
}

// tagKeysRead are the struct tag keys mcptag reads.
var tagKeysRead = []string{"json", "jsonschema"}

// otherTagKeys are keys of other packages that are close to one of
// tagKeysRead, and no misspelling of it.
var otherTagKeys = []string{"bson", "json5"}

// misspelledTagKeys reports each key of field f's struct tag that is
// close to a key mcptag reads ("jsonshema", "josn"): encoding/json and
// mcptag would silently ignore what it says.
func (a *analysis) misspelledTagKeys(f *types.Var, keys []string) {
	for _, key := range keys {
		s := suggest.Closest(key, tagKeysRead)
		if s == "" || slices.Contains(tagKeysRead, key) || slices.Contains(otherTagKeys, key) {
			continue
		}
		end := a.tagEnd(f) // fills a.tags, which tagKeyFix reads
		a.report(finding.Finding{Pos: f.Pos(), End: end, Category: finding.CatJSONTag,
			Message: fmt.Sprintf("unknown struct tag key %q (did you mean %q?): what it says is ignored", key, s),
			Fix:     a.tagKeyFix(f, key, s)})
	}
}

// tagKeyFix renames the key of field f's struct tag to key, when the
// tag is written in the files analyzed.
func (a *analysis) tagKeyFix(f *types.Var, old, key string) *finding.Fix {
	tag := a.tags[f.Pos()]
	if tag == nil {
		return nil
	}
	i := strings.Index(tag.Value, old+`:"`)
	if i < 0 {
		return nil
	}
	pos := tag.Pos() + token.Pos(i)
	return &finding.Fix{Message: "write " + key, Pos: pos, End: pos + token.Pos(len(old)), NewText: key}
}

// validJSONName copies encoding/json's isValidTag.
func validJSONName(s string) bool {
	for _, c := range s {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
		// Letters and digits of any script, as Unicode classes them: not
		// every rune above ASCII (an emoji is no letter).
		case !unicode.IsLetter(c) && !unicode.IsDigit(c):
			return false
		}
	}
	return true
}

// quotable reports whether ",string" applies to a field of type t: only
// to bools, numbers and strings, directly or through one unnamed pointer.
func quotable(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsBoolean|types.IsInteger|types.IsFloat|types.IsString) != 0 &&
		b.Info()&types.IsComplex == 0
}

func deref(t types.Type) (types.Type, bool) {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem(), true
	}
	return t, false
}

func isStruct(t types.Type) bool {
	_, ok := t.Underlying().(*types.Struct)
	return ok
}

// tagWarning reports a problem with the tag of field f, from the field's
// name to the end of its tag (or of its name, when it has no tag).
func (a *analysis) tagWarning(f *types.Var, msg string) {
	a.report(finding.Finding{Pos: f.Pos(), End: a.tagEnd(f), Category: finding.CatJSONTag, Message: msg})
}

// collision reports a JSON name of field f's struct that encoding/json
// drops because fields at one depth claim it. Lint reports it by default,
// but generation goes on: what encoding/json sends is certain, and the
// schemas describe exactly that.
func (a *analysis) collision(f *types.Var, msg string) {
	a.report(finding.Finding{Pos: f.Pos(), End: a.tagEnd(f), Category: finding.CatJSONTag, Message: msg, GoesOn: true})
}

// schemaTagPos returns where, in the source, the offsets in the value of
// field f's jsonschema tag are: a problem is reported at its key. The
// value was unquoted from the struct tag, so an escape before a key (\\)
// moves it; an interpreted string literal's tag, or a field of another
// package, is reported at the start of the tag.
func (a *analysis) schemaTagPos(f *types.Var) func(off int) token.Pos {
	a.tagEnd(f) // fills a.tags
	tag := a.tags[f.Pos()]
	if tag == nil {
		return func(int) token.Pos { return f.Pos() }
	}
	const key = `jsonschema:"`
	i := strings.Index(tag.Value, key)
	if i < 0 || !strings.HasPrefix(tag.Value, "`") {
		return func(int) token.Pos { return tag.Pos() }
	}
	src := tag.Value[i+len(key):]
	return func(off int) token.Pos {
		// Walk the quoted value until off bytes of it are behind.
		rest, n := src, 0
		for n < off && rest != "" && rest[0] != '"' {
			r, _, tail, err := strconv.UnquoteChar(rest, '"')
			if err != nil {
				break
			}
			n += utf8.RuneLen(r)
			rest = tail
		}
		return tag.Pos() + token.Pos(i+len(key)+len(src)-len(rest))
	}
}

// tagEnd is the end of the tag of field f, or of its name when it has no
// tag, when f is declared in the files analyzed; else NoPos.
func (a *analysis) tagEnd(f *types.Var) token.Pos {
	if a.tags == nil {
		a.tags = map[token.Pos]*ast.BasicLit{}
		for _, file := range a.files {
			ast.Inspect(file, func(n ast.Node) bool {
				if field, ok := n.(*ast.Field); ok && field.Tag != nil {
					for _, name := range field.Names {
						a.tags[name.Pos()] = field.Tag
					}
					if id := EmbeddedIdent(field.Type); len(field.Names) == 0 && id != nil {
						a.tags[id.Pos()] = field.Tag
					}
				}
				return true
			})
		}
	}
	if tag := a.tags[f.Pos()]; tag != nil {
		return tag.End()
	}
	if f.Pkg() == a.pkg {
		return f.Pos() + token.Pos(len(f.Name()))
	}
	return token.NoPos
}
