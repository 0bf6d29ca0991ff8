// Package bench measures the code mcptag generates against the go-sdk's
// own generic registration, mcp.AddTool, on the same synthetic tools: see
// BENCHMARKS.md at the repository root for the numbers and how to
// reproduce them.
//
// The tests and benchmarks run on one of two corpora, both written by
// internal/corpusgen (tools.go, shared.go, addtool.go) and mcptag (the
// rest). corpus, committed, has 160 tools: each of corpusgen's resources
// with each of its verbs, once, so every argument and result shape of the
// large corpus is there. corpus600, the 600 tools BENCHMARKS.md measures,
// is not committed: corpus600.sh writes it, and the build tag corpus600
// selects it:
//
//	sh corpus600.sh
//	go test -tags corpus600 -run '^$' -bench . -benchmem
//
// This is a module of its own so that the root module neither builds nor
// checks the corpora, and so that the test's reading of the go-sdk's
// unexported fields (serverTools) cannot break the root module's tests
// when the go-sdk changes.
package bench

//go:generate go run ./internal/corpusgen/cmd/corpusgen -n 160 -o corpus
//go:generate go run github.com/mcptag/mcptag/cmd/mcptag ./corpus
