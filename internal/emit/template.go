package emit

import (
	"text/template"

	"github.com/mcptag/mcptag/internal/genfile"
)

var goTemplate = template.Must(template.New("gen").Parse(genfile.Header + `{{with .Options}}
{{.}}{{end}}

package {{.Package}}

import (
{{- range $i, $group := .Imports}}{{if $i}}
{{end}}
{{- range $group}}
	{{if .Alias}}{{.Alias}} {{end}}"{{.Path}}"
{{- end}}
{{- end}}
)

// mcptag generated this file for version {{.Version}} of toolrt's generated code:
// if these overflow, regenerate it with the mcptag that go.mod requires.
const (
	_ = toolrt.RegenerateWithMcptagOfGoMod({{.Version}} - toolrt.MinGeneratedVersion)
	_ = toolrt.RegenerateWithMcptagOfGoMod(toolrt.MaxGeneratedVersion - {{.Version}})
)
{{range .Groups}}
{{- if .Recv}}
// {{.Register}} adds everything {{.RecvName}}'s methods declare to s, bound to recv:
{{- else}}
// {{.Register}} adds everything the package declares to s:
{{- end}} {{.Summary}}.
func {{.Register}}(s *mcp.Server{{if .Recv}}, recv {{.Recv}}{{end}}) {
{{- if .Tools}}
	{{.Func}}(s{{if .Recv}}, recv{{end}})
{{- end}}
{{- range .Decls}}
	{{.Add}}
{{- end}}
}
{{if .Tools}}
{{- if .Recv}}
// {{.Func}} adds the tools of {{.RecvName}}'s methods to s, bound to recv:
{{- else}}
// {{.Func}} adds the package's tools to s:
{{- end}}
{{- range $i, $t := .Tools}}{{if $i}},{{end}} {{$t.Name}}{{end}}.
func {{.Func}}(s *mcp.Server{{if .Recv}}, recv {{.Recv}}{{end}}) {
{{- range .Tools}}
	s.AddTool(&mcp.Tool{
		{{.Tool}}
	}, {{.Ident}}{{if .Recv}}(recv){{end}})
{{- end}}
}
{{end}}
{{- end}}
{{- range .Tools}}
// Schemas and arguments of {{.Name}}, computed by mcptag.
var (
	{{.Ident}}Input = json.RawMessage({{.Input}})
{{- if .Output}}
	{{.Ident}}Output = json.RawMessage({{.Output}})
{{- end}}
	{{.Ident}}Args = {{.Spec}}
{{- if .ViewPaths}}
	{{.Ident}}View = {{.ViewPaths}}
{{- end}}
)
{{if .Recv}}
func {{.Ident}}(recv {{.Recv}}) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (res *mcp.CallToolResult, _ error) {
{{- else}}
func {{.Ident}}(ctx context.Context, req *mcp.CallToolRequest) (res *mcp.CallToolResult, _ error) {
{{- end}}
	defer toolrt.Recover(ctx, "{{.Name}}", &res)
	{{.Decode}}{{.Results}}
{{- if .Recv}}
	}
{{- end}}
}
{{if .ViewFunc}}
{{.ViewFunc}}{{end}}
{{- end}}
{{- range .Decls}}
{{- if .Var}}
// The {{if eq .What "prompt"}}arguments{{else}}variables{{end}} of {{.What}} {{.Name}}, computed by mcptag.
var {{.Var}}
{{end}}
{{- if .Recv}}
func {{.Ident}}(recv {{.Recv}}) {{.HandlerType}} {
	return func(ctx context.Context, req {{.Request}}) (_ {{.Result}}, err error) {
{{- else}}
func {{.Ident}}(ctx context.Context, req {{.Request}}) (_ {{.Result}}, err error) {
{{- end}}
	defer toolrt.RecoverError(ctx, "{{.Name}}", &err)
	{{.Body}}
{{- if .Recv}}
	}
{{- end}}
}
{{end}}
{{- if .Completions}}
// Complete answers completion/complete requests for the arguments of the
// package's prompts and resource templates whose values are the constants
// of their type. Install it as mcp.ServerOptions.CompletionHandler, alone
// or after a handler of your own with toolrt.FirstCompletion.
func Complete(ctx context.Context, req *mcp.CompleteRequest) (*mcp.CompleteResult, error) {
	return mcptagCompletions.Complete(ctx, req)
}

// The values of each argument of Complete, computed by mcptag.
var mcptagCompletions = {{.Completions}}
{{end}}
{{- range .Forms}}
// {{.Func}} asks the user of the client that made the tool call req to
// fill in the form {{.Name}}, showing message. ok is false when the user
// declines or cancels; an answer that breaks the form's schema is an
// error. The tool returns the error as it is (or wrapped): on protocol
// 2026-07-28, it asks the client for the form, and the tool runs again up
// to here with the answer. See toolrt.Form.Elicit.
func {{.Func}}(ctx context.Context, req *mcp.CallToolRequest, message string) ({{.Type}}, bool, error) {
	var answer {{.Type}}
	if ok, err := {{.Ident}}.Elicit(ctx, req, message, &answer); !ok || err != nil {
		return {{.Type}}{}, false, err
	}
	return answer, true, nil
}

// The form of {{.Func}}, computed by mcptag.
var {{.Ident}} = {{.Form}}
{{end}}
{{- if .Icons}}
// The icons of the package's declarations, read by mcptag.
var (
{{- range .Icons}}
	{{.Name}} = {{.Value}}
{{- end}}
)
{{- if .IconFiles}}

// The icon files, embedded so that the go command counts them among the
// package's inputs: go vet checks the package again when one changes.
//
//go:embed {{.IconFiles}}
var mcptagIconFiles embed.FS
{{- end}}
{{end}}`))
