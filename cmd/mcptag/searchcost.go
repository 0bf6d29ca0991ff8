package main

import (
	"context"
	"fmt"
	"io"

	"github.com/mcptag/mcptag/internal/budget"
	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// writeSearchLine writes the line of mcptag stats that says what the
// tools/list of the report's tools takes when a server serves them with
// toolrt.AddSearch instead (docs/discovery.md): the entries of
// search_tools and call_tool, as a client is served them.
func writeSearchLine(w io.Writer, r budget.Report) error {
	if r.Total.Tools == 0 {
		return nil
	}
	tokens, err := searchListingTokens()
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "with AddSearch: %s tokens in tools/list (search_tools and call_tool), against %s\n", budget.Thousands(tokens), budget.Thousands(r.Total.Total.Tokens))
	return err
}

// searchListingTokens returns the tokens of the tools/list of a server
// that serves its tools with toolrt.AddSearch: the same whatever the tools.
func searchListingTokens() (int, error) {
	ctx := context.Background()
	s := mcp.NewServer(&mcp.Implementation{Name: "mcptag-stats", Version: "v0"}, nil)
	toolrt.AddSearch(s, nil, nil)
	ct, st := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		return 0, err
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "mcptag-stats", Version: "v0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		return 0, err
	}
	defer cs.Close()
	res, err := cs.ListTools(ctx, nil)
	if err != nil {
		return 0, err
	}
	total := 0
	for _, t := range res.Tools {
		m, err := budget.MeasureTool(t)
		if err != nil {
			return 0, err
		}
		total += m.Total.Tokens
	}
	return total, nil
}
