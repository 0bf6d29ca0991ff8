package catalog

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"flag"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mcptag/mcptag/internal/apppreview"
	"github.com/mcptag/mcptag/internal/budget"
	"github.com/mcptag/mcptag/internal/emit"
	"github.com/mcptag/mcptag/internal/generate"
	"github.com/mcptag/mcptag/internal/genopts"
	"github.com/mcptag/mcptag/internal/snapdiff"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var update = flag.Bool("update", false, "rewrite testdata/weather.golden.html")

// repoRoot is the repository root, from this package's directory.
const repoRoot = "../.."

// loaded holds what loadPackages loaded, by its patterns: three tests
// render the weather example, and loading it is most of what each costs.
// The tests only read what it holds.
var loaded struct {
	sync.Mutex
	sources map[string][]Source
}

// loadPackages loads and analyzes the packages matching patterns below
// the repository root, which must analyze without errors, once for all
// the tests.
func loadPackages(t *testing.T, patterns ...string) []Source {
	t.Helper()
	loaded.Lock()
	defer loaded.Unlock()
	key := strings.Join(patterns, "\x00")
	if sources, ok := loaded.sources[key]; ok {
		return sources
	}
	pkgs, err := generate.Packages(repoRoot, genopts.Options{}, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	if errs := generate.Stopping(generate.Report(pkgs)); len(errs) > 0 {
		t.Fatalf("%s: %s", pkgs[0].Fset.Position(errs[0].Pos), errs[0].Message)
	}
	sources := make([]Source, len(pkgs))
	for i, p := range pkgs {
		sources[i] = Source{Package: p.Package, Dir: p.Dir}
	}
	if loaded.sources == nil {
		loaded.sources = map[string][]Source{}
	}
	loaded.sources[key] = sources
	return sources
}

func render(t *testing.T, page *Page) string {
	t.Helper()
	var b bytes.Buffer
	if err := Render(&b, page); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// normalize replaces what the golden does not pin down, the inline style
// and script (the browser test checks them) and their hashes, and the
// pages of MCP Apps in their links (TestApps checks those), so that the
// golden shows the page's structure.
func normalize(html string) string {
	html = regexp.MustCompile(`href="data:text/html;charset=utf-8;base64,[^"]*"`).ReplaceAllString(html, `href="data:text/html;charset=utf-8;base64,PAGE"`)
	html = regexp.MustCompile(`(?s)<style>.*?</style>`).ReplaceAllString(html, "<style>/* page.css */</style>")
	html = regexp.MustCompile(`(?s)<script>.*?</script>`).ReplaceAllString(html, "<script>/* page.js */</script>")
	return regexp.MustCompile(`sha256-.*?&#39;`).ReplaceAllString(html, "sha256-HASH&#39;")
}

// TestWeatherGolden pins the page of the weather example, but for its
// style, script and app page: every element, attribute and text.
func TestWeatherGolden(t *testing.T) {
	page, err := Build(loadPackages(t, "./example/weather"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := normalize(render(t, page))
	golden := filepath.Join("testdata", "weather.golden.html")
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("page differs from %s (-want +got; rerun with -update and review):\n%s", golden, diff)
	}
}

// TestTokensAreStats checks that each tool's data-tokens is the total
// mcptag stats reports, and the chart's bar its parts.
func TestTokensAreStats(t *testing.T) {
	pkgs := loadPackages(t, "./example/weather")
	page, err := Build(pkgs, Options{})
	if err != nil {
		t.Fatal(err)
	}
	html := render(t, page)
	_, costs, err := emit.Measure(pkgs[0].Package)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range costs {
		hook := `data-tool="` + c.Name + `" data-tokens="` + strconv.Itoa(c.Total.Tokens) + `"`
		if strings.Count(html, hook) != 1 {
			t.Errorf("the page does not carry %s once", hook)
		}
		// What the tool would take without its output schema, if it has one.
		if c.WithoutOutputSchema != nil {
			if hook := `data-no-output="` + strconv.Itoa(c.WithoutOutputSchema.Tokens) + `"`; !strings.Contains(html, hook) {
				t.Errorf("%s: the page does not carry %s", c.Name, hook)
			}
		}
	}
	if got, want := strings.Count(html, "data-no-output="), withOutput(costs); got != want {
		t.Errorf("%d tools shown without their output schemas, want %d", got, want)
	}
	if got := strings.Count(html, "data-bar="); got != len(costs) {
		t.Errorf("%d chart bars, want %d", got, len(costs))
	}
}

// withOutput counts the tools that have an output schema.
func withOutput(costs []budget.Tool) int {
	n := 0
	for _, c := range costs {
		if c.WithoutOutputSchema != nil {
			n++
		}
	}
	return n
}

// TestHostileEscaped renders a package whose every text carries markup,
// and finds none of it outside text and attribute values.
func TestHostileEscaped(t *testing.T) {
	page, err := Build(loadPackages(t, "./internal/catalog/testdata/hostile"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	html := render(t, page)
	if n := strings.Count(html, "<script"); n != 1 {
		t.Errorf("%d <script elements, want the page's own", n)
	}
	for _, raw := range []string{"<b>", "<img", "<iframe", "<i ", "</td><script", `<a href="javascript`, "<!--", "<style>body"} {
		if strings.Contains(html, raw) {
			t.Errorf("the page holds %q unescaped", raw)
		}
	}
	// Every injected snippet sets window.__pwned: each must be text, or an
	// attribute's value, never inside a tag of its own.
	for i := 0; ; {
		j := strings.Index(html[i:], "__pwned")
		if j < 0 {
			break
		}
		at := i + j
		if strings.LastIndex(html[:at], "<") > strings.LastIndex(html[:at], ">") {
			if tag := html[strings.LastIndex(html[:at], "<"):at]; !regexp.MustCompile(`^<\w+( [\w-]+="[^"]*")* [\w-]+="[^"]*$`).MatchString(tag) {
				t.Errorf("__pwned inside markup: %q", tag)
			}
		}
		i = at + 1
	}
	for _, text := range []string{
		`&lt;script&gt;window.__pwned = &#34;description&#34;&lt;/script&gt;`,
		`one of <code>plain</code>, <code>&lt;b&gt;bold&lt;/b&gt;</code>`,
		`pattern <code>^&lt;[a-z]&#43;&gt;$</code>`,
		`<code class="default whole">&#34;&lt;b&gt;bold&lt;/b&gt;&#34;</code>`,
	} {
		if !strings.Contains(html, text) {
			t.Errorf("the page does not show %s", text)
		}
	}
}

// TestArgs checks how a schema's properties read in the arguments table.
func TestArgs(t *testing.T) {
	schema := `{"type":"object","properties":{
		"days":{"type":"integer","description":"How many days.","default":3,"minimum":1,"maximum":7},
		"ratio":{"type":"number","exclusiveMinimum":0,"multipleOf":0.5},
		"city":{"type":"string","minLength":1,"pattern":"^[A-Z]","examples":["London"]},
		"cities":{"type":"array","items":{"type":"string","maxLength":20},"minItems":1,"maxItems":20,"uniqueItems":true},
		"unit":{"type":["string","null"],"enum":["C","F",null]},
		"when":{"type":"string","format":"date-time"},
		"data":{"type":"string","contentEncoding":"base64"},
		"counts":{"type":"object","additionalProperties":{"type":"integer","maximum":9}},
		"point":{"type":"object","properties":{"x":{"type":"number"},"y":{"type":"number"}},"required":["x"],"additionalProperties":false},
		"tree":{"anyOf":[{"$ref":"#/$defs/Tree"},{"type":"null"}]},
		"other":{"$ref":"#/$defs/Tree"},
		"any":{}
	},"required":["days","city"],"$defs":{"Tree":{"type":"object","description":"A tree.","properties":{"kids":{"type":"array","items":{"$ref":"#/$defs/Tree"}}}}}}`
	s, err := decodeObject([]byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		Name, Type  string
		Required    bool
		Default     string
		Constraints []string
		Pattern     string
		Enum        []string
		Description string
		Fields      []string
		Anchor      string
		Link        string
	}
	var got []row
	for _, a := range newShaper(s, newIDs(), "t").args(s) {
		r := row{a.Name, a.Type, a.Required, a.Default, a.Constraints, a.Pattern, a.Enum, a.Description, nil, a.Anchor, a.Link}
		for _, f := range a.Fields {
			r.Fields = append(r.Fields, f.Name+" "+f.Type+map[bool]string{true: "", false: "?"}[f.Required])
		}
		got = append(got, r)
	}
	want := []row{
		{Name: "days", Type: "integer", Required: true, Default: "3", Constraints: []string{"1 ≤ days ≤ 7"}, Description: "How many days."},
		{Name: "ratio", Type: "number", Constraints: []string{"ratio > 0", "multiple of 0.5"}},
		{Name: "city", Type: "string", Required: true, Constraints: []string{"length ≥ 1"}, Pattern: "^[A-Z]"},
		{Name: "cities", Type: "array of string", Constraints: []string{"1 ≤ items ≤ 20", "unique items", "length ≤ 20"}},
		{Name: "unit", Type: "string | null", Enum: []string{"C", "F", "null"}},
		{Name: "when", Type: "string (date-time)"},
		{Name: "data", Type: "string (base64)"},
		{Name: "counts", Type: "map of integer"},
		{Name: "point", Type: "object", Constraints: []string{"no other properties"}, Fields: []string{"x number", "y number?"}},
		{Name: "tree", Type: "Tree | null", Description: "A tree.", Fields: []string{"kids array of Tree?"}, Anchor: "t-Tree"},
		{Name: "other", Type: "Tree", Description: "A tree.", Link: "t-Tree"},
		{Name: "any", Type: "any"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("arguments (-want +got):\n%s", diff)
	}
}

// TestTreeRefs checks that a result's shape shows each $defs entry once,
// links its later uses to it, and marks a recursive use as one.
func TestTreeRefs(t *testing.T) {
	schema := `{"type":"object","properties":{
		"home":{"$ref":"#/$defs/Place"},
		"work":{"$ref":"#/$defs/Place"},
		"trips":{"type":"array","items":{"$ref":"#/$defs/Trip"}}
	},"$defs":{
		"Place":{"type":"object","properties":{"name":{"type":"string"}}},
		"Trip":{"type":"object","properties":{"to":{"$ref":"#/$defs/Place"},"next":{"$ref":"#/$defs/Trip"}}}
	}}`
	s, err := decodeObject([]byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	root := newShaper(s, newIDs(), "r").tree(s)
	var lines []string
	var walk func(n *Node, depth int)
	walk = func(n *Node, depth int) {
		line := strings.Repeat("  ", depth) + n.Name + " " + n.Type
		if n.Anchor != "" {
			line += " #" + n.Anchor
		}
		if n.Link != "" {
			line += " → " + n.Link
		}
		if n.Recursive {
			line += " (recursive)"
		}
		lines = append(lines, line)
		for _, c := range n.Children {
			walk(c, depth+1)
		}
	}
	for _, c := range root.Children {
		walk(c, 0)
	}
	want := []string{
		"home Place #r-Place",
		"  name string",
		"work Place → r-Place",
		"trips array of Trip #r-Trip",
		"  to Place → r-Place",
		"  next Trip → r-Trip (recursive)",
	}
	if diff := cmp.Diff(want, lines); diff != "" {
		t.Errorf("tree (-want +got):\n%s", diff)
	}
}

// TestDiff compares the weather example with a snapshot in which one tool
// is missing, one more exists, one was smaller, and others differ, and
// checks each entry's badge and changes against mcptag diff's.
func TestDiff(t *testing.T) {
	pkgs := loadPackages(t, "./example/weather")
	data, err := os.ReadFile(filepath.Join(repoRoot, "example", "weather", "mcp_tools.json"))
	if err != nil {
		t.Fatal(err)
	}
	old, err := snapdiff.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	edit := func(name string, f func(*snapdiff.Tool)) {
		i := slices.IndexFunc(old.Tools, func(t snapdiff.Tool) bool { return t.Name == name })
		f(&old.Tools[i])
	}
	old.Tools = slices.DeleteFunc(old.Tools, func(t snapdiff.Tool) bool { return t.Name == "get_station" })
	old.Tools = append(old.Tools, snapdiff.Tool{Name: "get_pressure", Description: "Reports <the> pressure.", InputSchema: map[string]any{"type": "object"}})
	edit("get_forecast", func(t *snapdiff.Tool) {
		// The new schema allows 1 to 7 days; the old one allowed 1 to 14: narrower input breaks.
		t.InputSchema["properties"].(map[string]any)["days"].(map[string]any)["maximum"] = json.Number("14")
	})
	edit("get_weather", func(t *snapdiff.Tool) { t.Description = "Old words." })
	edit("get_temperatures", func(t *snapdiff.Tool) { t.Tokens = 1 })
	old.Prompts = nil
	old.Forms[0].Schema["required"] = []any{} // the form asks for more now: breaking

	examples, err := filepath.Abs(filepath.Join(repoRoot, "example"))
	if err != nil {
		t.Fatal(err)
	}
	before := snapdiff.Tree{"weather/mcp_tools.json": old, "elsewhere/mcp_tools.json": &snapdiff.Snapshot{}}
	page, err := Build(pkgs, Options{Diff: &Diff{Since: "HEAD~1", Before: before, Dir: examples}})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, p := range page.Packages {
		for _, e := range slices.Concat(p.Tools, p.Prompts, p.Resources, p.Forms, p.Removed) {
			s := e.Diff.Status
			if e.Diff.Grew != "" {
				s += "+grew"
			}
			for _, c := range e.Diff.Changes {
				s += "; " + c.Class + " " + c.Path
			}
			got[e.Kind+" "+e.Key()] = s
		}
	}
	want := map[string]string{
		"tool get_forecast":                          "breaking; breaking inputSchema.properties.days",
		"tool get_station":                           "new",
		"tool get_pressure":                          "removed",
		"tool get_weather":                           "compatible; compatible description",
		"tool get_temperatures":                      "+grew; grew size",
		"tool get_temperature":                       "",
		"tool last_updated":                          "",
		"tool weather_report":                        "",
		"tool save_city":                             "",
		"tool forget_city":                           "",
		"tool refresh_forecasts":                     "",
		"tool summarize_climate":                     "",
		"prompt plan_trip":                           "new",
		"resource weather://cities":                  "",
		"resource template weather://{city}/current": "",
		"form Confirmation":                          "breaking; breaking requestedSchema.properties.forget",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("statuses (-want +got):\n%s", diff)
	}
	if c := page.Totals.Changes; c != (DiffTotals{New: 2, Removed: 1, Breaking: 2, Compatible: 1, Grew: 1, Lines: c.Lines}) {
		t.Errorf("totals: %+v", c)
	}
	// The changes are counted as mcptag diff counts them, and the page
	// says which count is which.
	cli := diffSummary(t, old, pkgs[0])
	html := render(t, page)
	for _, s := range []string{`data-removed="get_pressure"`, `Compared with <code>HEAD~1</code>, entries:`, `Reports &lt;the&gt; pressure.`,
		"changes, as <code>mcptag diff</code> counts them: " + cli,
		`data-tool="get_station" data-tokens=`, `data-status="new"`, `<span class="badge st-breaking">breaking</span> <code>inputSchema.properties.days</code>`} {
		if !strings.Contains(html, s) {
			t.Errorf("the page does not hold %s", s)
		}
	}
}

// diffSummary is the last line of mcptag diff's report on the changes
// from old to what pkg generates now: "2 breaking, 3 compatible, 1 grew".
func diffSummary(t *testing.T, old *snapdiff.Snapshot, pkg Source) string {
	t.Helper()
	data, err := emit.Snapshot(pkg.Package)
	if err != nil {
		t.Fatal(err)
	}
	now, err := snapdiff.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	var report strings.Builder
	snapdiff.Write(&report, snapdiff.Compare(old, now))
	lines := strings.Split(strings.TrimSpace(report.String()), "\n")
	return lines[len(lines)-1]
}

// TestIcons shows an image in a data URI inline and any other icon as a
// link, which the template refuses when it is not a safe URL.
func TestIcons(t *testing.T) {
	got := icons([]mcp.Icon{
		{Source: "data:image/png;base64,iVBORw0KGgo=", MIMEType: "image/png"},
		{Source: "https://example.com/icon.svg", Sizes: []string{"48x48", "any"}},
		{Source: "data:text/html,<script>alert(1)</script>"},
		{Source: "javascript:alert(1)"},
	})
	page := &Page{Title: "icons", Budget: budget.DefaultBudget, Packages: []*Package{{Path: "x", ID: "x", Tools: []*Entry{{
		Kind: KindTool, ID: "t", Name: "t", Icons: got, Cost: &Cost{Total: 1, Limit: budget.DefaultBudget}}}}}}
	html := render(t, page)
	for _, s := range []string{
		`<img class="icon" src="data:image/png;base64,iVBORw0KGgo=" alt="" width="24" height="24">`,
		`<a href="https://example.com/icon.svg" rel="noreferrer noopener">https://example.com/icon.svg</a> 48x48 any`,
		`<a href="#ZgotmplZ" rel="noreferrer noopener">data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;</a>`,
		`<a href="#ZgotmplZ" rel="noreferrer noopener">javascript:alert(1)</a>`,
	} {
		if !strings.Contains(html, s) {
			t.Errorf("the page does not hold %s", s)
		}
	}
	if n := strings.Count(html, "<img"); n != 1 {
		t.Errorf("%d images, want the data URI's only", n)
	}
}

// TestIDs gives every element a readable id, unique on the page.
func TestIDs(t *testing.T) {
	ids := newIDs()
	var got []string
	for _, base := range []string{"get_pod", "get_pod", "resource-weather://{city}/current", "", "9lives", "get_pod-2"} {
		got = append(got, ids.id(base))
	}
	want := []string{"get_pod", "get_pod-2", "resource-weather----city--current", "x", "x9lives", "get_pod-2-2"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ids (-want +got):\n%s", diff)
	}
}

// TestContentResults checks that a tool whose result is content blocks
// says so, where a tool with no schema sends text only.
func TestContentResults(t *testing.T) {
	page, err := Build(loadPackages(t, "./internal/testcorpus/content"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	results := map[string]string{}
	for _, e := range page.Packages[0].Tools {
		switch {
		case e.Result != nil:
			results[e.Name] = "structured"
		case e.Content:
			results[e.Name] = "content"
		default:
			results[e.Name] = "text"
		}
	}
	for name, want := range map[string]string{"chart": "content", "report": "content", "links": "content", "thumbnails": "content", "list_issues": "text"} {
		if results[name] != want {
			t.Errorf("%s: result %q, want %q", name, results[name], want)
		}
	}
	if html := render(t, page); strings.Count(html, "Result: content blocks") != 8 {
		t.Errorf("the page says %d times that a result is content blocks, want 8 (the content tools)", strings.Count(html, "Result: content blocks"))
	}
}

// TestApps: a tool shown as an MCP App has the app badge, its visibility
// when it declares one, its page's URI, file, border and policy, and a
// link that downloads the page's preview, whose data: URL holds the
// page's text and a sample call.
func TestApps(t *testing.T) {
	page, err := Build(loadPackages(t, "./internal/emit/testdata/endtoend/apps"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	pageHTML := render(t, page)
	forecast, err := os.ReadFile(filepath.Join(repoRoot, "internal/emit/testdata/endtoend/apps/forecast.html"))
	if err != nil {
		t.Fatal(err)
	}
	link := regexp.MustCompile(`<div class="app-info" data-app="ui://apps/get_forecast">(?s:.*?)<a class="app-page" href="data:text/html;charset=utf-8;base64,([^"]*)" download="forecast.preview.html" type="text/html">`).FindStringSubmatch(pageHTML)
	if link == nil {
		t.Fatalf("no link to the page of get_forecast")
	}
	preview, err := base64.StdEncoding.DecodeString(html.UnescapeString(link[1]))
	if err != nil {
		t.Fatal(err)
	}
	call, err := apppreview.Parse(preview)
	if err != nil {
		t.Fatal(err)
	}
	if call.HTML != string(forecast) {
		t.Errorf("the link's preview shows the page\n%s\nwant\n%s", call.HTML, forecast)
	}
	if !strings.Contains(string(call.Result), `"structuredContent":{`) || call.Tool["name"] != "get_forecast" {
		t.Errorf("the link's preview calls %v with the result %s, want get_forecast with a sample of structured content", call.Tool["name"], call.Result)
	}
	for _, s := range []string{
		`<span class="badge app" title="shown as an MCP App: its page is ui://apps/get_forecast">app</span>`,
		`<span class="badge app" title="shown as an MCP App: its page is ui://apps/refresh">app</span> <span class="badge visibility">app only</span>`,
		`the page <code class="s">ui://apps/get_forecast</code> from <code>forecast.html</code>, border. Its policy <span class="csp">connects to https://api.example.com; loads from https://cdn.example.com, https://fonts.example.com:8443</span>.`,
		`the page <code class="s">ui://apps/refresh</code> from <code>pages/refresh.html</code>. Its policy allows no origin.`,
		`download="refresh.preview.html"`,
	} {
		if !strings.Contains(pageHTML, s) {
			t.Errorf("the page does not hold %s", s)
		}
	}
	if n := strings.Count(pageHTML, `class="badge app"`); n != 2 {
		t.Errorf("%d app badges, want 2: ping has no page", n)
	}
}

// TestTasks: a tool with task= has a badge that says how it runs as a
// task, and a tool without has none.
func TestTasks(t *testing.T) {
	page, err := Build(loadPackages(t, "./internal/emit/testdata/endtoend/inventory"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	pageHTML := render(t, page)
	for _, s := range []string{
		`data-tool="archive"`,
		`<span class="badge task" title="runs as a task when the client declares the tasks extension io.modelcontextprotocol/tasks, at once otherwise">task</span>`,
		`<span class="badge task" title="runs only as a task: a client without the tasks extension io.modelcontextprotocol/tasks is refused">task only</span>`,
	} {
		if !strings.Contains(pageHTML, s) {
			t.Errorf("the page does not hold %s", s)
		}
	}
	if n := strings.Count(pageHTML, `class="badge task"`); n != 2 {
		t.Errorf("%d task badges, want 2: archive's and rebuild's", n)
	}
}
