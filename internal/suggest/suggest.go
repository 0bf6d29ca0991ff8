// Package suggest finds the likely intended word for a misspelled one, for
// "did you mean" hints in directive and argument errors.
//
// The words come from whoever calls a tool, and may be megabytes long:
// a hint must cost next to nothing whatever the word. Closest only looks
// at short words, compares at most a bounded number of bytes per
// candidate, and allocates nothing.
package suggest

// maxWord is the longest word, in bytes, that Closest suggests for. A
// typo of a name is short; a longer word gets no hint.
const maxWord = 64

// rowLen is the length of the rows of the edit distance table that fit
// on the stack: enough for any candidate Closest compares, which is at
// most maxDistance(maxWord) bytes longer than maxWord.
const rowLen = maxWord + 1 + maxWord/4 + 1

// maxDistance is how many edits a candidate may be from a word of n bytes
// and still be suggested: one edit for every four bytes, plus one, but
// never all of them ("home" is not a typo of "work", nor "cached" of
// "closed").
func maxDistance(n int) int {
	return max(0, min(1+n/4, n-1))
}

// Closest returns the candidate nearest to word, ignoring ASCII case, if
// it is near enough to be a likely typo; otherwise "". Near enough is one
// edit for every four bytes of word, plus one, and fewer edits than word
// has bytes; a word longer than 64 bytes gets no suggestion. Of candidates
// equally near, the first wins.
func Closest(word string, candidates []string) string {
	if word == "" || len(word) > maxWord {
		return ""
	}
	best, limit := "", maxDistance(len(word))
	for _, c := range candidates {
		if d := distance(word, c, limit, true); d <= limit {
			best, limit = c, d-1
			if limit < 0 {
				break
			}
		}
	}
	return best
}

// Distance is the Levenshtein distance between a and b, in bytes.
func Distance(a, b string) int {
	return distance(a, b, max(len(a), len(b)), false)
}

// distance is the Levenshtein distance between a and b, in bytes, if it
// is at most limit; otherwise some number above limit, found without
// computing the rest of the table. With fold, ASCII letters match their
// other case.
func distance(a, b string, limit int, fold bool) int {
	if abs(len(a)-len(b)) > limit {
		return limit + 1
	}
	var stack [2 * rowLen]int
	prev, cur := stack[:rowLen], stack[rowLen:]
	if len(b) >= rowLen {
		prev, cur = make([]int, len(b)+1), make([]int, len(b)+1)
	}
	prev, cur = prev[:len(b)+1], cur[:len(b)+1]
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if same(a[i-1], b[j-1], fold) {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			rowMin = min(rowMin, cur[j])
		}
		// No later row has a smaller minimum: every cell comes from a
		// cell of the row above, at the same or a greater cost.
		if rowMin > limit {
			return limit + 1
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func same(x, y byte, fold bool) bool {
	return x == y || fold && lower(x) == lower(y)
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
