package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/apppreview"
)

const previewUsage = `usage: mcptag preview [-result FILE] [-input FILE] [-o FILE] PACKAGE TOOL

mcptag preview writes one HTML page that shows the MCP App page of TOOL
(its ui= file) in PACKAGE as a host does: in a sandboxed frame, under
the page's Content-Security-Policy, handed a tool call's arguments and
result through the ext-apps messages (the answer to ui/initialize, then
ui/notifications/tool-input and ui/notifications/tool-result). Open it
in a browser: it loads nothing from the network.

The result is the one in -result FILE, a CallToolResult as JSON
({"content": [...], "structuredContent": ...}), or else a sample made
from the tool's output schema: each value the schema gives (const,
examples, default, enum) first, then three elements an array, numbers
within their bounds. The arguments are those of -input FILE, a JSON
object, or a sample of the input schema. See docs/apps.md.

Exit codes: 0 ok; 2 usage errors, a package that does not load, a tool
it does not have or that has no page, and files that cannot be read or
written.

Flags:
`

// previewOptions are the flags of mcptag preview.
type previewOptions struct {
	out, result, input string
}

func previewCommand(stderr io.Writer) (*command, *previewOptions) {
	c := newCommand("mcptag preview", previewUsage, stderr)
	o := &previewOptions{}
	c.StringVar(&o.out, "o", "", "write the page to `file` (atomically) instead of stdout")
	c.StringVar(&o.result, "result", "", "the call's result: a CallToolResult in the JSON `file`")
	c.StringVar(&o.input, "input", "", "the call's arguments: a JSON object in `file`")
	return c, o
}

func previewMain(args []string, stdout, stderr io.Writer) int {
	c, o := previewCommand(stderr)
	if ok, code := c.parse(args, stdout); !ok {
		return code
	}
	if c.NArg() != 2 {
		fmt.Fprintf(stderr, "mcptag preview: want a package and a tool, got %d arguments\n", c.NArg())
		c.printUsage(stderr)
		return exitUsage
	}
	loaded, code := loadServable("mcptag preview", c.Args()[:1], stderr)
	if code != exitOK {
		return code
	}
	if len(loaded) != 1 {
		fmt.Fprintf(stderr, "mcptag preview: %s matches %d packages: name one\n", c.Arg(0), len(loaded))
		return exitUsage
	}
	if err := preview(loaded[0].Package, c.Arg(1), o, stdout); err != nil {
		fmt.Fprintf(stderr, "mcptag preview: %s\n", relPaths(err.Error()))
		return exitUsage
	}
	return exitOK
}

// preview writes the preview of the page of the tool named name in pkg.
func preview(pkg *analyzer.Package, name string, o *previewOptions, stdout io.Writer) error {
	var tool *analyzer.Tool
	for _, t := range pkg.Tools {
		if t.Name == name {
			tool = t
		}
	}
	switch {
	case tool == nil:
		return fmt.Errorf("%s has no tool %s", pkg.Path, name)
	case tool.App == nil:
		return fmt.Errorf("tool %s of %s has no page: it has no ui= option", name, pkg.Path)
	}
	call, err := apppreview.SampleCall(tool)
	if err != nil {
		return err
	}
	if o.result != "" {
		if call.Result, err = readResult(o.result); err != nil {
			return err
		}
		call.Source = "the result of " + o.result
	}
	if o.input != "" {
		var input map[string]any
		if err := readJSON(o.input, &input); err != nil {
			return err
		}
		call.Input = input
	}
	page, err := apppreview.Page(call)
	if err != nil {
		return err
	}
	return writeOutput(o.out, page, stdout)
}

// readResult reads a CallToolResult from file: a JSON object with
// content or structuredContent.
func readResult(file string) (json.RawMessage, error) {
	var result map[string]json.RawMessage
	if err := readJSON(file, &result); err != nil {
		return nil, err
	}
	_, content := result["content"]
	_, structured := result["structuredContent"]
	if !content && !structured {
		return nil, fmt.Errorf("%s: want a CallToolResult, an object with content or structuredContent", file)
	}
	if !content {
		result["content"] = json.RawMessage("[]")
	}
	return json.Marshal(result)
}

// readJSON decodes the JSON file into v.
func readJSON(file string, v any) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(data, &obj); err != nil || obj == nil {
		return fmt.Errorf("%s: want a JSON object: %s", file, strings.TrimSpace(string(data[:min(len(data), 40)])))
	}
	return json.Unmarshal(data, v)
}
