package suggest

// A Slip is the one keystroke that makes a typed word differ from the
// word meant, of the kinds that seldom make another word of their own.
type Slip int

// The slips SlipOf tells apart. A letter changed, or one dropped or added
// at either end, is none of them: it makes words of their own (test for
// text, close for closed, titles for title).
const (
	NoSlip  Slip = iota // the words are equal, or more than one slip apart
	Swapped             // two neighbouring letters swapped: fileds for fields
	Doubled             // a letter typed twice: strictt for strict
	Dropped             // a letter left out between the first and the last: closd for closed
	Added               // a letter added between the first and the last: fielxds for fields
)

// SlipOf says which slip turns meant into typed, comparing bytes with
// ASCII case ignored; NoSlip when none does. A letter added next to its
// twin is Doubled, wherever it is.
func SlipOf(typed, meant string) Slip {
	switch len(typed) - len(meant) {
	case 0:
		return swapped(typed, meant)
	case 1:
		return added(typed, meant)
	case -1:
		if i := oneGap(meant, typed); i > 0 && i < len(meant)-1 {
			return Dropped
		}
	}
	return NoSlip
}

// swapped reports Swapped when a and b, of one length, differ only in two
// neighbouring bytes that are swapped.
func swapped(a, b string) Slip {
	i := 0
	for i < len(a) && same(a[i], b[i], true) {
		i++
	}
	if i+1 >= len(a) || !same(a[i], b[i+1], true) || !same(a[i+1], b[i], true) || !equalFold(a[i+2:], b[i+2:]) {
		return NoSlip
	}
	return Swapped
}

// added says which slip long is short with one byte added: Doubled when
// the byte repeats a neighbour, Added when it is inside the word.
func added(long, short string) Slip {
	i := oneGap(long, short)
	switch {
	case i < 0:
		return NoSlip
	case i > 0 && same(long[i], long[i-1], true), i+1 < len(long) && same(long[i], long[i+1], true):
		return Doubled
	case i > 0 && i < len(long)-1:
		return Added
	}
	return NoSlip
}

// oneGap returns the offset in long of the one byte that, left out, makes
// it short (one byte shorter), or -1 when no byte does. Of several such
// bytes, a run of one letter, it returns the first.
func oneGap(long, short string) int {
	i := 0
	for i < len(short) && same(long[i], short[i], true) {
		i++
	}
	if !equalFold(long[i+1:], short[i:]) {
		return -1
	}
	return i
}

// equalFold reports whether a and b are equal with ASCII case ignored.
func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range len(a) {
		if !same(a[i], b[i], true) {
			return false
		}
	}
	return true
}
