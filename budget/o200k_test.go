package budget

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/mcptag/mcptag/interop"
)

// TestChunksAgreeWithO200k checks that chunks splits text where o200k's
// pre-tokenizer does. BPE never merges across that split, so if the
// split is the same, the token counts of the chunks, each encoded alone,
// add up to the count of the whole text.
func TestChunksAgreeWithO200k(t *testing.T) {
	interop.Require(t)
	texts := []string{
		"it's WE'RE o'clock, 12345 HTTPServer initContainers\n\n  indented \t\ttabs  \n" +
			`{"a":[{"b":"\"q\"","c":"x.y/z"}]}` + " ünï 日本語 🌧️ \xff",
	}
	for _, path := range []string{"../example/thirdparty/mcp_tools.json", "../example/weather/mcp_tools.json", "../README.md", "../docs/types.md"} {
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
	counts := map[string]int{} // how often each chunk occurs in texts[i]
	var perText []map[string]int
	for _, s := range texts {
		m := map[string]int{}
		chunks(s, func(c chunk) { m[c.text]++; counts[c.text]++ })
		perText = append(perText, m)
	}
	distinct := make([]string, 0, len(counts))
	for c := range counts {
		distinct = append(distinct, c)
	}
	real := interop.Tokens(t, append(distinct, texts...))
	chunkTokens := map[string]int{}
	for i, c := range distinct {
		chunkTokens[c] = real[i]
	}
	for i, s := range texts {
		sum := 0
		for c, n := range perText[i] {
			sum += n * chunkTokens[c]
		}
		if whole := real[len(distinct)+i]; sum != whole {
			t.Errorf("text %d (%.40q...): its chunks encode to %d tokens, the whole to %d", i, s, sum, whole)
		}
	}
}
