package snapdiff

// Prompts, resources and resource templates: the rest of a server that a
// snapshot lists beside its tools.
//
// A client gets a prompt by name with string arguments, which the
// generated handler checks as it checks a tool's: an unknown argument is
// an error. So removing a prompt, adding a required argument, making one
// required or removing one is breaking; the rest is compatible. A client
// reads a resource by URI: removing a resource, changing the URI template
// that names its resources (its variables), or changing the MIME type of
// what it sends is breaking; adding one is compatible.

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/yosida95/uritemplate/v3"
)

// Prompt is one entry of a snapshot's "prompts" array.
type Prompt struct {
	Name        string
	Title       string
	Description string
	Arguments   []PromptArgument
	// Other holds any other top-level fields (such as _meta or icons).
	Other map[string]any
}

// PromptArgument is one argument of a prompt.
type PromptArgument struct {
	Name        string
	Title       string
	Description string
	Required    bool
}

// Resource is one entry of a snapshot's "resources" array, or of its
// "resourceTemplates" array, whose URI is a URI template.
type Resource struct {
	URI         string
	Name        string
	Title       string
	Description string
	MIMEType    string
	// Other holds any other top-level fields.
	Other map[string]any
}

// The kinds of Change.Kind.
const (
	KindPrompt           = "prompt"
	KindResource         = "resource"
	KindResourceTemplate = "resource template"
)

// parseFeatures reads the prompts, resources, resource templates and
// forms of a snapshot file into s.
func parseFeatures(file map[string]any, s *Snapshot) error {
	var err error
	if s.Prompts, err = parseList(file, "prompts", "name", parsePrompt); err != nil {
		return err
	}
	if s.Resources, err = parseList(file, "resources", "uri", resourceParser("uri")); err != nil {
		return err
	}
	if s.ResourceTemplates, err = parseList(file, "resourceTemplates", "uriTemplate", resourceParser("uriTemplate")); err != nil {
		return err
	}
	s.Forms, err = parseList(file, "forms", "name", parseForm)
	return err
}

// parseList parses the array file[key], whose entries are told apart by
// their member id.
func parseList[T any](file map[string]any, key, id string, parse func(object) (T, string, error)) ([]T, error) {
	raw, ok := file[key]
	if !ok || raw == nil {
		return nil, nil
	}
	list, ok := raw.([]any)
	if !ok {
		return nil, fmt.Errorf("%q is not an array", key)
	}
	var out []T
	seen := map[string]bool{}
	for i, v := range list {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("%s[%d] is not an object", key, i)
		}
		item, name, err := parse(object(m))
		switch {
		case err != nil:
			return nil, fmt.Errorf("%s[%d]: %v", key, i, err)
		case name == "":
			return nil, fmt.Errorf("%s[%d] has no %s", key, i, id)
		case seen[name]:
			return nil, fmt.Errorf("%s[%d]: duplicate %s %q", key, i, id, name)
		}
		seen[name] = true
		out = append(out, item)
	}
	return out, nil
}

// An object is a decoded JSON object, read member by member.
type object map[string]any

func (o object) str(key string) (string, error) {
	v, ok := o[key]
	if !ok || v == nil {
		return "", nil
	}
	s, ok := v.(string)
	if !ok {
		return "", fmt.Errorf("%q is not a string", key)
	}
	return s, nil
}

// strs reads the string members keys into dsts, in order.
func (o object) strs(keys []string, dsts ...*string) error {
	for i, k := range keys {
		var err error
		if *dsts[i], err = o.str(k); err != nil {
			return err
		}
	}
	return nil
}

// obj reads the object member key, nil when o has none.
func (o object) obj(key string) (map[string]any, error) {
	v, ok := o[key]
	if !ok || v == nil {
		return nil, nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%q is not an object", key)
	}
	return m, nil
}

// parseEntries reads the member key of a snapshot file, an object whose
// members are objects, each read by entry; nil when the file has none.
// An error names the member and the entry it is in: key["name"]: ….
func parseEntries[T any](file map[string]any, key string, entry func(object) (T, error)) (map[string]T, error) {
	m, err := object(file).obj(key)
	if m == nil || err != nil {
		return nil, err
	}
	out := map[string]T{}
	for name, v := range m {
		e, ok := v.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("%s[%q] is not an object", key, name)
		}
		t, err := entry(e)
		if err != nil {
			return nil, fmt.Errorf("%s[%q]: %v", key, name, err)
		}
		out[name] = t
	}
	return out, nil
}

