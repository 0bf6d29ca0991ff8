package main

import (
	"bytes"
	"errors"
	"fmt"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/mcptag/mcptag/internal/finding"
	"github.com/mcptag/mcptag/internal/generate"
	"github.com/mcptag/mcptag/internal/genopts"
	"github.com/mcptag/mcptag/internal/load"
	"github.com/mcptag/mcptag/internal/snapdiff"
	"github.com/rogpeppe/go-internal/diff"
)

// generateOptions are the flags of the generator's command line.
type generateOptions struct {
	genopts.Options
	check bool
}

func generateCommand(stderr io.Writer) (*command, *generateOptions) {
	return generateCommandWith(usage(), stderr)
}

// generateCommandWith is the generator's command line with the usage
// text usageText: mcptag's, or that of help generate or help check.
func generateCommandWith(usageText string, stderr io.Writer) (*command, *generateOptions) {
	c := newCommand("mcptag", usageText, stderr)
	o := &generateOptions{}
	c.BoolVar(&o.check, "check", false, "write nothing; exit 1 with a summary and a diff if any generated file is stale, missing or left over")
	genopts.AddFlags(c.FlagSet, &o.Given)
	return c, o
}

func generateMain(args []string, stdout, stderr io.Writer) int {
	c, o := generateCommand(stderr)
	if ok, code := c.parse(args, stdout); !ok {
		return code
	}
	prefix := "mcptag"
	if o.check {
		prefix = "mcptag -check"
	}
	r, code := runGenerate(prefix, o.Options, c.Args(), stderr)
	if code != exitOK {
		return code
	}
	if o.check {
		if checksNothing(stderr, prefix, c.Args(), loadedPackages(r.Packages)) {
			return exitUsage
		}
		return checkFiles(r.Files, stdout, stderr)
	}
	if err := generate.Write(r.Files); err != nil {
		fmt.Fprintf(stderr, "mcptag: %s\n", relPaths(err.Error()))
		return exitUsage
	}
	return exitOK
}

// runGenerate runs the pipeline on the packages matching patterns in the
// working directory, prints the findings it reports, and returns its
// result, with the files to write, or the exit code to leave with when
// there are none. prefix names the command in messages without a
// position.
func runGenerate(prefix string, opts genopts.Options, patterns []string, stderr io.Writer) (*generate.Result, int) {
	r, err := generate.Run(".", opts, patterns...)
	if err != nil {
		printLoadError(stderr, prefix, patterns, err)
		return nil, exitUsage
	}
	printFindings(stderr, r.Fset, r.Findings)
	if len(r.Errors()) > 0 {
		return nil, exitFindings
	}
	return r, exitOK
}

// printFindings prints the findings that generation reports, one per
// line, as mcptag lint prints them: file:line:col: category: message, a
// finding that does not stop generation marked "(warning)".
func printFindings(w io.Writer, fset *token.FileSet, findings []finding.Finding) {
	for _, f := range findings {
		warning := ""
		if f.AtGeneration() != finding.Stops {
			warning = " (warning)"
		}
		fmt.Fprintf(w, "%s: %s: %s%s\n", relPaths(fset.Position(f.Pos).String()), f.Category, relPaths(f.Message), warning)
	}
}

// printLoadError prints the errors that stopped packages from loading,
// one per line, each at its position; one without a position after
// prefix, the command's name ("mcptag", "mcptag lint"). A pattern that
// names a directory without Go files (a module root whose packages are
// all below it) gets the hint checksNothing gives: the wider pattern.
func printLoadError(w io.Writer, prefix string, patterns []string, err error) {
	var le load.Errors
	if !errors.As(err, &le) {
		le = load.Errors{{Msg: err.Error()}}
	}
	for _, e := range le {
		if e.Pos != "" {
			fmt.Fprintln(w, relPaths(e.Error()))
			continue
		}
		msg := relPaths(e.Msg)
		if rest, ok := strings.CutPrefix(e.Msg, "no Go files in "); ok {
			msg = "no Go files in " + relDir(rest) + didYouMean(patterns)
		}
		fmt.Fprintf(w, "%s: %s\n", prefix, msg)
	}
}

// relDir is dir relative to the working directory, as the go command
// prints it: "." for the working directory itself.
func relDir(dir string) string {
	wd, err := os.Getwd()
	if err != nil {
		return dir
	}
	if rel, err := filepath.Rel(wd, dir); err == nil && !strings.HasPrefix(rel, "..") {
		if rel == "." {
			return rel
		}
		return "." + string(filepath.Separator) + rel
	}
	return dir
}

// relPaths shortens the absolute paths below the working directory in s
// to relative ones ("./a/b.go"), as the go command prints positions.
func relPaths(s string) string {
	wd, err := os.Getwd()
	if err != nil || wd == string(filepath.Separator) {
		return s
	}
	return strings.ReplaceAll(s, wd+string(filepath.Separator), "."+string(filepath.Separator))
}

// Limits on what -check prints of each stale file's diff: a schema
// change can touch thousands of long lines, while the summary above the
// diff already says what changed.
const (
	maxDiffLines = 40
	maxLineBytes = 200
)

