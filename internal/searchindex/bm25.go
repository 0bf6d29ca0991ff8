package searchindex

import (
	"math"
	"sort"
)

// BM25's parameters: K1 saturates a term's count, B normalizes by the
// length of the tool's text (Robertson and Zaragoza's usual values).
const (
	K1 = 1.2
	B  = 0.75
)

// A Query is the weighted stems a query searches for.
type Query map[string]float64

// ParseQuery returns the stems of q's words, stop words left out, each
// at weight 1, and the stems the related-word table relates to q's words
// and phrases (up to three words long), at RelatedWeight.
func ParseQuery(q string) Query {
	words := Words(q)
	stems := make([]string, len(words))
	out := Query{}
	for i, w := range words {
		stems[i] = Stem(w)
		if !Stop(w) {
			out[stems[i]] = 1
		}
	}
	for n := 1; n <= 3; n++ {
		for i := 0; i+n <= len(stems); i++ {
			key := stems[i]
			for _, s := range stems[i+1 : i+n] {
				key += " " + s
			}
			for _, s := range relatedIndex[key] {
				if out[s] < RelatedWeight {
					out[s] = RelatedWeight
				}
			}
		}
	}
	return out
}

// An Index scores queries against a set of tools' terms: the IDF of each
// stem over those tools, their lengths and average length, and for each
// stem the tools that have it (its postings), so that a query reads only
// the tools that share a stem with it.
type Index struct {
	n        int
	lens     []float64
	avg      float64
	idf      map[string]float64
	postings map[string][]posting
}

// A posting is one tool's weighted count of a stem.
type posting struct {
	doc, count int
}

// NewIndex returns the index of docs: it counts, for each stem, the
// tools that have it, and measures lengths; it cuts no text into words.
func NewIndex(docs []Terms) *Index {
	ix := &Index{n: len(docs), lens: make([]float64, len(docs)), idf: map[string]float64{}, postings: map[string][]posting{}}
	total := 0.0
	for i, d := range docs {
		ix.lens[i] = float64(d.Len())
		total += ix.lens[i]
		for j, s := range d.Terms {
			ix.postings[s] = append(ix.postings[s], posting{i, d.Counts[j]})
		}
	}
	if len(docs) > 0 {
		ix.avg = total / float64(len(docs))
	}
	n := float64(len(docs))
	for s, ps := range ix.postings {
		f := float64(len(ps))
		ix.idf[s] = math.Log(1 + (n-f+0.5)/(f+0.5))
	}
	return ix
}

// Search returns the indexes of the tools that match q, best first, those
// of equal score in the order of docs; only tools that keep picks are
// answered (nil keeps all). A tool's score is BM25's: for each stem of q
// it has, the stem's weight in q times its IDF times its saturated,
// length-normalized count.
func (ix *Index) Search(q Query, keep func(i int) bool) []int {
	scores := map[int]float64{}
	for s, w := range q {
		for _, p := range ix.postings[s] {
			tf := float64(p.count)
			norm := K1 * (1 - B + B*ix.lens[p.doc]/ix.avg)
			scores[p.doc] += w * ix.idf[s] * tf * (K1 + 1) / (tf + norm)
		}
	}
	hits := make([]int, 0, len(scores))
	for i := range scores {
		if keep == nil || keep(i) {
			hits = append(hits, i)
		}
	}
	sort.Slice(hits, func(a, b int) bool {
		if sa, sb := scores[hits[a]], scores[hits[b]]; sa != sb {
			return sa > sb
		}
		return hits[a] < hits[b]
	})
	return hits
}
