package emit

import (
	"strconv"
	"strings"

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
	value := "&" + g.QualifiedGoIdent(rt("SearchTerms")) + "{Terms: []string{" + strings.Join(words, ", ") + "}, Counts: []int{" + strings.Join(counts, ", ") + "}}"
	return field{key: "Terms", value: value}
}
