package emit

import (
	"text/template"

	"github.com/mcptag/mcptag/internal/genfile"
)

var goTemplate = template.Must(template.New("gen").Parse(genfile.Header + `

package {{.Package}}

import (
{{- range $i, $group := .Imports}}{{if $i}}
{{end}}
{{- range $group}}
	{{if .Alias}}{{.Alias}} {{end}}"{{.Path}}"
{{- end}}
{{- end}}
)
{{range .Groups}}
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
{{- range .Tools}}
// Schemas and arguments of {{.Name}}, computed by mcptag.
var (
	{{.Ident}}Input = json.RawMessage({{.Input}})
{{- if .Output}}
	{{.Ident}}Output = json.RawMessage({{.Output}})
{{- end}}
	{{.Ident}}Args = {{.Spec}}
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
{{end}}`))
