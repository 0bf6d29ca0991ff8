package interop

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// conformanceTimeout bounds one run of the conformance suite, all of one
// revision's server scenarios.
const conformanceTimeout = 3 * time.Minute

// conformancePackage is the npm package of the official MCP conformance
// suite, pinned in package.json.
const conformancePackage = "@modelcontextprotocol/conformance"

// RequireConformance skips the test if node is missing or older than 22
// (the suite's minimum), or the suite is not installed; if the
// environment variable CI is non-empty it fails the test instead, as
// Require does.
func RequireConformance(t testing.TB) {
	t.Helper()
	require(t, checkConformance(), "run `cd internal/interop && npm ci` with Node.js 22 or later first on PATH")
}

func checkConformance() error {
	d, err := dir()
	if err != nil {
		return err
	}
	out, err := exec.Command("node", "--version").Output()
	if err != nil {
		return fmt.Errorf("node not found: %v", err)
	}
	version := strings.TrimSpace(string(out))
	major, _, _ := strings.Cut(strings.TrimPrefix(version, "v"), ".")
	if n, err := strconv.Atoi(major); err != nil || n < 22 {
		return fmt.Errorf("node %s: the conformance suite needs Node.js 22 or later", version)
	}
	pkg := filepath.Join(d, "node_modules", filepath.FromSlash(conformancePackage), "package.json")
	if _, err := os.Stat(pkg); err != nil {
		return fmt.Errorf("%s not installed: %v", conformancePackage, err)
	}
	return nil
}

// A Scenario is the outcome of one of the conformance suite's server
// scenarios.
type Scenario struct {
	Name string
	// Scored says that the revision requires the scenario: the others
	// (extensions, scenarios pending in the suite) are run and reported
	// but count toward no pass rate.
	Scored         bool
	Passed, Failed int      // its checks that succeeded and failed
	Failures       []string // each failed check: its id and message
}

// A suiteCheck is one entry of a scenario's checks.json.
type suiteCheck struct {
	ID           string `json:"id"`
	Status       string `json:"status"`
	ErrorMessage string `json:"errorMessage"`
}

// Conformance calls RequireConformance, then runs the conformance suite
// against the MCP server at url with every server scenario that the
// protocol revision era (2025-11-25, 2026-07-28) requires, or runs
// without scoring:
//
//	conformance server --url URL --requirements ERA
//
// and returns the scenarios in the order of their names. err is non-nil
// when a scenario the revision requires did not run; failed scenarios
// are the result's to say.
func Conformance(t testing.TB, url, era string) ([]Scenario, error) {
	t.Helper()
	RequireConformance(t)
	d, err := dir()
	if err != nil {
		t.Fatalf("interop.Conformance: %v", err)
	}
	scored, err := scoredScenarios(filepath.Join(d, "node_modules", filepath.FromSlash(conformancePackage), "requirements", era+".yaml"))
	if err != nil {
		return nil, err
	}
	out := t.TempDir()
	ctx, cancel := context.WithTimeout(t.Context(), conformanceTimeout)
	defer cancel()
	bin := filepath.Join(d, "node_modules", ".bin", "conformance")
	cmd := exec.CommandContext(ctx, bin, "server", "--url", url, "--requirements", era, "-o", out)
	cmd.Dir = t.TempDir()
	cmd.WaitDelay = 10 * time.Second
	var output bytes.Buffer
	cmd.Stdout, cmd.Stderr = &output, &output
	runErr := cmd.Run() // it exits non-zero when a scenario fails
	scenarios, err := readScenarios(out, scored)
	if err == nil {
		err = allRan(scenarios, scored)
	}
	if err != nil {
		return nil, fmt.Errorf("conformance server --url %s --requirements %s: %v (exit: %v)\n%s", url, era, err, runErr, output.String())
	}
	return scenarios, nil
}

// allRan says which of the scored scenarios did not run, if any.
func allRan(scenarios []Scenario, scored []string) error {
	var missing []string
	for _, name := range scored {
		if !slices.ContainsFunc(scenarios, func(s Scenario) bool { return s.Name == name }) {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("required scenarios did not run: %s", strings.Join(missing, ", "))
	}
	return nil
}

// resultDir is the name of the directory the suite writes a server
// scenario's checks into: server-NAME-TIMESTAMP.
var resultDir = regexp.MustCompile(`^server-(.+)-\d{4}-\d\d-\d\dT[0-9-]+Z$`)

// readScenarios reads the checks.json of each scenario the suite wrote
// below dir; scored names the scenarios the revision requires.
func readScenarios(dir string, scored []string) ([]Scenario, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var scenarios []Scenario
	for _, e := range entries {
		m := resultDir.FindStringSubmatch(e.Name())
		if m == nil || !e.IsDir() {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name(), "checks.json"))
		if err != nil {
			return nil, err
		}
		var checks []suiteCheck
		if err := json.Unmarshal(data, &checks); err != nil {
			return nil, fmt.Errorf("%s: %v", e.Name(), err)
		}
		s := Scenario{Name: m[1], Scored: slices.Contains(scored, m[1])}
		for _, c := range checks {
			switch c.Status {
			case "SUCCESS":
				s.Passed++
			case "FAILURE":
				s.Failed++
				s.Failures = append(s.Failures, c.ID+": "+c.ErrorMessage)
			}
		}
		scenarios = append(scenarios, s)
	}
	slices.SortFunc(scenarios, func(a, b Scenario) int { return strings.Compare(a.Name, b.Name) })
	return scenarios, nil
}

// scoredScenarios reads the server scenarios that a requirements file of
// the suite lists as required: the items of its top-level server list
// (its not_scored list names the others).
func scoredScenarios(file string) ([]string, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var names []string
	inServer := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "server:":
			inServer = true
		case strings.HasPrefix(line, "  - ") && inServer:
			names = append(names, strings.TrimSpace(strings.TrimPrefix(line, "  - ")))
		case line != "" && !strings.HasPrefix(line, " ") && !strings.HasPrefix(line, "#"):
			inServer = false
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("%s: no server scenarios", file)
	}
	return names, nil
}
