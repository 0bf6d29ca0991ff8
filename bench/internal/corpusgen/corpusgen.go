// Package corpusgen writes a synthetic package of annotated MCP tools for
// the benchmarks in github.com/mcptag/mcptag/bench.
//
// The package holds N //mcp:tool functions with realistic argument and
// result structs (nested structs, slices, maps, pointers, doc comments and
// a few enums), spread over a catalogue of resources the way a large API
// surface is, and a second file, addtool.go, that registers the same
// functions with the go-sdk's generic mcp.AddTool, so that both ways of
// registering can be measured on the same tools. Its output is
// deterministic: the same N gives the same bytes.
//
// Running mcptag on the written package adds mcp_tools_gen.go and
// mcp_tools.json.
package corpusgen

import (
	"bytes"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"strings"
	"unicode"
)

// DefaultN is the number of tools of the corpus the benchmarks measure,
// bench/corpus600.
const DefaultN = 600

// Files returns the corpus's source files, by name, for a package named pkg
// with n tools.
func Files(pkg string, n int) (map[string][]byte, error) {
	if n < 1 {
		return nil, fmt.Errorf("corpusgen: n = %d, want at least 1", n)
	}
	files := map[string]string{
		"shared.go":  sharedFile(pkg),
		"tools.go":   toolsFile(pkg, n),
		"addtool.go": addToolFile(pkg, n),
	}
	out := map[string][]byte{}
	for name, src := range files {
		b, err := format.Source([]byte(src))
		if err != nil {
			return nil, fmt.Errorf("corpusgen: %s: %v", name, err)
		}
		out[name] = b
	}
	return out, nil
}

