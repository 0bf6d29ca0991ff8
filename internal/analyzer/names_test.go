package analyzer_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/mcptag/mcptag/internal/emit"
	"github.com/mcptag/mcptag/internal/generate"
	"github.com/mcptag/mcptag/internal/genfile"
	"github.com/mcptag/mcptag/internal/genopts"
)

// TestGeneratedNamesAvoidThePackages checks that the generated file's own
// names give way to the package's declarations and to each other: a
// package that declares mcptagHello beside a tool Hello, a tool
// GreetingForm whose handler is named as the form Greeting's variable
// would be, and the generated file compiles beside them.
func TestGeneratedNamesAvoidThePackages(t *testing.T) {
	dir := t.TempDir()
	writeModule(t, dir)
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	mod, err := os.OpenFile(filepath.Join(dir, "go.mod"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(mod, "\nrequire github.com/mcptag/mcptag v0.0.0\n\nreplace github.com/mcptag/mcptag => %s\n", repo)
	mod.Close()
	src := `package x

import "context"

// Hello greets.
//
//mcp:tool
func Hello() string { return mcptagHello() }

func mcptagHello() string { return "hello" }

// GreetingForm is named like the variable of the form Greeting.
//
//mcp:tool
func GreetingForm(ctx context.Context) string { return "form" }

// Greeting is a form.
//
//mcp:elicit
type Greeting struct {
	// OK says yes.
	OK bool ` + "`json:\"ok\"`" + `
}
`
	if err := os.WriteFile(filepath.Join(dir, "x.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	pkgs, err := generate.Packages(dir, genopts.Options{}, ".")
	if err != nil {
		t.Fatal(err)
	}
	p := pkgs[0]
	for _, f := range p.Findings {
		if f.Error {
			t.Fatalf("%s: %s", p.Fset.Position(f.Pos), f.Message)
		}
	}
	names := p.GeneratedNames()
	for _, tc := range []struct{ got, want string }{
		{names.Handler(p.Tools[0].Func), "mcptagHello2"},
		{names.Handler(p.Tools[1].Func), "mcptagGreetingForm"},
		{names.Form(p.Forms[0]), "mcptagGreetingForm2"},
	} {
		if tc.got != tc.want {
			t.Errorf("generated name %s, want %s", tc.got, tc.want)
		}
	}
	code, err := emit.Go(p.Package)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, genfile.GoName), code, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "vet", ".")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("go vet: %v\n%s", err, out)
	}
}
