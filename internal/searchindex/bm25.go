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
// stem over those tools, and their average length.
type Index struct {
	docs   []Terms
	lens   []float64
	avg    float64
	idf    map[string]float64
	lookup []map[string]int
}

// NewIndex returns the index of docs: it counts, for each stem, the
// tools that have it, and measures lengths; it cuts no text into words.
func NewIndex(docs []Terms) *Index {
	ix := &Index{docs: docs, lens: make([]float64, len(docs)), idf: map[string]float64{}, lookup: make([]map[string]int, len(docs))}
	df := map[string]int{}
	total := 0.0
	for i, d := range docs {
		ix.lens[i] = float64(d.Len())
		total += ix.lens[i]
		ix.lookup[i] = make(map[string]int, len(d.Terms))
		for j, s := range d.Terms {
			df[s]++
			ix.lookup[i][s] = d.Counts[j]
		}
	}
	if len(docs) > 0 {
		ix.avg = total / float64(len(docs))
	}
	n := float64(len(docs))
	for s, f := range df {
		ix.idf[s] = math.Log(1 + (n-float64(f)+0.5)/(float64(f)+0.5))
	}
	return ix
}

// Score returns the BM25 score of the tool docs[i] for q.
func (ix *Index) Score(i int, q Query) float64 {
	score := 0.0
	norm := K1 * (1 - B + B*ix.lens[i]/ix.avg)
	for s, w := range q {
		tf := float64(ix.lookup[i][s])
		if tf == 0 {
			continue
		}
		score += w * ix.idf[s] * tf * (K1 + 1) / (tf + norm)
	}
	return score
}

// Search returns the indexes of the tools that match q, best first, those
// of equal score in the order of docs; only tools that keep picks are
// scored (nil keeps all).
func (ix *Index) Search(q Query, keep func(i int) bool) []int {
	type hit struct {
		i     int
		score float64
	}
	var hits []hit
	for i := range ix.docs {
		if keep != nil && !keep(i) {
			continue
		}
		if s := ix.Score(i, q); s > 0 {
			hits = append(hits, hit{i, s})
		}
	}
	sort.SliceStable(hits, func(a, b int) bool { return hits[a].score > hits[b].score })
	out := make([]int, len(hits))
	for k, h := range hits {
		out[k] = h.i
	}
	return out
}
