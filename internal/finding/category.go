package finding

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
	// Generation says what generating code does with a finding of this
	// category that is not an error (an error always stops it).
	Generation Generation
	// Doc says in one line what the category reports.
	Doc string
}

// Generation is what generating code (mcptag, go generate, mcptag -check)
// does with a category's findings. It reports every category that fails
// lint by default, at the same place as lint, silenced by the same
// //mcptag:ignore comments, so that a run that generates cleanly passes
// lint too.
type Generation int

const (
	// LintOnly categories are advice, or what only the linter checks
	// (stale code, which generating replaces; size): generation is silent.
	LintOnly Generation = iota
	// Warns: generation prints the finding as a warning and goes on.
	Warns
	// Stops: generation prints the finding and writes nothing (exit 1):
	// what is served would not be what the source says.
	Stops
)

// String is how docs/lint.md's table of categories says it.
func (g Generation) String() string {
	switch g {
	case Warns:
		return "warns"
	case Stops:
		return "stops"
	}
	return "silent"
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
	CatElicit          = "elicit"
	CatApp             = "app"
	CatAppCSP          = "app-csp"
	CatProfile         = "profile"
	CatLenient         = "lenient-destructive"
	CatTaskContext     = "task-context"
)

// Categories is the table of every category, in a stable order. The
// linter's usage, its Doc and docs/lint.md's table are generated from it or
// tested against it.
var Categories = []Category{
	{CatUnstructured, true, Warns, "a result with no schema degrades to unstructured text"},
	{CatUnsupported, true, Stops, "a Go type with no JSON form (chan, func, complex, bad map keys) reachable from a tool"},
	{CatCustomMarshaler, false, LintOnly, "a MarshalJSON whose output shape is unknown: its schema is {}"},
	{CatUntyped, false, LintOnly, "any, an interface or json.RawMessage in an output: its schema is {}"},
	{CatNullable, false, LintOnly, "an output field that can be null (omitempty leaves it out instead)"},
	{CatUndocumented, false, LintOnly, "a tool, prompt, resource, argument or output field with no description"},
	{CatName, true, Stops, "an invalid or duplicate tool or prompt name, a name that looks like an option, a doc list item naming a misspelled parameter, or a name the generated code needs"},
	{CatDirective, true, Stops, "a misspelled, misplaced or malformed directive, resource URI or suppression"},
	{CatSignature, true, Stops, "a function shape mcptag cannot register"},
	{CatJSONTag, true, Stops, "a malformed struct tag or option; a JSON name lost to a collision, which generation only warns of (encoding/json drops it, always)"},
	{CatClosedExtra, true, Warns, "closed on an output with a {} part, which can carry undeclared properties"},
	{CatStale, true, LintOnly, "generated code that differs from what mcptag generates now, or is missing or left over"},
	{CatDeepInput, false, LintOnly, "a recursive argument type, whose values nested deeper than the Depth of toolrt.Limits are rejected"},
	{CatSize, false, LintOnly, "a tool whose tools/list entry takes more tokens than its budget (5,000 by default)"},
	{CatSensitive, false, LintOnly, "a form field or header argument named like a secret (password, token, API key, credit card)"},
	{CatRedundant, false, LintOnly, "a view= path that another path of the view already keeps whole"},
	{CatElicit, false, LintOnly, "an Elicit<Type> error that cannot reach the tool's return as it is or wrapped with %w, which on 2026-07-28 asks nothing"},
	{CatApp, false, LintOnly, "an MCP App page over 1 MiB, or an app-only tool whose text content carries nothing of its result"},
	{CatProfile, false, LintOnly, "an input schema that a model provider named by -profile (openai, gemini, anthropic) would refuse, or whose constraints it would drop without a word"},
	{CatAppCSP, false, LintOnly, "an MCP App page that loads a script, style, image, font or fetch target from an origin its ui-resources= or ui-connect= does not list"},
	{CatLenient, false, LintOnly, "a destructive tool that takes a number sent as a string (\"0\" for 0), not strict"},
	{CatTaskContext, false, LintOnly, "a tool with task= that takes no context.Context, which tasks/cancel cancels: the cancelled task runs on"},
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
// an empty list out of a result instead of sending null; correcting a
// misspelled struct tag key (json-tag) gives a property the name or the
// constraints it says; wrapping an Elicit<Type> error with %w (elicit)
// makes the tool ask for its form. A driver applies them only when asked
// by name.
func FixChangesWire(category string) bool {
	return category == CatNullable || category == CatJSONTag || category == CatElicit
}