// Write writes the corpus's source files into dir, creating it if needed.
// It leaves any other file in dir (mcptag's output) alone.
func Write(dir, pkg string, n int) error {
	files, err := Files(pkg, n)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// A resource is one noun of the catalogue; each has a record type shared by
// its tools.
type resource struct {
	Name   string // Go name, singular: Invoice
	Plural string // invoices
	// Extra fields of the record, beyond the common ones.
	Extra []field
}

type field struct {
	Name, Type, JSON, Doc string
}

var resources = []resource{
	{"Invoice", "invoices", []field{{"Total", "Money", "total", "Total due, taxes included."}, {"Lines", "[]LineItem", "lines", "The invoiced items, in order."}, {"DueDate", "string", "due_date", "Date the payment is due, YYYY-MM-DD."}}},
	{"Customer", "customers", []field{{"Email", "string", "email", "Primary contact address."}, {"Billing", "*Address", "billing,omitempty", "Billing address, if known."}, {"Tier", "Tier", "tier", "Support tier of the account."}}},
	{"Order", "orders", []field{{"Lines", "[]LineItem", "lines", "The ordered items."}, {"Shipping", "Address", "shipping", "Where the order ships to."}, {"Total", "Money", "total", "Order total."}}},
	{"Shipment", "shipments", []field{{"Carrier", "string", "carrier", "Carrier code, such as UPS or DHL."}, {"Destination", "Address", "destination", "Delivery address."}, {"WeightGrams", "int", "weight_grams", "Gross weight in grams."}}},
	{"Product", "products", []field{{"SKU", "string", "sku", "Stock keeping unit."}, {"Price", "Money", "price", "List price."}, {"Dimensions", "*Dimensions", "dimensions,omitempty", "Packed size, if measured."}}},
	{"Warehouse", "warehouses", []field{{"Location", "Address", "location", "Street address of the site."}, {"Capacity", "int", "capacity", "Pallet positions."}, {"Zones", "[]string", "zones", "Zone codes."}}},
	{"Ticket", "tickets", []field{{"Subject", "string", "subject", "One-line summary."}, {"Priority", "Priority", "priority", "Urgency, 1 (low) to 4 (critical)."}, {"Assignee", "*Person", "assignee,omitempty", "Who works on it, if anyone."}}},
	{"Employee", "employees", []field{{"Person", "Person", "person", "Name and contact details."}, {"Manager", "string", "manager,omitempty", "ID of the employee's manager."}, {"Salary", "Money", "salary", "Gross yearly salary."}}},
	{"Project", "projects", []field{{"Owner", "Person", "owner", "Accountable person."}, {"Budget", "Money", "budget", "Approved budget."}, {"Milestones", "[]Milestone", "milestones", "Planned milestones, by date."}}},
	{"Repository", "repositories", []field{{"DefaultBranch", "string", "default_branch", "Branch that pull requests target."}, {"Visibility", "Visibility", "visibility", "Who can see it."}, {"Topics", "[]string", "topics", "Search topics."}}},
	{"Deployment", "deployments", []field{{"Environment", "string", "environment", "Target environment name."}, {"Version", "string", "version", "Released version."}, {"Replicas", "int", "replicas", "Running replicas."}}},
	{"Alert", "alerts", []field{{"Severity", "Priority", "severity", "How bad it is."}, {"Rule", "string", "rule", "Name of the rule that fired."}, {"Labels", "map[string]string", "labels", "Labels of the firing series."}}},
	{"Subscription", "subscriptions", []field{{"Plan", "string", "plan", "Plan identifier."}, {"Price", "Money", "price", "Price per period."}, {"RenewsOn", "string", "renews_on,omitempty", "Next renewal date, YYYY-MM-DD."}}},
	{"Payment", "payments", []field{{"Amount", "Money", "amount", "Amount paid."}, {"Method", "string", "method", "card, transfer or wallet."}, {"Refunded", "bool", "refunded", "Whether it was refunded."}}},
	{"Contract", "contracts", []field{{"Parties", "[]Person", "parties", "Signatories."}, {"Value", "Money", "value", "Total contract value."}, {"Clauses", "map[string]string", "clauses,omitempty", "Special clauses by number."}}},
	{"Campaign", "campaigns", []field{{"Budget", "Money", "budget", "Spend cap."}, {"Channels", "[]string", "channels", "Where it runs."}, {"Metrics", "map[string]float64", "metrics", "Latest metrics by name."}}},
	{"Document", "documents", []field{{"Title", "string", "title", "Document title."}, {"Author", "Person", "author", "Who wrote it."}, {"SizeBytes", "int64", "size_bytes", "Size in bytes."}}},
	{"Meeting", "meetings", []field{{"Attendees", "[]Person", "attendees", "Invited people."}, {"Room", "string", "room,omitempty", "Room name, if booked."}, {"Minutes", "int", "minutes", "Planned length in minutes."}}},
	{"Vendor", "vendors", []field{{"Contact", "Person", "contact", "Main contact."}, {"Address", "Address", "address", "Registered office."}, {"Rating", "float64", "rating", "Average rating, 0 to 5."}}},
	{"Asset", "assets", []field{{"Serial", "string", "serial", "Serial number."}, {"Value", "Money", "value", "Book value."}, {"Holder", "*Person", "holder,omitempty", "Who has it, if issued."}}},
}

// Verbs, with whether the tool takes plain parameters (the Python SDK's way)
// instead of one argument struct, and whether it is read-only.
type verb struct {
	Go, Doc  string
	Plain    bool
	ReadOnly bool
}

var verbs = []verb{
	{"Get", "gets one %s by ID", true, true},
	{"List", "lists %s, a page at a time", false, true},
	{"Search", "searches %s by free text and filters", false, true},
	{"Create", "creates a %s", false, false},
	{"Update", "updates fields of a %s", false, false},
	{"Archive", "archives a %s", true, false},
	{"Export", "exports %s matching filters", false, true},
	{"Summarize", "summarizes %s over a period", false, true},
}

// tool describes the i-th tool of the corpus.
type tool struct {
	I      int
	Res    resource
	Verb   verb
	Func   string // Go function name
	Name   string // tool name
	Desc   string // description, as mcptag derives it from the doc comment
	DocArg string // the lowercase noun used in docs
}

// Kinds returns the name prefix, verb_resource, of every kind of tool the
// catalogue has: each resource with each verb. Tool i is of kind
// i mod len(Kinds()), so a corpus of at least that many tools has every
// argument and result shape.
func Kinds() []string {
	kinds := make([]string, len(resources)*len(verbs))
	for i := range kinds {
		t := toolAt(i)
		kinds[i] = kind(t.Verb, t.Res)
	}
	return kinds
}

func toolAt(i int) tool {
	r := resources[i%len(resources)]
	v := verbs[(i/len(resources))%len(verbs)]
	fn := fmt.Sprintf("%s%s%d", v.Go, r.Name, i)
	noun := strings.ToLower(r.Name)
	if strings.Contains(v.Doc, "%s") && (v.Go == "List" || v.Go == "Search" || v.Go == "Export" || v.Go == "Summarize") {
		noun = r.Plural
	}
	doc := fmt.Sprintf(v.Doc, noun)
	return tool{
		I: i, Res: r, Verb: v, Func: fn,
		Name:   fmt.Sprintf("%s_%d", kind(v, r), i),
		Desc:   upperFirst(doc) + ".",
		DocArg: noun,
	}
}

func kind(v verb, r resource) string { return strings.ToLower(v.Go) + "_" + snake(r.Name) }

func snake(s string) string {
	var b strings.Builder
	for i, r := range s {
		if unicode.IsUpper(r) && i > 0 {
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

func upperFirst(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

// tag renders a struct tag with the same description for mcptag (which
// reads the doc comment) and jsonschema.For (which reads the jsonschema tag).
func tag(json, doc string) string {
	return fmt.Sprintf("`json:%q jsonschema:%q`", json, doc)
}

func writeField(b *bytes.Buffer, f field) {
	fmt.Fprintf(b, "\t// %s\n\t%s %s %s\n", f.Doc, f.Name, f.Type, tag(f.JSON, f.Doc))
}

const header = "// Code generated by corpusgen for the mcptag benchmarks; DO NOT EDIT.\n\n"

func sharedFile(pkg string) string {
	var b bytes.Buffer
	b.WriteString("// Package " + pkg + " is a synthetic catalogue of MCP tools, written by\n// github.com/mcptag/mcptag/bench/internal/corpusgen for the benchmarks.\n")
	b.WriteString("package " + pkg + "\n\n")
	b.WriteString(`//go:generate go run github.com/mcptag/mcptag/cmd/mcptag

import "time"

// Money is an amount of one currency.
type Money struct {
	// Amount in minor units, such as cents.
	Amount int64 ` + "`json:\"amount\" jsonschema:\"Amount in minor units, such as cents.\"`" + `
	// ISO 4217 currency code.
	Currency Currency ` + "`json:\"currency\" jsonschema:\"ISO 4217 currency code.\"`" + `
}

// Currency is an ISO 4217 currency code.
type Currency string

// The currencies the catalogue trades in.
const (
	USD Currency = "USD"
	EUR Currency = "EUR"
	GBP Currency = "GBP"
	JPY Currency = "JPY"
)

// Status is the lifecycle state of a record.
type Status string

// The states of a record.
const (
	StatusActive    Status = "active"
	StatusPending   Status = "pending"
	StatusSuspended Status = "suspended"
	StatusArchived  Status = "archived"
)

// Priority is an urgency level.
type Priority int

// The priorities, lowest first.
const (
	PriorityLow      Priority = 1
	PriorityNormal   Priority = 2
	PriorityHigh     Priority = 3
	PriorityCritical Priority = 4
)

// Tier is a support tier.
type Tier string

// The support tiers.
const (
	TierFree       Tier = "free"
	TierStandard   Tier = "standard"
	TierEnterprise Tier = "enterprise"
)

// Visibility says who can see a repository.
type Visibility string

// The visibilities.
const (
	Public   Visibility = "public"
	Internal Visibility = "internal"
	Private  Visibility = "private"
)

// Address is a postal address.
type Address struct {
	// First line: street and number.
	Line1 string ` + "`json:\"line1\" jsonschema:\"First line: street and number.\"`" + `
	// Second line, if any.
	Line2 string ` + "`json:\"line2,omitempty\" jsonschema:\"Second line, if any.\"`" + `
	City  string ` + "`json:\"city\"`" + `
	// State, province or county.
	Region string ` + "`json:\"region,omitempty\" jsonschema:\"State, province or county.\"`" + `
	PostalCode string ` + "`json:\"postal_code\"`" + `
	// ISO 3166-1 alpha-2 country code.
	Country string ` + "`json:\"country\" jsonschema:\"ISO 3166-1 alpha-2 country code.\"`" + `
}

// Person is someone the records refer to.
type Person struct {
	// Stable identifier.
	ID   string ` + "`json:\"id\" jsonschema:\"Stable identifier.\"`" + `
	Name string ` + "`json:\"name\"`" + `
	// Contact address, if shared.
	Email string ` + "`json:\"email,omitempty\" jsonschema:\"Contact address, if shared.\"`" + `
}

// LineItem is one line of an order or invoice.
type LineItem struct {
	SKU      string ` + "`json:\"sku\"`" + `
	// Units ordered.
	Quantity int ` + "`json:\"quantity\" jsonschema:\"Units ordered.\"`" + `
	// Price of one unit.
	UnitPrice Money ` + "`json:\"unit_price\" jsonschema:\"Price of one unit.\"`" + `
}

// Dimensions is a packed size.
type Dimensions struct {
	WidthMM  int ` + "`json:\"width_mm\"`" + `
	HeightMM int ` + "`json:\"height_mm\"`" + `
	DepthMM  int ` + "`json:\"depth_mm\"`" + `
}

// Milestone is a dated goal.
type Milestone struct {
	Name string ` + "`json:\"name\"`" + `
	// Due date, YYYY-MM-DD.
	Due  string ` + "`json:\"due\" jsonschema:\"Due date, YYYY-MM-DD.\"`" + `
	Done bool   ` + "`json:\"done\"`" + `
}

// Audit records who changed a record and when.
type Audit struct {
	// When the record was created.
	CreatedAt time.Time ` + "`json:\"created_at\" jsonschema:\"When the record was created.\"`" + `
	// When it last changed.
	UpdatedAt time.Time ` + "`json:\"updated_at\" jsonschema:\"When it last changed.\"`" + `
	// Who changed it last.
	UpdatedBy string ` + "`json:\"updated_by,omitempty\" jsonschema:\"Who changed it last.\"`" + `
}

// Page selects one page of a listing.
type Page struct {
	// Opaque cursor from the previous page; empty for the first.
	Cursor string ` + "`json:\"cursor,omitempty\" jsonschema:\"Opaque cursor from the previous page; empty for the first.\"`" + `
	// Page size, 1 to 200.
	Limit int ` + "`json:\"limit,omitempty\" jsonschema:\"Page size, 1 to 200.\"`" + `
}

// Period is a closed range of dates.
type Period struct {
	// First day, YYYY-MM-DD.
	From string ` + "`json:\"from\" jsonschema:\"First day, YYYY-MM-DD.\"`" + `
	// Last day, YYYY-MM-DD.
	To string ` + "`json:\"to\" jsonschema:\"Last day, YYYY-MM-DD.\"`" + `
}

var epoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
`)
	// One record type per resource.
	for _, r := range resources {
		fmt.Fprintf(&b, "\n// %s is one of the catalogue's %s.\ntype %s struct {\n", r.Name, r.Plural, r.Name)
		writeField(&b, field{"ID", "string", "id", "Stable identifier."})
		writeField(&b, field{"Name", "string", "name", "Display name."})
		writeField(&b, field{"Status", "Status", "status", "Lifecycle state."})
		for _, f := range r.Extra {
			writeField(&b, f)
		}
		writeField(&b, field{"Tags", "[]string", "tags", "Free-form labels."})
		writeField(&b, field{"Attributes", "map[string]string", "attributes,omitempty", "Custom attributes by name."})
		writeField(&b, field{"Audit", "Audit", "audit", "Change history."})
		b.WriteString("}\n")
		fmt.Fprintf(&b, "\nfunc new%s(id string) %s {\n\treturn %s{ID: id, Name: %q + id, Status: StatusActive, Tags: []string{%q, \"bench\"}, Audit: Audit{CreatedAt: epoch, UpdatedAt: epoch}}\n}\n",
			r.Name, r.Name, r.Name, r.Name+" ", strings.ToLower(r.Name))
	}
	return header + b.String()
}

// argFields returns the fields of tool t's argument struct.
func argFields(t tool) []field {
	r := t.Res
	noun := strings.ToLower(r.Name)
	switch t.Verb.Go {
	case "List":
		return []field{
			{"Page", "*Page", "page,omitempty", "Which page to return; the first if absent."},
			{"Status", "Status", "status,omitempty", "Only " + r.Plural + " in this state."},
			{"Tags", "[]string", "tags,omitempty", "Only " + r.Plural + " with all these tags."},
			{"SortBy", "string", "sort_by,omitempty", "Field to sort by; name by default."},
		}
	case "Search":
		return []field{
			{"Query", "string", "query", "Free text to match against names and tags."},
			{"Filters", "map[string]string", "filters,omitempty", "Exact-match filters on attributes."},
			{"Page", "*Page", "page,omitempty", "Which page to return."},
			{"IncludeArchived", "bool", "include_archived,omitempty", "Also match archived " + r.Plural + "."},
		}
	case "Create":
		return []field{
			{"Name", "string", "name", "Display name of the new " + noun + "."},
			{"Tags", "[]string", "tags,omitempty", "Labels to attach."},
			{"Attributes", "map[string]string", "attributes,omitempty", "Custom attributes."},
			{"Owner", "*Person", "owner,omitempty", "Who owns it; the caller if absent."},
			{"DryRun", "bool", "dry_run,omitempty", "Validate only; create nothing."},
		}
	case "Update":
		return []field{
			{"ID", "string", "id", "Which " + noun + " to update."},
			{"Name", "*string", "name,omitempty", "New display name."},
			{"Status", "Status", "status,omitempty", "New lifecycle state."},
			{"SetAttributes", "map[string]string", "set_attributes,omitempty", "Attributes to set."},
			{"RemoveTags", "[]string", "remove_tags,omitempty", "Labels to remove."},
			{"ExpectedVersion", "int64", "expected_version,omitempty", "Fail unless the stored version matches."},
		}
	case "Export":
		return []field{
			{"Format", "string", "format", "csv or jsonl."},
			{"Period", "Period", "period", "Records changed in this period."},
			{"Fields", "[]string", "fields,omitempty", "Columns to include; all if empty."},
		}
	case "Summarize":
		return []field{
			{"Period", "Period", "period", "The period to summarize."},
			{"GroupBy", "[]string", "group_by,omitempty", "Attributes to group by."},
			{"Currency", "Currency", "currency,omitempty", "Currency for amounts."},
		}
	}
	panic("no struct arguments for " + t.Verb.Go)
}

// plainParams returns tool t's parameters when it takes plain parameters.
func plainParams(t tool) []field {
	switch t.Verb.Go {
	case "Get":
		return []field{{"id", "string", "id", ""}, {"includeAudit", "bool", "includeAudit", ""}}
	case "Archive":
		return []field{{"id", "string", "id", ""}, {"reason", "*string", "reason,omitempty", ""}}
	}
	panic("no plain parameters for " + t.Verb.Go)
}

// resultFields returns the fields of tool t's result struct.
func resultFields(t tool) []field {
	r := t.Res
	switch t.Verb.Go {
	case "Get", "Create", "Update", "Archive":
		fs := []field{
			{r.Name, r.Name, strings.ToLower(r.Name), "The " + strings.ToLower(r.Name) + " as stored."},
			{"Version", "int64", "version", "Stored version, for optimistic updates."},
		}
		if t.Verb.Go != "Get" {
			fs = append(fs, field{"Warnings", "[]string", "warnings,omitempty", "Non-fatal problems found."})
		}
		return fs
	case "List", "Search":
		return []field{
			{"Items", "[]" + r.Name, "items", "The page of " + r.Plural + "."},
			{"NextCursor", "string", "next_cursor,omitempty", "Cursor of the next page; empty on the last."},
			{"Total", "int", "total", "Matches across all pages."},
		}
	case "Export":
		return []field{
			{"URL", "string", "url", "Where to download the export."},
			{"Rows", "int", "rows", "Exported rows."},
			{"Expires", "time.Time", "expires", "When the URL stops working."},
		}
	case "Summarize":
		return []field{
			{"Count", "int", "count", "Records in the period."},
			{"Groups", "map[string]int", "groups", "Counts by group."},
			{"ByStatus", "map[string]int", "by_status", "Counts by lifecycle state."},
			{"Largest", "*" + r.Name, "largest,omitempty", "The largest record, if any."},
		}
	}
	panic(t.Verb.Go)
}

func toolsFile(pkg string, n int) string {
	var b bytes.Buffer
	b.WriteString(header)
	b.WriteString("package " + pkg + "\n\nimport (\n\t\"context\"\n\t\"errors\"\n\t\"time\"\n)\n\nvar _ = time.Time{}\n\nvar errNotFound = errors.New(\"not found\")\n")
	for i := range n {
		t := toolAt(i)
		r := t.Res
		if !t.Verb.Plain {
			fmt.Fprintf(&b, "\n// %sInput is the arguments of %s.\ntype %sInput struct {\n", t.Func, t.Name, t.Func)
			for _, f := range argFields(t) {
				writeField(&b, f)
			}
			b.WriteString("}\n")
		}
		fmt.Fprintf(&b, "\n// %sResult is what %s returns.\ntype %sResult struct {\n", t.Func, t.Name, t.Func)
		for _, f := range resultFields(t) {
			writeField(&b, f)
		}
		b.WriteString("}\n")

		// The function; mcptag derives the description from the doc comment.
		fmt.Fprintf(&b, "\n// %s %s\n//\n//mcp:tool %s", t.Func, lowerFirst(t.Desc), t.Name)
		if t.Verb.ReadOnly {
			b.WriteString(" readonly")
		}
		b.WriteString("\n")
		if t.Verb.Plain {
			ps := plainParams(t)
			fmt.Fprintf(&b, "func %s(ctx context.Context, %s %s, %s %s) (%sResult, error) {\n", t.Func, ps[0].Name, ps[0].Type, ps[1].Name, ps[1].Type, t.Func)
			fmt.Fprintf(&b, "\tif id == \"\" {\n\t\treturn %sResult{}, errNotFound\n\t}\n", t.Func)
			fmt.Fprintf(&b, "\trec := new%s(id)\n", r.Name)
			if t.Verb.Go == "Archive" {
				b.WriteString("\trec.Status = StatusArchived\n\tvar warnings []string\n\tif reason == nil {\n\t\twarnings = append(warnings, \"no reason given\")\n\t}\n")
				fmt.Fprintf(&b, "\treturn %sResult{%s: rec, Version: 2, Warnings: warnings}, nil\n}\n", t.Func, r.Name)
			} else {
				b.WriteString("\tif !includeAudit {\n\t\trec.Audit = Audit{}\n\t}\n")
				fmt.Fprintf(&b, "\treturn %sResult{%s: rec, Version: 1}, nil\n}\n", t.Func, r.Name)
			}
			continue
		}
		fmt.Fprintf(&b, "func %s(ctx context.Context, in %sInput) (%sResult, error) {\n", t.Func, t.Func, t.Func)
		switch t.Verb.Go {
		case "List":
			fmt.Fprintf(&b, "\tlimit := 2\n\tif in.Page != nil && in.Page.Limit > 0 && in.Page.Limit < limit {\n\t\tlimit = in.Page.Limit\n\t}\n\tout := %sResult{Total: 40, NextCursor: \"c2\"}\n\tfor i := range limit {\n\t\trec := new%s(string(rune('a' + i)))\n\t\tif in.Status != \"\" {\n\t\t\trec.Status = in.Status\n\t\t}\n\t\tout.Items = append(out.Items, rec)\n\t}\n\treturn out, nil\n}\n", t.Func, r.Name)
		case "Search":
			fmt.Fprintf(&b, "\tif in.Query == \"\" {\n\t\treturn %sResult{}, errors.New(\"empty query\")\n\t}\n\trec := new%s(\"q1\")\n\trec.Name = in.Query\n\treturn %sResult{Items: []%s{rec}, Total: 1}, nil\n}\n", t.Func, r.Name, t.Func, r.Name)
		case "Create":
			fmt.Fprintf(&b, "\trec := new%s(\"new\")\n\trec.Name = in.Name\n\trec.Tags = in.Tags\n\trec.Attributes = in.Attributes\n\tvar warnings []string\n\tif in.DryRun {\n\t\twarnings = append(warnings, \"dry run: nothing created\")\n\t}\n\treturn %sResult{%s: rec, Version: 1, Warnings: warnings}, nil\n}\n", r.Name, t.Func, r.Name)
		case "Update":
			fmt.Fprintf(&b, "\trec := new%s(in.ID)\n\tif in.Name != nil {\n\t\trec.Name = *in.Name\n\t}\n\tif in.Status != \"\" {\n\t\trec.Status = in.Status\n\t}\n\trec.Attributes = in.SetAttributes\n\treturn %sResult{%s: rec, Version: in.ExpectedVersion + 1}, nil\n}\n", r.Name, t.Func, r.Name)
		case "Export":
			fmt.Fprintf(&b, "\tif in.Format != \"csv\" && in.Format != \"jsonl\" {\n\t\treturn %sResult{}, errors.New(\"format must be csv or jsonl\")\n\t}\n\treturn %sResult{URL: \"https://example.com/export/\" + in.Period.From + \".\" + in.Format, Rows: 12, Expires: epoch.Add(time.Hour)}, nil\n}\n", t.Func, t.Func)
		case "Summarize":
			fmt.Fprintf(&b, "\tout := %sResult{Count: 3, Groups: map[string]int{}, ByStatus: map[string]int{\"active\": 2, \"archived\": 1}}\n\tfor _, g := range in.GroupBy {\n\t\tout.Groups[g] = 3\n\t}\n\tlargest := new%s(\"big\")\n\tout.Largest = &largest\n\treturn out, nil\n}\n", t.Func, r.Name)
		}
	}
	return b.String()
}

func lowerFirst(s string) string { return strings.ToLower(s[:1]) + s[1:] }

func addToolFile(pkg string, n int) string {
	var b bytes.Buffer
	b.WriteString(header)
	b.WriteString("package " + pkg + "\n\nimport (\n\t\"context\"\n\n\t\"github.com/modelcontextprotocol/go-sdk/mcp\"\n)\n\n")
	b.WriteString("// RegisterWithAddTool adds the same tools as RegisterTools to s, through the\n// go-sdk's generic mcp.AddTool, which infers their schemas by reflection.\nfunc RegisterWithAddTool(s *mcp.Server) {\n")
	for i := range n {
		t := toolAt(i)
		ann := ""
		if t.Verb.ReadOnly {
			ann = ", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}"
		}
		in := t.Func + "Input"
		if t.Verb.Plain {
			in = "addTool" + t.Func + "Args"
		}
		fmt.Fprintf(&b, "\tmcp.AddTool(s, &mcp.Tool{Name: %q, Description: %q%s}, func(ctx context.Context, _ *mcp.CallToolRequest, in %s) (*mcp.CallToolResult, %sResult, error) {\n", t.Name, t.Desc, ann, in, t.Func)
		if t.Verb.Plain {
			ps := plainParams(t)
			fmt.Fprintf(&b, "\t\tout, err := %s(ctx, in.%s, in.%s)\n", t.Func, upperFirst(ps[0].Name), upperFirst(ps[1].Name))
		} else {
			fmt.Fprintf(&b, "\t\tout, err := %s(ctx, in)\n", t.Func)
		}
		b.WriteString("\t\treturn nil, out, err\n\t})\n")
	}
	b.WriteString("}\n")
	// Argument structs for the tools with plain parameters: mcp.AddTool needs one.
	for i := range n {
		t := toolAt(i)
		if !t.Verb.Plain {
			continue
		}
		fmt.Fprintf(&b, "\ntype addTool%sArgs struct {\n", t.Func)
		for _, p := range plainParams(t) {
			fmt.Fprintf(&b, "\t%s %s `json:%q`\n", upperFirst(p.Name), p.Type, p.JSON)
		}
		b.WriteString("}\n")
	}
	return b.String()
}
