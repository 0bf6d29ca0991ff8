// Package overlap decides whether two URI templates match a URI in common,
// as the go-sdk matches a resource read to the template that serves it.
package overlap

import (
	"regexp/syntax"
	"slices"
	"unicode"

	"github.com/yosida95/uritemplate/v3"
)

// Templates reports whether some URI matches both URI templates,
// and the shortest such URI. A template matches a URI as the go-sdk
// matches it when it looks up the template that reads a URI: by the
// regular expression of the template (uritemplate.Template.Regexp). Two
// templates overlap exactly when the languages of their expressions
// intersect, which Templates decides by walking the product of the
// two automata, with no guess: a URI it returns matches both, and when it
// finds none, none exists.
func Templates(t1, t2 string) (uri string, ok bool) {
	p1, err1 := templateProg(t1)
	p2, err2 := templateProg(t2)
	if err1 != nil || err2 != nil {
		return "", false // an invalid template is reported on its own
	}
	return intersect(p1, p2)
}

func templateProg(t string) (*syntax.Prog, error) {
	tmpl, err := uritemplate.New(t)
	if err != nil {
		return nil, err
	}
	re, err := syntax.Parse(tmpl.Regexp().String(), syntax.Perl)
	if err != nil {
		return nil, err
	}
	return syntax.Compile(re.Simplify())
}

// A productState is a state of the product of two programs: an
// instruction of each, whether each has passed the end of text ($), and
// whether a rune has been read (^ holds only before).
type productState struct {
	pc      [2]uint32
	ended   [2]bool
	started bool
}

// A productStep is how the search reached a state: from which state, the
// rune read on the way (or -1 for a move that reads none), and how many
// runes lie before the state.
type productStep struct {
	from productState
	r    rune
	dist int
}

// intersect searches for a string that both programs match in full, and
// returns the shortest. It walks the product of the two automata: a move
// of one program that reads nothing (an alternation, a capture, ^, $)
// moves that side alone; a rune both can read moves both. A 0-1
// breadth-first search, a layer per rune read, finds the shortest string
// in time proportional to the product of the programs' sizes.
func intersect(p1, p2 *syntax.Prog) (string, bool) {
	start := productState{pc: [2]uint32{uint32(p1.Start), uint32(p2.Start)}}
	came := map[productState]productStep{start: {r: -1}}
	layer, next := []productState{start}, []productState(nil)
	reach := func(from, to productState, r rune) {
		dist := came[from].dist
		if r >= 0 {
			dist++
		}
		if prev, seen := came[to]; seen && prev.dist <= dist {
			return
		}
		came[to] = productStep{from, r, dist}
		if r >= 0 {
			next = append(next, to)
		} else {
			layer = append(layer, to)
		}
	}
	for dist := 0; len(layer) > 0; dist++ {
		for len(layer) > 0 {
			st := layer[len(layer)-1]
			layer = layer[:len(layer)-1]
			if came[st].dist != dist {
				continue // reached again, by a shorter way
			}
			in := [2]*syntax.Inst{&p1.Inst[st.pc[0]], &p2.Inst[st.pc[1]]}
			if in[0].Op == syntax.InstMatch && in[1].Op == syntax.InstMatch {
				return witness(came, start, st), true
			}
			for side := range 2 {
				for _, to := range emptyMoves(in[side], st, side) {
					reach(st, to, -1)
				}
			}
			if !st.ended[0] && !st.ended[1] && reads(in[0]) && reads(in[1]) {
				if r, ok := commonRune(runeRanges(in[0]), runeRanges(in[1])); ok {
					reach(st, productState{pc: [2]uint32{in[0].Out, in[1].Out}, started: true}, r)
				}
			}
		}
		layer, next = next, nil
	}
	return "", false
}

// emptyMoves lists the states that side's instruction in moves to
// without reading a rune. Empty-width assertions other than ^ and $,
// which no URI template's expression holds, are taken to fail.
func emptyMoves(in *syntax.Inst, st productState, side int) []productState {
	to := func(pc uint32, ended bool) productState {
		next := st
		next.pc[side], next.ended[side] = pc, ended
		return next
	}
	switch in.Op {
	case syntax.InstAlt, syntax.InstAltMatch:
		return []productState{to(in.Out, st.ended[side]), to(in.Arg, st.ended[side])}
	case syntax.InstCapture, syntax.InstNop:
		return []productState{to(in.Out, st.ended[side])}
	case syntax.InstEmptyWidth:
		switch syntax.EmptyOp(in.Arg) {
		case syntax.EmptyBeginText:
			if !st.started {
				return []productState{to(in.Out, st.ended[side])}
			}
		case syntax.EmptyEndText:
			return []productState{to(in.Out, true)}
		}
	}
	return nil
}

// reads reports whether an instruction reads a rune.
func reads(in *syntax.Inst) bool {
	switch in.Op {
	case syntax.InstRune, syntax.InstRune1, syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
		return true
	}
	return false
}

// witness spells the string read on the way from start to st.
func witness(came map[productState]productStep, start, st productState) string {
	var rs []rune
	for st != start {
		step := came[st]
		if step.r >= 0 {
			rs = append(rs, step.r)
		}
		st = step.from
	}
	slices.Reverse(rs)
	return string(rs)
}

// runeRanges returns the runes an instruction consumes, as sorted,
// disjoint [lo, hi] pairs.
func runeRanges(in *syntax.Inst) [][2]rune {
	switch in.Op {
	case syntax.InstRuneAny:
		return [][2]rune{{0, unicode.MaxRune}}
	case syntax.InstRuneAnyNotNL:
		return [][2]rune{{0, '\n' - 1}, {'\n' + 1, unicode.MaxRune}}
	case syntax.InstRune1:
		return [][2]rune{{in.Rune[0], in.Rune[0]}}
	}
	if len(in.Rune) == 1 { // one rune, maybe folded
		r := in.Rune[0]
		out := [][2]rune{{r, r}}
		if syntax.Flags(in.Arg)&syntax.FoldCase != 0 {
			for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
				out = append(out, [2]rune{f, f})
			}
			sortRanges(out)
		}
		return out
	}
	var out [][2]rune
	for k := 0; k+1 < len(in.Rune); k += 2 {
		out = append(out, [2]rune{in.Rune[k], in.Rune[k+1]})
	}
	return out
}

func sortRanges(rs [][2]rune) {
	for i := 1; i < len(rs); i++ {
		for j := i; j > 0 && rs[j][0] < rs[j-1][0]; j-- {
			rs[j], rs[j-1] = rs[j-1], rs[j]
		}
	}
}

// commonRune returns a rune of both sets, preferring one a reader takes
// in at a glance: a lower-case letter, then a digit, then the least.
func commonRune(a, b [][2]rune) (rune, bool) {
	var common [][2]rune
	for i, j := 0, 0; i < len(a) && j < len(b); {
		lo, hi := max(a[i][0], b[j][0]), min(a[i][1], b[j][1])
		if lo <= hi {
			common = append(common, [2]rune{lo, hi})
		}
		if a[i][1] < b[j][1] {
			i++
		} else {
			j++
		}
	}
	if len(common) == 0 {
		return 0, false
	}
	for _, want := range [][2]rune{{'a', 'z'}, {'0', '9'}} {
		for _, c := range common {
			if lo, hi := max(c[0], want[0]), min(c[1], want[1]); lo <= hi {
				return lo, true
			}
		}
	}
	return common[0][0], true
}
