// Package port is a read tool of a GitHub server ported to mcptag, whose
// result is go-github's Issue, listed as that server lists its tools:
// with no output schema. Its test measures what it lists against the same
// tool written by hand.
package port

//go:generate go run github.com/mcptag/mcptag/cmd/mcptag

import (
	"context"
	"strconv"
	"strings"

	"github.com/google/go-github/v93/github"
)

// pageSize is how many issues a page holds: one, so that the example's
// few issues make several pages.
const pageSize = 1

// Issues serves the issues of repositories, by "owner/repo".
type Issues map[string][]*github.Issue

// IssuePage is one page of a search of issues: the issues, where the next
// page starts, and how many there are in all.
type IssuePage struct {
	Issues     []*github.Issue `json:"issues"`
	PageInfo   PageInfo        `json:"pageInfo"`
	TotalCount int             `json:"totalCount"`
}

// PageInfo is where the next page starts.
type PageInfo struct {
	HasNextPage bool   `json:"hasNextPage"`
	EndCursor   string `json:"endCursor,omitempty"`
}

// SearchIssues searches the issues of a GitHub repository by the words of
// their titles, a page at a time.
//   - owner: the account that owns the repository
//   - repo: the repository's name
//   - query: words the title holds; every issue when empty
//   - after: the endCursor of the page before, for the next page
//   - fields: which parts of each issue to return; pageInfo always comes
//
//mcp:tool readonly structured=false fields keep="pageInfo" view="issues.number,issues.title,issues.state,issues.user.login,issues.labels.name,issues.comments,issues.created_at,issues.html_url,pageInfo,totalCount"
func (s Issues) SearchIssues(ctx context.Context, owner, repo, query string, after *string) (IssuePage, error) {
	var found []*github.Issue
	for _, is := range s[owner+"/"+repo] {
		if is != nil && strings.Contains(strings.ToLower(is.GetTitle()), strings.ToLower(query)) {
			found = append(found, is)
		}
	}
	start := 0
	if after != nil {
		n, err := strconv.Atoi(*after)
		if err != nil || n < 0 || n > len(found) {
			return IssuePage{}, &badCursor{*after}
		}
		start = n
	}
	end := min(start+pageSize, len(found))
	page := IssuePage{Issues: found[start:end], TotalCount: len(found)}
	if end < len(found) {
		page.PageInfo = PageInfo{HasNextPage: true, EndCursor: strconv.Itoa(end)}
	}
	return page, nil
}

// badCursor is the error of an after that no page ended with.
type badCursor struct{ cursor string }

func (e *badCursor) Error() string { return "after: no page ends at " + strconv.Quote(e.cursor) }
