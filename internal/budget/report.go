package budget

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Totals add up the sizes of several tools.
type Totals struct {
	Tools  int          `json:"tools"`
	Text   Size         `json:"text"`
	Input  SchemaTotals `json:"inputSchema"`
	Output SchemaTotals `json:"outputSchema"`
	Total  Size         `json:"total"`
	// WithoutOutputSchema is what the tools would take with no output
	// schemas.
	WithoutOutputSchema Size `json:"withoutOutputSchema"`
}

// SchemaTotals add up the sizes of several tools' input or output schemas.
type SchemaTotals struct {
	Size
	DescriptionTokens int `json:"descriptionTokens"`
	Defs              int `json:"defs"` // the number of $defs entries
}

// Add adds one tool to the totals.
func (s *Totals) Add(t Tool) {
	s.Tools++
	s.Text = s.Text.plus(t.Text)
	s.Input.add(t.Input)
	s.Output.add(t.Output)
	s.Total = s.Total.plus(t.Total)
	if t.WithoutOutputSchema != nil {
		s.WithoutOutputSchema = s.WithoutOutputSchema.plus(*t.WithoutOutputSchema)
	} else {
		s.WithoutOutputSchema = s.WithoutOutputSchema.plus(t.Total)
	}
}

func (s *SchemaTotals) add(schema Schema) {
	s.Size = s.Size.plus(schema.Size)
	s.DescriptionTokens += schema.DescriptionTokens
	s.Defs += len(schema.Defs)
}

func (s Size) plus(o Size) Size { return Size{s.Bytes + o.Bytes, s.Tokens + o.Tokens} }

// A Package is the measured tools of one Go package.
type Package struct {
	Path  string `json:"path"` // import path
	Tools []Tool `json:"tools"`
	Total Totals `json:"total"`
}

// NewPackage returns the package with its totals.
func NewPackage(path string, tools []Tool) Package {
	p := Package{Path: path, Tools: tools}
	for _, t := range tools {
		p.Total.Add(t)
	}
	return p
}

// A Report is what mcptag stats prints: every package's tools, and the
// totals of them all. Its JSON form is the output of mcptag stats -json.
type Report struct {
	Packages []Package `json:"packages"`
	Total    Totals    `json:"total"`
}

// NewReport returns the report of the packages, with their totals.
func NewReport(pkgs []Package) Report {
	r := Report{Packages: pkgs}
	for _, p := range pkgs {
		for _, t := range p.Tools {
			r.Total.Add(t)
		}
	}
	return r
}

// LargestDefs is how many $defs entries a table row names.
const LargestDefs = 3

var header = []string{"TOOL", "TOKENS", "BYTES", "TEXT", "INPUT", "IN DOCS", "OUTPUT", "OUT DOCS", "NO OUTPUT", "$DEFS", "LARGEST $DEFS"}

// WriteTable writes the report as a table: for each package, its import
// path, a row per tool and a row of totals; then the totals of all
// packages, if there are several. A tool with a view has a line of its
// own below it: what it would take without the view. Columns: the whole entry's tokens and
// bytes; the tokens of its text (name, title, description), of its input
// and output schemas and of the description keywords in each; what the
// entry takes without its output schema (NO OUTPUT); its number
// of $defs and the largest of them, by tokens.
func (r Report) WriteTable(w io.Writer) error {
	rows := [][]string{header}
	for _, p := range r.Packages {
		rows = append(rows, []string{p.Path})
		for _, t := range p.Tools {
			rows = append(rows, toolRow(t))
			if t.WithoutView != nil {
				rows = append(rows, []string{fmt.Sprintf("    %s without its view: %s tokens", t.Name, Thousands(t.WithoutView.Tokens))})
			}
			if t.Profile != nil {
				rows = append(rows, []string{profileLine(t)})
			}
		}
		rows = append(rows, totalsRow("total", p.Total))
	}
	if len(r.Packages) > 1 {
		rows = append(rows, totalsRow(fmt.Sprintf("total, %d packages", len(r.Packages)), r.Total))
	}
	_, err := io.WriteString(w, format(rows))
	return err
}

func toolRow(t Tool) []string {
	defs := slices.Concat(t.Output.Defs, t.Input.Defs)
	sortDefs(defs)
	var largest []string
	for _, d := range defs[:min(LargestDefs, len(defs))] {
		largest = append(largest, d.Name+" "+Thousands(d.Tokens))
	}
	return []string{"  " + t.Name,
		Thousands(t.Total.Tokens), Thousands(t.Total.Bytes), Thousands(t.Text.Tokens),
		Thousands(t.Input.Tokens), Thousands(t.Input.DescriptionTokens),
		Thousands(t.Output.Tokens), Thousands(t.Output.DescriptionTokens), withoutOutput(t),
		Thousands(len(defs)), strings.Join(largest, ", ")}
}

// withoutOutput is the NO OUTPUT cell of t: its entry's tokens without
// its output schema, the same as TOKENS for a tool that has none.
func withoutOutput(t Tool) string {
	if t.WithoutOutputSchema == nil {
		return Thousands(t.Total.Tokens)
	}
	return Thousands(t.WithoutOutputSchema.Tokens)
}

func totalsRow(label string, s Totals) []string {
	tools := "tools"
	if s.Tools == 1 {
		tools = "tool"
	}
	return []string{fmt.Sprintf("  %s (%d %s)", label, s.Tools, tools),
		Thousands(s.Total.Tokens), Thousands(s.Total.Bytes), Thousands(s.Text.Tokens),
		Thousands(s.Input.Tokens), Thousands(s.Input.DescriptionTokens),
		Thousands(s.Output.Tokens), Thousands(s.Output.DescriptionTokens), Thousands(s.WithoutOutputSchema.Tokens),
		Thousands(s.Input.Defs + s.Output.Defs), ""}
}

// format aligns rows into columns: the first and last to the left, the
// numbers between them to the right. A row of one cell (a package path)
// is written as it is.
func format(rows [][]string) string {
	widths := make([]int, len(header))
	for _, row := range rows {
		if len(row) == 1 {
			continue
		}
		for i, cell := range row {
			widths[i] = max(widths[i], utf8.RuneCountInString(cell))
		}
	}
	var b strings.Builder
	for _, row := range rows {
		if len(row) == 1 {
			b.WriteString(row[0] + "\n")
			continue
		}
		var line strings.Builder
		for i, cell := range row {
			pad := strings.Repeat(" ", widths[i]-utf8.RuneCountInString(cell))
			switch i {
			case 0:
				line.WriteString(cell + pad)
			case len(row) - 1:
				line.WriteString("  " + cell)
			default:
				line.WriteString("  " + pad + cell)
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	return b.String()
}

// thousands formats n with commas between groups of three digits.
// Thousands writes n with a comma between each group of three digits.
func Thousands(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		s = "-" + s
	}
	return s
}

// profileLine says what a tool's entry takes with -profile.
func profileLine(t Tool) string {
	if t.Profile.Refused {
		return fmt.Sprintf("    %s with -profile=%s: refused (its arguments cannot be expressed)", t.Name, t.Profile.Providers)
	}
	return fmt.Sprintf("    %s with -profile=%s: %s tokens (%+d)", t.Name, t.Profile.Providers, Thousands(t.Profile.Total.Tokens), t.Profile.Total.Tokens-t.Total.Tokens)
}
