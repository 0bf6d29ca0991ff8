// Package bench measures the code mcptag generates against the go-sdk's
// own generic registration, mcp.AddTool, on the same synthetic tools: see
// BENCHMARKS.md at the repository root for the numbers and how to
// reproduce them.
//
// corpus600 is the committed corpus of 600 tools. Its tools.go, shared.go
// and addtool.go come from internal/corpusgen; mcptag writes the rest.
package bench

//go:generate go run ./internal/corpusgen/cmd/corpusgen -n 600 -o corpus600
//go:generate go run ../cmd/mcptag ./corpus600
