package emit

import (
	"encoding/json"
	"strings"
)

// jsonWidth is the most bytes of JSON that a line of a schema literal
// holds, but for a value that cannot be split (a long description).
const jsonWidth = 100

// rawJSON is the Go expression of a schema's JSON: one string literal
// when it is short, else a sum of literals one a line, as protoc-gen-go
// splits a raw descriptor, so that a diff of one changed field is one
// line. The compiler adds them up: the value, and what it costs at run
// time, are those of the one literal.
func (g *genFile) rawJSON(data json.RawMessage) string {
	pieces := jsonPieces(string(data), jsonWidth)
	lits := make([]string, len(pieces))
	for i, p := range pieces {
		lits[i] = goString(p)
	}
	sep := " +\n" + strings.Repeat("\t", g.indent+1) // gofmt indents a continued line once
	return g.QualifiedGoIdent(jsonPackage.Ident("RawMessage")) + "(" + strings.Join(lits, sep) + ")"
}

// docWidth is the width of the generated doc comments that list the
// declarations of a package, which may be hundreds.
const docWidth = 80

// doc prints the words of text as a paragraph of a doc comment, wrapped
// at docWidth columns: a list of 160 tools is 60 lines, not one of 3,000
// bytes. A word longer than the width is a line of its own.
func (g *genFile) doc(text ...string) {
	line := "//"
	for _, word := range strings.Fields(strings.Join(text, "")) {
		if len(line)+1+len(word) > docWidth && line != "//" {
			g.P(line)
			line = "//"
		}
		line += " " + word
	}
	g.P(line)
}

// jsonPieces splits s, compact JSON, into lines of at most width bytes:
// an object or array that does not fit is split into its opening
// bracket, then each member or element on a line of its own (split in
// turn when it does not fit), then the closing bracket, so that a change
// of one field changes one line. A scalar that does not fit is a line of
// its own. Joined, the pieces are s.
func jsonPieces(s string, width int) []string {
	sp := &jsonSplitter{s: s, width: width}
	sp.value(0)
	sp.flush()
	return sp.lines
}

type jsonSplitter struct {
	s     string
	width int
	lines []string
	cur   strings.Builder // the line being laid out
}

func (sp *jsonSplitter) flush() {
	if sp.cur.Len() > 0 {
		sp.lines = append(sp.lines, sp.cur.String())
		sp.cur.Reset()
	}
}

// value lays out the value at s[i:] and returns where it ends.
func (sp *jsonSplitter) value(i int) int {
	room := sp.width - sp.cur.Len()
	if end := valueEnd(sp.s, i, room); end >= 0 {
		sp.cur.WriteString(sp.s[i:end]) // it fits on the line
		return end
	}
	open := sp.s[i]
	if open != '{' && open != '[' || sp.s[i+1] == '}' || sp.s[i+1] == ']' {
		end := valueEnd(sp.s, i, len(sp.s))
		sp.cur.WriteString(sp.s[i:end]) // a long scalar, or an empty container after a long key
		return end
	}
	sp.cur.WriteByte(open)
	sp.flush()
	k := i + 1
	for {
		if open == '{' {
			keyEnd := valueEnd(sp.s, k, len(sp.s)) + 1 // the key and its colon
			sp.cur.WriteString(sp.s[k:keyEnd])
			k = keyEnd
		}
		k = sp.value(k)
		if sp.s[k] == ',' {
			sp.cur.WriteByte(',')
			sp.flush()
			k++
			continue
		}
		sp.flush()
		sp.cur.WriteByte(sp.s[k]) // the closing bracket
		return k + 1
	}
}

// valueEnd returns the end of the JSON value at s[i:], compact, or -1 if
// it is longer than limit bytes.
func valueEnd(s string, i, limit int) int {
	depth := 0
	for j := i; j < len(s) && j-i < limit; j++ {
		switch c := s[j]; {
		case c == '"':
			for j++; j < len(s) && s[j] != '"'; j++ {
				if s[j] == '\\' {
					j++
				}
			}
			if depth == 0 {
				return endIfWithin(j+1, i, limit)
			}
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			if depth--; depth == 0 {
				return endIfWithin(j+1, i, limit)
			}
			if depth < 0 {
				return j // the end of a scalar, before its container's bracket
			}
		case c == ',' && depth == 0:
			return j
		}
	}
	if depth == 0 && len(s)-i <= limit {
		return len(s)
	}
	return -1
}

func endIfWithin(end, start, limit int) int {
	if end-start > limit {
		return -1
	}
	return end
}
