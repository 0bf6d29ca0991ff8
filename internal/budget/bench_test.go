package budget

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"
)

// thirdparty returns example/thirdparty's tool entries: five tools whose
// output schemas are go-github and Kubernetes API objects.
func thirdparty(b *testing.B) []json.RawMessage {
	data, err := os.ReadFile("../../example/thirdparty/mcp_tools.json")
	if err != nil {
		b.Fatal(err)
	}
	var snapshot struct{ Tools []json.RawMessage }
	if err := json.Unmarshal(data, &snapshot); err != nil {
		b.Fatal(err)
	}
	return snapshot.Tools
}

// BenchmarkTokens estimates the tokens of example/thirdparty's tools/list
// (510 KB of compact JSON).
func BenchmarkTokens(b *testing.B) {
	var list bytes.Buffer
	for _, e := range thirdparty(b) {
		if err := json.Compact(&list, e); err != nil {
			b.Fatal(err)
		}
	}
	s := list.String()
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		Tokens(s)
	}
}

// BenchmarkMeasure measures example/thirdparty's five tools.
func BenchmarkMeasure(b *testing.B) {
	tools := thirdparty(b)
	for b.Loop() {
		for _, e := range tools {
			if _, err := Measure(e); err != nil {
				b.Fatal(err)
			}
		}
	}
}