// other returns the members of o but known.
func (o object) other(known ...string) map[string]any {
	var other map[string]any
	for k, v := range o {
		if !slices.Contains(known, k) {
			if other == nil {
				other = map[string]any{}
			}
			other[k] = v
		}
	}
	return other
}

func parsePrompt(o object) (Prompt, string, error) {
	var p Prompt
	if err := o.strs([]string{"name", "title", "description"}, &p.Name, &p.Title, &p.Description); err != nil {
		return p, "", err
	}
	args, err := parseList(map[string]any(o), "arguments", "name", parseArgument)
	p.Arguments, p.Other = args, o.other("name", "title", "description", "arguments")
	return p, p.Name, err
}

func parseArgument(o object) (PromptArgument, string, error) {
	var a PromptArgument
	if err := o.strs([]string{"name", "title", "description"}, &a.Name, &a.Title, &a.Description); err != nil {
		return a, "", err
	}
	if r, ok := o["required"]; ok && r != nil {
		b, ok := r.(bool)
		if !ok {
			return a, "", errors.New(`"required" is not a boolean`)
		}
		a.Required = b
	}
	return a, a.Name, nil
}

// resourceParser parses a resource whose URI is the member uriKey.
func resourceParser(uriKey string) func(object) (Resource, string, error) {
	return func(o object) (Resource, string, error) {
		var r Resource
		err := o.strs([]string{uriKey, "name", "title", "description", "mimeType"}, &r.URI, &r.Name, &r.Title, &r.Description, &r.MIMEType)
		r.Other = o.other(uriKey, "name", "title", "description", "mimeType")
		return r, r.URI, err
	}
}

// compareFeatures returns the changes of the prompts, resources,
// resource templates (their caching hints included) and forms from
// before to after.
func compareFeatures(before, after *Snapshot) []Change {
	var o, n Snapshot
	if before != nil {
		o = *before
	}
	if after != nil {
		n = *after
	}
	var changes []Change
	oldPrompts, newPrompts := byKey(o.Prompts, func(p Prompt) string { return p.Name }), byKey(n.Prompts, func(p Prompt) string { return p.Name })
	for _, name := range unionKeys(oldPrompts, newPrompts) {
		op, inOld := oldPrompts[name]
		np, inNew := newPrompts[name]
		add := adder(&changes, KindPrompt, name)
		switch {
		case !inNew:
			add("", true, "prompt removed")
		case !inOld:
			add("", false, "prompt added")
		default:
			comparePrompt(op, np, add)
		}
	}
	changes = append(changes, compareResources(KindResource, o.Resources, n.Resources)...)
	changes = append(changes, compareResources(KindResourceTemplate, o.ResourceTemplates, n.ResourceTemplates)...)
	changes = append(changes, compareForms(o.Forms, n.Forms)...)
	changes = append(changes, compareInventory(&o, &n)...)
	changes = append(changes, compareApps(&o, &n)...)
	return append(changes, compareCaching(&o, &n)...)
}

func byKey[T any](list []T, key func(T) string) map[string]T {
	m := map[string]T{}
	for _, v := range list {
		m[key(v)] = v
	}
	return m
}

// adder returns a function that appends a change of the item name, of
// kind, to changes.
func adder(changes *[]Change, kind, name string) func(path string, breaking bool, msg string) {
	return func(path string, breaking bool, msg string) {
		*changes = append(*changes, Change{Kind: kind, Tool: name, Path: path, Breaking: breaking, Message: msg})
	}
}

func comparePrompt(o, n Prompt, add func(string, bool, string)) {
	compareText(add, "", "title", o.Title, n.Title)
	compareText(add, "", "description", o.Description, n.Description)
	compareOther(add, o.Other, n.Other)
	oldArgs := byKey(o.Arguments, func(a PromptArgument) string { return a.Name })
	newArgs := byKey(n.Arguments, func(a PromptArgument) string { return a.Name })
	for _, name := range unionKeys(oldArgs, newArgs) {
		oa, inOld := oldArgs[name]
		na, inNew := newArgs[name]
		path := "arguments." + name
		switch {
		case !inNew:
			// The generated handler rejects an argument it does not know.
			add(path, true, fmt.Sprintf("argument %q removed", name))
		case !inOld && na.Required:
			add(path, true, fmt.Sprintf("argument %q added as required", name))
		case !inOld:
			add(path, false, fmt.Sprintf("argument %q added as optional", name))
		default:
			switch {
			case !oa.Required && na.Required:
				add(path, true, fmt.Sprintf("argument %q is now required", name))
			case oa.Required && !na.Required:
				add(path, false, fmt.Sprintf("argument %q is now optional", name))
			}
			compareText(add, path, fmt.Sprintf("argument %q title", name), oa.Title, na.Title)
			compareText(add, path, fmt.Sprintf("argument %q description", name), oa.Description, na.Description)
		}
	}
}

