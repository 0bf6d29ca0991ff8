package interop_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/internal/budget"
	"github.com/mcptag/mcptag/internal/interop"
)

var update = flag.Bool("update", false, "write docs/catalog.png, the screenshot in docs/catalog.md, from example/thirdparty's catalogue, and that page's words for it; example/weather/forecast.html, built from its source; docs/apps.png, the screenshot of that page shown by a host")

// TestCatalogInBrowser opens the catalogues mcptag catalog writes for the
// weather example, for example/thirdparty (a module of its own, so mcptag
// runs in it) and for a module of the bench corpus's 600 tools beside
// hostile ones, in headless Chromium, and checks what catalog.mjs checks:
// every tool with the tokens mcptag stats -json gives it, the prompts and
// resources, one chart bar a tool, the search, no console error, no
// request but the page itself, that hostile descriptions stay text, and
// (on the page of endtoend/apps) that each tool shown as an MCP App links
// to its page.
// It logs the search timings on 600 tools.
func TestCatalogInBrowser(t *testing.T) {
	skipShort(t)
	interop.RequireBrowser(t) // before paying for the builds
	bin := buildMcptag(t)
	tmp := t.TempDir()
	weather := filepath.Join(repoRoot, "example", "weather")
	thirdparty := filepath.Join(repoRoot, "example", "thirdparty")
	apps := filepath.Join(repoRoot, "internal", "emit", "testdata", "endtoend", "apps")
	mod, env := corpusModule(t, bin)
	pages := []interop.CatalogPage{
		catalogPage(t, bin, catalogRun{name: "weather", dir: repoRoot, patterns: []string{"./example/weather"}, snapshots: weather, search: "forecast"}),
		catalogPage(t, bin, catalogRun{name: "thirdparty", dir: thirdparty, patterns: []string{"./..."}, snapshots: thirdparty, search: "forecast"}),
		catalogPage(t, bin, catalogRun{name: "corpus600+hostile", dir: mod, env: env, patterns: []string{"./..."}, snapshots: mod, search: "invoice"}),
		catalogPage(t, bin, catalogRun{name: "apps", dir: repoRoot, patterns: []string{"./internal/emit/testdata/endtoend/apps"}, snapshots: apps, search: "forecast"}),
	}
	for i := range pages {
		pages[i].Screenshot = filepath.Join(tmp, pages[i].Name+".png")
	}
	big := &pages[2]
	big.Hostile = true
	big.Measure = []string{"invoice", "get_", "customer 12", "zzz", "i"}
	if n := len(big.Tools); n < 600 {
		t.Fatalf("the corpus page has %d tools, want 600 and more", n)
	}

	results, err := interop.Catalog(t, pages)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		t.Logf("%s: %d elements, loaded in %.0f ms", r.Name, r.Elements, r.LoadMS)
		for _, s := range r.Searches {
			t.Logf("%s: search %q shows %d entries: filter %.1f ms, drawn after %.1f ms, main thread CPU %.1f ms", r.Name, s.Query, s.Shown, s.ScriptMS, s.FrameMS, s.CPUMS)
		}
	}
	t.Logf("screenshots in %s", tmp)
	screenshotInDocs(t, pages[1])
}

// screenshotLine matches docs/catalog.md's line that shows catalog.png.
var screenshotLine = regexp.MustCompile(`(?m)^!\[The catalogue of example/thirdparty[^\]]*\]\(catalog\.png\)$`)

