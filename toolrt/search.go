package toolrt

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/mcptag/mcptag/internal/searchindex"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// SearchTerms are a tool's words as progressive discovery searches them
// (AddSearch, docs/discovery.md): the stems of its name, title,
// description and arguments, sorted, with the weighted count of each.
// The generator computes them (Tool.Terms); a server that changes a
// tool's Description may set Terms to nil, and AddSearch computes them
// again from the listing.
type SearchTerms = searchindex.Terms

// SearchOptions are the options of AddSearch.
type SearchOptions struct {
	// Listed names the tools served directly as well, listed in
	// tools/list beside search_tools and call_tool: the few a model uses
	// most. A name that no tool has makes AddSearch panic.
	Listed []string
	// Limit is the most tools one answer of search_tools holds, and what
	// it holds when the query asks for none; 0 is DefaultSearchLimit.
	Limit int
	// MaxTokens bounds the size of one answer of search_tools: it holds
	// the best tools that fit, and always the first. A token is counted
	// as three bytes of the answer's JSON, which overestimates the
	// tokens of JSON schemas; 0 is DefaultSearchTokens.
	MaxTokens int
}

// Defaults of SearchOptions.
const (
	DefaultSearchLimit  = 5
	DefaultSearchTokens = 4000
)

// The names of the tools AddSearch serves.
const (
	SearchToolName = "search_tools"
	CallToolName   = "call_tool"
)

// AddSearch serves tools to s by progressive discovery: instead of
// listing them all, it adds two tools, search_tools, which answers the
// tools that match a query (names, descriptions and input schemas, best
// first), and call_tool, which calls one of tools by name with its
// arguments. A call through call_tool runs exactly the handler AddTools
// would register for the tool, with every check the tool makes, so a
// refused argument is answered as a direct call's would be. A tool whose
// scopes the call's token does not hold is neither found by search_tools
// nor run by call_tool, which answers the insufficient_scope error of a
// direct call. The tools opts.Listed names are added with AddTools too;
// the pages of the others are added beside them as AddTools does.
//
// The search is BM25 over each tool's Terms, with the IDF computed over
// tools when AddSearch is called; a query is widened with related words
// (docs/discovery.md).
func AddSearch(s *mcp.Server, tools []Tool, opts *SearchOptions) {
	sr := newSearcher(tools, opts)
	listed, err := Named(tools, sr.opts.Listed...)
	if err != nil {
		panic("toolrt.AddSearch: " + err.Error())
	}
	AddTools(s, listed)
	for _, t := range tools {
		if t.Page != nil && !slices.Contains(sr.opts.Listed, t.Tool.Name) {
			s.AddResource(t.Page.Resource, t.Page.Handler)
		}
	}
	s.AddTool(searchTool(sr.opts.Limit), sr.search)
	s.AddTool(callTool(), sr.call)
}

// A searcher serves search_tools and call_tool over its tools.
type searcher struct {
	tools    []Tool
	handlers []mcp.ToolHandler
	byName   map[string]int
	index    *searchindex.Index
	opts     SearchOptions
}

// newSearcher indexes tools, computing the terms of a tool without them.
func newSearcher(tools []Tool, opts *SearchOptions) *searcher {
	sr := &searcher{tools: tools, byName: map[string]int{}}
	if opts != nil {
		sr.opts = *opts
	}
	if sr.opts.Limit <= 0 {
		sr.opts.Limit = DefaultSearchLimit
	}
	if sr.opts.MaxTokens <= 0 {
		sr.opts.MaxTokens = DefaultSearchTokens
	}
	docs := make([]searchindex.Terms, len(tools))
	for i, t := range tools {
		sr.byName[t.Tool.Name] = i
		sr.handlers = append(sr.handlers, registeredHandler(t))
		if t.Terms != nil {
			docs[i] = *t.Terms
		} else {
			docs[i] = *TermsOf(t.Tool)
		}
	}
	sr.index = searchindex.NewIndex(docs)
	return sr
}

// TermsOf returns the search terms of a tool's listing: those the
// generator computes for Tool.Terms.
func TermsOf(t *mcp.Tool) *SearchTerms {
	terms := searchindex.TermsOf(searchindex.ToolFields(t.Name, t.Title, t.Description, t.InputSchema))
	return &terms
}

// A found tool is one tool of an answer of search_tools.
type found struct {
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	InputSchema any    `json:"inputSchema"`
}

// search answers search_tools.
func (sr *searcher) search(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var in struct {
		Query string `json:"query"`
		Limit int    `json:"limit"`
	}
	if err := json.Unmarshal(req.Params.Arguments, &in); err != nil || in.Query == "" {
		return toolError("search_tools takes a query, the words of what a tool should do, and a limit, the most tools to answer"), nil
	}
	limit := sr.opts.Limit
	if in.Limit > 0 && in.Limit < limit {
		limit = in.Limit
	}
	hits := sr.index.Search(searchindex.ParseQuery(in.Query), func(i int) bool {
		t := sr.tools[i]
		return scopesRefusal(t.Tool.Name, t.Scopes, req) == nil
	})
	out := struct {
		Tools []found `json:"tools"`
	}{Tools: []found{}}
	size := 0
	for _, i := range hits {
		t := sr.tools[i].Tool
		f := found{t.Name, t.Description, t.InputSchema}
		b, err := json.Marshal(f)
		if err != nil {
			continue
		}
		if len(out.Tools) == limit || len(out.Tools) > 0 && (size+len(b))/3 > sr.opts.MaxTokens {
			break
		}
		size += len(b)
		out.Tools = append(out.Tools, f)
	}
	text, err := json.Marshal(out)
	if err != nil {
		return nil, err
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(text)}}, StructuredContent: json.RawMessage(text)}, nil
}

// call answers call_tool: it runs the named tool's registered handler on
// the arguments, with the request's session, token and _meta.
func (sr *searcher) call(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var in struct {
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	}
	if err := json.Unmarshal(req.Params.Arguments, &in); err != nil || in.Name == "" {
		return toolError("call_tool takes name, the name of a tool search_tools found, and arguments, its arguments"), nil
	}
	i, ok := sr.byName[in.Name]
	if !ok {
		return toolError(fmt.Sprintf("no tool is named %q: search_tools finds the tools there are", in.Name)), nil
	}
	if len(in.Arguments) == 0 || string(in.Arguments) == "null" {
		in.Arguments = json.RawMessage("{}")
	}
	params := *req.Params
	params.Name, params.Arguments = in.Name, in.Arguments
	inner := *req
	inner.Params = &params
	return sr.handlers[i](ctx, &inner)
}

// toolError is a tool error that says msg.
func toolError(msg string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: msg}}, IsError: true}
}

// searchTool is the listing of search_tools.
func searchTool(limit int) *mcp.Tool {
	return &mcp.Tool{
		Name:        SearchToolName,
		Description: fmt.Sprintf("Finds the server's tools that do what the query describes, best first: their names, descriptions and input schemas (at most %d). Call one with call_tool.", limit),
		InputSchema: json.RawMessage(`{"type":"object","properties":{"query":{"type":"string","description":"what the tool should do, in words"},"limit":{"type":"integer","description":"the most tools to answer"}},"required":["query"]}`),
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true},
	}
}

// callTool is the listing of call_tool.
func callTool() *mcp.Tool {
	return &mcp.Tool{
		Name:        CallToolName,
		Description: "Calls a tool that search_tools found, by name, with its arguments as its input schema describes them.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"name":{"type":"string","description":"the tool's name"},"arguments":{"type":"object","description":"the tool's arguments"}},"required":["name"]}`),
	}
}
