package searchindex

import "strings"

// Stem returns w's stem: w, a lower-case word, without the inflections
// and the commonest derivations of English, so that "refunds",
// "refunded" and "refunding" are one term. It is a light stemmer in the
// manner of Porter's first steps: it strips plural and verb endings and a
// few noun and adjective suffixes, never leaving less than three letters,
// and undoubles a final consonant left by -ing and -ed ("stopped" is
// stop). It need not yield words, only the same stem for the same root.
func Stem(w string) string {
	if len(w) <= 3 {
		return w
	}
	w = plural(w)
	for _, s := range suffixes {
		if strings.HasSuffix(w, s.from) && len(w)-len(s.from)+len(s.to) >= 3 {
			w = w[:len(w)-len(s.from)] + s.to
			if s.undouble {
				w = undouble(w)
			}
			break
		}
	}
	return strings.TrimSuffix(w, "e")
}

// plural strips the plural or third-person -s.
func plural(w string) string {
	switch {
	case strings.HasSuffix(w, "sses"):
		return w[:len(w)-2]
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "us"), strings.HasSuffix(w, "is"):
		return w
	case strings.HasSuffix(w, "s"):
		return w[:len(w)-1]
	}
	return w
}

// A suffix is an ending Stem replaces, the longest first.
type suffix struct {
	from, to string
	undouble bool
}

var suffixes = []suffix{
	{"ational", "ate", false}, {"ization", "ize", false}, {"isation", "ize", false},
	{"ations", "ate", false}, {"ation", "ate", false}, {"ments", "", false}, {"ment", "", false},
	{"ness", "", false}, {"ingly", "", true}, {"ings", "", true}, {"ing", "", true},
	{"ied", "y", false}, {"ed", "", true}, {"able", "", false}, {"ible", "", false},
	{"ers", "", false}, {"er", "", false}, {"ly", "", false}, {"al", "", false},
}

// undouble drops the second of a doubled final consonant ("stopp" is
// stop), but not of l, s or z ("fill", "pass", "buzz").
func undouble(w string) string {
	n := len(w)
	if n < 2 || w[n-1] != w[n-2] || strings.ContainsRune("aeiouylsz", rune(w[n-1])) {
		return w
	}
	return w[:n-1]
}