// screenshotInDocs holds docs/catalog.md's screenshot of page, the
// catalogue of example/thirdparty, to the page: its alternative text
// says how many tools the page shows and their tokens, which change as
// the example's schemas do. With -update it writes the screenshot to
// docs/catalog.png and the text into docs/catalog.md; without, a text that
// no longer matches the page means a stale screenshot.
func screenshotInDocs(t *testing.T, page interop.CatalogPage) {
	t.Helper()
	total := 0
	for _, tokens := range page.Tools {
		total += tokens
	}
	want := fmt.Sprintf("![The catalogue of example/thirdparty: %d tools, %s tokens in tools/list, against a budget of %s tokens a tool](catalog.png)",
		len(page.Tools), budget.Thousands(total), budget.Thousands(budget.DefaultBudget))
	readmeFile := filepath.Join(repoRoot, "docs", "catalog.md")
	readme, err := os.ReadFile(readmeFile)
	if err != nil {
		t.Fatal(err)
	}
	line := screenshotLine.Find(readme)
	if line == nil {
		t.Fatalf("docs/catalog.md shows no catalog.png")
	}
	if !*update {
		if string(line) != want {
			t.Errorf("docs/catalog.md describes its screenshot as\n%s\nbut the page shows\n%s\n(rerun with -update: docs/catalog.png is stale)", line, want)
		}
		return
	}
	data, err := os.ReadFile(page.Screenshot)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(repoRoot, "docs", "catalog.png"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(readmeFile, screenshotLine.ReplaceAllLiteral(readme, []byte(want)), 0o644); err != nil {
		t.Fatal(err)
	}
}

// buildMcptag builds the mcptag command into a temporary directory.
func buildMcptag(t *testing.T) string {
	t.Helper()
	bin, err := goBuild(t.TempDir(), "../../cmd/mcptag")
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

// runMcptag runs mcptag in dir, with env added to the environment, and
// returns its standard output.
func runMcptag(t *testing.T, bin, dir string, env []string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("(cd %s && mcptag %s): %v\n%s", dir, strings.Join(args, " "), err, stderr.String())
	}
	return out
}

// A catalogRun is one catalogue to write: mcptag catalog PATTERNS, run
// in dir with env added to the environment, whose packages' snapshots
// are those below the directory snapshots.
type catalogRun struct {
	name, dir string
	env       []string
	patterns  []string
	snapshots string
	search    string
}

// catalogPage writes the catalogue of r and describes what it must show:
// the tools with their tokens, from mcptag stats -json, those over the
// default budget marked (no tool of these packages sets its own); the
// prompts and resources, and the entries whose name, title, URI or
// description contain r.search, from the packages' snapshots, which
// mcptag -check keeps fresh.
func catalogPage(t *testing.T, bin string, r catalogRun) interop.CatalogPage {
	t.Helper()
	file := filepath.Join(t.TempDir(), r.name+".html")
	runMcptag(t, bin, r.dir, r.env, append([]string{"catalog", "-o", file}, r.patterns...)...)
	page := interop.CatalogPage{Name: r.name, File: file, Tools: map[string]int{}, Search: r.search, Matches: []string{},
		FieldPaths: map[string][]string{}, Headers: map[string]map[string]string{}, Apps: map[string]string{}}

	var report struct {
		Packages []struct {
			Tools []struct {
				Name  string `json:"name"`
				Total struct {
					Tokens int `json:"tokens"`
				} `json:"total"`
			} `json:"tools"`
		} `json:"packages"`
	}
	if err := json.Unmarshal(runMcptag(t, bin, r.dir, r.env, append([]string{"stats", "-json"}, r.patterns...)...), &report); err != nil {
		t.Fatalf("mcptag stats -json: %v", err)
	}
	for _, p := range report.Packages {
		for _, tool := range p.Tools {
			page.Tools[tool.Name] = tool.Total.Tokens
			if tool.Total.Tokens > budget.DefaultBudget {
				page.Over = append(page.Over, tool.Name)
			}
		}
	}
	for _, s := range snapshotsBelow(t, r.snapshots) {
		addSnapshot(t, &page, s)
	}
	return page
}

// addSnapshot adds the prompts, resources and forms of a snapshot to
// page, the entries that page.Search matches, and the fields paths and
// parameter headers of its tools' arguments.
func addSnapshot(t *testing.T, page *interop.CatalogPage, file string) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	type entry struct {
		Name, Title, Description, URI, URITemplate string
		InputSchema                                struct {
			Properties map[string]struct {
				Header string `json:"x-mcp-header"`
				Items  struct{ Enum []string }
			}
		}
	}
	var snap struct {
		Tools, Prompts, Resources, ResourceTemplates, Forms []entry
		Inventory                                           map[string]struct{ Toolset string }
		Apps                                                map[string]struct {
			ResourceURI string `json:"resourceUri"`
			SHA256      string
		}
	}
	if err := json.Unmarshal(data, &snap); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	match := func(key string, e entry) {
		text := strings.ToLower(strings.Join([]string{e.Name, e.Title, e.Description, e.URI, e.URITemplate}, "\n"))
		if page.Search != "" && strings.Contains(text, strings.ToLower(page.Search)) {
			page.Matches = append(page.Matches, key)
		}
	}
	for _, e := range snap.Tools {
		// A tool's toolset is found by the search too.
		toolset := snap.Inventory[e.Name].Toolset
		withToolset := e
		withToolset.Description += "\n" + toolset
		match(e.Name, withToolset)
		if toolset != "" {
			if page.Toolsets == nil {
				page.Toolsets = map[string][]string{}
			}
			page.Toolsets[toolset] = append(page.Toolsets[toolset], e.Name)
		}
		if e.Name == "" || page.Tools[e.Name] == 0 {
			t.Fatalf("%s: tool %q is not in mcptag stats: is the snapshot stale?", file, e.Name)
		}
		if paths := e.InputSchema.Properties["fields"].Items.Enum; paths != nil {
			page.FieldPaths[e.Name] = paths
		}
		for arg, p := range e.InputSchema.Properties {
			if p.Header != "" {
				if page.Headers[e.Name] == nil {
					page.Headers[e.Name] = map[string]string{}
				}
				page.Headers[e.Name][arg] = "Mcp-Param-" + p.Header
			}
		}
	}
	for _, e := range snap.Forms {
		page.Forms = append(page.Forms, e.Name)
		match(e.Name, e)
	}
	for _, e := range snap.Prompts {
		page.Prompts = append(page.Prompts, e.Name)
		match(e.Name, e)
	}
	pages := map[string]bool{}
	for _, app := range snap.Apps {
		page.Apps[app.ResourceURI] = app.SHA256
		pages[app.ResourceURI] = true
	}
	for _, e := range slices.Concat(snap.Resources, snap.ResourceTemplates) {
		uri := e.URI + e.URITemplate
		if pages[uri] {
			continue // an app's page is shown with its tool
		}
		page.Resources = append(page.Resources, uri)
		match(uri, e)
	}
}

