package directive

import (
	"fmt"
	"strings"
)

// The directive reference, docs/reference.md, is written from the option
// tables above and the one-line documentation below (and from the keys
// of a constraint tag, argmodel.TagReference); TestReference holds
// the page to them, and holds every option of the tables to an entry
// here, so that an option cannot be added without its documentation.

// A kindDoc documents one kind of directive.
type kindDoc struct {
	syntax string // the directive as written, its options as [option]...
	on     string // what it is written on
	doc    string // what it declares
	more   string // the page of docs/ that has every rule
}

// An optionDoc documents one option of a kind of directive.
type optionDoc struct {
	values string // the values it takes, as the reference writes them
	// example is what follows the key in a directive the option accepts:
	// "" for the key alone, or "=value".
	example string
	doc     string // one line: what it does
}

// kindDocs documents each kind of directive, by name.
var kindDocs = map[string]kindDoc{
	Tool: {"//mcp:tool [NAME] [option]...", "a function or method",
		"a tool. NAME defaults to the Go name in snake_case; the doc comment is its description.", "results.md"},
	Prompt: {"//mcp:prompt [NAME] [option]...", "a function or method",
		"a prompt; its arguments are the plain parameters or one struct's fields, each a string type.", "prompts.md"},
	Resource: {"//mcp:resource URI [option]...", "a function or method",
		"a resource, or with parameters a resource template whose URI is an RFC 6570 template of them.", "prompts.md"},
	Elicit: {"//mcp:elicit [option]...", "a struct type",
		"a form a tool asks its user to fill in, through the generated `Elicit<Type>`.", "protocol.md"},
	Shared: {"//mcp:shared", "a struct type, one a package",
		"arguments every tool of the package takes: its fields join each tool's input schema, and a hook meets them in `Call.Shared`.", "middleware.md"},
}

// Values of flags and of options that share one form.
const (
	flagValues   = "alone, `=true` or `=false`"
	boolValues   = "`true` or `false`"
	textValues   = "text, quoted if it has spaces"
	iconValues   = "an https URL, a `data:` URI, or a png, jpeg, svg or webp file of the package (64 KiB at most)"
	originValues = "`https://host[:port]` origins, space-separated and quoted if more than one"
)

