package emit_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/internal/generate"
	"github.com/mcptag/mcptag/internal/genopts"
	"github.com/mcptag/mcptag/toolimpl"
)

// TestPinMismatchFailsToCompile builds a module whose generated file pins
// another version of the generated code than this toolimpl runs, as a file
// from an older or a newer mcptag does: the build fails at the pin, with
// an error that says to regenerate with the mcptag of go.mod; so does a
// file of version 1, which called toolrt. The file as this mcptag
// generates it builds.
func TestPinMismatchFailsToCompile(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module twice; go test without -short runs it")
	}
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	sum, err := os.ReadFile(filepath.Join(repo, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	write := func(name, data string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/pin\n\ngo 1.26\n\nrequire github.com/mcptag/mcptag v0.0.0\n\nreplace github.com/mcptag/mcptag => "+repo+"\n")
	write("go.sum", string(sum))
	write("pin.go", "package pin\n\n// Ping answers pong.\n//\n//mcp:tool\nfunc Ping() string { return \"pong\" }\n")
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOPROXY", "off")

	r, err := generate.Run(dir, genopts.Options{}, ".")
	if err != nil {
		t.Fatal(err)
	}
	var src string
	for _, f := range r.Files {
		if filepath.Base(f.Path) == "mcp_tools_gen.go" {
			src = string(f.Data)
		}
	}
	pin := func(version int) string {
		v := fmt.Sprint(version)
		return "const (\n\t_ = toolimpl.RegenerateWithMcptagOfGoMod(" + v + " - toolimpl.MinGeneratedVersion)\n" +
			"\t_ = toolimpl.RegenerateWithMcptagOfGoMod(toolimpl.MaxGeneratedVersion - " + v + ")\n)\n"
	}
	current := pin(toolimpl.MaxGeneratedVersion)
	if !strings.Contains(src, current) {
		t.Fatalf("the generated file has no pin %q:\n%s", current, src)
	}
	build := func(code string) (string, error) {
		write("mcp_tools_gen.go", code)
		cmd := exec.Command("go", "build", "./...")
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	if out, err := build(src); err != nil {
		t.Fatalf("the generated file does not build: %v\n%s", err, out)
	}
	// The pin's two lines: the first fails for an older file, the second
	// for a newer one.
	pinLine := strings.Count(src[:strings.Index(src, current)], "\n") + 2
	for _, tc := range []struct {
		name    string
		version int
		line    int // of the pin that fails
	}{
		{"older", toolimpl.MinGeneratedVersion - 1, pinLine},
		{"newer", toolimpl.MaxGeneratedVersion + 1, pinLine + 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := build(strings.Replace(src, current, pin(tc.version), 1))
			if err == nil {
				t.Fatalf("a file pinning version %d built against a toolimpl that runs %d to %d", tc.version, toolimpl.MinGeneratedVersion, toolimpl.MaxGeneratedVersion)
			}
			want := regexp.MustCompile(fmt.Sprintf(`(?m)^\./mcp_tools_gen\.go:%d:\d+: constant -1 overflows toolimpl\.RegenerateWithMcptagOfGoMod$`, tc.line))
			if !want.MatchString(out) {
				t.Errorf("go build says\n%s\nwant a line matching %s", out, want)
			}
		})
	}
	// A file of version 1 called toolrt for what toolimpl now holds: it
	// fails at its pin too, whose name still says the fix.
	t.Run("toolrt's", func(t *testing.T) {
		v1 := strings.ReplaceAll(strings.Replace(src, current, pin(1), 1), "toolimpl", "toolrt")
		out, err := build(v1)
		want := regexp.MustCompile(fmt.Sprintf(`(?m)^\./mcp_tools_gen\.go:%d:\d+: undefined: toolrt\.RegenerateWithMcptagOfGoMod$`, pinLine))
		if err == nil || !want.MatchString(out) {
			t.Errorf("go build of a version 1 file says (%v)\n%s\nwant a line matching %s", err, out, want)
		}
	})
}
