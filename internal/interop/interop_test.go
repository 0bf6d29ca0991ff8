package interop_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mcptag/mcptag/internal/interop"
)

// buildBadServer returns the path of testdata/badserver (a go-sdk server
// whose behaviour is chosen with -mode), built once for all the tests of
// a run into a temporary directory that TestMain removes. testdata is
// ignored by `go build ./...`, so it is built by path.
func buildBadServer(t *testing.T) string {
	t.Helper()
	interop.Require(t) // skip (or fail in CI) before paying for the build
	bin, err := badServer()
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

var badServerDir string // set by TestMain

var badServer = sync.OnceValues(func() (string, error) {
	return goBuild(badServerDir, "./testdata/badserver")
})

// goBuild builds the command pkg, a path relative to this package, into
// dir, and returns the binary's path, named after the command's directory.
func goBuild(dir, pkg string) (string, error) {
	bin := filepath.Join(dir, filepath.Base(pkg))
	if out, err := exec.Command("go", "build", "-o", bin, pkg).CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build %s: %v\n%s", pkg, err, out)
	}
	return bin, nil
}

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "badserver")
	if err != nil {
		panic(err)
	}
	badServerDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

const badCalls = `[{"name":"bad","arguments":{}}]`

// TestStrictClientRejectsBadSchemas proves the harness fails when the
// TypeScript client rejects tools/list because of an output schema.
func TestStrictClientRejectsBadSchemas(t *testing.T) {
	skipShort(t)
	bin := buildBadServer(t)
	for _, tc := range []struct {
		mode string
		want []string // substrings of the error
	}{
		// {"type":"integer"}: zod wants outputSchema.type to be the literal "object".
		{"integer-output", []string{"tools/list rejected", `"outputSchema"`, `expected \"object\"`}},
		// {"type":"object","properties":{"anything":true}}: each property schema must be an object.
		{"true-property", []string{"tools/list rejected", `"outputSchema"`, `"properties"`, `"anything"`}},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			lines, err := interop.Run(t, badCalls, bin, "-mode", tc.mode)
			if err == nil {
				t.Fatalf("client.mjs succeeded, want tools/list rejection; stdout:\n%s", strings.Join(lines, "\n"))
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error does not mention %s:\n%v", w, err)
				}
			}
			if len(lines) != 0 {
				t.Errorf("stdout = %q, want nothing (tools/list must fail first)", lines)
			}
		})
	}
}

// TestStrictClientRejectsInvalidStructuredContent proves the harness fails
// when structuredContent does not validate against a valid outputSchema.
func TestStrictClientRejectsInvalidStructuredContent(t *testing.T) {
	skipShort(t)
	bin := buildBadServer(t)
	lines, err := interop.Run(t, badCalls, bin, "-mode", "invalid-structured")
	if err == nil {
		t.Fatalf("client.mjs succeeded, want structuredContent validation failure; stdout:\n%s", strings.Join(lines, "\n"))
	}
	for _, w := range []string{
		`tools/call "bad" threw`,
		"Structured content does not match the tool's output schema",
		"must have required property 'temperature'",
	} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error does not mention %q:\n%v", w, err)
		}
	}
	if want := []string{`{"tools":["bad"]}`}; !slices.Equal(lines, want) {
		t.Errorf("stdout = %q, want %q", lines, want)
	}
}