// optionDocs documents each option of each kind of directive, by kind
// and key.
var optionDocs = map[string]map[string]optionDoc{
	Tool: {
		"title":         {textValues, `="Get the weather"`, "The tool's `title`, and `annotations.title` for hosts that predate it."},
		"structured":    {boolValues, "=false", "Whether the result has an output schema and `structuredContent`; by default its type decides."},
		"closed":        {flagValues, "", "`additionalProperties: false` on the output schema's objects."},
		"strict":        {flagValues, "", "No strings taken for numbers and booleans, and enum values only as spelled."},
		"args":          {"`go` or `snake`", "=snake", "Plain parameters' names on the wire: as in the source (`go`, the default) or in snake case, `runID` as `run_id`; overrides the package's `-args`."},
		"readonly":      {flagValues, "", "The annotation `readOnlyHint`: the tool changes nothing (an error beside `destructive`)."},
		"destructive":   {flagValues, "", "The annotation `destructiveHint`: the tool may destroy what it changes."},
		"idempotent":    {flagValues, "", "The annotation `idempotentHint`: calling it again with the same arguments changes nothing more."},
		"openworld":     {flagValues, "", "The annotation `openWorldHint`: the tool reaches beyond the server, such as the web."},
		"depth":         {"a whole number, 0 or more", "=2", "Keeps the schemas' nested objects to N property hops; a deeper one becomes `{\"type\":\"object\"}`."},
		"descriptions":  {"a whole number, `first` or `none`", "=first", "Keeps descriptions to N hops, to their first sentence, or none."},
		"text":          {"`json`, `compact` or `none`", "=json", "The text content of a structured result: indented JSON, compact JSON (the default), or a note."},
		"budget":        {"a whole number, 1 or more", "=8000", "The tokens the tool's tools/list entry may take before lint's `size` finding (5,000 by default)."},
		"icon":          {iconValues, "=sun.png", "The icon clients show beside the tool."},
		"icon-dark":     {iconValues, "=sun-dark.png", "The icon for a dark theme."},
		"view":          {"paths of the result, comma-separated: `a.b,c`", `="metadata.name,status.phase"`, "Serves only those paths of the result, and an output schema pruned to them."},
		"fields":        {flagValues, "", "Adds an optional argument `fields` by which the model asks for some of the paths per call."},
		"keep":          {"paths of the result, comma-separated", `="pageInfo"`, "Paths every call gets, whatever `fields` asks for."},
		"toolset":       {"a name of letters, digits, `_`, `.` and `-`", "=issues", "The toolset the tool belongs to, which a server selects tools by."},
		"scopes":        {"OAuth scopes, space-separated and quoted if more than one", `="repo read:org"`, "The scopes a caller's token must hold; the generated handler refuses one without them."},
		"flag":          {"a name of letters, digits, `_`, `.` and `-`", "=beta", "The feature flag that must be on for a server to serve the tool."},
		"task":          {"`optional` or `required`", "=optional", "Runs the tool as a task of the extension `io.modelcontextprotocol/tasks` when the client declares it, and at once otherwise; `required` refuses a client without it with JSON-RPC error -32021. The server serves through `toolrt.TasksHandler` ([tasks.md](tasks.md))."},
		"ui":            {"an HTML file of the package (4 MiB at most)", "=forecast.html", "Shows the tool's results in that page, an MCP App, registered as `ui://<package>/<tool>`."},
		"ui-visibility": {"`app` or `model`", "=app", "Who may call the tool: only the page, or only the model."},
		"ui-connect":    {originValues + ", or `wss://`", "=https://api.example.com", "The origins the page may connect to (fetch, WebSocket)."},
		"ui-resources":  {originValues, "=https://cdn.example.com", "The origins the page may load scripts, styles, images and fonts from."},
		"ui-border":     {boolValues, "=true", "Whether the host draws a border around the page."},
	},
	Prompt: {
		"title":     {textValues, `="Plan a trip"`, "The prompt's `title`."},
		"icon":      {iconValues, "=sun.png", "The icon clients show beside the prompt."},
		"icon-dark": {iconValues, "=sun-dark.png", "The icon for a dark theme."},
	},
	Resource: {
		"name":      {textValues, "=cities", "The resource's `name`; by default the Go name in snake_case."},
		"title":     {textValues, `="Current weather"`, "The resource's `title`."},
		"mime":      {"a MIME type", "=text/markdown", "The MIME type of what a read returns, whatever the result's Go type."},
		"icon":      {iconValues, "=sun.png", "The icon clients show beside the resource."},
		"icon-dark": {iconValues, "=sun-dark.png", "The icon for a dark theme."},
		"ttl":       {"a Go duration, such as `90s` or `1h`", "=5m", "How long a client may cache a read (`ttlMs` in the result, 2026-07-28)."},
		"cache":     {"`public` or `private`", "=private", "Who may cache a read: any client or intermediary, or the user's client only (`cacheScope`)."},
	},
	Elicit: {
		"key": {"letters, digits, `_` and `-`, at most 64", "=user_name", "The key of every input request of the form on 2026-07-28, in place of one per message."},
	},
}

// Reference returns the directives' part of docs/reference.md: each
// kind of directive, then a table of its options, in the order of the
// option tables. The page goes on with argmodel.TagReference, the keys
// of a constraint tag.
func Reference() string {
	var b strings.Builder
	b.WriteString(`# Directive reference

<!-- Code generated by "go test ./internal/directive -run TestReference -update" from the option tables of internal/directive and internal/argmodel. DO NOT EDIT. -->

Every ` + "`//mcp:`" + ` directive and every option it takes. A directive is a line of its own in
a doc comment, with no space after ` + "`//`" + `; an option is a key, or ` + "`key=value`" + ` with the value quoted
if it has spaces. A flag alone means ` + "`=true`" + `. How names are made, what counts as a misspelled
option, and where a directive may stand: [usage.md](usage.md#the-directive). The keys that
constrain an argument, in a struct tag or a doc list item, close the page.
`)
	for _, k := range directiveKinds {
		kd := kindDocs[k.name]
		fmt.Fprintf(&b, "\n## //mcp:%s\n\n`%s`, on %s: %s Every rule: [%s](%s).\n", k.name, kd.syntax, kd.on, kd.doc, kd.more, kd.more)
		if len(k.options) == 0 {
			b.WriteString("\nIt takes no options.\n")
			continue
		}
		b.WriteString("\n| option | values | example | what |\n|---|---|---|---|\n")
		for _, o := range k.options {
			od := optionDocs[k.name][o.key]
			fmt.Fprintf(&b, "| `%s` | %s | `%s%s` | %s |\n", o.key, od.values, o.key, od.example, od.doc)
		}
	}
	return b.String()
}
