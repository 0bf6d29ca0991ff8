package analyzer

import "slices"

// A Category classifies findings. Category names are stable: users name
// them in suppression comments and in the linter's -fail flag, so never
// rename one.
type Category struct {
	Name string
	// Fails says whether the linter fails on findings of this category
	// by default: those that break clients or hide tools do; advice does
	// not, unless -fail names it.
	Fails bool
	// Doc says in one line what the category reports.
	Doc string
}

// The category names.
const (
	CatUnstructured    = "unstructured"
	CatUnsupported     = "unsupported"
	CatCustomMarshaler = "custom-marshaler"
	CatUntyped         = "untyped"
	CatNullable        = "nullable"
	CatUndocumented    = "undocumented"
	CatName            = "name"
	CatDirective       = "directive"
	CatSignature       = "signature"
	CatJSONTag         = "json-tag"
	CatClosedExtra     = "closed-extra"
	CatStale           = "stale"
	CatDeepInput       = "deep-input"
	CatSize            = "size"
	CatSensitive       = "sensitive"
	CatRedundant       = "redundant"
)

// Categories is the table of every category, in a stable order. The
// linter's usage, its Doc and the README's table are generated from it or
// tested against it.
var Categories = []Category{
	{CatUnstructured, true, "a result with no schema degrades to unstructured text"},
	{CatUnsupported, true, "a Go type with no JSON form (chan, func, complex, bad map keys) reachable from a tool"},
	{CatCustomMarshaler, false, "a MarshalJSON whose output shape is unknown: its schema is {}"},
	{CatUntyped, false, "any, an interface or json.RawMessage in an output: its schema is {}"},
	{CatNullable, false, "an output field that can be null (omitempty leaves it out instead)"},
	{CatUndocumented, false, "a tool, prompt, resource, argument or output field with no description"},
	{CatName, true, "an invalid or duplicate tool or prompt name, a name that looks like an option, or a name the generated code needs"},
	{CatDirective, true, "a misspelled, misplaced or malformed directive, resource URI or suppression"},
	{CatSignature, true, "a function shape mcptag cannot register"},
	{CatJSONTag, true, "a malformed struct tag or option, or a JSON name lost to a collision"},
	{CatClosedExtra, true, "closed on an output with a {} part, which can carry undeclared properties"},
	{CatStale, true, "generated code that differs from what mcptag generates now, or is missing or left over"},
	{CatDeepInput, false, "a recursive argument type, whose values nested deeper than toolrt.MaxDepth are rejected"},
	{CatSize, false, "a tool whose tools/list entry takes more tokens than its budget (5,000 by default)"},
	{CatSensitive, false, "a form field or header argument named like a secret (password, token, API key, credit card)"},
	{CatRedundant, false, "a view= path that another path of the view already keeps whole"},
}

// CategoryNames lists the names of Categories, in order.
func CategoryNames() []string {
	names := make([]string, len(Categories))
	for i, c := range Categories {
		names[i] = c.Name
	}
	return names
}

// LookupCategory returns the category named name.
func LookupCategory(name string) (Category, bool) {
	i := slices.IndexFunc(Categories, func(c Category) bool { return c.Name == name })
	if i < 0 {
		return Category{}, false
	}
	return Categories[i], true
}

// FixChangesWire reports whether the suggested fixes of findings of
// category change what a tool sends: adding omitempty (nullable) leaves
// an empty list out of a result instead of sending null. A driver applies
// them only when asked by name.
func FixChangesWire(category string) bool { return category == CatNullable }