// TestStrictClientAcceptsValidServer checks the success path, and that the
// harness fails on an isError mismatch, an uncalled tool and an unknown tool.
func TestStrictClientAcceptsValidServer(t *testing.T) {
	skipShort(t)
	bin := buildBadServer(t)

	t.Run("ok", func(t *testing.T) {
		calls := `[{"name":"echo","arguments":{"name":"Bob"},"expectError":false},
		           {"name":"fail","arguments":{},"expectError":true}]`
		lines, err := interop.Run(t, calls, bin, "-mode", "valid")
		if err != nil {
			t.Fatal(err)
		}
		want := []string{
			`{"tools":["echo","fail"]}`,
			`{"name":"echo","isError":false,"structuredContent":{"greeting":"hello, Bob"},"content":[{"type":"text","text":"hello, Bob"}]}`,
			`{"name":"fail","isError":true,"structuredContent":null,"content":[{"type":"text","text":"failed on purpose"}]}`,
		}
		if !slices.Equal(lines, want) {
			t.Errorf("stdout:\n%s\nwant:\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
		}
		for _, l := range lines {
			if !json.Valid([]byte(l)) {
				t.Errorf("stdout line is not JSON: %s", l)
			}
		}
	})

	for _, tc := range []struct {
		name, calls, want string
	}{
		{
			"isError-mismatch",
			`[{"name":"echo","arguments":{"name":"Bob"}},{"name":"fail","arguments":{}}]`,
			`tools/call "fail": isError=true, want false`,
		},
		{
			"tool-not-called",
			`[{"name":"echo","arguments":{"name":"Bob"}}]`,
			`tool "fail" is listed but has no entry`,
		},
		{
			"unknown-tool",
			`[{"name":"echo","arguments":{"name":"Bob"}},{"name":"fail","expectError":true},{"name":"nope"}]`,
			`calls "nope", which tools/list did not return`,
		},
	} {
		t.Run(tc.name, func(t *testing.T) { harnessFails(t, bin, "valid", tc.calls, tc.want) })
	}
}

// TestStrictClientAnswersForms checks the harness on a tool that asks for
// a form: the client answers with the call's "elicit" and prints the form
// it was asked for; a call without one, asked for a form, fails.
func TestStrictClientAnswersForms(t *testing.T) {
	skipShort(t)
	bin := buildBadServer(t)
	lines, err := interop.Run(t, `[{"name":"ask","elicit":{"action":"accept","content":{"name":"Ada"}}}]`, bin, "-mode", "elicit")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`{"tools":["ask"]}`,
		`{"name":"ask","isError":false,"structuredContent":null,"content":[{"type":"text","text":"{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}}"}],` +
			`"elicited":[{"message":"Who are you?","requestedSchema":{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}}]}`,
	}
	if !slices.Equal(lines, want) {
		t.Errorf("stdout:\n%s\nwant:\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	harnessFails(t, bin, "elicit", `[{"name":"ask","expectError":true}]`, `the server asked for a form during tools/call "ask", which has no "elicit" answer`)
}

// TestStrictClientReadsFeatures checks the harness on prompts and
// resources: it lists them, gets and reads them, prints each result or
// the error it expected, and fails on a prompt or static resource left
// unread, an unexpected error, and an error that does not come.
func TestStrictClientReadsFeatures(t *testing.T) {
	skipShort(t)
	bin := buildBadServer(t)
	const ok = `{"method":"prompts/get","name":"hello"},{"method":"resources/read","uri":"x://hello"},` +
		`{"method":"resources/read","uri":"x://blob"},{"method":"resources/read","uri":"x://empty","expectError":true}`

	t.Run("ok", func(t *testing.T) {
		lines, err := interop.Run(t, `[`+ok+`,{"method":"resources/read","uri":"x://bob"},{"method":"prompts/get","name":"hello","arguments":{"x":"1"}}]`, bin, "-mode", "features")
		if err != nil {
			t.Fatal(err)
		}
		want := []string{
			`{"tools":[],"prompts":["hello"],"resources":["x://blob","x://empty","x://hello"],"resourceTemplates":["x://{name}"]}`,
			`{"method":"prompts/get","result":{"messages":[{"role":"user","content":{"type":"text","text":"Say hello."}}]}}`,
			`{"method":"resources/read","result":{"contents":[{"uri":"x://hello","text":"hi"}],"ttlMs":0,"cacheScope":"public"}}`,
			`{"method":"resources/read","result":{"contents":[{"uri":"x://blob","blob":""}],"ttlMs":0,"cacheScope":"public"}}`,
		}
		if len(lines) != 7 || !slices.Equal(lines[:4], want) || !strings.HasPrefix(lines[4], `{"method":"resources/read","error":`) {
			t.Errorf("stdout:\n%s\nwant first:\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
		}
	})

	for _, tc := range []struct {
		name, calls, want string
	}{
		{"prompt-not-got", `[{"method":"resources/read","uri":"x://hello"},{"method":"resources/read","uri":"x://blob"},{"method":"resources/read","uri":"x://empty","expectError":true}]`,
			`prompt "hello" is listed but has no entry`},
		{"resource-not-read", `[{"method":"prompts/get","name":"hello"},{"method":"resources/read","uri":"x://blob"},{"method":"resources/read","uri":"x://empty","expectError":true}]`,
			`resource "x://hello" is listed but has no entry`},
		{"unexpected-error", `[` + ok + `,{"method":"prompts/get","name":"hello","arguments":{"x":"1"},"expectError":true}]`,
			`prompts/get "hello": answered, want an error`},
		{"unknown-prompt", `[` + ok + `,{"method":"prompts/get","name":"nope"}]`,
			`gets "nope", which prompts/list did not return`},
	} {
		t.Run(tc.name, func(t *testing.T) { harnessFails(t, bin, "features", tc.calls, tc.want) })
	}
}

// harnessFails checks that client.mjs, making calls to the bad server in
// mode, fails with an error that says want.
func harnessFails(t *testing.T, bin, mode, calls, want string) {
	t.Helper()
	_, err := interop.Run(t, calls, bin, "-mode", mode)
	if err == nil {
		t.Fatal("client.mjs succeeded, want failure")
	}
	if !strings.Contains(err.Error(), want) {
		t.Errorf("error does not mention %q:\n%v", want, err)
	}
}

// TestStrictClientPrintsLargeResults checks that the harness prints a
// result of 1 MiB whole: node exits before a pipe takes in a large
// write unless it waits for it.
func TestStrictClientPrintsLargeResults(t *testing.T) {
	skipShort(t)
	bin := buildBadServer(t)
	lines, err := interop.Run(t, `[{"method":"resources/read","uri":"x://large"}]`, bin, "-mode", "large")
	if err != nil {
		t.Fatal(err)
	}
	var read struct {
		Result struct{ Contents []struct{ Text string } }
	}
	if len(lines) != 2 {
		t.Fatalf("got %d lines, want the lists and the read", len(lines))
	}
	if err := json.Unmarshal([]byte(lines[1]), &read); err != nil {
		t.Fatalf("the read's line of %d bytes: %v", len(lines[1]), err)
	}
	if len(read.Result.Contents) != 1 || len(read.Result.Contents[0].Text) != 1<<20 {
		t.Errorf("read %d contents, want one of 1 MiB", len(read.Result.Contents))
	}
}

// TestKnownLimitEmptyResourceText reproduces a limit of go-sdk v1.8.0: a
// resource whose text is empty is sent with neither text nor blob (the
// field is omitempty), and the strict client rejects the read. toolrt
// sends an empty blob instead (toolimpl.TextContents). The test fails once
// the go-sdk sends the empty text.
func TestKnownLimitEmptyResourceText(t *testing.T) {
	skipShort(t)
	bin := buildBadServer(t)
	_, err := interop.Run(t, `[{"method":"prompts/get","name":"hello"},{"method":"resources/read","uri":"x://hello"},{"method":"resources/read","uri":"x://blob"},{"method":"resources/read","uri":"x://empty"}]`, bin, "-mode", "features")
	if err == nil || !strings.Contains(err.Error(), `resources/read "x://empty" threw`) || !strings.Contains(err.Error(), `"text"`) {
		t.Errorf("err = %v, want the strict client to reject contents with no text", err)
	}
}

// skipShort skips a test under -short, the inner loop: it runs the Node.js clients and the browser.
func skipShort(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("it runs the Node.js clients and the browser; go test without -short runs it")
	}
}
