package emit_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/generate"
	"github.com/mcptag/mcptag/toolrt"
)

// TestPinMismatchFailsToCompile builds a module whose generated file pins
// another version of the generated code than this toolrt runs, as a file
// from an older or a newer mcptag does: the build fails at the pin, with
// an error that says to regenerate with the mcptag of go.mod. The file as
// this mcptag generates it builds.
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

	r, err := generate.Run(dir, analyzer.Options{}, ".")
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
		return "const (\n\t_ = toolrt.RegenerateWithMcptagOfGoMod(" + v + " - toolrt.MinGeneratedVersion)\n" +
			"\t_ = toolrt.RegenerateWithMcptagOfGoMod(toolrt.MaxGeneratedVersion - " + v + ")\n)\n"
	}
	current := pin(toolrt.MaxGeneratedVersion)
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
		{"older", toolrt.MinGeneratedVersion - 1, pinLine},
		{"newer", toolrt.MaxGeneratedVersion + 1, pinLine + 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := build(strings.Replace(src, current, pin(tc.version), 1))
			if err == nil {
				t.Fatalf("a file pinning version %d built against a toolrt that runs %d to %d", tc.version, toolrt.MinGeneratedVersion, toolrt.MaxGeneratedVersion)
			}
			want := regexp.MustCompile(fmt.Sprintf(`(?m)^\./mcp_tools_gen\.go:%d:\d+: constant -1 overflows toolrt\.RegenerateWithMcptagOfGoMod$`, tc.line))
			if !want.MatchString(out) {
				t.Errorf("go build says\n%s\nwant a line matching %s", out, want)
			}
		})
	}
}
