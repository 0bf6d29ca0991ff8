package interop

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Chromium is the browser the catalogue tests drive through playwright-core
// (pinned in package.json, which never downloads a browser): $CHROMIUM if
// set, else Debian's chromium package.
func Chromium() string {
	if c := os.Getenv("CHROMIUM"); c != "" {
		return c
	}
	return "/usr/bin/chromium"
}

// RequireBrowser is Require for the catalogue tests: it also wants
// playwright-core installed and Chromium (see Chromium). Without them the
// test is skipped locally, and fails when CI is set.
func RequireBrowser(t testing.TB) {
	t.Helper()
	err := check()
	if err == nil {
		err = checkBrowser()
	}
	require(t, err, "run `cd internal/interop && npm ci` and `apt-get install chromium`")
}

func checkBrowser() error {
	d, err := dir()
	if err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(d, "node_modules", "playwright-core", "package.json")); err != nil {
		return fmt.Errorf("playwright-core not installed: %v", err)
	}
	if _, err := exec.LookPath(Chromium()); err != nil {
		return fmt.Errorf("chromium not found: %v", err)
	}
	return nil
}

// A CatalogPage is one page of mcptag catalog for catalog.mjs to open and
// check.
type CatalogPage struct {
	Name string `json:"name"`
	File string `json:"file"` // the page, an absolute path
	// Tools are the tools the page must show, each with its tokens as
	// mcptag stats -json reports them; Prompts the prompts' names;
	// Resources the URIs and URI templates of the resources.
	Tools     map[string]int `json:"tools"`
	Prompts   []string       `json:"prompts"`
	Resources []string       `json:"resources"`
	// Forms are the names of the forms the page must show.
	Forms []string `json:"forms"`
	// FieldPaths are, by tool, the paths a tool's fields argument may
	// name, which its row must list; Headers, by tool and argument, the
	// parameter headers (x-mcp-header) the rows must mark.
	FieldPaths map[string][]string          `json:"fieldPaths"`
	Headers    map[string]map[string]string `json:"headers"`
	// Apps are, by page URI, the SHA-256 of the page that the entry of
	// each tool shown as an MCP App must link to.
	Apps map[string]string `json:"apps"`
	// Over are the tools that must stand out as over their budget, in
	// the list and in the chart.
	Over []string `json:"over"`
	// Search is typed into the search box, after "/" gives it the focus;
	// Matches are the keys (tool and prompt names, resource URIs) of the
	// entries that must stay visible, every other one hidden.
	Search  string   `json:"search,omitempty"`
	Matches []string `json:"matches"`
	// Toolsets are, by toolset, the tools that choosing it in the page's
	// toolset filter must leave visible, every other entry hidden.
	Toolsets map[string][]string `json:"toolsets,omitempty"`
	// Measure are queries whose search is timed, for CatalogResult.
	Measure []string `json:"measure,omitempty"`
	// Hostile checks that no injected markup took effect: the page's
	// descriptions hold <script>, <img onerror> and the like as text.
	Hostile bool `json:"hostile,omitempty"`
	// Screenshot is where to write a 1280×800 screenshot of the page as
	// it opens, if set.
	Screenshot string `json:"screenshot,omitempty"`
}

// A CatalogResult is what catalog.mjs measured on one page.
type CatalogResult struct {
	Name     string        `json:"name"`
	Elements int           `json:"elements"` // in the page's DOM
	LoadMS   float64       `json:"loadMs"`   // until the page's load event
	Searches []SearchTime  `json:"searches"`
	Sizes    []ElementSize `json:"sizes,omitempty"`
}

// A SearchTime is how long one search took: the script that filters
// (ScriptMS), until the browser has drawn the result (FrameMS), and the
// CPU time of the page's main thread over both (CPUMS), which depends
// less on what else the machine runs.
type SearchTime struct {
	Query    string  `json:"query"`
	Shown    int     `json:"shown"`
	ScriptMS float64 `json:"scriptMs"`
	FrameMS  float64 `json:"frameMs"`
	CPUMS    float64 `json:"cpuMs"`
}

// An ElementSize is the rendered height of an element of a hostile page.
type ElementSize struct {
	What   string  `json:"what"`
	Height float64 `json:"height"`
}

// browseTimeout bounds one catalog.mjs run.
const browseTimeout = 3 * time.Minute

// Catalog calls RequireBrowser, then runs node catalog.mjs, which opens
// each page in headless Chromium and checks it (see catalog.mjs): every
// tool with its tokens, prompt and resource, one chart bar per tool, the
// search, no console error and no request but the page's own file.
// err lists every check that failed.
func Catalog(t testing.TB, pages []CatalogPage) ([]CatalogResult, error) {
	t.Helper()
	RequireBrowser(t)
	d, err := dir()
	if err != nil {
		t.Fatalf("interop.Catalog: %v", err)
	}
	config, err := json.Marshal(map[string]any{"chromium": Chromium(), "pages": pages})
	if err != nil {
		t.Fatalf("interop.Catalog: %v", err)
	}
	file := filepath.Join(t.TempDir(), "pages.json")
	if err := os.WriteFile(file, config, 0o644); err != nil {
		t.Fatalf("interop.Catalog: %v", err)
	}
	out, err := node(t, d, "catalog.mjs", file)
	if err != nil {
		return nil, err
	}
	var results []CatalogResult
	if err := json.Unmarshal(out, &results); err != nil {
		return nil, fmt.Errorf("node catalog.mjs printed %.300q: %v", out, err)
	}
	return results, nil
}

// node runs node script args in dir, within browseTimeout, and returns
// its standard output; err carries its standard error.
func node(t testing.TB, dir, script string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(t.Context(), browseTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", append([]string{filepath.Join(dir, script)}, args...)...)
	cmd.Dir = dir
	cmd.WaitDelay = 10 * time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			err = fmt.Errorf("%v (timed out after %v)", err, browseTimeout)
		}
		return nil, fmt.Errorf("node %s: %v\n%s", script, err, strings.TrimSpace(stderr.String()))
	}
	return stdout.Bytes(), nil
}
