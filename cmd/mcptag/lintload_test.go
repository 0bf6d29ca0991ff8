package main

import (
	"path/filepath"
	"testing"

	"github.com/mcptag/mcptag/lint"
)

// BenchmarkLint lints example/weather, whose dependencies (the go-sdk and
// the standard library under it) lint reads from export data.
func BenchmarkLint(b *testing.B) {
	b.Chdir(filepath.Join("..", "..", "example", "weather"))
	for b.Loop() {
		if _, _, err := runLint(lint.Config{}, []string{"."}); err != nil {
			b.Fatal(err)
		}
	}
}
