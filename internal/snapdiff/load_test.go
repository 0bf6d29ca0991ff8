package snapdiff

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

func snapshotJSON(tools ...string) string {
	var parts []string
	for _, name := range tools {
		parts = append(parts, `{"name": "`+name+`", "inputSchema": {"type": "object", "additionalProperties": false}}`)
	}
	return `{"tools": [` + strings.Join(parts, ",") + `]}`
}

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o666); err != nil {
		t.Fatal(err)
	}
}

// treeSummary renders a tree as "key: tool,tool" lines for comparison.
func treeSummary(tree Tree) string {
	var lines []string
	for key, s := range tree {
		var names []string
		for _, tool := range s.Tools {
			names = append(names, tool.Name)
		}
		lines = append(lines, key+": "+strings.Join(names, ","))
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

func writeChanges(changes []Change) string {
	var buf bytes.Buffer
	Write(&buf, changes)
	return buf.String()
}

func TestLoadFile(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "old.json"), snapshotJSON("a", "b"))
	for _, spec := range []string{"old.json", filepath.Join(dir, "old.json")} {
		tree, err := Load(dir, spec)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := treeSummary(tree), "old.json: a,b"; got != want {
			t.Errorf("Load(%q) = %q, want %q", spec, got, want)
		}
	}

	writeFile(t, filepath.Join(dir, "bad.json"), `{"tools": [{"name": "a"}, {"name": "a"}]}`)
	if _, err := Load(dir, "bad.json"); err == nil || !strings.Contains(err.Error(), "duplicate tool name") {
		t.Errorf("Load(bad.json) error = %v, want duplicate tool name", err)
	}
}

func TestLoadDir(t *testing.T) {
	dir := t.TempDir()
	for path, data := range map[string]string{
		"mcp_tools.json":                     snapshotJSON("root"),
		"a/mcp_tools.json":                   snapshotJSON("a1", "a2"),
		"a/b/mcp_tools.json":                 snapshotJSON("b"),
		"a/other.json":                       snapshotJSON("other"),
		"a/testdata/mcp_tools.json":          snapshotJSON("skipped"),
		"vendor/x/mcp_tools.json":            snapshotJSON("skipped"),
		"node_modules/pkg/mcp_tools.json":    snapshotJSON("skipped"),
		".git/mcp_tools.json":                snapshotJSON("skipped"),
		"a/.cache/mcp_tools.json":            snapshotJSON("skipped"),
		"a/mcp_tools.json.d/mcp_tools.json":  snapshotJSON("c"),
		"a/mcp_tools.json.d/not_tools.json":  snapshotJSON("skipped"),
		"a/mcp_tools.json.d/x/mcp_tools.txt": snapshotJSON("skipped"),
	} {
		writeFile(t, filepath.Join(dir, path), data)
	}
	tree, err := Load(dir, ".")
	if err != nil {
		t.Fatal(err)
	}
	want := "a/b/mcp_tools.json: b\na/mcp_tools.json.d/mcp_tools.json: c\na/mcp_tools.json: a1,a2\nmcp_tools.json: root"
	if got := treeSummary(tree); got != want {
		t.Errorf("Load(dir) =\n%s\nwant\n%s", got, want)
	}

	// A subdirectory is its own root: keys are relative to it.
	tree, err = Load(dir, "a/b")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := treeSummary(tree), "mcp_tools.json: b"; got != want {
		t.Errorf("Load(a/b) = %q, want %q", got, want)
	}

	// A directory without snapshots is empty, not an error.
	if err := os.Mkdir(filepath.Join(dir, "empty"), 0o777); err != nil {
		t.Fatal(err)
	}
	tree, err = Load(dir, "empty")
	if err != nil || len(tree) != 0 {
		t.Errorf("Load(empty) = %v, %v; want empty tree", tree, err)
	}
}

func TestLoadGitRevision(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(),
			"GIT_AUTHOR_NAME=test", "GIT_AUTHOR_EMAIL=test@example.com",
			"GIT_COMMITTER_NAME=test", "GIT_COMMITTER_EMAIL=test@example.com",
			"GIT_CONFIG_NOSYSTEM=1", "HOME="+dir)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	git("init", "-q")
	writeFile(t, filepath.Join(dir, "pkg/mcp_tools.json"), snapshotJSON("get_weather", "ping"))
	writeFile(t, filepath.Join(dir, "pkg/testdata/mcp_tools.json"), snapshotJSON("skipped"))
	writeFile(t, filepath.Join(dir, "gone/mcp_tools.json"), snapshotJSON("legacy"))
	git("add", ".")
	git("commit", "-q", "-m", "snapshots")

	// The working tree moves on: a tool is renamed, a package removed and
	// another one added.
	writeFile(t, filepath.Join(dir, "pkg/mcp_tools.json"), snapshotJSON("get_weather", "pong"))
	if err := os.RemoveAll(filepath.Join(dir, "gone")); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "fresh/mcp_tools.json"), snapshotJSON("brand_new"))

	before, err := Load(dir, "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := treeSummary(before), "gone/mcp_tools.json: legacy\npkg/mcp_tools.json: get_weather,ping"; got != want {
		t.Errorf("Load(HEAD) =\n%s\nwant\n%s", got, want)
	}
	after, err := Load(dir, ".")
	if err != nil {
		t.Fatal(err)
	}
	got := writeChanges(CompareTrees(before, after))
	want := `compatible fresh/mcp_tools.json: brand_new: tool added
breaking   gone/mcp_tools.json: legacy: tool removed
breaking   pkg/mcp_tools.json: ping: tool removed
compatible pkg/mcp_tools.json: pong: tool added
2 breaking, 2 compatible
`
	if got != want {
		t.Errorf("CompareTrees(HEAD, .) =\n%s\nwant\n%s", got, want)
	}

	// From a subdirectory, revision paths are relative to it, like the
	// working tree's, so the single file on each side lines up.
	sub := filepath.Join(dir, "pkg")
	before, err = Load(sub, "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := treeSummary(before), "mcp_tools.json: get_weather,ping"; got != want {
		t.Errorf("Load(pkg, HEAD) = %q, want %q", got, want)
	}
	after, err = Load(sub, ".")
	if err != nil {
		t.Fatal(err)
	}
	got = writeChanges(CompareTrees(before, after))
	want = "breaking   ping: tool removed\ncompatible pong: tool added\n1 breaking, 1 compatible\n"
	if got != want {
		t.Errorf("CompareTrees(pkg HEAD, pkg .) =\n%s\nwant\n%s", got, want)
	}

	if _, err := Load(dir, "no-such-rev"); err == nil {
		t.Error("Load(no-such-rev) succeeded, want error")
	}
}

