package budget

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/mcptag/mcptag/internal/interop"
)

// TestChunksAgreeWithO200k checks that chunks cuts text exactly where
// o200k's pre-tokenizer does (its regular expression, as gpt-tokenizer
// runs it), on snapshots, docs, and random text.
func TestChunksAgreeWithO200k(t *testing.T) {
	interop.Require(t)
	texts := []string{
		"it's WE'RE o'clock, 12345 HTTPServer initContainers iPhone\n\n  indented \t\ttabs  \n" +
			`{"a":[{"b":"\"q\"","c":"x.y/z"}]}` + " ünï 日本語 🌧️",
	}
	for _, path := range []string{"../../example/thirdparty/mcp_tools.json", "../../example/weather/mcp_tools.json", "../../README.md", "../../docs/types.md"} {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(data))
		var buf bytes.Buffer
		if json.Compact(&buf, data) == nil {
			texts = append(texts, buf.String())
		}
	}
	// Random strings of the characters the expression tells apart.
	alphabet := []rune("aZé日ʰ\u0301 7٣\t\n\r.,:\"'{}[]/_-sStTdDlLrReEvVmM🌧ǅ²Ⅻ\u00a0\u3000ЖжΣ\u20dd\u0903")
	rng := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		r := make([]rune, 1+rng.IntN(40))
		for i := range r {
			r[i] = alphabet[rng.IntN(len(alphabet))]
		}
		texts = append(texts, string(r))
	}
	want := interop.Split(t, texts)
	for i, s := range texts {
		if got := split(s); !slices.Equal(got, want[i]) {
			at := 0
			for at < min(len(got), len(want[i])) && got[at] == want[i][at] {
				at++
			}
			t.Errorf("text %d (%.40q...): chunk %d is %q, o200k's %q", i, s, at, got[at:min(at+3, len(got))], want[i][at:min(at+3, len(want[i]))])
		}
	}
}