// compareResources compares the resources (or templates) of kind, by
// URI. A template whose URI changed but whose name did not is one
// template that names its resources differently: that is one breaking
// change, with the variables it gained and lost.
func compareResources(kind string, before, after []Resource) []Change {
	var changes []Change
	oldRes, newRes := byKey(before, uriOf), byKey(after, uriOf)
	moved := map[string]string{} // old URI → new URI, for templates
	if kind == KindResourceTemplate {
		moved = renamed(oldRes, newRes)
	}
	for _, uri := range unionKeys(oldRes, newRes) {
		o, inOld := oldRes[uri]
		n, inNew := newRes[uri]
		switch {
		case inOld && moved[uri] != "":
			n = newRes[moved[uri]]
			add := adder(&changes, kind, uri)
			add("uriTemplate", true, templateChange(o.URI, n.URI))
			compareResource(o, n, add)
		case !inOld && containsValue(moved, uri):
			continue // reported as the old one
		case !inNew:
			adder(&changes, kind, uri)("", true, kind+" removed")
		case !inOld:
			adder(&changes, kind, uri)("", false, kind+" added")
		default:
			compareResource(o, n, adder(&changes, kind, uri))
		}
	}
	return changes
}

func uriOf(r Resource) string { return r.URI }

// renamed pairs the templates of before and after that are on one side
// only, by name, when the name is theirs alone on each side.
func renamed(before, after map[string]Resource) map[string]string {
	oldByName, newByName := onlyByName(before, after), onlyByName(after, before)
	moved := map[string]string{}
	for name, o := range oldByName {
		if n, ok := newByName[name]; ok && o != "" && n != "" {
			moved[o] = n
		}
	}
	return moved
}

// onlyByName maps the names of the resources of side that other lacks
// to their URI, or to "" when two share a name.
func onlyByName(side, other map[string]Resource) map[string]string {
	m := map[string]string{}
	for uri, r := range side {
		if _, ok := other[uri]; ok {
			continue
		}
		if _, dup := m[r.Name]; dup {
			m[r.Name] = ""
			continue
		}
		m[r.Name] = uri
	}
	return m
}

func containsValue(m map[string]string, v string) bool {
	for _, x := range m {
		if x == v {
			return true
		}
	}
	return false
}

// templateChange describes a template whose URI changed, with the
// variables it gained and lost.
func templateChange(o, n string) string {
	msg := fmt.Sprintf("URI template changed from %s to %s", o, n)
	ov, nv := variables(o), variables(n)
	var gained, lost []string
	for _, v := range nv {
		if !slices.Contains(ov, v) {
			gained = append(gained, v)
		}
	}
	for _, v := range ov {
		if !slices.Contains(nv, v) {
			lost = append(lost, v)
		}
	}
	if len(gained) > 0 {
		msg += "; variables added: " + strings.Join(gained, ", ")
	}
	if len(lost) > 0 {
		msg += "; variables removed: " + strings.Join(lost, ", ")
	}
	return msg
}

func variables(t string) []string {
	tmpl, err := uritemplate.New(t)
	if err != nil {
		return nil
	}
	return tmpl.Varnames()
}

func compareResource(o, n Resource, add func(string, bool, string)) {
	if o.MIMEType != n.MIMEType {
		// A client reads the contents by their type.
		add("mimeType", true, fmt.Sprintf("mimeType changed from %q to %q", o.MIMEType, n.MIMEType))
	}
	if o.Name != n.Name {
		add("name", false, fmt.Sprintf("name changed from %q to %q", o.Name, n.Name))
	}
	compareText(add, "", "title", o.Title, n.Title)
	compareText(add, "", "description", o.Description, n.Description)
	compareOther(add, o.Other, n.Other)
}

// compareText reports a change of a free-text field, what, at path (or
// at what, when path is empty).
func compareText(add func(string, bool, string), path, what, o, n string) {
	if msg := textChange(what, o, n); msg != "" {
		if path == "" {
			path = what
		}
		add(path, false, msg)
	}
}

func compareOther(add func(string, bool, string), o, n map[string]any) {
	for _, k := range unionKeys(o, n) {
		ov, inOld := o[k]
		nv, inNew := n[k]
		if !inOld || !inNew || render(ov) != render(nv) {
			add(k, false, otherChange(k, inOld, inNew))
		}
	}
}