func TestCompareTrees(t *testing.T) {
	parse := func(tools ...string) *Snapshot {
		s, err := Parse([]byte(snapshotJSON(tools...)))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	// One file on each side: compared whatever their names, no file prefix.
	got := writeChanges(CompareTrees(Tree{"old.json": parse("a")}, Tree{"x/mcp_tools.json": parse("b")}))
	want := "breaking   a: tool removed\ncompatible b: tool added\n1 breaking, 1 compatible\n"
	if got != want {
		t.Errorf("single files:\n%s\nwant\n%s", got, want)
	}

	// A file on one side only: all its tools added; one file involved, so
	// no prefix.
	got = writeChanges(CompareTrees(Tree{}, Tree{"p/mcp_tools.json": parse("a", "b")}))
	want = "compatible a: tool added\ncompatible b: tool added\n0 breaking, 2 compatible\n"
	if got != want {
		t.Errorf("new file:\n%s\nwant\n%s", got, want)
	}

	// Several files: matched by key and prefixed, ordered by file first.
	got = writeChanges(CompareTrees(
		Tree{"p/mcp_tools.json": parse("a"), "q/mcp_tools.json": parse("z")},
		Tree{"p/mcp_tools.json": parse("a", "b"), "q/mcp_tools.json": parse()},
	))
	want = "compatible p/mcp_tools.json: b: tool added\nbreaking   q/mcp_tools.json: z: tool removed\n1 breaking, 1 compatible\n"
	if got != want {
		t.Errorf("several files:\n%s\nwant\n%s", got, want)
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ data, want string }{
		{`not json`, "invalid character"},
		{`[]`, "cannot unmarshal"},
		{`{"tools": {}}`, `"tools" is not an array`},
		{`{"tools": [1]}`, "tools[0] is not an object"},
		{`{"tools": [{"description": "x"}]}`, "tools[0]: tool has no name"},
		{`{"tools": [{"name": "a"}, {"name": "a"}]}`, `tools[1]: duplicate tool name "a"`},
		{`{"tools": [{"name": "a", "inputSchema": true}]}`, `"inputSchema" is not an object`},
		{`{"tools": []} {}`, "unexpected data"},
		{`{"prompts": {}}`, `"prompts" is not an array`},
		{`{"prompts": [{"name": "p"}, {"name": "p"}]}`, `prompts[1]: duplicate name "p"`},
		{`{"prompts": [{"name": "p", "arguments": [{"name": "a", "required": "yes"}]}]}`, `prompts[0]: arguments[0]: "required" is not a boolean`},
		{`{"resources": [{"name": "r"}]}`, "resources[0] has no uri"},
		{`{"resourceTemplates": [{"uriTemplate": 3}]}`, `resourceTemplates[0]: "uriTemplate" is not a string`},
	} {
		_, err := Parse([]byte(tc.data))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%s) error = %v, want %q", tc.data, err, tc.want)
		}
	}

	s, err := Parse([]byte(`{}`))
	if err != nil || len(s.Tools) != 0 {
		t.Errorf("Parse({}) = %v, %v; want no tools", s, err)
	}
}

func TestWrite(t *testing.T) {
	var buf bytes.Buffer
	if Write(&buf, nil) {
		t.Error("Write(nil) reported breaking")
	}
	if got, want := buf.String(), "0 breaking, 0 compatible\n"; got != want {
		t.Errorf("Write(nil) = %q, want %q", got, want)
	}

	buf.Reset()
	breaking := Write(&buf, []Change{
		{File: "a/mcp_tools.json", Tool: "t", Path: "description", Message: "description changed"},
		{Tool: "u", Breaking: true, Message: "tool removed"},
	})
	want := "compatible a/mcp_tools.json: t: description changed\nbreaking   u: tool removed\n1 breaking, 1 compatible\n"
	if !breaking || buf.String() != want {
		t.Errorf("Write = %v, %q; want true, %q", breaking, buf.String(), want)
	}
}
