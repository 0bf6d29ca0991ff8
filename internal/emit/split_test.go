package emit

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestJSONPieces: the pieces of random JSON, joined, are the JSON, and
// each is at most the width but for one that holds a single scalar, with
// its key and the comma after it, or a key and the bracket it opens.
func TestJSONPieces(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 500 {
		data, err := json.Marshal(randomJSON(r, 5))
		if err != nil {
			t.Fatal(err)
		}
		s := string(data)
		width := 10 + r.IntN(60)
		pieces := jsonPieces(s, width)
		if got := strings.Join(pieces, ""); got != s {
			t.Fatalf("%d: the pieces of %s join to %s", i, s, got)
		}
		for _, p := range pieces {
			var v any
			scalar := strings.TrimSuffix(p, ",")
			if k, rest, ok := strings.Cut(scalar, `":`); ok && strings.HasPrefix(k, `"`) {
				scalar = rest
				if rest == "{" || rest == "[" {
					continue
				}
			}
			if len(p) > width && json.Unmarshal([]byte(scalar), &v) != nil {
				t.Errorf("%d: a piece of %d bytes, width %d: %s", i, len(p), width, p)
			}
		}
	}
}

// randomJSON returns a value nested at most depth deep.
func randomJSON(r *rand.Rand, depth int) any {
	switch n := r.IntN(6); {
	case depth == 0 || n == 0:
		return strings.Repeat("ab\"c,}]", r.IntN(5))
	case n == 1:
		return r.Float64() * 1e6
	case n == 2:
		return n == 2 && r.IntN(2) == 0
	case n == 3:
		var a []any
		for range r.IntN(5) {
			a = append(a, randomJSON(r, depth-1))
		}
		return a
	default:
		m := map[string]any{}
		for range r.IntN(5) {
			m[strings.Repeat("k", 1+r.IntN(8))+"\"{"] = randomJSON(r, depth-1)
		}
		return m
	}
}
