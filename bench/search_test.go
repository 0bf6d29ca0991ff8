package bench

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/internal/budget"
	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/mcptag/mcptag/internal/searchindex"
	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// listingTokens returns the tokens of the tools/list a client is served
// by register, as budget counts them.
func listingTokens(t testing.TB, register func(*mcp.Server)) (tokens, n int) {
	t.Helper()
	s := newServer()
	register(s)
	cs := mcptest.Connect(t, s, nil)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(res.Tools)
	if err != nil {
		t.Fatal(err)
	}
	return budget.Tokens(string(data)), len(res.Tools)
}

// TestSearchListing: the corpus served with toolrt.AddSearch lists
// search_tools and call_tool in under 1,500 tokens, against the whole
// listing of AddTools.
func TestSearchListing(t *testing.T) {
	all, n := listingTokens(t, func(s *mcp.Server) { toolrt.AddTools(s, corpusTools()) })
	search, m := listingTokens(t, func(s *mcp.Server) { toolrt.AddSearch(s, corpusTools(), nil) })
	t.Logf("%d tools listed: %d tokens; with AddSearch, %d tools: %d tokens", n, all, m, search)
	if search >= 1500 || m != 2 {
		t.Errorf("with AddSearch: %d tools, %d tokens; want 2 tools under 1,500 tokens", m, search)
	}
}

// numbered is the numeric suffix of a corpus tool's name.
var numbered = regexp.MustCompile(`_\d+$`)

// TestSearchRecall measures recall at 3 and 5 over the corpus of the
// queries in testdata/search_queries.txt: a query finds its tool when a
// tool of its verb and noun is among the first k tools search_tools
// answers.
func TestSearchRecall(t *testing.T) {
	cs := mcptest.Connect(t, func() *mcp.Server {
		s := newServer()
		toolrt.AddSearch(s, corpusTools(), nil)
		return s
	}(), nil)
	qs := readQueries(t, "testdata/search_queries.txt")
	hits := map[int]int{}
	for _, q := range qs {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "search_tools", Arguments: map[string]any{"query": q[1]}})
		if err != nil || res.IsError {
			t.Fatalf("search_tools %q: %v %+v", q[1], err, res)
		}
		var out struct{ Tools []struct{ Name string } }
		if err := json.Unmarshal([]byte(strings.Join(mcptest.Texts(res), "")), &out); err != nil {
			t.Fatal(err)
		}
		for i, f := range out.Tools {
			if numbered.ReplaceAllString(f.Name, "") == q[0] {
				for _, k := range []int{3, 5} {
					if i < k {
						hits[k]++
					}
				}
				break
			}
		}
	}
	r3, r5 := float64(hits[3])/float64(len(qs)), float64(hits[5])/float64(len(qs))
	t.Logf("%d queries over %d tools: recall@3 %.2f, recall@5 %.2f", len(qs), corpusN, r3, r5)
	if r5 < 0.6 {
		t.Errorf("recall@5 %.2f, want at least 0.6, as measured when the queries were written", r5)
	}
}

// readQueries reads a file of tool<TAB>query lines, # comments left out.
func readQueries(t testing.TB, path string) [][2]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var qs [][2]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if tool, q, ok := strings.Cut(sc.Text(), "\t"); ok && !strings.HasPrefix(tool, "#") {
			qs = append(qs, [2]string{tool, q})
		}
	}
	return qs
}

// BenchmarkSearch measures progressive discovery over the corpus:
// serving it (AddSearch, which computes the IDF), scoring one query
// (searchindex alone), and one search_tools call through an in-memory
// go-sdk client.
func BenchmarkSearch(b *testing.B) {
	tools := corpusTools()
	b.Run("op=addsearch", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			toolrt.AddSearch(newServer(), tools, nil)
		}
	})
	docs := make([]searchindex.Terms, len(tools))
	for i, t := range tools {
		docs[i] = *t.Terms
	}
	ix := searchindex.NewIndex(docs)
	b.Run("op=score", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			ix.Search(searchindex.ParseQuery("give the customer their money back"), nil)
		}
	})
	s := newServer()
	toolrt.AddSearch(s, tools, nil)
	cs := mcptest.Connect(b, s, nil)
	args := map[string]any{"query": "give the customer their money back"}
	b.Run("op=search_tools", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "search_tools", Arguments: args}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
