package analyzer

import (
	"regexp/syntax"
	"unicode"

	"github.com/yosida95/uritemplate/v3"
)

// templatesOverlap reports whether some URI matches both URI templates,
// and the shortest such URI. A template matches a URI as the go-sdk
// matches it when it looks up the template that reads a URI: by the
// regular expression of the template (uritemplate.Template.Regexp). Two
// templates overlap exactly when the languages of their expressions
// intersect, which templatesOverlap decides by walking the product of the
// two automata, with no guess: a URI it returns matches both, and when it
// finds none, none exists.
func templatesOverlap(t1, t2 string) (uri string, ok bool) {
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

// A statePair is a state of the product automaton: an instruction of
// each program that consumes a rune.
type statePair struct{ i, j uint32 }

// intersect searches, breadth first, for a string both programs match
// in full, and returns the shortest.
func intersect(p1, p2 *syntax.Prog) (string, bool) {
	type step struct {
		from statePair
		r    rune
	}
	s1, acc1 := closure(p1, uint32(p1.Start), true)
	s2, acc2 := closure(p2, uint32(p2.Start), true)
	if acc1 && acc2 {
		return "", true
	}
	came := map[statePair]step{}
	var queue []statePair
	visit := func(from statePair, r rune, to1, to2 []uint32) {
		for _, i := range to1 {
			for _, j := range to2 {
				sp := statePair{i, j}
				if _, seen := came[sp]; !seen {
					came[sp] = step{from, r}
					queue = append(queue, sp)
				}
			}
		}
	}
	root := statePair{^uint32(0), ^uint32(0)}
	visit(root, 0, s1, s2)
	for len(queue) > 0 {
		sp := queue[0]
		queue = queue[1:]
		in1, in2 := &p1.Inst[sp.i], &p2.Inst[sp.j]
		r, ok := commonRune(runeRanges(in1), runeRanges(in2))
		if !ok {
			continue
		}
		n1, a1 := closure(p1, in1.Out, false)
		n2, a2 := closure(p2, in2.Out, false)
		if a1 && a2 {
			path := []rune{r}
			for at := sp; at != root; at = came[at].from {
				path = append(path, came[at].r)
			}
			path = path[:len(path)-1] // the root's
			for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
				path[i], path[j] = path[j], path[i]
			}
			return string(path), true
		}
		visit(sp, r, n1, n2)
	}
	return "", false
}

// closure follows the instructions of p from pc that consume nothing,
// and returns those that consume a rune, and whether p can match there
// (no more input). atStart says no rune was consumed yet. An instruction
// after the end of text ($) consumes nothing more. Empty-width
// assertions other than ^ and $, which no URI template's expression
// holds, are taken to fail.
func closure(p *syntax.Prog, pc uint32, atStart bool) (consumers []uint32, accepts bool) {
	type at struct {
		pc    uint32
		ended bool
	}
	seen := map[at]bool{}
	var walk func(a at)
	walk = func(a at) {
		if seen[a] {
			return
		}
		seen[a] = true
		in := &p.Inst[a.pc]
		switch in.Op {
		case syntax.InstMatch:
			accepts = true
		case syntax.InstRune, syntax.InstRune1, syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
			if !a.ended {
				consumers = append(consumers, a.pc)
			}
		case syntax.InstAlt, syntax.InstAltMatch:
			walk(at{in.Out, a.ended})
			walk(at{in.Arg, a.ended})
		case syntax.InstCapture, syntax.InstNop:
			walk(at{in.Out, a.ended})
		case syntax.InstEmptyWidth:
			switch syntax.EmptyOp(in.Arg) {
			case syntax.EmptyBeginText:
				if atStart {
					walk(at{in.Out, a.ended})
				}
			case syntax.EmptyEndText:
				walk(at{in.Out, true})
			}
		}
	}
	walk(at{pc, false})
	return consumers, accepts
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
