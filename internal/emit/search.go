package emit

import (
	"strconv"

	"github.com/mcptag/mcptag/internal/searchindex"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func init() { runtimeNames["SearchTerms"] = toolrtPackage }

// termsField is the Terms field of a tool's toolrt.Tool: the words of
// its listing as toolrt.AddSearch searches them (docs/discovery.md),
// computed here so that a server cuts no text into words at start-up.
func (g *genFile) termsField(mt *mcp.Tool) field {
	terms := searchindex.TermsOf(searchindex.ToolFields(mt.Name, mt.Title, mt.Description, mt.InputSchema))
	if len(terms.Terms) == 0 {
		return field{key: "Terms"}
	}
	words := make([]string, len(terms.Terms))
	counts := make([]string, len(terms.Counts))
	for i, s := range terms.Terms {
		words[i], counts[i] = strconv.Quote(s), strconv.Itoa(terms.Counts[i])
	}
	return field{key: "Terms", head: "&" + g.QualifiedGoIdent(rt("SearchTerms")) + "{", body: func() {
		g.wrappedList("Terms: []string{", words)
		g.wrappedList("Counts: []int{", counts)
	}}
}

// termsLine is the width past which wrappedList starts a new line.
const termsLine = 96

// wrappedList prints the composite literal head, elems... }, with as many
// elements on a line as fit in termsLine bytes.
func (g *genFile) wrappedList(head string, elems []string) {
	g.P(head)
	line := ""
	for _, e := range elems {
		if line != "" && len(line)+len(e)+2 > termsLine {
			g.P(line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += e + ","
	}
	g.P(line)
	g.P("},")
}