// checkFiles compares files with the tree, writing nothing. For each file
// that is stale, missing or left over it prints one line on stderr; on
// stdout, for each snapshot, the changes of its tools in mcptag diff's
// words, then a unified diff of every such file, cut short.
func checkFiles(files []generate.File, stdout, stderr io.Writer) int {
	cs, err := generate.Changes(files)
	if err != nil {
		fmt.Fprintf(stderr, "mcptag: %s\n", relPaths(err.Error()))
		return exitUsage
	}
	for _, c := range cs {
		name := relPaths(c.Path)
		switch {
		case c.Data == nil:
			fmt.Fprintf(stderr, "%s: left over: its package has no tools now\n", name)
		case !c.Exists:
			fmt.Fprintf(stderr, "%s: missing\n", name)
		default:
			fmt.Fprintf(stderr, "%s: stale\n", name)
		}
	}
	for _, c := range cs {
		if filepath.Ext(c.Path) == ".json" {
			summarize(stdout, c)
		}
	}
	for _, c := range cs {
		name := relPaths(c.Path)
		writeClipped(stdout, diff.Diff(name+" (on disk)", c.Old, name+" (generated)", c.Data))
	}
	if len(cs) > 0 {
		fmt.Fprintf(stderr, "mcptag: %d generated file(s) out of date; run go generate\n", len(cs))
		return exitFindings
	}
	return exitOK
}

// summarize prints what a stale snapshot's tools gain or lose, as mcptag
// diff says it.
func summarize(w io.Writer, c *generate.Change) {
	parse := func(data []byte) *snapdiff.Snapshot {
		if data == nil {
			return nil
		}
		s, err := snapdiff.Parse(data)
		if err != nil {
			return nil // not a snapshot mcptag can read: the diff shows it
		}
		return s
	}
	changes := snapdiff.Compare(parse(c.Old), parse(c.Data))
	if len(changes) == 0 {
		return
	}
	fmt.Fprintf(w, "%s: from the snapshot on disk to what mcptag generates now:\n", relPaths(c.Path))
	snapdiff.Write(w, changes)
	fmt.Fprintln(w)
}

// writeClipped writes a unified diff with at most maxDiffLines lines of
// at most maxLineBytes bytes (and the marks of a cut), saying how much was
// left out. A long changed line is cut around where it differs from its
// counterpart, so that the change shows.
func writeClipped(w io.Writer, d []byte) {
	lines := bytes.SplitAfter(d, []byte("\n"))
	if len(lines) > 0 && len(lines[len(lines)-1]) == 0 {
		lines = lines[:len(lines)-1]
	}
	at := firstDifferences(lines)
	for i, l := range lines {
		if i == maxDiffLines {
			fmt.Fprintf(w, "... %d more lines of this diff: run go generate, then git diff, to see them all\n", len(lines)-i)
			return
		}
		w.Write(clipLine(l, at[i]))
	}
}

// clipContext is how many bytes before the first difference a cut line
// keeps.
const clipContext = 60

// firstDifferences returns, for each line of a unified diff, the byte
// offset at which it differs from its counterpart: the i-th line removed
// in a run of removed lines is paired with the i-th line added right
// after them. A line without a counterpart differs at 0.
func firstDifferences(lines [][]byte) []int {
	at := make([]int, len(lines))
	for i := 0; i < len(lines); {
		minus := i
		for i < len(lines) && lines[i][0] == '-' && !bytes.HasPrefix(lines[i], []byte("---")) {
			i++
		}
		plus := i
		for i < len(lines) && lines[i][0] == '+' && !bytes.HasPrefix(lines[i], []byte("+++")) {
			i++
		}
		for k := 0; k < plus-minus && plus+k < i; k++ {
			n := commonPrefix(lines[minus+k][1:], lines[plus+k][1:]) + 1
			at[minus+k], at[plus+k] = n, n
		}
		if i == minus {
			i++ // a context or header line
		}
	}
	return at
}

func commonPrefix(a, b []byte) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// clipLine cuts a diff line longer than maxLineBytes to a window of it
// that starts clipContext bytes before offset at, keeping its first byte
// (the -, + or space of the diff) and marking each cut with "...". It
// never cuts inside a rune.
func clipLine(l []byte, at int) []byte {
	if len(l) <= maxLineBytes {
		return l
	}
	body := bytes.TrimSuffix(l[1:], []byte("\n"))
	start := max(0, at-1-clipContext)
	for start > 0 && !utf8.RuneStart(body[start]) {
		start--
	}
	limit := start + maxLineBytes - 1 // the first byte is kept apart
	if start > 0 {
		limit -= len("...")
	}
	end := min(len(body), limit)
	for end < len(body) && end > start && !utf8.RuneStart(body[end]) {
		end--
	}
	out := []byte{l[0]}
	if start > 0 {
		out = append(out, "..."...)
	}
	out = append(out, body[start:end]...)
	if end < len(body) {
		out = append(out, "..."...)
	}
	return append(out, '\n')
}