// corpusModule writes a module of three packages into a temporary
// directory: the bench corpus's 600 tools, as corpusgen writes them; a
// package whose tools, prompt and resource template carry markup that
// would run script if it were not escaped (../catalog/testdata/hostile),
// and a tool whose description is 100 KB; and a tool whose long argument
// descriptions crowd the table of its arguments (testdata/layout). It
// generates their code and snapshots with mcptag, and returns the
// module's directory and the environment to run the go command in it
// offline, from the module cache.
func corpusModule(t *testing.T, bin string) (string, []string) {
	t.Helper()
	mod := t.TempDir()
	gen := exec.Command("go", "run", "./internal/corpusgen/cmd/corpusgen", "-n", "600", "-o", filepath.Join(mod, "corpus600"))
	gen.Dir = filepath.Join(repoRoot, "bench")
	if out, err := gen.CombinedOutput(); err != nil {
		t.Fatalf("corpusgen: %v\n%s", err, out)
	}
	root, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(repoRoot, "bench", "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	hostile, err := os.ReadFile(filepath.Join(repoRoot, "internal", "catalog", "testdata", "hostile", "hostile.go"))
	if err != nil {
		t.Fatal(err)
	}
	layout, err := os.ReadFile(filepath.Join("testdata", "layout", "layout.go"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"go.mod":             fmt.Sprintf("module example.com/big\n\ngo 1.26\n\nrequire github.com/mcptag/mcptag v0.0.0\n\nreplace github.com/mcptag/mcptag => %s\n", root),
		"go.sum":             string(sum),
		"hostile/hostile.go": string(hostile),
		"hostile/long.go":    longSource(),
		"layout/layout.go":   string(layout),
	}
	for name, text := range files {
		path := filepath.Join(mod, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env := []string{"GOFLAGS=-mod=mod", "GOPROXY=off", "GOSUMDB=off", "GOTOOLCHAIN=local"}
	runMcptag(t, bin, mod, env, "./...")
	return mod, env
}

// longSource is a file of the hostile package with a tool whose
// description is over 100 KB of text, markup in every line.
func longSource() string {
	var long strings.Builder
	for i := 0; long.Len() < 110_000; i++ { // the description is the text after "// "
		fmt.Fprintf(&long, "// Line %d of a long description, with <b>markup</b> & entities like &amp; that stay text.\n", i)
	}
	return "package hostile\n\n// Long has a description of a hundred kilobytes.\n" + long.String() +
		"//\n//mcp:tool\nfunc Long() (string, error) { return \"\", nil }\n"
}
