package discovery

import (
	"bufio"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/internal/searchindex"
	"github.com/mcptag/mcptag/toolrt"
)

// A query is one line of testdata: the words asked, and the tool meant.
type query struct{ tool, text string }

// readQueries reads a testdata file of tool<TAB>query lines.
func readQueries(t testing.TB, path string) []query {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var qs []query
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		tool, q, ok := strings.Cut(text, "\t")
		if !ok {
			t.Fatalf("%s:%d: want tool<TAB>query", path, line)
		}
		qs = append(qs, query{tool, q})
	}
	return qs
}

// A scorer ranks the names of tools for a query, best first.
type scorer func(q string) []string

// recall returns the share of qs whose tool rank puts among its first k.
func recall(t *testing.T, rank scorer, qs []query, k int) float64 {
	t.Helper()
	hit := 0
	for _, q := range qs {
		names := rank(q.text)
		if i := slices.Index(names, q.tool); i >= 0 && i < k {
			hit++
		} else if testing.Verbose() && k == 5 {
			t.Logf("miss %-26s %q: %v", q.tool, q.text, names[:min(5, len(names))])
		}
	}
	return float64(hit) / float64(len(qs))
}

// ours ranks as AddSearch does, over the generated terms.
func ours(tools []toolrt.Tool) scorer {
	docs := make([]searchindex.Terms, len(tools))
	for i, t := range tools {
		docs[i] = *toolrt.TermsOf(t.Tool)
		if t.Terms != nil {
			docs[i] = *t.Terms
		}
	}
	ix := searchindex.NewIndex(docs)
	return func(q string) []string { return names(tools, ix.Search(searchindex.ParseQuery(q), nil)) }
}

// plain ranks by plain BM25 over the words of names and descriptions:
// lower-cased words split at punctuation, no stemming, no stop words, no
// related words, every word of weight 1.
func plain(tools []toolrt.Tool) scorer {
	docs := make([]searchindex.Terms, len(tools))
	for i, t := range tools {
		counts := map[string]int{}
		for _, w := range searchindex.Words(t.Tool.Name + " " + t.Tool.Description) {
			counts[w]++
		}
		for w := range counts {
			docs[i].Terms = append(docs[i].Terms, w)
		}
		slices.Sort(docs[i].Terms)
		for _, w := range docs[i].Terms {
			docs[i].Counts = append(docs[i].Counts, counts[w])
		}
	}
	ix := searchindex.NewIndex(docs)
	return func(q string) []string {
		query := searchindex.Query{}
		for _, w := range searchindex.Words(q) {
			query[w] = 1
		}
		return names(tools, ix.Search(query, nil))
	}
}

// names returns the names of tools at the indexes is.
func names(tools []toolrt.Tool, is []int) []string {
	out := make([]string, len(is))
	for k, i := range is {
		out[k] = tools[i].Tool.Name
	}
	return out
}

// TestRecall measures recall at 3 and 5 of plain BM25 and of AddSearch's
// scorer on both halves of the queries, and holds AddSearch's to at least
// 0.8 at 5 on each half and to at least plain BM25's.
func TestRecall(t *testing.T) {
	tools := Tools()
	for _, half := range []string{"tuned", "heldout"} {
		qs := readQueries(t, "testdata/"+half+".txt")
		base3, base5 := recall(t, plain(tools), qs, 3), recall(t, plain(tools), qs, 5)
		our3, our5 := recall(t, ours(tools), qs, 3), recall(t, ours(tools), qs, 5)
		t.Logf("%s (%d queries over %d tools): plain BM25 recall@3 %.2f @5 %.2f; AddSearch recall@3 %.2f @5 %.2f", half, len(qs), len(tools), base3, base5, our3, our5)
		if our5 < 0.8 || our5 < base5 {
			t.Errorf("%s: recall@5 %.2f, want at least 0.8 and plain BM25's %.2f", half, our5, base5)
		}
	}
}

// TestGeneratedTerms: the terms the generator wrote are those the run
// time computes from the listing, so that a search over generated tools
// and over tools without Terms agree.
func TestGeneratedTerms(t *testing.T) {
	for _, tool := range Tools() {
		if tool.Terms == nil {
			t.Errorf("%s: no generated Terms", tool.Tool.Name)
			continue
		}
		if want := toolrt.TermsOf(tool.Tool); !reflect.DeepEqual(*tool.Terms, *want) {
			t.Errorf("%s: generated %v, computed %v", tool.Tool.Name, *tool.Terms, *want)
		}
	}
}
